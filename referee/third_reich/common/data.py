"""The economy data of a Revised Third Reich scenario (seed 004, RULES.md G), validated on load."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AirLimit(_Data):
    """Air factors a power may buy in one game turn, for a span of years (G-43 [004])."""

    air_factors: int = Field(ge=0)
    from_year: int = 1939
    until_year: int = 1945


class PowerEconomy(_Data):
    """Per-power economic constants."""

    growth_percent: int = Field(ge=0, le=100, description="G-20: growth on BRPs saved at the end of Winter")
    fronts: list[Literal["western", "eastern", "southern"]]
    recovery_limit: int = Field(ge=0, description="G-52: replacement recoveries per player turn")
    sr_limit: int = Field(ge=0, description="G-53: strategic redeployments per turn")
    fleets_per_turn: int = Field(default=1, ge=0, description="G-43: 9-factor fleets per game turn")
    air_limits: list[AirLimit] = Field(default_factory=list)


class LendLeaseRoute(_Data):
    """A lend lease grant the text allows (G-55..G-60 [004])."""

    giver: str
    receiver: str
    amounts: list[int] = Field(min_length=1, description="the only amounts allowed")
    arrival: Literal["immediate", "murmansk", "summer_i"]
    counts_as_sr: bool = True
    needs_route_opened: bool = False
    needs_war: list[tuple[str, str]] = Field(
        default_factory=list,
        description="pairs of powers that must be at war before a grant (G-56..G-59); none in campaigns of "
        "releases before 0.3.0, whose routes did not say",
    )
    needs_belligerent: list[str] = Field(
        default_factory=list, description="powers that must be at war with someone before a grant (G-55)"
    )
    rule: str


class AxisMinors(_Data):
    """A-67 [004]: the minor countries that join a patron on a given turn at the latest."""

    patron: str
    season: Literal["Spring", "Summer I", "Summer II", "Fall", "Winter"]
    year: int = Field(ge=1939, le=1945)
    countries: list[str] = Field(min_length=1)


class RmPact(_Data):
    """J-57 [004]: the Ribbentrop-Molotov annexations, valued one by one (the territory table),
    eastern Poland at the early example's value, or as one sum for all their cities."""

    power: str = Field(description="the power that annexes them (the USSR)")
    name: str = Field(description="the whole, as RecordConquest names it and the cities chart's region")
    value: int = Field(ge=0, description="the sum for all the cities (25)")
    territories: list[str] = Field(min_length=1, description="the parts, valued one by one otherwise")
    early_values: dict[str, int] = Field(default_factory=dict, description="the early example's values (+10)")


class ColonyGroup(_Data):
    """Colonies that roll together for Vichy or the Free French (G-35 [004])."""

    name: str
    colonies: list[str] = Field(min_length=1)


class Vichy(_Data):
    """G-35, J-60 [004]: France falls into an occupied part and Vichy when its capital is held by
    the other side at the end of a game turn; its colonies then roll for their alignment."""

    capital: str = Field(description="the city whose holder at a game turn's end decides (Paris)")
    occupied: str = Field(description="the territory the occupier gains (its homeland entry)")
    occupier: str = Field(description="the power that gains it (Germany)")
    rest: str = Field(description="the rest of metropolitan France, as the territory table names it")
    annexation_value: int = Field(ge=0, description="J-60, the earlier text: annexing the rest gives +5")
    colonies: list[ColonyGroup] = Field(min_length=1, description="the alignment rolls, in order (G-35)")
    free_french_to: str = Field(description="the power that earns the Free French colonies' BRPs (the UK)")


class Economy(_Data):
    """Everything the Revised Third Reich economy rules need from a scenario."""

    powers: dict[str, PowerEconomy]
    spending_fraction: tuple[int, int] = Field(description="G-42: at most 1/2 of the total in a game turn")
    dow_costs: dict[Literal["major", "minor"], int]
    airbase_cost: int
    max_airbases: int
    iran_route_cost: int
    repair_cost_per_factor: int
    territories: dict[str, int] = Field(description="G-36: BRP value of minor countries and territories")
    lend_lease: dict[str, LendLeaseRoute]
    wars_at_start: dict[str, list[str]] = Field(
        default_factory=dict, description="G-34: power -> the powers and minor countries it is at war with at the start"
    )
    strategic_warfare_needs_war: bool = Field(
        default=False,
        description="G-61: U-boats and bombers attack only an economy at war with theirs; campaigns of "
        "releases before 0.3.0 did not check it",
    )
    homelands: dict[str, str] = Field(
        default_factory=dict,
        description="G-35: territory -> the major power that leaves play when its conquest is recorded",
    )
    sub_conversion_hits: int = Field(description="G-64: 25 BRPs lost to submarines in a year")
    bomber_conversion_step: int = Field(description="G-65: every 15 BRPs of bomber hits")
    provisional: list[str] = Field(
        default_factory=list,
        description="K-45: territories whose BRP value the text does not give; their value here is provisional, "
        "for the club to replace (or to give in RecordConquest)",
    )
    aliases: dict[str, list[str]] = Field(
        default_factory=dict,
        description="names a referee types for countries of the territory table ('Holland' -> Netherlands); a "
        "name for several ('Low Countries') declares war on each of them",
    )
    alliances: list[list[str]] = Field(
        default_factory=list,
        description="G-34 (not in the text, K-45): powers allied when the campaign opens, whom a declaration on "
        "one of them brings in (option allies_drawn_in)",
    )
    fights_read_wars: bool = Field(
        default=False,
        description="G-34, A-68: a fight needs a war between the powers, and the Russian winter falls in the "
        "first Winter of the German-Soviet war the book recorded; campaigns started before (issue 29) did not check",
    )

    axis_minors: AxisMinors | None = Field(
        default=None, description="A-67: minors joining a patron at the latest; none in campaigns before issue 29"
    )
    rm_pact: RmPact | None = Field(default=None, description="J-57: the Ribbentrop-Molotov annexations")
    vichy: Vichy | None = Field(default=None, description="G-35, J-60: the fall of France and Vichy")

    @field_validator("aliases", mode="before")
    @classmethod
    def _one_or_several(cls, value: object) -> object:
        """An alias names one country ("Netherlands") or several (["Belgium", "Netherlands"])."""
        if isinstance(value, dict):
            return {alias: [names] if isinstance(names, str) else names for alias, names in value.items()}
        return value

    @model_validator(mode="after")
    def _names_known(self) -> Economy:
        """Aliases and provisional values name countries of the territory table, alliances powers."""
        for alias, names in self.aliases.items():
            unknown = [name for name in names if name not in self.territories]
            if unknown or not names:
                raise ValueError(f"aliases.{alias}: {unknown or names!r} is not a country of the territory table")
        unknown = [name for name in self.provisional if name not in self.territories]
        if unknown:
            raise ValueError(f"provisional: {unknown!r} is not a country of the territory table")
        named = [*(self.axis_minors.countries if self.axis_minors else [])]
        named += [*(self.rm_pact.territories if self.rm_pact else [])]
        if self.vichy is not None:
            named += [
                self.vichy.occupied,
                self.vichy.rest,
                *(c for group in self.vichy.colonies for c in group.colonies),
            ]
        unknown = [name for name in named if name not in self.territories]
        if unknown:
            raise ValueError(f"axis_minors, rm_pact, vichy: {unknown!r} is not a country of the territory table")
        for alliance in self.alliances:
            strangers = [name for name in alliance if name not in self.powers]
            if strangers or len(alliance) < 2:
                raise ValueError(f"alliances: {alliance!r} is not two or more powers of the scenario")
        return self
