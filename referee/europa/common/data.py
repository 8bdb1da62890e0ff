"""The logistics data of a Europa scenario: cities, lend lease, Resource Points, rail, replacements.

Loaded from the scenario's ``[logistics]`` table and validated like the rest of the file.
Values the text does not give are marked ``provisional`` in the data file itself.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class City(_Data):
    """A Soviet city that changes SP income when reached (B-10..B-13 [000]) and/or gives RPs (C-36)."""

    name: str
    district: Literal["border", "interior", "none"] = Field(description="military district class for SP income")
    sp_value: int = Field(ge=0, description="SP per turn when German-controlled or besieged (B-11)")
    rp_000: int = Field(ge=0, description="infantry RP per turn under 000 (C-31, C-36)")
    rp_001: int = Field(ge=0, description="infantry RP per turn under 001 (C-34, C-36)")
    only_with_northern_front: bool = False
    provisional: bool = False


class LendLease(_Data):
    """Soviet lend lease SP per turn from a date, maybe on a condition the referee records (B-20, B-21)."""

    route: str
    sp: int = Field(gt=0)
    from_turn: int
    until_turn: int | None = None
    condition: str | None = Field(default=None, description="marker that must be 'yes', e.g. rail_to_arkhangel")
    rule: str


class ResourceVariant(_Data):
    """Starting Resource Points by side and location class (B-52 [000])."""

    stock: dict[str, dict[str, int]]
    note: str = ""


class ResourceSource(_Data):
    """Resource Points a side receives each turn from a place, on a condition (B-53 [000])."""

    side: str
    source: str
    amount: int = Field(gt=0)
    location: str
    condition: str | None = None
    rule: str


class RailCapacity(_Data):
    """Base rail capacity in REs and the Resource Points a nation may add per turn (B-54 [000])."""

    base_res: int = Field(ge=0)
    max_rp_per_turn: int = Field(ge=0)


class FactorLimit(_Data):
    """Maximum combat factors per hex and per attack from a turn on (D-04 [000])."""

    from_turn: int
    until_turn: int | None = None
    per_hex: int = Field(gt=0)
    per_attack: int = Field(gt=0)
    rule: str


class Sp001(_Data):
    """The Revised Europa 001 Supply Point model a scenario gives (B-60..B-68 [001]; B-68: scenarios
    give the stocks and rates). Read only by campaigns whose option sp_model is 001."""

    rates: dict[str, list[int]] = Field(description="side -> SP per turn in supply zones 1..4 (B-61, B-63)")
    stockpile: dict[str, int] = Field(description="side -> initial stockpile (B-61, B-63)")
    special_surprise_sp: int = Field(ge=0, description="A-33, B-64: SP of the surprise turn")
    stockpile_cut_percent: list[int] = Field(
        min_length=3, max_length=3, description="B-62: % of the unspent stockpile lost on entering zones 2, 3, 4"
    )
    cut_sides: list[str] = Field(description="sides whose stockpile is cut (B-62: German; B-63: never Soviet)")
    weather_cut_percent: dict[str, int] = Field(description="weather -> % of income lost (B-65)")
    lend_lease: list[LendLease] = Field(default_factory=list, description="B-63: Soviet +40 / +40 by date")
    source: str

    @model_validator(mode="after")
    def _four_zones(self) -> Sp001:
        for side, rates in self.rates.items():
            if len(rates) != 4:
                raise ValueError(f"sp_001 rates for {side} must give zones 1..4, not {len(rates)} values")
        return self


class Logistics(_Data):
    """Everything the Revised Europa logistics rules need from a scenario."""

    special_surprise_sp: int = Field(ge=0, description="A-32 / B-28: use-or-lose SP of the surprise turn")
    special_sp_side: str
    base_income: dict[str, int]
    supply_weather_zones: list[str] = Field(min_length=1)
    bad_supply_weather: list[str]
    weather_cut_all_percent: int = Field(ge=0, le=100)
    weather_cut_some_percent: int = Field(ge=0, le=100)
    cap_multiple: int = Field(ge=1)
    sp_per_resource_point_bought: int = Field(gt=0, description="B-50: SP paid for 1 Resource Point")
    sp_per_resource_point_sold: int = Field(gt=0, description="B-51: SP received for 1 Resource Point")
    rail_res_per_resource_point: int = Field(gt=0)
    rail: dict[str, RailCapacity]
    resource_sources: list[ResourceSource]
    resource_variants: dict[str, ResourceVariant]
    cities: list[City]
    lend_lease: list[LendLease]
    eastern_mds_rp_000: int
    eastern_mds_rp_001: int
    regular_replacements_from_turn: int = Field(description="C-30: Aug I 1941 = turn 4")
    special_replacements_from_turn: int = Field(description="C-40: Jul I 1941 = turn 2")
    special_replacement_ratio: tuple[int, int] = Field(description="C-40: 1/4 for all forces")
    disband_turn: int = Field(description="C-60: Apr II 1942 = turn 21")
    factories: int = Field(ge=0, description="operating Soviet factories at the start (K-07: provisional)")
    factory_from_turn: int
    factor_limits: list[FactorLimit] = Field(default_factory=list)
    sp_001: Sp001 | None = Field(
        default=None, description="the 001 SP model (option sp_model=001); absent in campaigns pinned before it"
    )

    def factor_limit(self, turn: int) -> FactorLimit | None:
        """The factor limit in force on ``turn`` (D-04 [000]: applied after halving)."""
        for limit in self.factor_limits:
            if turn >= limit.from_turn and (limit.until_turn is None or turn <= limit.until_turn):
                return limit
        return None
