"""The Murmansk box as a fight (seed 004, RULES.md G-56, G-58, G-70..G-72, H-20..H-23, I-65, J-58).

Northern lend lease to the USSR crosses the Murmansk box, where Germany may meet it with air
and fleets based in Norway and with a share of its U-boats, and the Western Allies may escort it
with fleets and ASW, never air. Instead of a hit total typed in, the referee enters what each
side committed and one 1D10 per fire; the eight steps of G-70 then run in order, each step's
survivors going on to the next:

1. German air fires at the Allied fleets (air table, full factors).
2. Surviving Allied fleets fire back at the air at 1/3 factors (naval table; H-23 lets no more
   9-factor fleets fire than 5-4 air fleets attacked them).
3. Surviving German air fires at the BRPs (air table, 1×).
4. German and Allied fleets fire at each other at the same time (naval table, full factors).
5. Surviving German fleets fire at the BRPs (naval table, 1×).
6. ASW and U-boats exchange fire as in strategic warfare (`warfare.exchange`: naval table, the
   U-boats at half factors rounded up, their hits rounding 0.6 or more up).
7. Surviving U-boats fire at the BRPs at 2× (naval table).
8. The BRP hits, never more than the box holds, come off the lend lease that arrives.

Provisional choices where the text is silent (each also named in the step it shapes):

- 1/3 of the fleets' factors is rounded down (H-27 lists it as unstated; H-20 rounds fire down).
- German air is non-phasing in the box (the fight is in the Western Allies' turn under both
  J-58 readings), so under 5 factors its hits on the fleets round 0.6 or more up (H-21). J-59's
  other reading concerns air-to-air combat, which the box never has (G-72).
- Every fire at the BRPs rounds down, as fire at an economy does in strategic warfare (G-62,
  H-27): the seed has each German arm fire at the shipment as though in strategic warfare.
- German fleets fire at the BRPs at 1× (only U-boats are given 2×, and bombers fire at 1×).
- Hits on two shipments are shared evenly, the UK's taking the odd one (`split_hits`); hits typed
  in with `RecordMurmanskHits` are shared by the same function.

Rolls are asked for one by one: `rolls_needed` lists, from the commitments alone, every roll the
fight can need; `rolls_still_needed` says what is left after the rolls thrown so far (a roll
drops out when the side that would fire has been destroyed, or the BRPs are all gone), and
`resolve` uses exactly the rolls given, refusing too few or too many. The timing, and which
assets sit out strategic warfare, are in `referee.third_reich.murmansk.timing`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.third_reich.common.fire import FireTables, hits
from referee.third_reich.murmansk.box import AIR_FLEET, FLEET, NAMES, Commitments, Forces, MurmanskOutcome
from referee.third_reich.strategic_warfare import interface as sw


class _Dice:
    """The rolls given, taken in order; when planning, the purposes asked for past the last one."""

    def __init__(self, rolls: Sequence[int], *, planning: bool) -> None:
        self._rolls = list(rolls)
        self._planning = planning
        self.used: list[tuple[str, int]] = []
        self.wanted: list[str] = []

    def take(self, purpose: str) -> int | None:
        if self.wanted or len(self.used) == len(self._rolls):
            if not self._planning:
                raise IllegalOrderError(
                    f"the Murmansk fight needs more 1D10 rolls than the {len(self._rolls)} given; next: {purpose} "
                    "(G-70 [004])"
                )
            self.wanted.append(purpose)
            return None
        face = self._rolls[len(self.used)]
        if not 1 <= face <= 10:
            raise IllegalOrderError(f"a 1D10 has faces 1 to 10; {face} cannot be thrown ({purpose})")
        self.used.append((purpose, face))
        return face


class _Box:
    """The running state of one fight: factors left, BRPs left, steps written."""

    def __init__(self, fight: Commitments, tables: FireTables, dice: _Dice) -> None:
        self.left = dict(vars(fight.forces))
        self.brps = fight.brps
        self.tables = tables
        self.dice = dice
        self.steps: list[Step] = []

    def rule(self, step: int, extra: str = "") -> str:
        return f"G-70 step {step}{', ' + extra if extra else ''} [004]"

    def fire(
        self, step: int, purpose: str, table: str, factors: int, *, who: str, round_six_up: bool = False
    ) -> int | None:
        """One fire: None when planning past the rolls given (it then destroys nothing)."""
        roll = self.dice.take(purpose)
        if roll is None:
            return None
        value = self.tables.value(table, roll)
        result = hits(factors, value, round_six_up=round_six_up)
        rounding = "0.6 or more rounds up" if round_six_up else "rounded down"
        self.steps.append(
            Step(
                text=f"step {step}: {who}: {table} table, roll {roll} → {show(value)} × {factors} = "
                f"{show(factors * value)} → {result} ({rounding})",
                rule=self.rule(step, "H-20, H-21") + (", K-42 provisional" if self.tables.provisional else ""),
            )
        )
        return result

    def lose(self, step: int, asset: str, result: int | None) -> None:
        if result is None:
            return
        taken = min(result, self.left[asset])
        self.left[asset] -= taken
        self.steps.append(Step(text=f"{NAMES[asset]} lose {taken}: {self.left[asset]} left", rule=self.rule(step)))

    def at_brps(self, step: int, purpose: str, table: str, factors: int, multiple: int, who: str, note: str) -> None:
        """Fire at the shipment, rounded down; never more hits than BRPs left."""
        if not factors or not self.brps:
            return
        self.steps.append(Step(text=note, rule=self.rule(step, "G-62, H-27")))
        times = f" × {multiple}" if multiple != 1 else ""
        result = self.fire(step, purpose, table, factors * multiple, who=f"{who}{times} at the lend lease BRPs")
        if result is None:
            return
        before = self.brps
        self.brps -= min(result, before)
        capped = f" (only {before} were left)" if result > before else ""
        self.steps.append(
            Step(text=f"{before - self.brps} BRPs lost{capped}: {self.brps} left in the box", rule=self.rule(step))
        )


def _air(box: _Box) -> None:
    """Steps 1-3: air at the fleets, the fleets' reply at 1/3, surviving air at the BRPs."""
    air, fleets = box.left["german_air"], box.left["allied_fleets"]
    if air and fleets:
        six_up = air < AIR_FLEET
        if six_up:
            box.steps.append(
                Step(
                    text=f"German air is non-phasing in the Western Allies' turn and fires with {air} factors, "
                    "under 5: 0.6 or more rounds up",
                    rule=box.rule(1, "H-21, J-59"),
                )
            )
        result = box.fire(
            1, "German air fire at the Allied fleets", "air", air, who=f"{air} German air", round_six_up=six_up
        )
        box.lose(1, "allied_fleets", result)
        _reply_to_air(box, air)
    elif air:
        box.steps.append(Step(text="no Allied fleets in the box: the German air goes on to the BRPs", rule=box.rule(1)))
    air = box.left["german_air"]
    note = "surviving German air fires at the BRPs at 1×, rounded down as fire at an economy (provisional)"
    box.at_brps(3, "German air fire at the lend lease BRPs", "air", air, 1, f"{air} German air", note)


