"""Issue 29: every minor country of the map can be declared on, conquered or joined as an ally
(G-36, K-45: provisional values where the text gives none, and the names a referee types); a
declaration on France brings in the UK under the option allies_drawn_in (G-34); every fight needs
a war recorded between the powers (G-34, one check); the Russian winter is the first Winter of
the German-Soviet war, which the book knows (A-68)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.common.errors import IllegalOrderError
from referee.common.scenario import scenarios_root
from referee.service import RefereeService
from referee.third_reich.air_naval import air_battles as ab
from referee.third_reich.common.context import economy_of
from referee.third_reich.wars import wars
from referee.third_reich.wars.wars import RUSSIAN_WINTER, russian_winter_turn
from tests.referee.third_reich.reich_support import WARSAW, new, war
from tests.referee.third_reich.test_economy_service import at

from support import refused

SCENARIO = scenarios_root() / "revised-third-reich" / "campaign-1939.toml"
G36 = {
    "Poland", "Eastern Poland", "Bessarabia", "Baltic States", "Denmark", "Norway", "Luxembourg", "Yugoslavia",
    "Greece", "Bulgaria", "Finland", "Romania", "Hungary", "Sweden", "Spain", "Turkey", "France (German portion)",
    "Vichy without France", "Morocco", "Algeria", "Tunisia", "Syria",
}  # fmt: skip
"""The territories the text values (G-36, G-35's colonies)."""
REFUSED_IN_ISSUE_29 = [
    "Belgium", "Netherlands", "Portugal", "Switzerland", "Ireland", "Iraq", "Persia", "Albania", "Lithuania",
    "Latvia", "Estonia",
]  # fmt: skip


def settle(service: RefereeService) -> None:
    """Every side removes the units its land combats owe, the first of those that fought."""
    for loss in service.state().table.losses_due:
        removal = {
            "kind": "RemoveLandLosses",
            "combat": loss.combat,
            "side": loss.side,
            "units": loss.fought[: loss.units],
        }
        service.execute_json(removal)


# --- every country a campaign can go to war with (G-36, K-45) ----------------------------------


def test_G36_K45_every_minor_country_of_the_map_is_declarable_and_valued(reich: RefereeService) -> None:
    """Each country refused before issue 29 is declared on in one season for one payment of 5; the
    values the text does not give are the provisional ones the scenario lists."""
    economy = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))["economy"]
    assert set(economy["territories"]) - G36 == set(economy["provisional"])
    assert economy["territories"]["Belgium"] + economy["territories"]["Netherlands"] == 25  # G-37: the west is 60
    assert sum(economy["territories"][name] for name in ("Lithuania", "Latvia", "Estonia")) == 10  # Baltic States
    total = reich.state().brp_economies["Germany"].total
    for country in REFUSED_IN_ISSUE_29:
        reich.execute_json(war("Germany", country.lower(), "minor"))  # typed in any case
    germany = reich.state().brp_economies["Germany"]
    assert set(REFUSED_IN_ISSUE_29) <= set(germany.at_war) and germany.total == total - 5


def test_low_countries_and_holland_name_the_countries_a_referee_means(reich: RefereeService) -> None:
    """'Low Countries' is one declaration on Belgium and the Netherlands; 'Holland' is the Netherlands
    in a conquest too; the Low Countries are conquered one by one."""
    entry = reich.execute_json(war("Germany", "low countries", "minor"))
    assert entry["ruling"]["summary"] == "Germany declares war on Belgium and Netherlands (5 BRPs)"
    declared = [(event["target"], event["enemies"]) for event in entry["events"] if event["type"] == "WarDeclared"]
    assert declared == [("Belgium", ["Belgium"]), ("Netherlands", ["Netherlands"])]
    refused(reich, war("Germany", "Holland", "minor"), r"already at war with Netherlands \(since entry #")
    refused(reich, war("Germany", "Low Countries", "major"), "Belgium and Netherlands are minor countries")
    refused(
        reich,
        {"kind": "RecordConquest", "power": "Germany", "territory": "Low Countries"},
        r"Low Countries names Belgium and Netherlands: record the conquest of each",
    )
    conquest = reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Holland"})
    assert conquest["events"][0] | {"v": 0} == {
        "type": "ConquestRecorded",
        "power": "Germany",
        "territory": "Netherlands",
        "value": 10,
        "v": 0,
    }
    assert any(step["rule"] == "K-45" and "provisional" in step["text"] for step in conquest["ruling"]["steps"])
    club = reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Belgium", "value": 20})
    assert club["events"][0]["value"] == 20 and all(step["rule"] != "K-45" for step in club["ruling"]["steps"])


