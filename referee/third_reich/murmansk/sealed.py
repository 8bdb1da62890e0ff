"""The Murmansk box with sealed orders (seed 004, RULES.md G-70..G-72, I-65, J-58).

G-72 has Germany put its U-boats in the box face down, and the convoy section has the Allies
place their escorts face down too; the book keeps each side's allocation as a sealed order
(`referee.common.sealing`, slot ``murmansk``): Germany seals german_air, german_fleets and
uboats, the Western Allies allied_fleets and asw. At the fight both are revealed and
`ResolveMurmanskFight` names them (``german_seal``, ``allied_seal``); the fight then reads the
revealed numbers instead of typed ones and fights exactly as it would with those numbers typed.

U-boats and ASW that go to the box skip that turn's strategic warfare (G-72; `timing.sit_out`
says which round under each J-58 reading). Where the book keeps the strategic-warfare boxes
(`referee.third_reich.strategic_warfare.sw_forces`: every campaign started since it does) what is
held is its count, a U-boat round records it, and the box takes no more than it; the U-boats and
ASW the box destroys come off it.
Where it keeps none (a campaign recorded before), a U-boat round states what is held
(``uboats_held``, ``asw_held``) whenever the box may hold some of it. Either way both sides of the
rule are checked against what the round recorded, whichever comes first:

- a round after the box's order is revealed may use only what the box does not hold;
- a round while Germany's order is still sealed records the U-boats held (stated, where the book
  keeps no count), and the fight checks its U-boats against the held less those that attacked
  (under the ``spring`` reading this is the seed's bar on U-boats that attacked in the Axis
  Spring turn);
- ASW left in the box by a sealed ``spring`` fight is kept from the next Axis Summer I round;
- under ``summer_i`` the ASW that fought that turn's U-boats may not escort (provisional, as in
  `timing.require_available`).

Provisional: the text says nothing of a side sealing its order at another moment than it sends;
the book asks only that a seal the fight reads was made in the fight's game turn.
"""

from __future__ import annotations

from typing import Any

from referee.common.calendar import third_reich_season
from referee.common.errors import IllegalOrderError
from referee.common.events import DomainEvent
from referee.common.options import option
from referee.common.ruling import Step
from referee.common.sealing import SealedOrder, SealSlot, possessive
from referee.common.sealing_handlers import read_seal, seals_of
from referee.third_reich.common.state import ReichState
from referee.third_reich.murmansk import box as mm
from referee.third_reich.murmansk import timing as mt
from referee.third_reich.murmansk.events import MurmanskSitOutMarked, StrategicWarfareHoldingsStated, held_key
from referee.third_reich.strategic_warfare import interface as swf

SLOT = "murmansk"
GERMANY = "Germany"
ALLIES = mm.WESTERN_ALLIES
MURMANSK = SealSlot(
    name=SLOT,
    title="the Murmansk box",
    sides={GERMANY: ("german_air", "german_fleets", "uboats"), ALLIES: ("allied_fleets", "asw")},
    rule="G-72, I-65 [004]",
)
"""G-72, I-65 [004]: what each side sends to the box face down, as a sealed order."""
SEALED_ORDERS = {SLOT: MURMANSK}

SEAL_FIELDS = {GERMANY: "german_seal", ALLIES: "allied_seal"}


def sent_to_box(command: Any, state: ReichState) -> tuple[dict[str, int], list[Step]]:
    """G-72 [004]: the factors each side sent, read from its revealed seal or as typed.

    A side that sealed its Murmansk order in this game turn must have the fight read it: its
    factors are then not typed. Returns the five factors by name and a step per seal read.

    Raises:
        IllegalOrderError: a seal sealed this turn the fight does not name, typed factors beside a
            named seal, or a named seal that is not this turn's revealed order of that side.
    """
    turn = state.table.calendar.turn
    sent = {name: int(getattr(command, name)) for name in mm.NAMES}
    steps: list[Step] = []
    for side, field in SEAL_FIELDS.items():
        keys = MURMANSK.sides[side]
        named = getattr(command, field)
        if named is None:
            sealed = seals_of(state, slot=SLOT, side=side, turn=turn)
            if sealed:
                raise IllegalOrderError(
                    f"{sealed[-1].name()} was sealed this turn: the fight reads it ({field}: {sealed[-1].seal}), "
                    f"the factors are not typed (G-72 [004])"
                )
            continue
        typed = [mm.NAMES[key] for key in keys if sent[key]]
        if typed:
            raise IllegalOrderError(
                f"{possessive(side)} factors come from its sealed order #{named}; "
                f"leave {', '.join(typed)} at 0 (G-72 [004])"
            )
        seal = read_seal(state, named, slot=SLOT, side=side, turn=turn, field=field)
        order = MURMANSK.check(side, seal.order or {})
        sent.update(order)
        shown = ", ".join(f"{mm.NAMES[key]} {order[key]}" for key in keys)
        steps.append(
            Step(
                text=f"{possessive(side)} order, sealed in #{seal.seal} ({seal.at}) and revealed in "
                f"#{seal.revealed_in} (its commitment checked then): {shown}",
                rule="G-72 [004], sealed orders",
            )
        )
    return sent, steps


