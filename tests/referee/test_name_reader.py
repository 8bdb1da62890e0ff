"""The one reader of names and choices (referee/common/names.py, issue 28 item 6): choices in any
case at any depth of a command, a misspelt choice or name refused with the nearest one, free
words left alone, and a command made in code read as a typed one."""

from __future__ import annotations

from typing import Any

import pytest

from referee import commands as c
from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.names import read_choices
from referee.games import commands_of, game_named
from referee.service import RefereeService

EUROPA = commands_of(game_named("europa"))
REICH = commands_of(game_named("third_reich"))
ATTACKER = {"label": "7 Pz", "attack": 10, "hex": "1012"}
COMBAT = {"kind": "ResolveCombat", "side": "Axis", "zone": "A", "defenders": [{"label": "5 Rifle", "defense": 3}]}


@pytest.mark.parametrize(
    ("commands", "typed", "read"),
    [
        (
            REICH,
            {"kind": "DeclareOption", "power": "Germany", "front": "Eastern", "option": "OFFENSIVE"},
            {"front": "eastern", "option": "offensive"},
        ),
        (EUROPA, {"kind": "SetCityStatus", "city": "Minsk", "status": "Besieged"}, {"status": "besieged"}),
        (
            REICH,
            {"kind": "SpendBrp", "power": "Germany", "amount": 5, "category": "Build", "reason": "x"},
            {"category": "build"},
        ),
        (  # a list of choices
            REICH,
            {
                "kind": "RecordCityLoss",
                "power": "USSR",
                "city": "Kiev",
                "city_types": ["Capital", "RED_PORT"],
                "cause": "Captured",
            },
            {"city_types": ["capital", "red_port"], "cause": "captured"},
        ),
        (  # an optional choice
            EUROPA,
            {
                "kind": "PlaceFortification",
                "side": "Axis",
                "hex": "1012",
                "fortification": "Fort",
                "condition": "Improved",
            },
            {"fortification": "fort", "condition": "improved"},
        ),
        (  # a word a list field also takes
            EUROPA,
            {"kind": "RecordRoll", "purpose": "x", "dice": "2d6", "faces": "Digital", "rolled_by": "Hans"},
            {"dice": "2D6", "faces": "digital"},
        ),
        (  # a part's choice
            EUROPA,
            {**COMBAT, "attackers": [{**ATTACKER, "supply": "Supplied"}]},
            {"attackers": [{**ATTACKER, "supply": "supplied"}]},
        ),
    ],
)
def test_choices_are_read_in_any_case_and_recorded_as_the_command_spells_them(
    commands: Any, typed: dict[str, Any], read: dict[str, Any]
) -> None:
    spelled = read_choices(commands, typed)
    assert spelled == {**typed, **read}
    commands.parse(spelled)  # and the command takes them


@pytest.mark.parametrize(
    ("commands", "typed", "refusal"),
    [
        (
            EUROPA,
            {"kind": "SetCityStatus", "city": "Minsk", "status": "Besiged"},
            "SetCityStatus: status: 'Besiged' is not one of soviet, axis, besieged (did you mean besieged?)",
        ),
        (
            EUROPA,
            {**COMBAT, "attackers": [{**ATTACKER, "supply": "suplied"}]},
            (
                "ResolveCombat: attackers.0.supply: 'suplied' is not one of supplied, unsupplied, isolated, "
                "defensive (did you mean supplied?)"
            ),
        ),
        (REICH, {"kind": "DeclareOption", "power": "Germany", "front": "north", "option": "pass"}, "front: 'north'"),
    ],
)
def test_a_word_that_is_none_of_the_choices_is_refused_naming_field_word_and_nearest_choice(
    commands: Any, typed: dict[str, Any], refusal: str
) -> None:
    with pytest.raises(InvalidInputError) as refused:
        read_choices(commands, typed)
    assert refusal in str(refused.value)


def test_the_kind_and_words_beside_a_list_stay_for_the_command_to_judge() -> None:
    """The kind is spelled exactly (an unknown one is refused with the kinds listed); a word a list
    field does not take is refused by the field's own validation, which names both forms."""
    assert read_choices(EUROPA, {"kind": "advancephase"}) == {"kind": "advancephase"}
    roll = {"kind": "RecordRoll", "purpose": "x", "dice": "2D6", "faces": "dig", "rolled_by": "Hans"}
    with pytest.raises(InvalidInputError, match="faces: input should be a valid list, or input should be 'digital'"):
        EUROPA.parse(read_choices(EUROPA, roll))


def test_names_read_in_any_case_misspelt_ones_refused_free_ones_kept(europa: RefereeService) -> None:
    assert europa.parse({"kind": "SetCityStatus", "city": "minsk", "status": "axis"}).city == "Minsk"
    with pytest.raises(
        IllegalOrderError, match=r"city: 'Mnsk' is not a city of this campaign \(did you mean Minsk\?\)"
    ):
        europa.parse({"kind": "SetCityStatus", "city": "Mnsk", "status": "axis"})
    with pytest.raises(
        IllegalOrderError, match=r"side: 'Sovet' is not a side of this campaign \(did you mean Soviet\?\)"
    ):
        europa.parse({"kind": "SeatPlayer", "name": "Ivan", "side": "Sovet"})
    # a unit's nationality is any word: 'German' is not Germany misspelt
    unit = {"kind": "RegisterUnit", "side": "axis", "unit_id": "g1", "name": "1 Inf", "nation": "German"}
    parsed = europa.parse({**unit, "type": "infantry", "size": "division", "location": "1012"})
    assert (parsed.side, parsed.nation) == ("Axis", "German")
    # far from every side: left for the rule, which refuses in its own words
    assert europa.parse({"kind": "SeatPlayer", "name": "Ivan", "side": "Allies"}).side == "Allies"


def test_a_command_made_in_code_is_read_as_a_typed_one(europa: RefereeService) -> None:
    """`execute` and `preview` read the names of a command object too: nothing reaches the rules
    or the record as typed."""
    credit = c.parse_command({"kind": "CreditSupplyPoints", "side": "axis", "amount": 3, "reason": "found"})
    decision, _after = europa.preview(credit)
    assert decision.ruling.summary == "Axis SP pool 100 → 103"
    assert europa.execute(credit)["command"]["side"] == "Axis"