def _reply_to_air(box: _Box, air: int) -> None:
    """Step 2: H-23 caps the fleets firing at air; their 1/3 is rounded down (provisional)."""
    fleets = box.left["allied_fleets"]
    if not fleets:
        return
    cap = FLEET * math.ceil(Fraction(air, AIR_FLEET))
    firing = min(fleets, cap)
    third = firing // 3
    capped = f"; no more 9-factor fleets fire than the {cap // FLEET} air fleet(s) that attacked: {firing}"
    box.steps.append(
        Step(
            text=f"{fleets} Allied fleet factors left{capped if firing < fleets else ''}; at 1/3: {third} "
            "(rounded down, provisional)",
            rule=box.rule(2, "H-23, H-27"),
        )
    )
    if third:
        result = box.fire(
            2, "Allied fleets fire at the German air", "naval", third, who=f"{third} Allied fleet factors"
        )
        box.lose(2, "german_air", result)


def _fleets(box: _Box) -> None:
    """Steps 4-5: fleets against fleets at the same time, then surviving German fleets at the BRPs."""
    german, allied = box.left["german_fleets"], box.left["allied_fleets"]
    if german and allied:
        at_allied = box.fire(
            4, "German fleets fire at the Allied fleets", "naval", german, who=f"{german} German fleet factors"
        )
        at_german = box.fire(
            4, "Allied fleets fire at the German fleets", "naval", allied, who=f"{allied} Allied fleet factors"
        )
        box.lose(4, "allied_fleets", at_allied)
        box.lose(4, "german_fleets", at_german)
    german = box.left["german_fleets"]
    note = "surviving German fleets fire at the BRPs at 1× (provisional: only U-boats are given 2×), rounded down"
    box.at_brps(
        5, "German fleets fire at the lend lease BRPs", "naval", german, 1, f"{german} German fleet factors", note
    )


def _uboats(box: _Box) -> None:
    """Steps 6-7: ASW against U-boats as in strategic warfare, then the survivors at the BRPs at 2×."""
    uboats, asw = box.left["uboats"], box.left["asw"]
    if uboats and asw:
        asw_roll = box.dice.take("ASW fire at the U-boats")
        uboat_roll = box.dice.take("U-boats fire at the ASW")
        if asw_roll is not None and uboat_roll is not None:
            fight = sw.Fight(attacker="submarines", offensive=uboats, defensive=asw)
            exchange = sw.exchange(fight, box.tables, asw_roll, uboat_roll)
            box.steps += [
                Step(text=f"step 6: {step.text}", rule=f"G-70 step 6, {step.rule}") for step in exchange.steps
            ]
            box.left["uboats"] -= exchange.offensive_lost
            box.left["asw"] -= exchange.defensive_lost
    uboats = box.left["uboats"]
    note = "surviving U-boats fire at the BRPs at 2×, rounded down, as at an economy"
    box.at_brps(7, "U-boats fire at the lend lease BRPs", "naval", uboats, 2, f"{uboats} U-boats", note)


