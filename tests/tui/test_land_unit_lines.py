"""Third Reich units typed one per line in the console's land-combat and attrition forms."""

from __future__ import annotations

import pytest

from referee.common.errors import InvalidInputError
from tui.land_unit_lines import parse_attrition_losses, parse_land_units


def test_attackers_and_defenders_read_strength_type_and_flags() -> None:
    assert parse_land_units("4 XXIV pz armor\n\n3 VII inf river\n2 para airborne airlanded", attacking=True) == [
        {"strength": 4, "type": "armor", "unit": "XXIV pz"},
        {"strength": 3, "across_river": True, "unit": "VII inf"},
        {"strength": 2, "type": "airborne", "air_landed": True, "unit": "para"},
    ]
    assert parse_land_units("1 repl replacement\n2", attacking=False) == [
        {"strength": 1, "type": "replacement", "unit": "repl"},
        {"strength": 2, "unit": "defender 2"},
    ]


@pytest.mark.parametrize(
    ("text", "attacking", "message"),
    [
        ("4 pz armour", True, r"attackers, line 1: 'armour' is not a flag \(did you mean armor\?\)"),
        ("pz 4", False, r"defenders, line 1: a line starts with the unit's strength; 'pz' is not one"),
        ("3 inf\n2 marines beech", True, r"line 2: 'beech' is not a flag \(did you mean beach\?\)"),
    ],
)
def test_a_wrong_line_is_refused_with_its_number(text: str, attacking: bool, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_land_units(text, attacking=attacking)


def test_attrition_losses_read_swaps_and_costs() -> None:
    assert parse_attrition_losses("2 Pol 1\n6 XXIV pz armor swap cost=12") == [
        {"strength": 2, "unit": "Pol 1"},
        {"strength": 6, "type": "armor", "swapped": True, "cost": 12, "unit": "XXIV pz"},
    ]
    with pytest.raises(InvalidInputError, match=r"losses, line 1: cost= takes a whole number of BRPs, not 'x'"):
        parse_attrition_losses("6 pz cost=x")
