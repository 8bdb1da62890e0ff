"""`turnledger audit`: was anything changed, did the rules give what was recorded, are the dice fair.

`verify` answers the first question for the chain, but a forger who edits an entry's effects and
recomputes every hash passes it. The audit therefore also **re-adjudicates** every entry: the
recorded command is decided again against the state the entries before it made, with the rolls
it recorded (digital rolls are replayed as recorded and checked on their own, against their
revealed seeds), and what the rules give is compared with what was recorded:

- the events (what the entry did to the accounts, the calendar, the losses owed) and the rolls:
  a difference is a problem;
- the ruling's words (summary and derivation): a difference is information, since releases word
  their derivations better without changing a figure;
- entries that bring rules in from outside the record (AdoptRuleset, AdoptCharts read today's
  bundled files) and dice bookkeeping (commitments, seed reveals, roll counts) are compared by
  the dice check and the pinned-rules check, not re-decided.

Rollbacks, disputes and undone rolls are reported, not failures; so is every sealed order never
revealed (docs/sealed-orders.md): a side may have changed its mind by undoing a seal and sealing
again, and only its reveal shows what it had sealed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.common import events as ev
from referee.common.dice import DigitalRoller
from referee.common.errors import IllegalOrderError, RulesError
from referee.common.game import Game, RuleChange
from referee.common.sealing import possessive
from referee.dice_binding import free_text_of
from referee.dice_stats import DiceGroup, DiceGroups
from referee.digital_dice import check_record
from referee.games import commands_of

if TYPE_CHECKING:
    from referee.service import RefereeService

NOT_READJUDICATED = frozenset(
    {"CreateCampaign", "BranchCampaign", "CommitDice", "AdoptRuleset", "AdoptCharts", "Rollback"}
)
"""Commands whose decision depends on what is outside the record (a new secret seed, today's
bundled rules files): checked by the dice check and the pinned-rules check instead. A rollback's
restored accounts embed whole states in the shape of their day: it is checked by its effect (every
account figure back to what it was as of its target), not by its events."""
DICE_BOOKKEEPING = frozenset({"DiceCommitted", "DiceSeedRevealed", "DigitalRollsMade", "ReceiptGiven"})
"""Events the dice check covers (a seed revealed at the end of a period, the count of rolls), and
the head receipts the service states in the entry after they were shown (the receipt check covers
them: referee/receipts.py)."""


@dataclass
class Difference:
    """What entry ``entry`` recorded against what the rules give for its command."""

    entry: int
    kind: str
    what: str
    recorded: str
    rules_give: str


@dataclass
class AuditReport:
    """Everything `turnledger audit` says; ``ok`` is False on any problem."""

    name: str
    campaign_id: str
    entries: int
    head_hash: str
    chain_problems: list[tuple[int, str]] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    reworded: list[Difference] = field(default_factory=list)
    readjudicated: int = 0
    dice_lines: list[str] = field(default_factory=list)
    dice_problems: list[str] = field(default_factory=list)
    unrevealed: list[int] = field(default_factory=list)
    """The open period, while its seed is not revealed (docs/verifying.md "Dice periods")."""
    abandoned: list[str] = field(default_factory=list)
    """Periods never revealed that are no longer open, each with its rolls."""
    undone_rolls: list[dict[str, Any]] = field(default_factory=list)
    unrevealed_seals: list[dict[str, Any]] = field(default_factory=list)
    """Every sealed order the record never revealed (an undone one too, with the rollback)."""
    actors: Counter[str] = field(default_factory=Counter)
    on_behalf: Counter[tuple[str, str]] = field(default_factory=Counter)
    disputes: list[dict[str, Any]] = field(default_factory=list)
    rollbacks: list[dict[str, Any]] = field(default_factory=list)
    dice: list[DiceGroup] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.chain_problems or self.differences or self.dice_problems)


class ReplayedRolls(DigitalRoller):
    """The digital rolls an entry recorded, handed back in order to its re-decided command
    (their faces are checked against the revealed seed by the dice check)."""

    def __init__(self, recorded: list[dict[str, Any]], command: dict[str, Any]) -> None:
        super().__init__(campaign="", dice=None, seed=None, command=command)
        self.recorded = [roll for roll in recorded if roll.get("method") == "digital"]

    def roll(self, purpose: str, dice: str) -> dict[str, Any]:
        if not self.recorded:
            raise IllegalOrderError("the command asks for a digital roll that the entry did not record")
        roll = dict(self.recorded.pop(0))
        for key in ("rolled_by", "witnesses", "entered_by"):
            roll.pop(key, None)
        if (roll.get("purpose"), roll.get("dice")) != (purpose, dice):
            raise IllegalOrderError(f"the entry recorded a {roll.get('dice')} roll for {roll.get('purpose')!r} here")
        self.made += 1
        return roll


def audit(service: RefereeService, *, progress: Callable[[int, int], None] | None = None) -> AuditReport:
    """Verify the chain and the pinned rules, re-adjudicate every entry, check the digital rolls,
    and gather who entered what, disputes, rollbacks and the dice statistics.

    One pass over the entries after the verification, each entry read once and let go (issue 17:
    holding them all cost about 3 KB an entry): the re-decision and the gathering read each entry
    as the dice check takes it, and keep only what the report says."""
    verified = service.verify()
    report = AuditReport(
        name=_name(service) if verified.ok else "(a damaged record)",
        campaign_id=service.campaign_id,
        entries=verified.entries,
        head_hash=verified.head_hash,
        chain_problems=list(verified.problems),
    )
    entries = service.entries(1, verified.entries) if verified.ok else iter(())
    undone = service.undone(verified.entries) if verified.ok else {}
    readjudicate = _Readjudication(service, report, progress, verified.entries)
    gather = _Gathering(undone, report)
    dice = check_record(_read(entries, readjudicate, gather), service.campaign_id, free_text_of)
    report.dice_lines, report.dice_problems, report.abandoned = dice.lines, dice.problems, dice.abandoned
    gather.finish()
    report.unrevealed = [period for period in report.unrevealed if period == dice.open_period]
    return report


def _read(entries: Iterable[dict[str, Any]], *steps: Callable[[dict[str, Any]], None]) -> Iterator[dict[str, Any]]:
    """The entries, each handed to every step before it is passed on (one read for them all)."""
    for entry in entries:
        for step in steps:
            step(entry)
        yield entry


def audit_entry(service: RefereeService, number: int) -> AuditReport:
    """The re-adjudication of entry ``number`` alone (`turnledger report`): its differences and
    the information on it, in a report of that one entry."""
    entry = service.entry(number)
    report = AuditReport(name=_name(service), campaign_id=service.campaign_id, entries=1, head_hash=entry["hash"])
    kind = str(entry["command"].get("kind"))
    if number > 1 and kind not in NOT_READJUDICATED:
        _compare(service, service.game, service.state(number - 1), entry, report)
        report.readjudicated = 1
    elif kind == "Rollback":
        _check_rollback(service, service.state(number), entry, report)
        report.readjudicated = 1
    return report


def _name(service: RefereeService) -> str:
    return str(service.current().identity.name)


class _Readjudication:
    """Each entry decided again against the state the entries before it made, entry by entry (the
    first opens the state); the state is folded on as it goes."""

    def __init__(
        self,
        service: RefereeService,
        report: AuditReport,
        progress: Callable[[int, int], None] | None,
        total: int,
    ) -> None:
        self.service, self.report, self.progress, self.total = service, report, progress, total
        self.game: Game | None = None  # read at the first entry: a damaged record gives none
        self.state: Any = None

    def __call__(self, entry: dict[str, Any]) -> None:
        game, report = self.game, self.report
        if game is None:
            self.game = game = self.service.game  # the service's property reads the head each time
            self.state = game.fold.open(entry)
            return
        kind = str(entry["command"].get("kind"))
        if kind not in NOT_READJUDICATED:
            _compare(self.service, game, self.state, entry, report)
            report.readjudicated += 1
        self.state = game.fold.apply(self.state, entry)
        if kind == "Rollback":
            _check_rollback(self.service, self.state, entry, report)
            report.readjudicated += 1
        if self.progress is not None and entry["number"] % 1000 == 0:
            self.progress(self.total + entry["number"], 2 * self.total)


def _compare(service: RefereeService, game: Game, state: Any, entry: dict[str, Any], report: AuditReport) -> None:
    """Entry ``entry`` decided again against ``state`` (the state before it) and compared.
    ``game`` is passed in: the service's own property reads the head from the store each time."""
    number, command_json = entry["number"], entry["command"]
    kind = str(command_json.get("kind"))
    try:
        command = commands_of(game).parse_stored(command_json)
        decision = service.decide_as_recorded(command, state, ReplayedRolls(entry.get("rolls", []), command_json))
    except RulesError as error:
        report.differences.append(Difference(number, kind, "the rules refuse this command", "recorded", str(error)))
        return
    recorded_events = _plain(game.fold.catalog.parse_entry(entry["events"]))
    given_events = _plain(decision.events)
    if recorded_events != given_events:
        changes = [change for change in game.rule_changes if change.kind == kind]
        if changes and _before(recorded_events, changes) == _before(given_events, changes):
            why = "; ".join(change.what for change in changes)
            report.reworded.append(Difference(number, kind, "events", _describe(recorded_events), why))
        else:
            report.differences.append(
                Difference(number, kind, "events", _describe(recorded_events), _describe(given_events))
            )
    recorded_rolls = [_roll_key(roll) for roll in entry.get("rolls", [])]
    given_rolls = [_roll_key(roll) for roll in decision.rolls]
    if recorded_rolls != given_rolls:
        report.differences.append(Difference(number, kind, "rolls", str(recorded_rolls), str(given_rolls)))
    recorded_ruling, ruling = _words(entry.get("ruling") or {}), _words(decision.ruling.to_json())
    if recorded_ruling != ruling:
        report.reworded.append(Difference(number, kind, "ruling", recorded_ruling[0], ruling[0]))


