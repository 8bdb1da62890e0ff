"""Revised Europa combat under the earlier revision (seed 001, option combat_rules=001): D-24,
D-37, D-46, D-54, D-58, D-73, D-96, D-108, and the J.2 differences against 000 on the same input."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError
from referee.europa.combat.assess import assess
from referee.europa.combat.battle import Battle, CombatOptions
from referee.europa.combat.charts import load_charts
from referee.europa.combat.result import resolve
from referee.europa.combat.units import Attacker, Defender
from referee.service import RefereeService
from tests.referee.europa.test_combat import AT_REGIMENT, INFANTRY, PANZER, RIFLE, STUG, TANK_CADRE
from tests.referee.europa.test_combat_service import ATTACK, STUG_AT_ATEC
from tests.referee.europa.test_logistics_service import at_phase

CHARTS, _ = load_charts()
OLD = CombatOptions()
NEW = CombatOptions(combat_rules="001", overrun_rules="001", ezoc_retreat="cadre_per_zoc", defensive_supply=True)


def battle(attackers: list[Attacker], defenders: list[Defender], **kwargs: Any) -> Battle:
    return Battle(
        attackers=tuple(attackers), defenders=tuple(defenders), terrain=kwargs.pop("terrain", "clear"), **kwargs
    )


def armor(strength: int, label: str = "armor") -> Defender:
    return Defender(label=f"{label} {strength}", defense=strength, aeca="full", atec="full")


def rules_of(assessment: Any) -> str:
    return " ".join(step.rule for step in assessment.steps)


@pytest.mark.parametrize(
    ("attacking", "defending", "drm"),
    [
        (2, 3, -1),  # 2:3 rounds to 1-2: below 1-1, defender advantage
        (2, 2, 0),  # 1-1: no advantage
        (5, 2, 0),  # 2.5 ties between 2-1 and 3-1: the lower column, no advantage
        (6, 2, 1),  # 3-1: attacker advantage
        (9, 2, 1),  # 4-1 and more: attacker advantage
    ],
)
def test_D37_armor_odds_thresholds_below_1_1_and_3_1(attacking: int, defending: int, drm: int) -> None:
    """D-37 [001]: armor odds rounded normally; below 1-1 −1, 3-1 or more +1; never a shift."""
    situation = battle([INFANTRY, Attacker(label="pz", attack=attacking, aeca="full")], [RIFLE, armor(defending)])
    result = assess(situation, CHARTS, NEW)
    assert (result.armor.drm, result.armor.shift, result.drm) == (drm, 0, drm)
    assert "D-37 [001]" in rules_of(result)


def test_D37_limited_armor_counts_half_and_no_column_shift() -> None:
    """D-37 [001]: 50% for limited-rated units; AECA ≥ DF earns 1R under 000 (D-34) but nothing under 001."""
    halftrack = Attacker(label="4-6 mot", attack=4, aeca="half")
    result = assess(battle([INFANTRY, PANZER, halftrack], [RIFLE]), CHARTS, NEW)
    assert (result.armor.attacker, result.armor.drm, result.shifts) == (11, 1, 0)
    assert assess(battle([INFANTRY, PANZER, halftrack], [RIFLE]), CHARTS, OLD).shifts == 1


def test_D37_the_defender_counts_AT_only_against_attacking_armor() -> None:
    """D-37 [001]: the AT regiment counts only when the attackers have armor."""
    no_armor = assess(battle([INFANTRY, INFANTRY], [RIFLE, AT_REGIMENT, TANK_CADRE]), CHARTS, NEW)
    assert (no_armor.armor.attacker, no_armor.armor.defender, no_armor.drm) == (0, 2, -1)
    assert "AT units do not count" in " ".join(step.text for step in no_armor.steps)
    with_stug = assess(battle([INFANTRY, STUG], [RIFLE, AT_REGIMENT, TANK_CADRE]), CHARTS, NEW)
    assert (with_stug.armor.attacker, with_stug.armor.defender, with_stug.drm) == (2, 5, -1)
    only_at = assess(battle([INFANTRY, INFANTRY], [RIFLE, AT_REGIMENT]), CHARTS, NEW)
    assert (only_at.armor.calculated, only_at.drm) == (False, 0)


def test_J26_same_armor_input_000_against_001() -> None:
    """J-26: 6 vs 2 armor (3-1): 000 needs 4-1 for +1 and shifts 1R for AECA ≥ DF; 001 gives +1, no shift."""
    situation = battle([Attacker(label="pz", attack=6, aeca="full")], [armor(2)])
    old, new = assess(situation, CHARTS, OLD), assess(situation, CHARTS, NEW)
    assert (old.armor.drm, old.shifts, old.column) == (0, 1, "4-1")
    assert (new.armor.drm, new.shifts, new.column) == (1, 0, "3-1")


def test_D24_bombardment_is_a_single_plus_1_drm_not_a_shift() -> None:
    """D-24 [001]: bombardment support earns at most one +1 DRM; 000 shifts the column instead (D-13)."""
    situation = battle([INFANTRY], [RIFLE], bombardment_shifts=2)
    new = assess(situation, CHARTS, NEW)
    assert (new.column, new.drm, new.shifts) == ("3-2", 1, 0)
    old = assess(situation, CHARTS, OLD)
    assert (old.column, old.drm) == ("2-1", 0)


def test_D24_no_overall_drm_cap_under_001() -> None:
    """D-24 [001] states no overall cap (000 caps at +1, D-21): armor +1, bombardment +1, commando +1 = +3."""
    situation = battle([INFANTRY, PANZER], [RIFLE], bombardment_shifts=1, commando=True)
    assert assess(situation, CHARTS, NEW).drm == 3
    assert assess(situation, CHARTS, OLD).drm == 1
    outcome = resolve(situation, assess(situation, CHARTS, NEW), CHARTS, 11, NEW)
    assert outcome.adjusted == 12  # the roll is still clamped (D-14)


def test_D46_minus_1_terrain_adds_1_defense_and_minus_2_adds_2_and_1L() -> None:
    """D-46 [001] with the provisional chart values: woods +1 DS; mountain +2 DS and 1L, armor ignored."""
    woods = assess(battle([INFANTRY, INFANTRY], [RIFLE], terrain="woods"), CHARTS, NEW)
    assert (woods.defence, woods.odds_column, woods.column) == (5, "3-1", "3-1")  # 14:5
    mountain = assess(battle([INFANTRY, INFANTRY, PANZER], [RIFLE], terrain="mountain"), CHARTS, NEW)
    assert (mountain.defence, mountain.attack, mountain.odds_column, mountain.column) == (6, 23, "4-1", "3-1")
    assert (mountain.armor.calculated, mountain.drm) == (False, 0)
    assert "D-46 [001]" in rules_of(mountain)


def test_D46_water_barriers_halve_armor_and_mechanized_major_rivers_all() -> None:
    """D-46 [001]: across a minor river only armor and mechanized AF halve (000: every AF, D-03);
    across a major river every AF halves and armor still counts, halved (000: armor nullified, D-43)."""
    river = {"hexside": "minor_river"}
    attackers = [
        Attacker(label="7-6 inf", attack=7, **river),
        Attacker(label="6-8 mot", attack=6, mechanized=True, **river),
        Attacker(label="9-10 pz", attack=9, aeca="full", **river),
    ]
    new = assess(battle(attackers, [Defender(label="10 def", defense=10)]), CHARTS, NEW)
    assert new.attack == 15  # 7 + 3 + 4.5 = 14.5 → 15
    assert assess(battle(attackers, [Defender(label="10 def", defense=10)]), CHARTS, OLD).attack == 11
    major = [unit.model_copy(update={"hexside": "major_river"}) for unit in attackers]
    across = assess(battle(major, [RIFLE]), CHARTS, NEW)
    assert (across.attack, across.armor.attacker, across.armor.drm) == (11, 4.5, 1)
    assert assess(battle(major, [RIFLE]), CHARTS, OLD).armor.calculated is False


def test_D46_artillery_only_bombards_and_no_bombardment_support_against_swamp() -> None:
    """D-46 [001]: artillery adds no AF; bombardment support cannot be earned against swamp."""
    guns = Attacker(label="art", attack=6, artillery=True)
    assert assess(battle([INFANTRY, guns], [RIFLE]), CHARTS, NEW).attack == 7
    assert assess(battle([INFANTRY, guns], [RIFLE]), CHARTS, OLD).attack == 11  # capped at 1 × DF (D-07)
    with pytest.raises(IllegalOrderError, match=r"cannot be earned against swamp \(D-46 \[001\]\)"):
        assess(battle([INFANTRY], [RIFLE], terrain="swamp", bombardment_shifts=1), CHARTS, NEW)
    assert assess(battle([INFANTRY], [RIFLE], terrain="swamp", bombardment_shifts=1), CHARTS, OLD).shifts == 0


def test_J29_same_terrain_input_000_against_001() -> None:
    """J-29: in woods 000 shifts 1L; 001 adds 1 to the defence instead."""
    situation = battle([INFANTRY, INFANTRY], [RIFLE], terrain="woods")
    old, new = assess(situation, CHARTS, OLD), assess(situation, CHARTS, NEW)
    assert (old.defence, old.odds_column, old.shifts, old.column) == (4, "3-1", -1, "2-1")  # 14:4, 1L
    assert (new.defence, new.odds_column, new.shifts, new.column) == (5, "3-1", 0, "3-1")  # 14:5


def test_D54_loss_basis_increased_for_a_major_city_and_a_fort() -> None:
    """D-54 [001]: the defender's basis grows in a fortified or major-city hex (000: printed only, D-53)."""
    city = battle([INFANTRY, INFANTRY, INFANTRY, INFANTRY], [RIFLE], terrain="major_city")
    assert assess(city, CHARTS, NEW).defender_basis == 6
    assert assess(city, CHARTS, OLD).defender_basis == 4
    fort = battle([INFANTRY, INFANTRY], [RIFLE], fortified=True)
    assert assess(fort, CHARTS, NEW).defender_basis == 5
    woods = battle([INFANTRY, INFANTRY], [RIFLE], terrain="woods")
    assert assess(woods, CHARTS, NEW).defender_basis == 4  # not fortified, not a major city