def _run(fight: Commitments, tables: FireTables, dice: _Dice) -> MurmanskOutcome:
    box = _Box(fight, tables, dice)
    if not (fight.german_air or fight.german_fleets or fight.uboats):
        box.steps.append(Step(text="no German forces in the box: no combat", rule="G-70 [004]"))
    _air(box)
    _fleets(box)
    _uboats(box)
    brp_hits = fight.brps - box.brps
    shares = split_hits(brp_hits, fight.lend_lease)
    arriving = {power: amount - shares[power] for power, amount in fight.lend_lease.items()}
    listing = ", ".join(
        f"{power} {amount} − {shares[power]} = {arriving[power]}" for power, amount in fight.lend_lease.items()
    )
    box.steps.append(
        Step(
            text=f"{brp_hits} BRP hits come off the lend lease: {listing}"
            + (" (provisional: shared evenly, the UK's the odd one)" if len(shares) > 1 and brp_hits else ""),
            rule="G-70 step 8 [004]",
        )
    )
    survivors = Forces(**box.left)
    return MurmanskOutcome(
        lost=Forces(**{name: getattr(fight.forces, name) - box.left[name] for name in NAMES}),
        survivors=survivors,
        brp_hits=brp_hits,
        hits_by_sender=shares,
        arriving=arriving,
        rolls=list(dice.used),
        steps=box.steps,
    )


def rolls_needed(fight: Commitments) -> list[str]:
    """G-70 [004]: the purpose of every 1D10 roll the fight can need, in order, from the commitments
    alone (as if no fire destroyed anything). A step whose firing side or target is absent asks for
    none: no German air, no rolls for steps 1-3."""
    dice = _Dice([], planning=True)
    _run(fight, _NO_TABLE, dice)
    return dice.wanted


def rolls_still_needed(fight: Commitments, tables: FireTables, thrown: Sequence[int]) -> list[str]:
    """The rolls still to throw after ``thrown`` (used in order), as far as they can be known: a fire
    drops out once its side is destroyed or the BRPs are gone. Empty when `resolve` can run on
    ``thrown``.

    Raises:
        IllegalOrderError: more rolls than the fight uses, or a face outside 1..10.
    """
    dice = _Dice(thrown, planning=True)
    _run(fight, tables, dice)
    if len(dice.used) < len(thrown):
        raise IllegalOrderError(f"the Murmansk fight uses {len(dice.used)} roll(s) of 1D10; {len(thrown)} were given")
    return dice.wanted


def resolve(fight: Commitments, tables: FireTables, rolls: Sequence[int]) -> MurmanskOutcome:
    """G-70 steps 1-8 [004] with ``rolls`` in the order `rolls_still_needed` asks for them.

    Args:
        fight: what each side sent and the BRPs in the box.
        tables: the campaign's fire tables (air and naval rows, K-42).
        rolls: one 1D10 face per fire, exactly as many as the fight uses.

    Returns:
        Losses, survivors, BRP hits (at most the BRPs in the box) split by sender, the rolls
        used with their purposes, and the derivation step by step.

    Raises:
        IllegalOrderError: too few or too many rolls, or a face outside 1..10.
    """
    dice = _Dice(rolls, planning=False)
    outcome = _run(fight, tables, dice)
    if len(dice.used) < len(rolls):
        raise IllegalOrderError(
            f"the Murmansk fight used {len(dice.used)} roll(s) of 1D10; {len(rolls)} were given (G-70 [004])"
        )
    return outcome


_NO_TABLE = FireTables(
    title="planning only: every fire destroys nothing",
    provisional=False,
    source="referee.third_reich.murmansk.fight",
    effectiveness={"air": ["0"] * 10, "naval": ["0"] * 10},
)


def split_hits(hits_taken: int, carried: Mapping[str, int]) -> dict[str, int]:
    """G-70 step 8 [004] takes the hits off the lend lease that arrives without saying whose.
    Provisional: shared evenly, each hit off the shipment still carrying the most, the first listed
    (the UK's) on a tie; two shipments of 20 and 7 hits: UK 4, USA 3.

    Raises:
        IllegalOrderError: more hits than the shipments carry.
    """
    if hits_taken > sum(carried.values()):
        raise IllegalOrderError(
            f"{hits_taken} hits are more than the {sum(carried.values())} BRPs in the Murmansk box (G-70 [004])"
        )
    left = dict(carried)
    taken = dict.fromkeys(carried, 0)
    for _ in range(hits_taken):
        sender = max(left, key=lambda name: left[name])
        left[sender] -= 1
        taken[sender] += 1
    return taken