def test_G33_a_new_country_joins_a_patron_as_an_ally(reich: RefereeService) -> None:
    """Iraq joins the UK (recorded as held by it, G-33): a declaration on it is then refused."""
    reich.execute_json({"kind": "RecordConquest", "power": "UK", "territory": "Iraq"})
    assert reich.state().brp_economies["UK"].conquests_pending == {"Iraq": 5}
    refused(reich, war("Germany", "Iraq", "minor"), r"Iraq is held by UK since entry #\d+ .*\(G-31, G-33")


def test_an_unknown_country_is_refused_with_the_nearest_name_and_the_other_names(reich: RefereeService) -> None:
    refused(
        reich, war("Germany", "Hollnd", "minor"), r"\(did you mean Holland\?\).*other names: .*Holland.*Low Countries"
    )


# --- who is at war (G-34, option allies_drawn_in) ----------------------------------------------


@pytest.mark.parametrize(("reading", "uk_at_war"), [(None, True), ("listed_and_at_war", True), ("at_war_only", False)])
def test_G34_germany_on_france_brings_in_the_uk_under_each_reading(reading: str | None, uk_at_war: bool) -> None:
    """The default (and listed_and_at_war): the UK, France's ally in the scenario, is at war with
    Germany from Germany's declaration, at no cost to it; at_war_only: the UK at peace declares its own."""
    service = new({"allies_drawn_in": reading} if reading else None)
    try:
        uk_total = service.state().brp_economies["UK"].total
        entry = service.execute_json(war("Germany", "France"))
        assert [e["enemies"] for e in entry["events"] if e["type"] == "WarDeclared"] == [
            ["France", "UK"] if uk_at_war else ["France"]
        ]
        economies = service.state().brp_economies
        assert (economies["UK"].at_war == {"Germany": entry["number"]}) is uk_at_war
        assert economies["UK"].total == uk_total and "Italy" not in economies["Germany"].at_war
        at(service, "Fall 1939", "Western Allies", "Options")
        if uk_at_war:
            refused(
                service, war("UK", "Germany"), rf"UK is already at war with Germany \(since entry #{entry['number']}\)"
            )
        else:
            service.execute_json(war("UK", "Germany"))
            assert service.state().brp_economies["UK"].total == uk_total - 15
    finally:
        service.close()


def test_G34_a_campaign_pinned_before_the_option_draws_in_only_allies_at_war(reich: RefereeService) -> None:
    """What a campaign created before allies_drawn_in pinned no reading for reads at_war_only."""
    state = reich.state().frozen_copy()
    assert wars.drawn_in(state, economy_of(state), "Germany", "France") == (["UK"], True)
    del state.identity.options["allies_drawn_in"]
    assert wars.drawn_in(state, economy_of(state), "Germany", "France") == ([], False)


# --- what war allows: every fight checks it the same way (G-34) --------------------------------

OPTIONS = {"Germany": [("eastern", "offensive"), ("western", "attrition")]}
FIGHTS: list[tuple[str, tuple[str, str], dict[str, Any]]] = [
    (
        "land combat",
        ("Axis", "Combat"),
        {
            **WARSAW,
            "attackers": [{"unit": "XXIV pz", "strength": 4, "type": "armor"}],
            "defenders": [{"unit": "Pol 1", "strength": 1}],
            "faces": [3, 4],
        },
    ),
    (
        "an attrition step",
        ("Axis", "Combat"),
        {
            "kind": "ResolveAttrition",
            "power": "Germany",
            "front": "western",
            "defender": "Western Allies",
            "factors_in_contact": 25,
            "faces": [3, 4],
        },
    ),
    (
        "air and naval combat",
        ("Axis", "Combat"),
        {
            "kind": "ResolveAirNavalCombat",
            "power": "Germany",
            "front": "eastern",
            "hex": "Danzig",
            "phasing_air": 5,
            "non_phasing_naval": 9,
            "rolls": [5] * len(ab.rolls_for_hex(ab.HexBattle(ab.Committed(5, 0), ab.Committed(0, 9)))),
        },
    ),
    (
        "counter-air",
        ("Axis", "Air Missions"),
        {
            "kind": "ResolveCounterAir",
            "power": "Germany",
            "front": "eastern",
            "base": "Warsaw",
            "sent": 5,
            "targeted": 2,
            "rolls": [5, 5],
        },
    ),
    (
        "naval interception",
        ("Axis", "Interception"),
        {
            "kind": "ResolveInterception",
            "power": "UK",
            "target": "Danzig",
            "ports": [{"port": "Scapa Flow", "fleets": [9], "distance": 12}],
            "rolls": [3],
        },
    ),
]