def check_against_strategic_warfare(fight: mm.Commitments, state: ReichState, reading: str) -> list[Step]:
    """G-72, J-58 [004]: the fight's U-boats (and, under ``summer_i``, its ASW) against what this
    turn's U-boat round recorded held and used, when it recorded them; else against the counts the
    book keeps (`_against_the_book`).

    Raises:
        IllegalOrderError: more U-boats or ASW in the box than the round left free.
    """
    turn = state.table.calendar.turn
    when = mt.timing(reading)
    steps: list[Step] = []
    checks = [("U-boats", fight.uboats)] + ([("ASW", fight.asw)] if reading == "summer_i" else [])
    for weapon, factors in (("U-boats", fight.uboats), ("ASW", fight.asw)):
        round_checks = (weapon, factors) in checks and held_key(turn, weapon) in state.table.sw_held
        if not round_checks:
            steps += _against_the_book(weapon, factors, state, when.rule)
    for weapon, factors in checks:
        stated = state.table.sw_held.get(held_key(turn, weapon))
        if stated is None or not factors:
            continue
        free = stated.held - stated.used
        why = (
            "those that attacked in this turn's Axis strategic warfare could not go"
            if weapon == "U-boats"
            else "those that fought this turn's U-boats have had their shot (provisional)"
        )
        if factors > free:
            raise IllegalOrderError(
                f"{factors} {weapon} are in the Murmansk box, but the strategic-warfare round of #{stated.entry} "
                f"stated {stated.held} held and {stated.used} fighting: {why}, so at most {free} could go "
                f"(G-72, {when.rule})"
            )
        steps.append(
            Step(
                text=f"{factors} {weapon} in the box; #{stated.entry} stated {stated.held} held, {stated.used} "
                f"fought there: {free} could go",
                rule=f"G-72, {when.rule}",
            )
        )
    return steps


def _against_the_book(weapon: str, factors: int, state: ReichState, rule: str) -> list[Step]:
    """G-72 [004]: the box takes U-boats and ASW from the strategic-warfare boxes, so no more than
    the side holds where the book keeps the count (a round of this turn, when there was one, is
    checked against instead: what it left free).

    Raises:
        IllegalOrderError: more in the box than the side holds by the book.
    """
    counts = swf.side_counts(state, "submarines" if weapon == "U-boats" else "asw")
    if counts is None or not factors:
        return []
    total, (who, has), name = sum(counts.values()), swf.holder_name(counts), "U-boat" if weapon == "U-boats" else "ASW"
    if factors > total:
        raise IllegalOrderError(
            f"{factors} {weapon} are in the Murmansk box, but {who} {has} {total} {name} factors by the book "
            f"(G-72, {rule}); if the table holds more, state them first (StateStrategicForces, with the reason "
            "in override)"
        )
    return [Step(text=f"{factors} {weapon} in the box, of the {swf.shown(counts)} {who} {has}", rule=f"G-72, {rule}")]


def sit_out_marks(
    command: Any, fight: mm.Commitments, outcome: mm.MurmanskOutcome, state: ReichState, entry: int
) -> list[DomainEvent]:
    """G-70, G-72, J-58 [004]: what the fight leaves for strategic warfare. The U-boats and ASW the
    box destroyed come off the counts the book keeps (`sw_forces.losses`); a fight that read sealed
    orders marks the factors that sit out a later turn's strategic warfare (the ``spring``
    reading's ASW left in the box), so that round is checked. A fight typed in, in a campaign
    whose counts the book does not keep, records what it recorded before."""
    losses: list[DomainEvent] = [
        *swf.losses(
            swf.side_counts(state, "submarines"), "submarines", outcome.lost.uboats, "U-boats lost in the Murmansk box"
        ),
        *swf.losses(swf.side_counts(state, "asw"), "asw", outcome.lost.asw, "ASW lost in the Murmansk box"),
    ]
    if command.german_seal is None and command.allied_seal is None:
        return losses
    turn = state.table.calendar.turn
    reading = option(state.identity.options, "murmansk_timing")
    marks: list[DomainEvent] = []
    for out in mt.sit_out(fight, outcome, reading):
        missed = _turn_of(out.season, turn)
        if missed <= turn:
            continue  # this turn's round came before the fight: the fight checked it
        seal = command.allied_seal if out.weapon == "ASW" else command.german_seal
        marks.append(
            MurmanskSitOutMarked(
                turn=missed,
                weapon="ASW" if out.weapon == "ASW" else "U-boats",
                factors=out.factors,
                player=out.player,
                phase=out.phase,
                fight=entry,
                seal=seal,
                rule=out.rule,
            )
        )
    return losses + marks


def _turn_of(season: str, turn: int) -> int:
    """The first game turn from ``turn`` on that is ``season``."""
    for later in range(turn, turn + 5):
        if third_reich_season(later)[0] == season:
            return later
    return turn


