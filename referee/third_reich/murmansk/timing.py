"""When the Murmansk box fights, and which assets it takes from strategic warfare (seed 004,
RULES.md G-70..G-72, I-65, J-58): the two readings of option ``murmansk_timing``, a refusal for a
fight at the wrong moment, the U-boats and ASW that may go, and those that sit out the turn's
strategic warfare afterwards. The fight itself is `referee.third_reich.murmansk.fight`.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.common.calendar import third_reich_season
from referee.common.errors import IllegalOrderError
from referee.third_reich.murmansk.box import WESTERN_ALLIES, Commitments, MurmanskOutcome


@dataclass(frozen=True)
class MurmanskTiming:
    """When each part of the Murmansk box happens under one J-58 reading (I-65)."""

    reading: str
    german_sends: str
    allies_send: str
    fight_season: str
    fight_phases: tuple[str, ...]
    arrival: str
    first_spent: str
    uboats_from: str
    asw_after: str
    rule: str

    @property
    def fight(self) -> str:
        """'the Western Allies Combat phase of Summer I'."""
        return f"the {WESTERN_ALLIES} {' or '.join(self.fight_phases)} phase of {self.fight_season}"


TIMINGS = {
    "summer_i": MurmanskTiming(
        reading="summer_i",
        german_sends="in the Axis Summer I turn: air from Norway, fleets from any Norway port, U-boats face down",
        allies_send="in the Western Allies' Summer I movement phase, after seeing whether any U-boats went",
        fight_season="Summer I",
        fight_phases=("Combat",),
        arrival="at the end of the Western Allies Combat phase of Summer I",
        first_spent="Summer II",
        uboats_from="any portion of the strategic-warfare U-boats",
        asw_after="back to the strategic-warfare box at once",
        rule="G-70, J-58, I-65 [004]",
    ),
    "spring": MurmanskTiming(
        reading="spring",
        german_sends="before the Western Allies' Spring combat phase, face up: air from Norway, fleets from Bergen, "
        "U-boats that did not attack in the Axis Spring turn",
        allies_send="in the Western Allies' Spring movement phase, face down",
        fight_season="Spring",
        fight_phases=("Interception", "Combat"),
        arrival="at the start of the USSR's Summer I turn",
        first_spent="Summer I",
        uboats_from="the strategic-warfare U-boats that did not attack in the Axis Spring turn",
        asw_after="in the box until the start of the Western Allies' Summer I turn",
        rule="G-71, J-58 [004]",
    ),
}
"""J-58 [004]: the two readings of option murmansk_timing, the default first (I-65)."""
READINGS = tuple(TIMINGS)
"""Option murmansk_timing's readings, the default first (`referee.third_reich.options`)."""


def timing(reading: str) -> MurmanskTiming:
    """The timetable of option murmansk_timing's ``reading`` (J-58, I-65 [004]).

    Under "summer_i" the seed's Murmansk section holds: lend lease enters the box in Spring, the
    Germans commit in their Summer I turn, the Allies escort in theirs, the fight is in the Western
    Allies' Summer I combat phase and what is left reaches the USSR at its end, to be spent from
    Summer II. Under "spring" its convoy section holds: the fight comes in the Western Allies'
    Spring turn before its combat phase (the book takes it in the Interception phase, where the
    non-phasing side reacts, A-58, or in the Combat phase: provisional) and the BRPs arrive when
    the USSR's Summer I turn begins. Either way the fight needs no option of the Allies (seed 004,
    A-61: even a pass option in Spring).

    Raises:
        IllegalOrderError: a reading the option does not have.
    """
    if reading not in TIMINGS:
        raise IllegalOrderError(f"option murmansk_timing is {' or '.join(READINGS)}, not {reading!r} (J-58 [004])")
    return TIMINGS[reading]