def test_J30_same_losses_000_against_001() -> None:
    """J-30: a D1 against a rifle in a major city: 000 sizes on 4 (2), 001 on 4 + 2 (3)."""
    city = battle([INFANTRY] * 4, [RIFLE], terrain="major_city")
    old = resolve(city, assess(city, CHARTS, OLD), CHARTS, 9, OLD)  # 28:4 → 7-1, 1L → 6-1: D1DR
    new = resolve(city, assess(city, CHARTS, NEW), CHARTS, 9, NEW)  # 28:6 → 5-1, 1L → 4-1: D1
    assert (old.code[:2], old.defender_loss) == ("D1", 2)
    assert (new.code[:2], new.defender_loss) == ("D1", 3)


def test_D58_the_first_unit_reduced_must_be_armor_when_the_defender_had_armor_or_AT() -> None:
    """D-58 [001]: the first attacking unit reduced must be armor when the defender had any armor or AT."""
    situation = battle([INFANTRY, STUG], [RIFLE, AT_REGIMENT])
    outcome = resolve(situation, assess(situation, CHARTS, NEW), CHARTS, 2, NEW)
    assert outcome.attacker_loss and outcome.attacker_armor_loss
    step = next(step for step in outcome.steps if "attacking unit reduced" in step.text)
    assert (step.text, step.rule) == ("the first attacking unit reduced must be an AECA unit", "D-58 [001]")