def _check_rollback(service: RefereeService, after: Any, entry: dict[str, Any], report: AuditReport) -> None:
    """Every account figure after the rollback is what it was as of the entry it went back to."""
    to = int(entry["command"].get("to", 0))
    figures = service.game.figures
    target, restored = figures(service.state(to)), figures(after)
    wrong = sorted(key for key in set(target) | set(restored) if target.get(key) != restored.get(key))
    if wrong:
        shown = ", ".join(f"{'/'.join(key)}: {restored.get(key)} (was {target.get(key)})" for key in wrong[:6])
        report.differences.append(
            Difference(entry["number"], "Rollback", f"accounts not as of #{to}", shown, "the figures as of the target")
        )


def _words(ruling: dict[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """A ruling's summary and its steps' text and rule, as compared."""
    steps = [(str(step.get("text", "")), str(step.get("rule", ""))) for step in ruling.get("steps", [])]
    return str(ruling.get("summary", "")), steps


def _plain(events: Iterable[Any]) -> list[dict[str, Any]]:
    """Events as compared: today's shape with every default filled (a stored event of an older
    release was upcast and parsed), without the shape's version and the dice bookkeeping."""
    dumped = (ev.dump_event(event) for event in events if type(event).__name__ not in DICE_BOOKKEEPING)
    return [{key: value for key, value in event.items() if key != "v"} for event in dumped]


def _before(events: list[dict[str, Any]], changes: list[RuleChange]) -> list[dict[str, Any]]:
    """The events as the releases before ``changes`` would have recorded them."""
    for change in changes:
        events = [seen for seen in (change.before(event) for event in events) if seen is not None]
    return events


def _describe(events: list[dict[str, Any]]) -> str:
    return "; ".join(
        str(event.get("type")) + " " + ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "v"))
        for event in events
    )


