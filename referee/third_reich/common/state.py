"""The state of a Revised Third Reich campaign: each power's BRP economy."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from referee.common.state import BaseState, StateModel, TableState


class NavalRepair(StateModel):
    """A fleet under repair and the game turn it is ready."""

    fleet: str
    factors: int
    ready_turn: int


class LendLeaseShipment(StateModel):
    """Lend lease on its way by one route (G-56, G-58, G-59 [004]): what the giver sent, what the
    Murmansk box took of it, and the timetable it arrives on. Immediate grants never travel."""

    giver: str
    sent: int = Field(ge=0)
    lost: int = Field(default=0, ge=0, description="BRP hits in the Murmansk box (G-70)")
    arrival: Literal["murmansk", "summer_i"]

    @property
    def carried(self) -> int:
        """What is still on its way."""
        return self.sent - self.lost


LEGACY_ROUTE = "lend lease"
"""The route name given to lend lease in transit in an account document of a release before
0.3.0, which kept one amount and one timetable for all routes together."""


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
    lend_lease_in_transit: int = Field(default=0, description="every route's lend lease on its way to this power")
    lend_lease_arrival: str | None = Field(
        default=None, description="releases before 0.3.0: the one timetable of all routes (now per route)"
    )
    lend_lease_by_route: dict[str, LendLeaseShipment] = Field(
        default_factory=dict, description="route -> lend lease on its way to this power by it (G-56..G-59)"
    )
    at_war: dict[str, int] = Field(
        default_factory=dict, description="power or minor country -> the entry from which they are at war (G-34)"
    )
    conquests_held: dict[str, int] = Field(
        default_factory=dict, description="territory -> the entry that recorded its conquest (or joining as an ally)"
    )
    left_play: str | None = Field(default=None, description="when and why the power left play (G-35); None: in play")
    sw_hits_deducted: list[str] = Field(
        default_factory=list, description="years whose strategic-warfare hits have come off the base (or total)"
    )
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
    sw_forces: dict[str, int] = Field(
        default_factory=dict,
        description="strategic-warfare kind -> factors in the power's box (G-62..G-67); a kind not listed is "
        "not known: a campaign recorded before the book kept the boxes, until StateStrategicForces states it",
    )
    first_year_start_due: bool = Field(
        default=False, description="entered play since its last year start (the USA's entry, G-01; option us_entry)"
    )

    @model_validator(mode="before")
    @classmethod
    def _documents_before_0_3_0(cls, data: Any) -> Any:
        """An account document of a release before 0.3.0 (an opening or a rollback's) held lend
        lease in transit as one amount with one timetable: it is read as one shipment by a route
        named 'lend lease'. (Which years' hits it had deducted, it did not say: the rollback that
        restores such a document works them out, see referee.third_reich.common.fold.)"""
        if not isinstance(data, dict):
            return data
        if not data.get("lend_lease_in_transit") or data.get("lend_lease_by_route"):
            return data
        arrival = data.get("lend_lease_arrival") or "murmansk"
        shipment = {"giver": "", "sent": data["lend_lease_in_transit"], "arrival": arrival}
        return {**data, "lend_lease_arrival": None, "lend_lease_by_route": {LEGACY_ROUTE: shipment}}

    @property
    def in_play(self) -> bool:
        """Entered play and not left it."""
        return self.active and self.left_play is None

    @property
    def pending_sw_hits(self) -> dict[str, int]:
        """Year -> strategic-warfare hits recorded but not yet deducted (G-61, G-69)."""
        totals = {year: sum(kinds.values()) for year, kinds in self.sw_hits.items()}
        return {year: hits for year, hits in totals.items() if hits and year not in self.sw_hits_deducted}


class UnitLossDue(StateModel):
    """Units a side must remove after a land combat (H-01, H-03 [004]); the losing side picks them."""

    combat: int = Field(description="the entry that resolved the combat")
    side: str
    power: str = Field(description="the power whose units fought (a team's partner may lose units too)")
    units: int = Field(ge=1, description="how many units must go")
    fought: list[str] = Field(default_factory=list, description="the side's units in the combat, as entered")
    cause: str = Field(description="attacker_crt_loss, defender_in_enemy_offensive or enemy_attrition (G-50 [004])")
    what: str = ""
    step: Literal["combat", "attrition"] = Field(
        default="combat", description="a land combat (units named from those that fought) or an attrition step"
    )


class LostUnit(StateModel):
    """A unit removed by a recorded combat: back to the force pool, and whether a replacement
    may recover it (G-50 [004])."""

    power: str
    side: str
    entry: int = Field(description="the entry that removed it")
    cause: str


class StrategicWarfareHeld(StateModel):
    """What a U-boat round stated of one weapon in its game turn: the factors held in all and
    those that fought (G-72 [004]: the Murmansk fight checks its U-boats and ASW against it)."""

    weapon: Literal["U-boats", "ASW"]
    held: int = Field(ge=0)
    used: int = Field(ge=0)
    entry: int = Field(description="the round that stated it (the latest, when several did)")


class MurmanskSitOut(StateModel):
    """Factors a sealed Murmansk fight keeps from a later strategic-warfare round (G-72, J-58 [004])."""

    weapon: Literal["U-boats", "ASW"]
    factors: int = Field(ge=0)
    player: str
    phase: str
    fight: int = Field(description="the fight's entry")
    seal: int | None = Field(default=None, description="the seal that put them in the box")
    rule: str


class ReichTable(TableState):
    """The Third Reich table: the common one, with the land-combat losses still owed and the
    units recorded combats removed."""

    losses_due: list[UnitLossDue] = Field(default_factory=list)
    lost_units: dict[str, LostUnit] = Field(default_factory=dict, description="unit -> how it was lost")
    attrition_hexes: dict[str, int] = Field(
        default_factory=dict, description="attrition entry -> hexes it won that the attacker has not named yet"
    )
    sw_held: dict[str, StrategicWarfareHeld] = Field(
        default_factory=dict, description="'turn:weapon' -> what U-boat rounds stated held and used (G-72)"
    )
    murmansk_sit_out: dict[str, MurmanskSitOut] = Field(
        default_factory=dict,
        description="'turn:weapon' -> factors a sealed Murmansk fight keeps from that turn's round",
    )


class ReichState(BaseState):
    """Everything rebuilt from the entries of a Third Reich campaign."""

    ACCOUNTS: ClassVar[dict[str, str]] = {"brp": "brp_economies", "roster": "rosters"}

    table: ReichTable
    brp_economies: dict[str, BrpEconomy] = Field(default_factory=dict)
