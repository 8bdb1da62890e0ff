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

from referee.audit.gathering import Gathering
from referee.audit.readjudication import NOT_READJUDICATED, Difference, Readjudication, check_rollback, compare
from referee.dice.binding import free_text_of
from referee.dice.digital_dice import check_record
from referee.dice.stats import DiceGroup

if TYPE_CHECKING:
    from referee.service import RefereeService


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
    readjudicate = Readjudication(service, report, progress, verified.entries)
    gather = Gathering(undone, report)
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
        compare(service, service.game, service.state(number - 1), entry, report)
        report.readjudicated = 1
    elif kind == "Rollback":
        check_rollback(service, service.state(number), entry, report)
        report.readjudicated = 1
    return report


def _name(service: RefereeService) -> str:
    return str(service.current().identity.name)


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
