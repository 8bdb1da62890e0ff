"""The state of a campaign as rebuilt from its entries.

Each top-level account below is one of DESIGN.md's aggregates (campaign, supply pool per
side, replacement track per nation, BRP economy per power, force roster per side). They live
together in one `GameState` because one entry may touch several and is saved atomically; a
rollback restores each account separately (see `ledger.rollback`).

These models are mutable so that folding 100,000 entries does not copy the whole state per
event; anything handed out of the ledger is a deep copy (`GameState.frozen_copy`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

UnitStatus = Literal["full", "cadre", "eliminated", "out_of_supply", "isolated"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ParentLink(_Model):
    """Where a branched campaign came from."""

    campaign_id: str
    name: str
    store: str
    at_entry: int
    head_hash: str


class CampaignIdentity(_Model):
    """Who the campaign is and which rules and tables it was pinned to at creation."""

    campaign_id: str
    name: str
    game: Literal["europa", "third_reich"]
    ruleset: str
    options: dict[str, str] = Field(default_factory=dict)
    scenario: str
    sides: list[str] = Field(default_factory=list)
    players: list[str] = Field(default_factory=list, description="player-turn order")
    weather_zones: list[str] = Field(default_factory=list)
    pinned: dict[str, str] = Field(default_factory=dict, description="data file name -> sha256 of its content")
    tables: dict[str, Any] = Field(
        default_factory=dict, description="scenario data copied in at creation (opaque to the ledger)"
    )
    parent: ParentLink | None = None


class CalendarPosition(_Model):
    """Where the game stands: game turn, player turn and phase, plus steps done in the phase."""

    turn: int = Field(description="game-turn index (Europa: Jun II 1941 = 1; 3R: Fall 1939 = 1)")
    label: str = Field(description="the turn as printed, e.g. 'Jun II 1941' or 'Spring 1940'")
    player: str | None = Field(description="whose player turn; None for game-level phases")
    player_index: int
    phase: str
    phase_index: int
    steps_done: list[str] = Field(default_factory=list)


class LossDue(_Model):
    """A combat loss a side still has to allocate (Europa: D-51..D-57 [000]); set by the referee."""

    combat: int = Field(description="the entry that resolved the combat")
    side: str
    amount: int = Field(ge=0)
    armor_unit: bool = Field(default=False, description="at least one unit reduced must be an armor (AECA) unit")
    what: str = Field(default="", description="the combat as the referee named it")
    isolated: bool = Field(default=False, description="an isolation-attrition loss: no RPs are recovered (C-13)")


class DiceState(_Model):
    """The open period of digital dice: its commitment, the players' seeds, the rolls made so far."""

    period: int = Field(ge=1)
    commitment: str
    player_seeds: dict[str, str] = Field(default_factory=dict)
    rolls: int = Field(default=0, ge=0, description="digital rolls made in this period (the next is rolls + 1)")
    revealed: bool = Field(default=False, description="the seed is in the record: no more rolls with it")


class TableState(_Model):
    """The 'campaign' account: calendar, weather by zone or region, and markers."""

    calendar: CalendarPosition
    weather: dict[str, str] = Field(default_factory=dict)
    markers: dict[str, str] = Field(default_factory=dict)
    cities: dict[str, str] = Field(default_factory=dict, description="city -> status recorded by the referee")
    cities_reached: list[str] = Field(default_factory=list, description="cities ever recorded as not Soviet")
    losses_due: list[LossDue] = Field(default_factory=list, description="combat losses not yet allocated")
    dice: DiceState | None = Field(default=None, description="digital dice, once committed")


class SupplyPool(_Model):
    """A side's global Supply Point pool (Europa). Supply Points, never Strength Points."""

    side: str
    stockpile: int = 0
    income: int = 0
    cap: int | None = None
    special: int = Field(default=0, description="use-or-lose SP (the surprise turn's), spent first")
    last_income: dict[str, int] = Field(default_factory=dict, description="breakdown of the last income")


class PendingReplacements(_Model):
    """RPs earned now but usable only from a later game turn (breakout, excess losses, disbanding)."""

    kind: str
    amount: int
    available_turn: int
    reason: str


class ReplacementTrack(_Model):
    """A nation's Replacement Points by type (Europa). Never Resource Points."""

    nation: str
    side: str
    points: dict[str, int] = Field(default_factory=dict)
    pending: list[PendingReplacements] = Field(default_factory=list)
    losses: dict[str, int] = Field(default_factory=dict, description="losses accumulated for special replacements")
    factories: int = 0
    factories_upgraded: int = 0
    received_turn: int | None = Field(default=None, description="game turn of the last regular replacements")


class ResourceStock(_Model):
    """A side's Resource Points by location class (Europa). Never Replacement Points."""

    side: str
    stock: dict[str, int] = Field(default_factory=dict)
    rail_bought: dict[str, int] = Field(default_factory=dict, description="nation -> RPs spent on rail this game turn")
    income_turn: int | None = None


class NavalRepair(_Model):
    """A fleet under repair and the game turn it is ready."""

    fleet: str
    factors: int
    ready_turn: int


class BrpEconomy(_Model):
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


class Unit(_Model):
    """A unit the referee registered, with the strengths the rules will ask for."""

    unit_id: str
    name: str
    nation: str
    type: str
    size: str
    attack: int | None = None
    defense: int | None = None
    movement: int | None = None
    cadre_attack: int | None = None
    cadre_defense: int | None = None
    ratings: dict[str, str] = Field(default_factory=dict)
    status: UnitStatus = "full"
    location: str = ""


class ForceRoster(_Model):
    """A side's registered units, by unit id."""

    side: str
    units: dict[str, Unit] = Field(default_factory=dict)


class ChainHead(_Model):
    """The last entry folded into this state and its hash."""

    last_number: int = 0
    head_hash: str = "0" * 64
    rollbacks: list[list[int]] = Field(
        default_factory=list, description="[rollback entry, entry it went back to], so undone marks need no scan"
    )


class GameState(_Model):
    """Everything rebuilt from the entries of one campaign."""

    identity: CampaignIdentity
    table: TableState
    supply_pools: dict[str, SupplyPool] = Field(default_factory=dict)
    replacement_tracks: dict[str, ReplacementTrack] = Field(default_factory=dict)
    brp_economies: dict[str, BrpEconomy] = Field(default_factory=dict)
    rosters: dict[str, ForceRoster] = Field(default_factory=dict)
    resource_points: dict[str, ResourceStock] = Field(default_factory=dict)
    chain: ChainHead = Field(default_factory=ChainHead)

    def frozen_copy(self) -> GameState:
        """A deep copy callers may keep: later folds never change it."""
        return self.model_copy(deep=True)

    def to_json(self) -> dict[str, object]:
        """Plain JSON types, as exported, compared in tests and shown by `state --json`."""
        return self.model_dump(mode="json")
