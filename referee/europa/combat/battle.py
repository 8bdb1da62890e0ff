"""One Revised Europa attack as the referee describes it, the campaign's readings of the combat
contradictions, and what is known before the dice (seed 000, RULES D.1..D.7; J-04..J-07, J-16,
J-26): the battle, its options, the armor-only calculation and the assessment, with the checks
that refuse a battle the rules forbid before any arithmetic (D-20, D-90, D-93, D-96, D-108, J-07).
The arithmetic itself is `referee.europa.combat.assess`."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.europa.combat.charts import CombatCharts, HexsideEffect, TerrainEffect
from referee.europa.combat.units import Attacker, Defender
from referee.europa.common.data import FactorLimit

RATING = {"none": Fraction(0), "half": Fraction(1, 2), "full": Fraction(1)}
HALF = Fraction(1, 2)
FIRST_WINTER_ENDS = 22
"""May I 1942 (turn 22): the Axis first-winter penalty ends (D-20 [000])."""


@dataclass(frozen=True)
class Battle:
    """One attack as the referee describes it."""

    attackers: tuple[Attacker, ...]
    defenders: tuple[Defender, ...]
    terrain: str
    fortified: bool = False
    weather: str = "Clear"
    turn: int = 1
    limit: FactorLimit | None = None
    bombardment_shifts: int = 0
    winterization: int = 0
    """D-20, D-23 [000]: the winterization DRM (the stated +1, or the Winterization table's entry)."""
    commando: bool = False
    axis_first_winter: bool = False
    overrun: bool = False


@dataclass(frozen=True)
class CombatOptions:
    """The campaign's readings of the combat contradictions (RULES J)."""

    odds_rounding: str = "nearest_linear"  # J-06
    max_bombard_shift: int = 1  # J-04
    armor_drm_threshold: str = "le_1_2"  # J-05
    unpaid_attack: str = "halved"  # J-07
    dr_heavy_terrain: str = "rule"  # J-18
    combat_rules: str = "000"  # J-26, J-29..J-31: "001" reads D-24, D-37, D-46, D-54, D-58
    overrun_rules: str = "000"  # J-40: "001" reads D-96
    ezoc_retreat: str = "per_retreat"  # J-16, J-33: D-72 [000] or D-73 [001]
    defensive_supply: bool = False  # J-41: truck_depletion=defensive_supply allows D-108 [001]
    rule_d: bool = False  # D-12: fractional_odds=d10 rounds the combat odds down (J-06) for the D10


@dataclass(frozen=True)
class Armor:
    """The armor-only calculation (D-30..D-35)."""

    calculated: bool
    attacker: Fraction = Fraction(0)
    defender: Fraction = Fraction(0)
    drm: int = 0
    shift: int = 0


@dataclass(frozen=True)
class Assessment:
    """Everything decided before the dice are thrown."""

    attack: int
    defence: int
    odds_column: str | None
    column: str | None
    shifts: int
    drm: int
    armor: Armor
    attacker_basis: Fraction
    defender_basis: Fraction
    steps: list[Step] = field(default_factory=list)
    rules: str = "000"

    @property
    def large_armor_advantage(self) -> bool:
        """D-59: both the +1 armor DRM and the 1R armor shift."""
        return self.armor.drm == 1 and self.armor.shift == 1


def odds_reading(options: CombatOptions) -> str:
    """J-06: the campaign's odds rounding, or down under optional rule D (D-12 [000] presumes it)."""
    return "down" if options.rule_d else options.odds_rounding


def rounding_rule(options: CombatOptions) -> str:
    """The rule a ruling cites for the rounding of the combat odds."""
    return "J-06 (down, optional rule D: D-12 [000])" if options.rule_d else f"J-06 ({options.odds_rounding})"


def terrain_of(charts: CombatCharts, name: str) -> TerrainEffect:
    if name not in charts.terrain:
        raise IllegalOrderError(f"the combat chart has no terrain {name!r}; terrain: {', '.join(charts.terrain)}")
    return charts.terrain[name]


def _hexside(charts: CombatCharts, name: str) -> HexsideEffect:
    if name not in charts.hexsides:
        raise IllegalOrderError(f"the combat chart has no hexside {name!r}; hexsides: {', '.join(charts.hexsides)}")
    return charts.hexsides[name]


def _check_battle(battle: Battle, terrain: TerrainEffect, charts: CombatCharts, options: CombatOptions) -> None:
    """Refuse what the rules forbid before any arithmetic (D-20, D-93, J-07)."""
    if not battle.attackers or not battle.defenders:
        raise IllegalOrderError("a combat needs at least one attacking and one defending unit")
    if battle.winterization and battle.weather != "Snow":
        raise IllegalOrderError(
            f"winterization advantage counts in Snow only (D-20 [000]); the defender's weather is {battle.weather}"
        )
    if battle.axis_first_winter and (battle.weather != "Snow" or battle.turn >= FIRST_WINTER_ENDS):
        raise IllegalOrderError("the Axis first-winter -1 applies to attacks in Snow before May I 1942 (D-20 [000])")
    if options.unpaid_attack == "forbidden" and any(unit.unpaid for unit in battle.attackers):
        raise IllegalOrderError("in-supply divisions may not attack unpaid (option unpaid_attack=forbidden, J-07)")
    defensive = [unit.label for unit in battle.attackers if unit.supply == "defensive"]
    if defensive and not options.defensive_supply:
        raise IllegalOrderError(
            f"{', '.join(defensive)}: defensive supply comes only from a depleted truck (D-108 [001]); this "
            "campaign has no truck depletion (option truck_depletion=none, J-41): say supplied or unsupplied"
        )
    if battle.overrun and battle.bombardment_shifts and options.overrun_rules == "001":
        raise IllegalOrderError("an overrun may use no air support or bombardment (D-96 [001], overrun_rules=001)")
    if battle.overrun:
        if battle.weather == "Mud":
            raise IllegalOrderError("no overruns in Mud (D-93 [000])")
        if not terrain.overrun:
            raise IllegalOrderError(f"overruns are not allowed against {battle.terrain} (D-93 [000])")
        for unit in battle.attackers:
            if not _hexside(charts, unit.hexside).overrun:
                raise IllegalOrderError(
                    f"{unit.label} cannot overrun across a {unit.hexside.replace('_', ' ')} (D-93 [000])"
                )
        if len({unit.hex for unit in battle.attackers}) > 1:
            raise IllegalOrderError("an overrun is made by one stack from one hex (D-90 [000])")
