"""What Third Reich handlers read: the pinned economy data and fire tables, and the power's account and turn."""

from __future__ import annotations

from referee.common.calendar import third_reich_season
from referee.common.errors import IllegalOrderError
from referee.common.phases import require_phase
from referee.common.pinned import pinned_chart
from referee.third_reich.common.data import Economy
from referee.third_reich.common.fire import BUNDLED, FireTables
from referee.third_reich.common.state import BrpEconomy, ReichState
from referee.third_reich.common.terms import Weather


def economy_of(state: ReichState) -> Economy:
    """The economy data pinned into the campaign at creation."""
    data = state.identity.tables.get("economy")
    if data is None:
        raise IllegalOrderError(f"this campaign ({state.identity.scenario}) keeps no Third Reich economy")
    return Economy.model_validate(data)


def fire_tables_of(state: ReichState) -> FireTables:
    """The fire tables pinned at creation (K-42)."""
    return pinned_chart(state, "fire", FireTables, BUNDLED)


def account(state: ReichState, power: str) -> BrpEconomy:
    """A power in play, or a refusal naming the powers."""
    if power not in state.brp_economies:
        known = ", ".join(state.brp_economies) or "none (this game keeps no BRP accounts)"
        raise IllegalOrderError(f"there is no power {power!r} with BRPs; powers: {known}")
    economy = state.brp_economies[power]
    if not economy.active:
        raise IllegalOrderError(f"{power} is not in play yet; its BRPs cannot change")
    if economy.left_play is not None:
        raise IllegalOrderError(f"{power} left play ({economy.left_play}); its BRPs cannot change (G-35 [004])")
    return economy


def year_of(state: ReichState) -> int:
    """The calendar year of the current turn."""
    return third_reich_season(state.table.calendar.turn)[1]


def season_of(state: ReichState) -> str:
    """The season of the current turn."""
    return third_reich_season(state.table.calendar.turn)[0]


def require_power_phase(state: ReichState, power: str, phases: tuple[str, ...], what: str, rule: str) -> None:
    """Refuse unless it is the player turn of ``power``'s side and one of ``phases``."""
    require_phase(state, state.brp_economies[power].side, phases, what, rule)


def powers_in_movement_order(state: ReichState) -> list[str]:
    """Powers in play in movement order: by their player's turn order, then by name (A-56 [004]);
    a power that left play (G-35) has no place in it, and so no year start."""
    players = state.identity.players
    active = [economy for economy in state.brp_economies.values() if economy.in_play]
    order = sorted(active, key=lambda e: (players.index(e.side) if e.side in players else len(players), e.power))
    return [economy.power for economy in order]


WEATHER: dict[str, Weather] = {"Clear": "Clear", "Mud": "Mud", "Snow": "Snow"}
"""The weather conditions the Third Reich rules read (A-65 [004])."""


def require_option(
    state: ReichState, power: str, front: str, wanted: str, phases: tuple[str, ...], what: str, rule: str
) -> BrpEconomy:
    """Refuse unless it is ``power``'s player turn, one of ``phases``, and ``power`` declared the
    ``wanted`` option on ``front`` this turn (A-58, A-60, A-63 [004]); ``rule`` is cited either way.
    Returns the power's account."""
    economy = account(state, power)
    require_phase(state, economy.side, phases, what, rule)
    declared = economy.options.get(front)
    if declared != wanted:
        article = "an" if wanted[0] in "aeiou" else "a"
        raise IllegalOrderError(
            f"{what} needs {article} {wanted} option on the {front} front ({rule}); "
            f"{power} declared {declared or 'no option'} there this turn"
        )
    return economy


def region_weather(state: ReichState, region: str) -> Weather:
    """The weather of a region this turn (A-65 [004]), or a refusal naming the regions."""
    weather = WEATHER.get(state.table.weather.get(region, ""))
    if weather is None:
        raise IllegalOrderError(f"there is no weather region {region!r}; regions: {', '.join(state.table.weather)}")
    return weather


def require_other_side(state: ReichState, side: str, defender: str) -> None:
    """The defenders are one of the sides other than the attacker's."""
    if defender not in state.identity.sides or defender == side:
        others = ", ".join(name for name in state.identity.sides if name != side)
        raise IllegalOrderError(f"the defenders are one of the other sides ({others}); not {defender!r}")