def _roll_key(roll: dict[str, Any]) -> tuple[Any, ...]:
    return (roll.get("purpose"), roll.get("dice"), tuple(roll.get("faces", [])), roll.get("method", "physical"))


class _Gathering:
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


def report_data(report: AuditReport) -> dict[str, Any]:
    """The report as plain data: what --json prints and the other two forms draw."""
    return {
        "ok": report.ok,
        "campaign": {"name": report.name, "id": report.campaign_id},
        "entries": report.entries,
        "head_hash": report.head_hash,
        "chain": {
            "ok": not report.chain_problems,
            "problems": [{"entry": n, "problem": t} for n, t in report.chain_problems],
        },
        "rulings": {
            "readjudicated": report.readjudicated,
            "problems": [vars(found) for found in report.differences],
            "information": [vars(found) for found in report.reworded],
        },
        "dice": {
            "problems": report.dice_problems,
            "checked": report.dice_lines,
            "unrevealed_periods": report.unrevealed,
            "abandoned_periods": report.abandoned,
            "undone_rolls": report.undone_rolls,
            "statistics": [_group_data(group) for group in report.dice],
        },
        "actors": dict(report.actors),
        "on_behalf_of": [{"actor": a, "for": b, "entries": n} for (a, b), n in sorted(report.on_behalf.items())],
        "disputes": report.disputes,
        "rollbacks": report.rollbacks,
        "sealed_orders": {"unrevealed": report.unrevealed_seals},
    }


def dispute_by(dispute: dict[str, Any]) -> str:
    """Who raised a dispute of the report, in the audit's words: 'raised by Ivan' (with who entered
    it when that was someone else); a dispute recorded before disputes named their player (issue 28)
    says only who entered it."""
    raised, entered = dispute.get("raised_by"), dispute.get("by")
    if raised is None:
        return f"by {entered} (who raised it was not recorded)"
    return f"raised by {raised}" + (f" (entered by {entered})" if entered and entered != raised else "")


def _group_data(group: DiceGroup) -> dict[str, Any]:
    test = group.test()
    return {
        "player": group.player,
        "purpose": group.purpose,
        "dice": group.dice,
        "method": group.method,
        "rolls": group.rolls,
        "counts": test.counts,
        "mean": round(test.mean, 3),
        "expected_mean": test.expected_mean,
        "chi_square": None if test.statistic is None else round(test.statistic, 3),
        "freedom": test.freedom,
        "p_value": None if test.p_value is None else round(test.p_value, 4),
        "verdict": test.verdict,
    }
