"""G-31: a minor country falls with its capital held through the enemy's next player turn, a region
when every city in it is held; the book reads who holds them from the referee's statements and
refuses a conquest they contradict (issue 29). A-67: the Axis minors join Germany in Summer I 1941
at the latest."""

from __future__ import annotations

from typing import Any

from referee.service import RefereeService
from tests.referee.third_reich.reich_support import war
from tests.referee.third_reich.test_economy_service import at

from support import refused


def fact(name: str, subject: str, value: str) -> dict[str, Any]:
    return {"kind": "StateFact", "fact": name, "subject": subject, "value": value}


def conquest(power: str, territory: str, **more: Any) -> dict[str, Any]:
    return {"kind": "RecordConquest", "power": power, "territory": territory, **more}


def rules_of(entry: dict[str, Any]) -> list[str]:
    return [step["rule"] for step in entry["ruling"]["steps"]]


def test_G31_a_country_falls_only_with_its_capital_held_through_the_enemy_turn(reich: RefereeService) -> None:
    """Warsaw stated held by the USSR refuses Germany's conquest of Poland; stated held by Germany
    through the Polish turn, the conquest is recorded and its ruling cites the statement."""
    reich.execute_json(war("Germany", "Poland", "minor"))
    said = reich.execute_json(fact("capital_held_by", "Poland", "USSR"))
    refused(
        reich,
        conquest("Germany", "Poland"),
        rf"Poland falls when its capital, Warsaw, has been held through the end of the enemy's next player turn "
        rf"\(G-31 \[004\]\); capital_held_by of Poland = USSR, stated at #{said['number']}",
    )
    reich.execute_json(fact("capital_held_by", "Poland", "Germany"))
    entry = reich.execute_json(conquest("Germany", "Poland"))
    texts = [step["text"] for step in entry["ruling"]["steps"]]
    assert any("Warsaw, Poland's capital, held through the enemy's next player turn" in text for text in texts)
    assert reich.state().brp_economies["Germany"].conquests_pending == {"Poland": 20}


def test_G31_a_capital_stated_held_by_its_own_country_refuses_the_conquest(reich: RefereeService) -> None:
    reich.execute_json(war("Germany", "Denmark", "minor"))
    reich.execute_json(fact("controlled_by", "Copenhagen", "its_country"))
    refused(reich, conquest("Germany", "Denmark"), r"Copenhagen is held by Denmark \(controlled_by of Copenhagen")
    reich.execute_json(fact("controlled_by", "Copenhagen", "Germany"))
    entry = reich.execute_json(conquest("Germany", "Denmark"))
    assert "G-31 [004]" in rules_of(entry)  # held now, not said to be held long enough: the referee's record


def test_G31_a_region_falls_when_every_city_in_it_is_held(reich: RefereeService) -> None:
    """Syria (a region, G-31's own example): Beirut stated held by Germany refuses the UK's conquest;
    with both cities held by the UK's side it is recorded."""
    at(reich, "Fall 1939", "Western Allies", "Options")
    reich.execute_json(war("UK", "Syria", "minor"))
    reich.execute_json(fact("controlled_by", "Damascus", "UK"))
    reich.execute_json(fact("controlled_by", "Beirut", "Germany"))
    refused(
        reich,
        conquest("UK", "Syria"),
        r"Syria is a region: it falls when every city in it is held \(G-31 \[004\]\); Beirut is held by Germany",
    )
    reich.execute_json(fact("controlled_by", "Beirut", "France"))  # France is the UK's ally: its side holds it
    entry = reich.execute_json(conquest("UK", "Syria"))
    texts = " ".join(step["text"] for step in entry["ruling"]["steps"])
    assert "Damascus held by UK" in texts and "Beirut held by France" in texts


def test_G31_G33_an_ally_joining_needs_no_capital_and_nothing_stated_is_the_referees_record(
    reich: RefereeService,
) -> None:
    reich.execute_json(fact("capital_held_by", "Iraq", "Germany"))  # not read: Iraq joins the UK, no war
    joined = reich.execute_json(conquest("UK", "Iraq"))
    assert any("joins UK as an ally" in step["text"] for step in joined["ruling"]["steps"])
    reich.execute_json(war("Germany", "Norway", "minor"))
    taken = reich.execute_json(conquest("Germany", "Norway"))
    assert any("is not stated" in step["text"] and step["rule"] == "G-31 [004]" for step in taken["ruling"]["steps"])


def test_A67_the_axis_minors_join_germany_in_summer_i_1941_at_the_latest(reich: RefereeService) -> None:
    """Bulgaria joined early; Finland fought the USSR (it still joins Germany); Romania is taken by
    the USSR after joining, before Spring 1942: Germany's 1942 base gets Hungary and Finland only."""
    at(reich, "Fall 1939", "USSR", "Options")
    reich.execute_json(war("USSR", "Finland", "minor"))
    reich.execute_json(conquest("Germany", "Bulgaria"))
    while reich.state().table.calendar.label != "Summer I 1941":
        calendar = reich.state().table.calendar
        if calendar.phase == "Year Start":
            for power, economy in reich.state().brp_economies.items():
                if economy.in_play and f"year_start:{power}" not in calendar.steps_done:
                    reich.execute_json({"kind": "PerformYearStart", "power": power})
        entry = reich.execute_json({"kind": "AdvanceGameTurn"})
    joined = [e["territory"] for e in entry["events"] if e["type"] == "ConquestRecorded"]
    assert joined == ["Hungary", "Romania", "Finland"]
    texts = [step["text"] for step in entry["ruling"]["steps"] if step["rule"].startswith("A-67")]
    assert any("Bulgaria does not join Germany: already held by Germany" in text for text in texts)
    germany = reich.state().brp_economies["Germany"]
    assert germany.conquests_pending == {"Hungary": 10, "Romania": 15, "Finland": 5}
    reich.execute_json(conquest("USSR", "Romania", from_power="Germany"))  # conquered before the year start
    at(reich, "Spring 1942", None, "Year Start")
    start = reich.execute_json({"kind": "PerformYearStart", "power": "Germany"})
    added = [step["text"] for step in start["ruling"]["steps"] if step["rule"] == "G-30, G-33 [004]"]
    assert added == [
        "+10 Hungary (conquest or minor ally of the past year)",
        "+5 Finland (conquest or minor ally of the past year)",
    ]
