"""What the audit gathers entry by entry besides the re-adjudication: who entered what and for
whom, undone rolls, disputes and their rulings, rollbacks, sealed orders never revealed, and the
dice counted for the statistics (referee/dice/stats.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.common.sealing import possessive
from referee.dice.stats import DiceGroups

if TYPE_CHECKING:
    from referee.audit.report import AuditReport


class Gathering:
    """Who entered what and for whom, undone rolls, disputes and rulings, rollbacks, the dice,
    gathered entry by entry; `finish` sets what needs the whole record."""

    def __init__(self, undone: dict[int, int], report: AuditReport) -> None:
        self.undone, self.report = undone, report
        self.committed: set[int] = set()
        self.revealed: set[int] = set()
        self.sealed: dict[int, dict[str, Any]] = {}
        self.seals_revealed: set[int] = set()
        self.disputes: dict[int, dict[str, Any]] = {}
        self.dice = DiceGroups()
        """Each group's rolls not undone, counted as they come (holding each roll's faces grew with
        the record: 105 MB at 1,000,000 entries against 71 at 100,000, bench/memory.py)."""

    def __call__(self, entry: dict[str, Any]) -> None:
        report, undone = self.report, self.undone
        number = entry["number"]
        report.actors[str(entry.get("actor", ""))] += 1
        if entry.get("on_behalf_of"):
            report.on_behalf[str(entry.get("actor", "")), str(entry["on_behalf_of"])] += 1
        command = entry["command"]
        kind = command.get("kind")
        for event in entry["events"]:
            if event.get("type") == "DiceCommitted":
                self.committed.add(int(event.get("period", number)))
            elif event.get("type") == "DiceSeedRevealed":
                self.revealed.add(int(event.get("period", 0)))
            elif event.get("type") == "OrderSealed":
                self.sealed[int(event.get("seal", number))] = event
            elif event.get("type") == "OrderRevealed":
                self.seals_revealed.add(int(event.get("seal", 0)))
        if kind == "Annotate" and command.get("disputed"):
            self.disputes[number] = {
                "dispute": number,
                "on": command.get("entry"),
                "by": entry.get("actor"),
                "raised_by": command.get("raised_by"),  # absent before issue 28: not recorded
                "ruling": None,
            }
        if kind == "SettleDispute" and command.get("dispute") in self.disputes:
            self.disputes[command["dispute"]]["ruling"] = number
        if kind == "Rollback":
            to = int(command.get("to", 0))
            undid = [n for n, by in undone.items() if by == number]
            report.rollbacks.append({"entry": number, "to": to, "undid": undid, "reason": command.get("reason")})
        for roll in entry.get("rolls", []):
            if number in undone:
                report.undone_rolls.append(
                    {
                        "entry": number,
                        "purpose": roll.get("purpose"),
                        "faces": roll.get("faces"),
                        "rolled_by": roll.get("rolled_by"),
                        "entered_by": roll.get("entered_by") or entry.get("actor"),
                        "undone_by": undone[number],
                    }
                )
            else:
                self.dice.add(roll)

    def finish(self) -> None:
        report = self.report
        report.unrevealed = sorted(self.committed - self.revealed)
        report.unrevealed_seals = [
            _unrevealed_seal(number, event, self.undone.get(number))
            for number, event in sorted(self.sealed.items())
            if number not in self.seals_revealed
        ]
        report.disputes = list(self.disputes.values())
        report.dice = self.dice.groups()


def _unrevealed_seal(number: int, event: dict[str, Any], undone_by: int | None) -> dict[str, Any]:
    """One sealed order never revealed, as the report lists it."""
    side, slot = str(event.get("side", "")), str(event.get("slot", ""))
    undone = f", undone by #{undone_by}" if undone_by is not None else ""
    line = f"#{number} {possessive(side)} {slot} order, sealed in {event.get('at', '')}{undone}: never revealed"
    return {"seal": number, "side": side, "slot": slot, "at": event.get("at", ""), "undone_by": undone_by, "line": line}