def _uboats_of(seal: SealedOrder) -> int | None:
    """The U-boats a German seal holds (None: still sealed); an order that does not fit counts 0."""
    if not seal.revealed:
        return None
    value = (seal.order or {}).get("uboats", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def strategic_warfare_round(
    command: Any, state: ReichState, entry: int, *, uboats_held: int | None, asw_held: int | None
) -> tuple[list[Step], list[DomainEvent]]:
    """G-72, I-65, J-58 [004]: U-boats and ASW in the Murmansk box sit out this U-boat round.

    Germany's Murmansk seals of this game turn hold U-boats that may not attack now: revealed,
    the round may use only what they leave of the U-boats held; still sealed, the round records
    the U-boats held so that the fight checks them. ASW that a sealed fight left in the box for
    this turn may not defend. ``uboats_held`` and ``asw_held`` are the book's counts where it keeps
    them (strategic warfare's `warfare_forces.before_round`), else what the round states; they are
    recorded for the fight.

    Returns:
        The derivation steps and the events recording what was stated held.

    Raises:
        IllegalOrderError: a figure the round must state is missing, or the round uses factors
            the box holds, naming the seal and the rule.
    """
    if command.attacker != "submarines":
        return [], []
    calendar = state.table.calendar
    turn = calendar.turn
    rule = f"G-72, {mt.timing(option(state.identity.options, 'murmansk_timing')).rule}"
    steps: list[Step] = []
    german = seals_of(state, slot=SLOT, side=GERMANY, turn=turn)
    in_box = [(seal, _uboats_of(seal)) for seal in german]
    in_box = [(seal, factors) for seal, factors in in_box if factors is None or factors > 0]
    if in_box and uboats_held is None:
        seal = in_box[0][0]
        raise IllegalOrderError(
            f"{seal.name()} sends U-boats to the Murmansk box this turn, and they sit out this round ({rule}): "
            "state uboats_held, every U-boat factor Germany holds, so that only the others attack"
        )
    if uboats_held is not None:
        held = uboats_held
        known = sum(factors or 0 for _seal, factors in in_box)
        before = state.table.sw_held.get(held_key(turn, "U-boats"))
        used_before = before.used if before is not None else 0
        free = held - known - used_before
        for seal, factors in in_box:
            if factors is None:
                steps.append(
                    Step(
                        text=f"{seal.name()} is still sealed: its U-boats sit out this round; the fight checks them "
                        f"against the {held} held less the {command.offensive_factors} attacking here",
                        rule=rule,
                    )
                )
        if command.offensive_factors > free:
            boxed = " and ".join(
                f"the {factors} U-boats revealed in {seal.name()}" for seal, factors in in_box if factors
            )
            held_text = f"Germany holds {held} U-boat factors" + (
                f", {used_before} of which attacked in this turn already" if used_before else ""
            )
            raise IllegalOrderError(
                f"{command.offensive_factors} U-boats cannot attack: {held_text}"
                + (f"; {boxed} sit out this round ({rule})" if boxed else "")
                + f", so at most {max(free, 0)} may attack"
            )
        for seal, factors in in_box:
            if factors:
                steps.append(
                    Step(
                        text=f"the {factors} U-boats revealed in {seal.name()} sit out this round: of the {held} "
                        f"held, {free} may attack; {command.offensive_factors} do",
                        rule=rule,
                    )
                )
    asw_out = state.table.murmansk_sit_out.get(held_key(turn, "ASW"))
    if asw_out is not None and asw_out.factors and asw_held is None:
        raise IllegalOrderError(
            f"{asw_out.factors} ASW stay in the Murmansk box after the fight of #{asw_out.fight} and sit out this "
            f"round ({asw_out.rule}): state asw_held, every ASW factor the Allies hold, so that only the others defend"
        )
    if asw_held is not None:
        kept = asw_out.factors if asw_out is not None else 0
        free_asw = asw_held - kept
        if command.defensive_factors > free_asw:
            where = (
                f"; {kept} stay in the Murmansk box after the fight of #{asw_out.fight} ({asw_out.rule})"
                if asw_out is not None and kept
                else ""
            )
            raise IllegalOrderError(
                f"{command.defensive_factors} ASW cannot defend: the Allies hold {asw_held}{where}, "
                f"so at most {max(free_asw, 0)} may"
            )
        if kept and asw_out is not None:
            steps.append(
                Step(
                    text=f"{kept} ASW stay in the Murmansk box (#{asw_out.fight}): of the {asw_held} held, "
                    f"{free_asw} may defend; {command.defensive_factors} do",
                    rule=asw_out.rule,
                )
            )
    events: list[DomainEvent] = []
    for weapon, held_value, used in (
        ("U-boats", uboats_held, command.offensive_factors),
        ("ASW", asw_held, command.defensive_factors),
    ):
        if held_value is not None:
            events.append(
                StrategicWarfareHoldingsStated(turn=turn, weapon=weapon, held=held_value, used=used, entry=entry)
            )
    return steps, events
