"""What Europa handlers read: the campaign's pinned logistics data, options and position."""

from __future__ import annotations

from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.phases import require_phase as require_phase
from referee.common.ruling import Step
from referee.europa.common.data import Logistics
from referee.europa.common.state import EuropaState, ReplacementTrack, SupplyPool


def logistics_of(state: EuropaState) -> Logistics:
    """The logistics data pinned into the campaign at creation."""
    data = state.identity.tables.get("logistics")
    if data is None:
        raise IllegalOrderError(f"this campaign ({state.identity.scenario}) keeps no Europa logistics")
    return Logistics.model_validate(data)


def opt(state: EuropaState, name: str) -> str:
    """The campaign's reading of a named option."""
    return option(state.identity.options, name)


def opt_since(state: EuropaState, name: str, before: str) -> str:
    """The campaign's reading of an option added in a later release; ``before``: the reading of
    a campaign started before it existed (how that release played)."""
    return option(state.identity.options, name, before=before)


def require_readings_of_its_ruleset(state: EuropaState, name: str, what: str) -> None:
    """A europa-001 campaign started before release 0.5 has no reading of the 000/001 options
    (it refused 001 combat and played the 000 SP rules): rather than a 000 rule in a 001 game,
    the referee is asked to adopt the ruleset, which pins the 001 readings (issue 15)."""
    if state.identity.ruleset == "europa-001" and name not in state.identity.options:
        raise IllegalOrderError(
            f"{what} under europa-001 needs the option {name}, which this campaign predates; record "
            '{"kind": "AdoptRuleset", "reason": "play the 001 rules"} to pin the 001 readings first'
        )


def pinned_000_sp_note(state: EuropaState) -> list[Step]:
    """A europa-001 campaign started before release 0.5 keeps the 000 SP model it played (its
    pinned logistics hold no 001 figures): said in each income ruling, never silently."""
    if state.identity.ruleset != "europa-001" or "sp_model" in state.identity.options:
        return []
    return [
        Step(
            text="this europa-001 campaign predates the 001 SP model (release 0.5) and keeps the 000 SP rules it "
            "was started with",
            rule="J-23",
        )
    ]


def zone_weather(state: EuropaState, zone: str) -> str:
    """The weather of a weather zone, or a refusal naming the zones there are."""
    if zone not in state.table.weather:
        raise IllegalOrderError(f"there is no weather zone {zone!r}; zones: {', '.join(state.table.weather)}")
    return state.table.weather[zone]


def other_side(state: EuropaState, side: str) -> str:
    """The side facing ``side`` (Europa games have two)."""
    others = [name for name in state.identity.sides if name != side]
    return others[0] if others else side


def pool_of(state: EuropaState, side: str) -> SupplyPool:
    """A side's SP pool, or a refusal naming the pools there are."""
    if side not in state.supply_pools:
        known = ", ".join(state.supply_pools) or "none (this game keeps no SP pools)"
        raise IllegalOrderError(f"there is no SP pool for {side!r}; pools: {known}")
    return state.supply_pools[side]


def track_of(state: EuropaState, nation: str) -> ReplacementTrack:
    """A nation's replacement track, or a refusal naming the nations there are."""
    if nation not in state.replacement_tracks:
        known = ", ".join(state.replacement_tracks) or "none (this game keeps no RP tracks)"
        raise IllegalOrderError(f"there is no nation {nation!r} with a replacement track; nations: {known}")
    return state.replacement_tracks[nation]
