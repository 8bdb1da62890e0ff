"""The state of a Revised Third Reich campaign: each power's BRP economy."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from referee.common.state import BaseState, StateModel, TableState


class NavalRepair(StateModel):
    """A fleet under repair and the game turn it is ready."""

    fleet: str
    factors: int
    ready_turn: int


class BrpEconomy(StateModel):
    """A power's Basic Resource Points (Third Reich)."""

    power: str
    side: str
    active: bool = True
    base: int = 0
    total: int = 0
    saved: int = Field(default=0, description="BRPs unspent at the end of Winter, for growth")
    sw_hits: dict[str, dict[str, int]] = Field(default_factory=dict, description="year -> kind -> BRP hits taken")
    bomber_hits_total: int = Field(default=0, description="cumulative bomber hits (G-65 conversions)")
    lend_lease_in_transit: int = 0
    lend_lease_arrival: str | None = None
    conquests_pending: dict[str, int] = Field(default_factory=dict, description="territory -> BRPs at next year start")
    spent_this_turn: int = 0
    total_at_turn_start: int = 0
    options: dict[str, str] = Field(default_factory=dict, description="front -> option declared this game turn")
    turn_counters: dict[str, int] = Field(default_factory=dict, description="per game turn: fleets, air factors, SRs …")
    player_turn_counters: dict[str, int] = Field(default_factory=dict, description="per player turn: recoveries")
    counts: dict[str, int] = Field(default_factory=dict, description="standing counts: airbases …")
    sw_limits: dict[str, int] = Field(default_factory=dict, description="this year's strategic-warfare maximums")
    city_air_hits: dict[str, int] = Field(default_factory=dict, description="city -> air-attack BRPs this year")
    cities_lost: list[str] = Field(default_factory=list)
    ussr_city_value: int = Field(default=0, description="Axis-held pre-war USSR city value at the last year start")
    naval_repairs: list[NavalRepair] = Field(default_factory=list)
    iran_route_open: bool = False
    force_pool_changes: list[str] = Field(default_factory=list)


class UnitLossDue(StateModel):
    """Units a side must remove after a land combat (H-01, H-03 [004]); the losing side picks them."""

    combat: int = Field(description="the entry that resolved the combat")
    side: str
    power: str = Field(description="the power whose units fought (a team's partner may lose units too)")
    units: int = Field(ge=1, description="how many units must go")
    fought: list[str] = Field(default_factory=list, description="the side's units in the combat, as entered")
    cause: str = Field(description="attacker_crt_loss or defender_in_enemy_offensive (G-50 [004])")
    what: str = ""


class LostUnit(StateModel):
    """A unit removed by a recorded combat: back to the force pool, and whether a replacement
    may recover it (G-50 [004])."""

    power: str
    side: str
    entry: int = Field(description="the entry that removed it")
    cause: str


class ReichTable(TableState):
    """The Third Reich table: the common one, with the land-combat losses still owed and the
    units recorded combats removed."""

    losses_due: list[UnitLossDue] = Field(default_factory=list)
    lost_units: dict[str, LostUnit] = Field(default_factory=dict, description="unit -> how it was lost")


class ReichState(BaseState):
    """Everything rebuilt from the entries of a Third Reich campaign."""

    ACCOUNTS: ClassVar[dict[str, str]] = {"brp": "brp_economies", "roster": "rosters"}

    table: ReichTable
    brp_economies: dict[str, BrpEconomy] = Field(default_factory=dict)
