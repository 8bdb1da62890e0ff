"""Units typed one per line (tui/unit_lines.py): what the combat and losses forms read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.common.errors import InvalidInputError
from tui.unit_lines import parse_losses, parse_units

ROOT = Path(__file__).resolve().parents[2]


def test_attackers_take_strength_label_and_flags() -> None:
    units = parse_units("9 9-10 pz aeca @B ~minor_river\n\n12 guns art unsupplied\n2 StuG aeca/2 siege", attacking=True)
    assert units == [
        {"attack": 9, "label": "9-10 pz", "aeca": "full", "hex": "B", "hexside": "minor_river"},
        {"attack": 12, "label": "guns", "artillery": True, "supply": "unsupplied"},
        {"attack": 2, "label": "StuG", "aeca": "half", "ignores_terrain": True},
    ]


def test_defenders_keep_short_labels_that_look_like_flags() -> None:
    """'AT' is a label (too short to be a typo of 'art'); atec, nkvd are flags."""
    assert parse_units("3 AT atec\n4 rifle NKVD", attacking=False) == [
        {"defense": 3, "label": "AT", "atec": "full"},
        {"defense": 4, "label": "rifle", "nkvd": True},
    ]


@pytest.mark.parametrize(
    ("text", "attacking", "message"),
    [
        ("x inf", True, "attackers, line 1: a line starts with the unit's strength; 'x' is not one"),
        ("7 inf\n9 pz aeka", True, "line 2: 'aeka' is not a flag here \\(did you mean aeca\\?\\)"),
        ("4 rifle @B", False, "defenders, line 1: '@B' is not a flag here"),
        ("4 rifle arty", False, "did you mean art"),
        ("99999 inf", True, "is not one"),
    ],
)
def test_a_wrong_line_names_its_number_and_word(text: str, attacking: bool, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_units(text, attacking=attacking)


def test_losses_take_counted_label_armor_change_and_cost() -> None:
    assert parse_losses("10 10-10 pz to cadre armor change=6 cost=3\n4 rifle") == [
        {"counted": 10, "label": "10-10 pz to cadre", "armor": True, "change": 6, "armor_cost": 3},
        {"counted": 4, "label": "rifle"},
    ]
    with pytest.raises(InvalidInputError, match="change= takes a whole number, not 'six'"):
        parse_losses("10 pz change=six")


def test_the_generic_form_reads_digital_for_faces_and_lists_as_json() -> None:
    """The command form: faces are a JSON list, or the word digital (the service's committed dice)."""
    from referee.schema import command_schemas
    from tui.dialogs.command_form import parse_field

    schema = command_schemas()["RecordRoll"]["properties"]["faces"]
    assert parse_field("faces", "[3, 4]", schema) == [3, 4]
    assert parse_field("faces", "digital", schema) == "digital"
    with pytest.raises(InvalidInputError, match="field faces"):
        parse_field("faces", "[3, 4", schema)


def test_the_generic_form_reads_lists_as_they_are_said() -> None:
    """Issue 12: lists are typed as lists ('3 3 2', 'Ivan, Olga'), not as JSON."""
    from referee.schema import command_schemas
    from tui.dialogs.command_form import parse_field

    schemas = command_schemas()
    assert parse_field("faces", "3 4", schemas["RecordRoll"]["properties"]["faces"]) == [3, 4]
    assert parse_field("stacks", "3, 3, 2", schemas["PayAttackSupply"]["properties"]["stacks"]) == [3, 3, 2]
    witnesses = schemas["RecordRoll"]["properties"]["witnesses"]
    assert parse_field("witnesses", "Ivan, Olga Petrova", witnesses) == ["Ivan", "Olga Petrova"]
    with pytest.raises(InvalidInputError, match="field stacks: 'x' is not a whole number"):
        parse_field("stacks", "3 x", schemas["PayAttackSupply"]["properties"]["stacks"])


def test_K04_the_unit_chart_gives_a_named_type_its_ratings_and_flags_override_them() -> None:
    """K-04: with the campaign's unit identification chart, "9 pz" is full AECA and "3 AT" a full
    ATEC defender; a flag on the line wins over the chart ("2 StuG aeca/2")."""
    from referee.europa.combat.unit_chart import unit_chart_data

    chart, _ = unit_chart_data("europa-units")
    attackers = parse_units("9 pz @A\n2 StuG aeca/2\n7 inf", attacking=True, chart=chart)
    assert [unit.get("aeca", "none") for unit in attackers] == ["full", "half", "none"]
    defenders = parse_units("3 tank cadre\n3 AT\n4 rifle", attacking=False, chart=chart)
    assert [(unit.get("atec", "none"), unit.get("aeca", "none")) for unit in defenders] == [
        ("full", "full"),
        ("full", "none"),
        ("none", "none"),
    ]
    assert parse_units("9 pz", attacking=True) == [{"attack": 9, "label": "pz"}]


def test_K04_a_campaign_pins_the_unit_chart_and_adopts_the_referees_own(europa: Any, tmp_path: Path) -> None:
    """The bundled provisional chart is pinned at creation; a referee's own chart (here: assault
    guns at 50%) is adopted by a recorded entry and read from then on; editing the file after
    changes nothing in the campaign."""
    bundled = (ROOT / "scenarios" / "charts" / "europa-units.toml").read_text(encoding="utf-8")
    mine = tmp_path / "my-units.toml"
    mine.write_text(bundled.replace('aeca = "full"\natec = "half"', 'aeca = "half"\natec = "half"'), encoding="utf-8")
    assert europa.state().identity.tables["units"]["types"]["assault_gun"]["aeca"] == "full"
    europa.execute_json({"kind": "AdoptCharts", "charts": str(mine), "reason": "our printed chart"})
    mine.write_text(bundled, encoding="utf-8")
    chart = europa.state().identity.tables["units"]
    assert chart["types"]["assault_gun"]["aeca"] == "half"
    assert parse_units("2 StuG", attacking=True, chart=chart)[0]["aeca"] == "half"
    assert europa.state().identity.tables["combat"]["title"].endswith("(provisional)")