@pytest.mark.parametrize(("what", "position", "command"), FIGHTS, ids=[fight[0] for fight in FIGHTS])
def test_G34_a_fight_between_powers_at_peace_is_refused_and_accepted_once_at_war(
    what: str, position: tuple[str, str], command: dict[str, Any]
) -> None:
    """Fall 1939 with no war recorded: each fight is refused naming the powers and the rule; after
    Germany's declaration on the UK (France comes in) it is fought."""
    service = new()
    try:
        at(service, "Fall 1939", "Axis", "Options")
        for front, chosen in OPTIONS["Germany"]:
            service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": front, "option": chosen})
        at(service, "Fall 1939", *position)
        whom = {
            "UK": r"UK is at war with no power of the Axis \(Germany, Italy\)",
            "Germany": r"Germany is at war with no power (of the Western Allies \(UK, France\)|or minor country of an)",
        }[command["power"]]
        refused(service, command, rf"^{what} is fought only between powers at war \(G-34 \[004\]\); {whom}")
    finally:
        service.close()
    service = new()
    try:
        at(service, "Fall 1939", "Axis", "Options")
        for front, chosen in OPTIONS["Germany"]:
            service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": front, "option": chosen})
        service.execute_json(war("Germany", "UK"))
        at(service, "Fall 1939", *position)
        service.execute_json(command)
    finally:
        service.close()


def test_G34_a_minor_country_at_war_fights_for_the_defenders_until_conquered(reich: RefereeService) -> None:
    """Germany at war with Poland alone attacks the Polish units (the Western Allies play them); once
    Poland is conquered no minor fights for them, and Germany is at war with none of their powers."""
    at(reich, "Fall 1939", "Axis", "Options")
    reich.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "offensive"})
    reich.execute_json(war("Germany", "Poland", "minor"))
    at(reich, "Fall 1939", "Axis", "Combat")
    state = reich.state()
    assert wars.fighting_for(state, "Germany", "Western Allies") == ["Poland"]
    reich.execute_json(FIGHTS[0][2])
    settle(reich)
    reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Poland"})
    assert wars.fighting_for(reich.state(), "Germany", "Western Allies") == []
    refused(reich, FIGHTS[0][2], r"Germany is at war with no power of the Western Allies \(UK, France\)")


def test_G34_a_campaign_whose_economy_does_not_read_its_wars_fights_as_before(tmp_path: Path) -> None:
    """A campaign pinned before fights checked the war (its economy has no fights_read_wars) is
    decided as it was: its recorded fights are not refused on replay or audit."""
    text = SCENARIO.read_text(encoding="utf-8").replace("fights_read_wars = true", "fights_read_wars = false")
    scenario = tmp_path / "before.toml"
    scenario.write_text(text, encoding="utf-8")
    service = new(scenario=str(scenario))
    try:
        at(service, "Fall 1939", "Axis", "Options")
        service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "offensive"})
        at(service, "Fall 1939", "Axis", "Combat")
        wars.require_fight(service.state(), "Germany", "Western Allies", "land combat")  # no refusal
        service.execute_json({**FIGHTS[0][2], "russian_winter": False})
    finally:
        service.close()


def test_G61_strategic_warfare_asks_the_same_check_of_the_two_powers(reich: RefereeService) -> None:
    with pytest.raises(IllegalOrderError, match=r"^U-boats \(G-61 \[004\]\); Germany and UK are not at war$"):
        wars.require_war(reich.state(), "Germany", "UK", "U-boats", "G-61 [004]")


