"""A strategic-warfare round against the forces the book keeps, and the referee's statement of them
(seed 004, RULES.md G-62..G-67, G-72; `referee.third_reich.strategic_warfare.sw_forces`).

Before the fight a round may use at most the factors each side holds by the book ("Germany has 15
U-boat factors; this round uses 40"), and what a U-boat round states held (``uboats_held``,
``asw_held``) must be the book's count. Past either only with the referee's recorded reason
(``override``, `referee.common.plausible`): the book then takes the table's count, a rise going to
the attacking power (the UK for bombers) or, for ASW, to the economy attacked. After the fight the
factors each side lost come off. A kind the book keeps no count of (a campaign recorded before it
kept the boxes) is decided as before: the statements, when needed, are what the round goes by.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.event_base import DomainEvent
from referee.common.plausible import beyond_the_rules
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account
from referee.third_reich.common.state import ReichState
from referee.third_reich.strategic_warfare import events as ec
from referee.third_reich.strategic_warfare import sw_forces as swf
from referee.third_reich.strategic_warfare.commands import ResolveStrategicWarfare, StateStrategicForces
from referee.third_reich.strategic_warfare.events import SwKind
from referee.third_reich.strategic_warfare.warfare import Outcome

RULE = "G-62, G-63, G-67 [004]"


@dataclass(frozen=True)
class RoundForces:
    """The counts a round fights from (None: the book keeps none), the figures held that the
    Murmansk box rules read, and the steps and statements of the check."""

    offence: dict[str, int] | None
    defence: dict[str, int] | None
    uboats_held: int | None
    asw_held: int | None
    steps: list[Step] = field(default_factory=list)
    events: list[DomainEvent] = field(default_factory=list)


def _raised(kind: SwKind, command: ResolveStrategicWarfare) -> str:
    """Who a correction of a side's count goes to first (see the module)."""
    if kind == "asw":
        return command.target if "asw" in swf.WIELDS.get(command.target, ()) else "UK"
    return "UK" if kind == "bombers" else "Germany"


def before_round(command: ResolveStrategicWarfare, state: ReichState) -> RoundForces:
    """G-62, G-63, G-67, G-72 [004]: the round's factors against the book's counts.

    Raises:
        IllegalOrderError: more factors than the book counts, or a figure held other than its count,
            without the referee's reason (``override``).
    """
    offence_kind, defence_kind = swf.FIGHTS[command.attacker]
    uboats = command.attacker == "submarines"
    sides = (
        (offence_kind, command.offensive_factors, command.uboats_held if uboats else None),
        (defence_kind, command.defensive_factors, command.asw_held if uboats else None),
    )
    problems: list[str] = []
    found: list[tuple[SwKind, dict[str, int], dict[str, int], int]] = []
    for kind, used, held in sides:
        book = swf.side_counts(state, kind)
        if book is None:
            continue
        total, (who, has), name = sum(book.values()), swf.holder_name(book), swf.NAMES[kind]
        wanted = total
        if held is not None and held != total:
            problems.append(f"{who} {has} {total} {name} factors by the book; the round states {held} held")
            wanted = held
        if used > wanted:
            problems.append(f"{who} {has} {wanted} {name} factors; this round uses {used}")
            wanted = used
        after = swf.adjusted(book, wanted, _raised(kind, command)) if wanted != total else dict(book)
        found.append((kind, book, after, used))
    steps = beyond_the_rules("; ".join(problems) or None, command.override, RULE)
    events: list[DomainEvent] = []
    counts: dict[str, dict[str, int]] = {}
    for kind, book, after, used in found:
        events += swf.stated(book, after, kind, f"a strategic-warfare round over the book's count: {command.override}")
        counts[kind] = after
        who, has = swf.holder_name(after)
        steps.append(Step(text=f"{who} {has} {swf.shown(after)} {swf.NAMES[kind]} factors; {used} fight", rule=RULE))
    offence, defence = counts.get(offence_kind), counts.get(defence_kind)
    return RoundForces(
        offence=offence,
        defence=defence,
        uboats_held=(sum(offence.values()) if offence is not None else command.uboats_held) if uboats else None,
        asw_held=(sum(defence.values()) if defence is not None else command.asw_held) if uboats else None,
        steps=steps,
        events=events,
    )


def after_round(command: ResolveStrategicWarfare, forces: RoundForces, outcome: Outcome) -> list[DomainEvent]:
    """G-62 [004]: the factors each side lost come off the counts the book keeps."""
    offence_kind, defence_kind = swf.FIGHTS[command.attacker]
    offence, defence = swf.PLURALS[offence_kind], swf.PLURALS[defence_kind]
    return [
        *swf.losses(
            forces.offence, offence_kind, outcome.offensive_lost, f"{offence} lost to {defence} in strategic warfare"
        ),
        *swf.losses(
            forces.defence, defence_kind, outcome.defensive_lost, f"{defence} lost to {offence} in strategic warfare"
        ),
    ]


def state_forces(command: StateStrategicForces, ctx: Context[ReichState]) -> Decision:
    """G-62..G-67 [004]: a power's strategic-warfare factors as the table holds them; a count the
    book keeps changes only with the referee's reason (``override``)."""
    economy = account(ctx.state, command.power)
    given = {kind: value for name, kind in swf.KINDS.items() if (value := getattr(command, name)) is not None}
    if not given:
        raise IllegalOrderError("state the factors of at least one kind: submarines, asw, bombers or interceptors")
    wields = swf.WIELDS.get(command.power, ())
    wrong = [swf.NAMES[kind] for kind in given if kind not in wields]
    if wrong:
        holds = f"holds only {' and '.join(swf.NAMES[kind] for kind in wields)} factors" if wields else "holds none"
        raise IllegalOrderError(f"{command.power} {holds}, not {', '.join(wrong)} (G-63 [004])")
    changed = {kind: value for kind, value in given.items() if economy.sw_forces.get(kind) != value}
    if not changed:
        raise IllegalOrderError(f"the book already counts {command.power}'s factors so; nothing to state")
    problems = [
        f"{command.power} has {economy.sw_forces[kind]} {swf.NAMES[kind]} factors by the book; {value} stated"
        for kind, value in changed.items()
        if kind in economy.sw_forces
    ]
    checked = beyond_the_rules("; ".join(problems) or None, command.override, RULE)
    steps = [
        Step(
            text=f"{swf.NAMES[kind]} factors: {economy.sw_forces.get(kind, 'not known')} → {value} ({command.reason})",
            rule=RULE,
        )
        for kind, value in changed.items()
    ]
    events: list[Any] = [
        ec.SwForcesStated(power=command.power, kind=kind, factors=value, reason=command.reason)
        for kind, value in changed.items()
    ]
    shown = ", ".join(f"{swf.NAMES[kind]} {value}" for kind, value in changed.items())
    return Decision(Ruling(summary=f"{command.power} holds {shown}", steps=[*steps, *checked]), events)
