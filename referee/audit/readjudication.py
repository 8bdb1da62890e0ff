"""The audit's re-adjudication: every entry's command decided again against the state the entries
before it made, with the rolls it recorded, and compared with what it recorded (docs/auditing.md).

A difference in the events or the rolls is a problem; a difference in the ruling's words is
information (releases word their derivations better without changing a figure), and so is an
event changed by a later release the game names (`referee.common.game.RuleChange`). The commands
the book decides from outside the record are not re-decided (`NOT_READJUDICATED`); a rollback is
checked by its effect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.common import events as ev
from referee.common.dice import DigitalRoller
from referee.common.errors import IllegalOrderError, RulesError
from referee.common.game import Game, RuleChange
from referee.games import commands_of

if TYPE_CHECKING:
    from referee.audit.report import AuditReport
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
them: referee/audit/receipts.py)."""


@dataclass
class Difference:
    """What entry ``entry`` recorded against what the rules give for its command."""

    entry: int
    kind: str
    what: str
    recorded: str
    rules_give: str


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


class Readjudication:
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
            compare(self.service, game, self.state, entry, report)
            report.readjudicated += 1
        self.state = game.fold.apply(self.state, entry)
        if kind == "Rollback":
            check_rollback(self.service, self.state, entry, report)
            report.readjudicated += 1
        if self.progress is not None and entry["number"] % 1000 == 0:
            self.progress(self.total + entry["number"], 2 * self.total)


def compare(service: RefereeService, game: Game, state: Any, entry: dict[str, Any], report: AuditReport) -> None:
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


def check_rollback(service: RefereeService, after: Any, entry: dict[str, Any], report: AuditReport) -> None:
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