def test_J31_same_armor_loss_input_000_against_001() -> None:
    """J-31: 000 wants at least one armor unit among the losses, 001 the first one."""
    situation = battle([INFANTRY, STUG], [RIFLE, AT_REGIMENT])
    old = resolve(situation, assess(situation, CHARTS, OLD), CHARTS, 2, OLD)
    assert any(step.rule == "D-57 [000]" and step.text.startswith("at least one") for step in old.steps)


@pytest.mark.parametrize(
    ("reading", "rule"),
    [("per_retreat", "D-72 [000]"), ("per_hex", "D-72 [000]"), ("cadre_per_zoc", "D-73 [001]")],
)
def test_D73_the_ruling_says_which_EZOC_retreat_rule_applies(reading: str, rule: str) -> None:
    """D-72 [000] / D-73 [001] (J-16, J-33): a retreat's ruling names the EZOC rule of the campaign."""
    options = CombatOptions(ezoc_retreat=reading)
    situation = battle([INFANTRY, INFANTRY], [RIFLE])
    outcome = resolve(situation, assess(situation, CHARTS, options), CHARTS, 8, options)
    assert outcome.code.endswith("DR")
    assert any(step.rule.startswith(rule) and reading in step.rule for step in outcome.steps)


def test_D96_an_overrun_under_001_takes_no_air_or_bombardment_support() -> None:
    """D-96 [001]: no air support or bombardment in an overrun (000 lets an earlier air hit count, D-94)."""
    situation = battle([INFANTRY, PANZER], [RIFLE], overrun=True, bombardment_shifts=1)
    with pytest.raises(IllegalOrderError, match=r"D-96 \[001\]"):
        assess(situation, CHARTS, NEW)
    assert assess(situation, CHARTS, OLD).shifts == 2


