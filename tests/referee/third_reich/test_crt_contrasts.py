"""What the combat results tables do that another table does not (RULES.md J-72, I-27): the Third
Reich X1 against the Europa X1, and the Europa CRT against the original one seed 001 describes.
Tests may read both games; the games never import each other."""

from __future__ import annotations

from fractions import Fraction

from referee.europa.combat.assess import assess
from referee.europa.combat.battle import Battle, CombatOptions
from referee.europa.combat.charts import load_charts
from referee.europa.combat.result import resolve
from referee.europa.combat.units import Attacker, Defender
from referee.third_reich.land import land_combat as lc
from referee.third_reich.land.charts import load_land_chart, read_code

EUROPA, _ = load_charts()
REICH, _ = load_land_chart()
ROLLS = range(2, 13)


def _ways(roll: int) -> Fraction:
    return Fraction(6 - abs(roll - 7), 36)


def test_J72_X1_is_one_unit_a_side_in_3R_and_half_the_weaker_side_in_europa() -> None:
    reich = read_code("X1")
    assert (reich.attacker_units, reich.defender_units, reich.retreat) == (1, 1, None)
    battle = lc.Battle(
        attackers=(lc.Attacker("VII inf", 4, "infantry"), lc.Attacker("XIX pz", 6, "armor")),
        defenders=(lc.Defender("Pol 1", 2, "infantry"), lc.Defender("Pol 2", 3, "infantry")),
        weather="Clear",
    )
    assessment = lc.assess(battle, REICH)
    roll = next(r for r in ROLLS if REICH.result(assessment.column, r + assessment.drm).code == "X1")
    outcome = lc.resolve(battle, assessment, REICH, roll)
    assert (outcome.attacker_units, outcome.defender_units) == (1, 1)  # units, whatever their factors

    europa = Battle(
        attackers=(Attacker(label="7-6 inf", attack=7), Attacker(label="9-10 pz", attack=9)),
        defenders=(Defender(label="4-6 rifle", defense=4), Defender(label="4-6 rifle", defense=4)),
        terrain="clear",
    )
    checked = assess(europa, EUROPA, CombatOptions())
    roll = next(r for r in ROLLS if EUROPA.result(str(checked.column), max(2, min(12, r + checked.drm))) == "X1")
    result = resolve(europa, checked, EUROPA, roll=roll, options=CombatOptions())
    assert (result.attacker_loss, result.defender_loss) == (4, 4)  # 50% of the weaker side's 8, both sides


def _per_100_attack_factors(defence: int) -> tuple[str, Fraction, Fraction]:
    """Expected defence and attack factors lost per turn by 100 attack factors used in attacks of
    20 factors on ``defence`` (the provisional CRT, no DRM)."""
    attackers = (Attacker(label="10 inf", attack=10), Attacker(label="10 inf", attack=10))
    battle = Battle(attackers=attackers, defenders=(Defender(label="def", defense=defence),), terrain="clear")
    checked = assess(battle, EUROPA, CombatOptions())
    results = [resolve(battle, checked, EUROPA, roll=roll, options=CombatOptions()) for roll in ROLLS]
    killed = sum((_ways(roll) * r.defender_loss for roll, r in zip(ROLLS, results, strict=True)), Fraction(0))
    lost = sum((_ways(roll) * r.attacker_loss for roll, r in zip(ROLLS, results, strict=True)), Fraction(0))
    return str(checked.column), 5 * killed, 5 * lost


def test_I27_unlike_the_original_crt_the_kill_rate_follows_the_odds_and_careful_attackers_still_pay() -> None:
    """I-27 (001): under the original CRT 100 attack factors took out 10-12 defence factors a turn
    however they were used, and careful attackers lost nothing from 6-1 (D-61 item 9). The new
    CRT, as the bundled provisional chart has it, does neither: 100 factors take out more at 1-1
    than at 5-1, outside 10-12 at both, and lose factors at every column."""
    by_column = {column: (killed, lost) for column, killed, lost in map(_per_100_attack_factors, (20, 10, 5, 4, 3))}
    assert list(by_column) == ["1-1", "2-1", "4-1", "5-1", "7-1"]
    killed = {column: found[0] for column, found in by_column.items()}
    assert killed["1-1"] > 12 and killed["5-1"] < 10  # the original's 10-12 "however they are used" is gone
    assert max(killed.values()) > 2 * min(killed.values())
    assert all(lost > 0 for _, lost in by_column.values())  # no column is free for the attacker
