"""Game calendars and the sequence of play, as pure functions of the ruleset.

Europa: half-month game turns; turn index ``2 * (months since June 1941) + (1 if II)``, so
Jun II 1941 = 1, Aug I 1941 = 4, Apr II 1942 = 21 (A-02..A-04 [000]); turn 0 is the special
surprise turn (A-30 [000]). Third Reich: five turns a year, ``5 * (year - 1940) + 3 + season``
so Fall 1939 = 1, Spring 1940 = 3, Spring 1941 = 8 (A-50..A-52 [004]); a Year Start phase
opens every Spring from turn 3 (A-53 [004]).

A game turn is a list of slots (player, phase). Advancing moves along the slots; leaving a
slot whose required steps are not recorded is refused (e.g. the Year Start, G-13 [004]).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.common.errors import IllegalOrderError
from referee.common.ruleset import RequiredStep, Ruleset
from referee.common.state import CalendarPosition

MONTHS = ("Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May")
SEASONS = ("Spring", "Summer I", "Summer II", "Fall", "Winter")


@dataclass(frozen=True)
class Slot:
    """One step of a game turn's sequence: a player's phase, or a game-level phase."""

    player: str | None
    player_index: int
    phase: str


def europa_label(turn: int, ruleset: Ruleset) -> str:
    """'Jun II 1941' for turn 1; special turns use their own label (A-04 [000])."""
    for special in ruleset.calendar.special_turns:
        if special.turn == turn:
            return special.label
    months = turn // 2
    half = "II" if turn % 2 == 1 else "I"
    month = MONTHS[months % 12]
    year = 1941 + (months + 5) // 12
    return f"{month} {half} {year}"


def third_reich_season(turn: int) -> tuple[str, int]:
    """(season, year) of a Third Reich turn (A-52 [004])."""
    offset = turn - 3
    season_index = offset % 5
    year = 1940 + (offset - season_index) // 5
    return SEASONS[season_index], year


def turn_label(turn: int, ruleset: Ruleset) -> str:
    """The printed name of a game turn."""
    if ruleset.calendar.system == "europa":
        return europa_label(turn, ruleset)
    season, year = third_reich_season(turn)
    return f"{season} {year}"


def slots_of(turn: int, ruleset: Ruleset, players: list[str]) -> list[Slot]:
    """The sequence of one game turn."""
    for special in ruleset.calendar.special_turns:
        if special.turn == turn:
            return [
                Slot(player, index, phase) for index, player in enumerate(special.players) for phase in special.phases
            ]
    slots: list[Slot] = []
    if ruleset.calendar.system == "third_reich":
        season, _year = third_reich_season(turn)
        for game_phase in ruleset.calendar.game_phases:
            if game_phase.season == season and turn >= game_phase.from_turn:
                slots.append(Slot(None, -1, game_phase.phase))
    for index, player in enumerate(players):
        slots.extend(Slot(player, index, phase) for phase in ruleset.calendar.phases)
    return slots


def position_at(turn: int, slot_index: int, ruleset: Ruleset, players: list[str]) -> CalendarPosition:
    """The calendar position for slot ``slot_index`` of ``turn``."""
    slot = slots_of(turn, ruleset, players)[slot_index]
    return CalendarPosition(
        turn=turn,
        label=turn_label(turn, ruleset),
        player=slot.player,
        player_index=slot.player_index,
        phase=slot.phase,
        phase_index=slot_index,
        steps_done=[],
    )


def required_steps(
    phase: str, ruleset: Ruleset, powers: list[str], sides: list[str], player: str | None = None
) -> list[tuple[str, RequiredStep]]:
    """Step keys that must be recorded before leaving ``phase``, with the rule that asks."""
    keys: list[tuple[str, RequiredStep]] = []
    for required in ruleset.calendar.required:
        if required.phase != phase:
            continue
        if required.per == "player":
            if player is not None:
                keys.append((f"{required.step}:{player}", required))
        elif required.per == "power":
            keys.extend((f"{required.step}:{power}", required) for power in powers)
        elif required.per == "side":
            keys.extend((f"{required.step}:{side}", required) for side in sides)
        else:
            keys.append((required.step, required))
    return keys


Mode = str  # "phase" | "player" | "turn"


def advance(
    current: CalendarPosition,
    mode: Mode,
    ruleset: Ruleset,
    players: list[str],
    powers: list[str],
) -> tuple[CalendarPosition, list[str]]:
    """The position after advancing one phase, player turn or game turn.

    Returns the new position and the derivation lines. Raises `IllegalOrderError` when a
    phase being left (the current one or any skipped) has a required step not recorded, or
    when the campaign has ended.
    """
    slots = slots_of(current.turn, ruleset, players)
    index = current.phase_index
    if mode == "phase":
        target_turn, target_index = (current.turn, index + 1)
    elif mode == "player":
        later = [i for i, slot in enumerate(slots) if i > index and slot.player_index != slots[index].player_index]
        # From a game-level phase (Year Start) this is the first player's turn.
        target_turn, target_index = current.turn, (later[0] if later else len(slots))
    elif mode == "turn":
        target_turn, target_index = current.turn, len(slots)
    else:
        raise IllegalOrderError(f"cannot advance by {mode!r}; use phase, player or turn")
    if target_index >= len(slots):
        target_turn, target_index = current.turn + 1, 0
    _check_leaving(
        current, slots[index : target_index if target_turn == current.turn else len(slots)], ruleset, players, powers
    )
    last = ruleset.calendar.last_turn
    if last is not None and target_turn > last:
        raise IllegalOrderError(
            f"the campaign ends after {turn_label(last, ruleset)} ({ruleset.calendar.last_turn_rule}); "
            "there is no later turn"
        )
    position = position_at(target_turn, target_index, ruleset, players)
    who = f"{position.player} " if position.player else ""
    lines = [
        (
            f"{current.label}, {current.player + ' ' if current.player else ''}{current.phase} → "
            f"{position.label}, {who}{position.phase}"
        )
    ]
    return position, lines


def _check_leaving(
    current: CalendarPosition,
    leaving: list[Slot],
    ruleset: Ruleset,
    players: list[str],
    powers: list[str],
) -> None:
    for offset, slot in enumerate(leaving):
        done = current.steps_done if offset == 0 else []
        for key, required in required_steps(slot.phase, ruleset, powers, players, slot.player):
            if key not in done:
                _, _, who = key.partition(":")
                whose = f" for {who}" if who else ""
                raise IllegalOrderError(
                    f"{current.label} {slot.phase}: {required.description.split(' for ')[0]}{whose} "
                    f"has not been recorded ({required.rule}); record it before leaving this phase"
                )


def seasonal_weather(turn: int, ruleset: Ruleset) -> dict[str, str]:
    """Third Reich weather by region for a turn (A-65 [004]); empty for Europa."""
    if ruleset.calendar.system != "third_reich":
        return {}
    season, year = third_reich_season(turn)
    weather = {region: seasons[season] for region, seasons in ruleset.weather.by_season.items() if season in seasons}
    if season == "Spring" and year == 1940 and "Scandinavia" in weather:
        weather["Scandinavia"] = "Clear"  # A-65 [004]: Spring 1940 Scandinavia is Clear
    return weather