def require_fight_time(reading: str, turn: int, player: str | None, phase: str) -> None:
    """Refuse a Murmansk fight outside the moment J-58's ``reading`` gives it (G-70, G-71, I-65 [004]).

    Args:
        reading: the campaign's murmansk_timing.
        turn: the game-turn index (Spring 1942 = 13).
        player: whose player turn it is (None in the Year Start).
        phase: the phase of the sequence of play.

    Raises:
        IllegalOrderError: the wrong season, player turn or phase, naming the right one.
    """
    when = timing(reading)
    season, year = third_reich_season(turn)
    if season != when.fight_season or player != WESTERN_ALLIES or phase not in when.fight_phases:
        now = f"{player + ' ' if player else ''}{phase} phase of {season} {year}"
        raise IllegalOrderError(
            f"the Murmansk box fights in {when.fight} (option murmansk_timing={reading}: {when.rule}); "
            f"it is now the {now}"
        )


def require_available(
    fight: Commitments,
    reading: str,
    *,
    uboats_held: int,
    asw_held: int,
    uboats_that_attacked: int = 0,
    asw_that_fought: int = 0,
) -> None:
    """G-72, J-58 [004]: U-boats and ASW come from the strategic-warfare box, once a turn each.

    Args:
        uboats_held, asw_held: the factors in the strategic-warfare boxes.
        uboats_that_attacked: U-boats that attacked in the Axis Spring turn; under "spring" they
            may not go to the box.
        asw_that_fought: ASW that opposed the U-boats in the Axis Summer I strategic warfare;
            under "summer_i" they may not escort (provisional: the text gives each ASW factor one
            shot at the U-boats a turn, and that step comes before the Allies choose escorts).

    Raises:
        IllegalOrderError: more U-boats or ASW sent than may go.
    """
    when = timing(reading)
    free_uboats = uboats_held - (uboats_that_attacked if reading == "spring" else 0)
    free_asw = asw_held - (asw_that_fought if reading == "summer_i" else 0)
    if fight.uboats > free_uboats:
        raise IllegalOrderError(
            f"{fight.uboats} U-boats sent to the Murmansk box; it may take {when.uboats_from}: {free_uboats} "
            f"(G-72, {when.rule})"
        )
    if fight.asw > free_asw:
        spent = " (those that fought the Axis Summer I U-boats have had their shot; provisional)"
        raise IllegalOrderError(
            f"{fight.asw} ASW sent to the Murmansk box; {free_asw} may go"
            f"{spent if reading == 'summer_i' and asw_that_fought else ''} (G-72, {when.rule})"
        )


@dataclass(frozen=True)
class SitOut:
    """Factors of one weapon kept from one strategic-warfare phase by the Murmansk box (G-72 [004])."""

    weapon: str
    factors: int
    season: str
    player: str
    phase: str
    reason: str
    rule: str


def sit_out(fight: Commitments, outcome: MurmanskOutcome, reading: str) -> list[SitOut]:
    """G-72, J-58 [004]: the U-boats and ASW that miss a strategic-warfare phase because of the box.

    Under "summer_i", every U-boat sent misses the Axis Summer I strategic warfare: it was sent in
    that turn, before the phase, and the fight comes later. The ASW goes to the box after that
    phase, so it misses nothing later in the turn (`require_available` keeps ASW that fought then
    from escorting). Under "spring", the surviving ASW stays in the box until the Western Allies'
    Summer I turn and misses the Axis Summer I strategic warfare; the U-boats sent had to miss the
    Axis Spring one (`require_available`) and operate normally in Summer I.

    Returns:
        One entry per weapon that sits out, with the phase it misses; none when none does.
    """
    when = timing(reading)
    if reading == "summer_i" and fight.uboats:
        reason = "sent to the Murmansk box in the Axis Summer I turn, before its strategic warfare"
        return [SitOut("U-boats", fight.uboats, "Summer I", "Axis", "Strategic Warfare", reason, f"G-72, {when.rule}")]
    if reading == "spring" and outcome.survivors.asw:
        reason = "still in the Murmansk box until the Western Allies' Summer I turn"
        asw = outcome.survivors.asw
        return [SitOut("ASW", asw, "Summer I", "Axis", "Strategic Warfare", reason, f"G-72, {when.rule}")]
    return []