def test_D108_defensive_supply_halves_attack_only_with_truck_depletion() -> None:
    """D-108 [001]: a unit in defensive supply attacks at half; without the option it is refused."""
    situation = battle([Attacker(label="pz", attack=10, supply="defensive")], [RIFLE])
    assert assess(situation, CHARTS, NEW).attack == 5
    assert assess(situation, CHARTS, NEW).attacker_basis == 5
    with pytest.raises(IllegalOrderError, match=r"defensive supply comes only from a depleted truck \(D-108"):
        assess(situation, CHARTS, OLD)


# Through the service -------------------------------------------------------------------------


def old_rules(tmp_path: Path, **options: str) -> RefereeService:
    return RefereeService.create(
        str(tmp_path / "001.db"),
        CreateCampaign(scenario="revised-europa/barbarossa", name="001", ruleset="europa-001", options=options),
    )


@pytest.fixture
def old(tmp_path: Path) -> Iterator[RefereeService]:
    """Barbarossa under the earlier rules (europa-001), on file."""
    with closing(old_rules(tmp_path)) as service:
        yield service


def test_a_europa_001_campaign_resolves_a_combat_under_the_001_rules(old: RefereeService) -> None:
    """Issue 15: no more refusal; the 001 derivation (D-37 without shift) decides the column."""
    service = old
    at_phase(service, "Jun II 1941", "Axis", "Combat")
    entry = service.execute_json(ATTACK)
    # 18:4 → 4-1, no armor shift under 001; 2D6 3 + 1 = 4 → X1
    assert entry["ruling"]["summary"].startswith(f"combat #{entry['number']} Brest: 4-1, roll 4 → X1")
    rules = " ".join(step["rule"] for step in entry["ruling"]["steps"])
    assert "D-37 [001]" in rules and "D-34" not in rules
    assert [(loss.side, loss.amount) for loss in service.state().table.losses_due] == [("Axis", 2), ("Soviet", 2)]


def test_D58_through_the_service_the_first_unit_named_must_be_armor(old: RefereeService) -> None:
    """D-58 [001]: naming infantry first is refused and changes nothing; the panzer first is accepted."""
    service = old
    at_phase(service, "Jun II 1941", "Axis", "Combat")
    combat = service.execute_json(STUG_AT_ATEC)["number"]
    loss = next(loss for loss in service.state().table.losses_due if loss.side == "Axis")
    assert loss.armor_unit
    units = [{"label": "7-6 inf", "counted": 7}, {"label": "2-1-10 StuG", "counted": 2, "armor": True}]
    before, head = service.state().to_json(), service.head()
    with pytest.raises(IllegalOrderError, match=r"the first Axis unit reduced .* not 7-6 inf.*D-58 \[001\]"):
        service.execute_json({"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": units})
    assert (service.state().to_json(), service.head()) == (before, head)
    service.execute_json({"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": list(reversed(units))})


def test_D96_an_overrun_costs_1_sp_per_attacking_division(old: RefereeService) -> None:
    """D-96 [001] (J-40): 3 divisions overrunning pay 3 SP (000: 1/2 per non-c/m division, 2 SP)."""
    service = old
    at_phase(service, "Jun II 1941", "Axis", "Movement")
    pool = service.state().supply_pools["Axis"].stockpile
    entry = service.execute_json({**ATTACK, "overrun": True, "paying_stacks": [3]})
    assert pool - service.state().supply_pools["Axis"].stockpile == 3
    text = json.dumps(entry["ruling"], ensure_ascii=False)
    assert "1 SP each (D-96 [001])" in text and "ZOC costs of enemy units other than" in text
    head = service.head()
    with pytest.raises(IllegalOrderError, match=r"no air support or bombardment \(D-96"):
        service.execute_json({**ATTACK, "overrun": True, "bombardment_shifts": 1, "what": "again"})
    assert service.head() == head