# --- a rule applied past its turn: the Russian winter (A-68) -----------------------------------


def test_A68_the_russian_winter_turn_is_the_first_winter_of_the_war() -> None:
    """Summer I 1941 (turn 9) and Winter 1941 (12) give Winter 1941; Spring 1942 (13) gives Winter 1942."""
    assert [russian_winter_turn(turn) for turn in (1, 2, 9, 12, 13)] == [2, 2, 12, 12, 17]


KLIN: dict[str, Any] = {
    "kind": "ResolveLandCombat",
    "power": "USSR",
    "front": "eastern",
    "defender": "Axis",
    "hex": "Klin",
    "region": "Eastern Europe",
    "attackers": [{"unit": "Sov 1 Shock", "strength": 4}, {"unit": "Sov 30 Army", "strength": 3}],
    "defenders": [{"unit": "LVI pz", "strength": 4, "type": "armor"}],
    "russian_winter": True,
    "faces": [4, 5],
}


def test_A68_the_russian_winter_is_decided_by_the_book_and_refused_after_its_turn(reich: RefereeService) -> None:
    """Germany declares on the USSR in Fall 1939: the book marks Winter 1939 as the Russian winter;
    the flag is refused in Fall 1939, voids the Axis add in Winter 1939, is refused in Winter 1940,
    and that Winter's Axis defence keeps its +2; in Winter 1939 a defence without the flag is told
    the rule."""
    at(reich, "Fall 1939", "Axis", "Options")
    declared = reich.execute_json(war("Germany", "USSR"))
    assert reich.state().table.markers[RUSSIAN_WINTER] == "Winter 1939"
    assert declared["ruling"]["steps"][-1] == {
        "text": "Germany and the USSR at war from Fall 1939: the Russian winter is Winter 1939",
        "rule": "A-68 [004]",
    }
    at(reich, "Fall 1939", "USSR", "Options")
    reich.execute_json({"kind": "DeclareOption", "power": "USSR", "front": "eastern", "option": "offensive"})
    at(reich, "Fall 1939", "USSR", "Combat")
    refused(reich, KLIN, r"the Russian winter is Winter 1939, .*; in Fall 1939 the Axis defenders keep their weather")
    at(reich, "Winter 1939", "USSR", "Options")
    reich.execute_json({"kind": "DeclareOption", "power": "USSR", "front": "eastern", "option": "offensive"})
    at(reich, "Winter 1939", "USSR", "Combat")
    winter = reich.execute_json(KLIN)
    assert {"text": "Russian winter: the Axis defenders get no weather add, not even +1", "rule": "A-68 [004]"} in (
        winter["ruling"]["steps"]
    )
    settle(reich)
    told = reich.execute_json({**KLIN, "russian_winter": False, "hex": "Rzhev"})
    assert any("is the Russian winter: non-Finnish Axis defenders" in step["text"] for step in told["ruling"]["steps"])
    settle(reich)
    at(reich, "Winter 1940", "USSR", "Options")
    reich.execute_json({"kind": "DeclareOption", "power": "USSR", "front": "eastern", "option": "offensive"})
    at(reich, "Winter 1940", "USSR", "Combat")
    refused(
        reich,
        KLIN,
        r"the Russian winter is Winter 1939, the first Winter turn after Germany and the USSR went to war "
        r"\(A-68 \[004\]\); in Winter 1940 the Axis defenders keep their weather add",
    )
    later = reich.execute_json({**KLIN, "russian_winter": False})
    assert {"text": "weather Snow: the hex's defence +2", "rule": "H-04 [004]"} in later["ruling"]["steps"]


def test_A68_no_russian_winter_before_germany_and_the_ussr_are_at_war(reich: RefereeService) -> None:
    at(reich, "Winter 1939", "USSR", "Options")
    reich.execute_json(war("USSR", "Italy"))  # at war with the Axis, not with Germany
    reich.execute_json({"kind": "DeclareOption", "power": "USSR", "front": "eastern", "option": "offensive"})
    at(reich, "Winter 1939", "USSR", "Combat")
    refused(reich, KLIN, r"there is no Russian winter yet: Germany and the USSR are not at war")
