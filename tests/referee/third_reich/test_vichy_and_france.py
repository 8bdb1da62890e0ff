"""G-35: Paris held by the Axis at the end of a game turn forms Vichy (Germany gains Occupied France,
France leaves play) and the colonies roll for Vichy or the Free French; J-60: what the rest of
metropolitan France is worth, by option vichy_values (issue 29)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.service import RefereeService
from referee.third_reich.common.context import economy_of
from referee.third_reich.territory import conquest_rules
from tests.referee.third_reich.reich_support import new, war
from tests.referee.third_reich.test_conquest_conditions import conquest, fact

from support import refused

ROLL = {"kind": "RollFrenchColonies", "faces": [2, 5]}


@pytest.fixture
def reich() -> Any:
    service = new()
    service.execute_json(war("Germany", "France"))
    yield service
    service.close()


def test_G35_paris_held_at_the_end_of_a_game_turn_forms_vichy_and_the_colonies_roll(reich: RefereeService) -> None:
    """Paris stated held by Germany: the entry that ends Fall 1939 records Occupied France (+25) and
    France leaving play. Syria rolls 2 (Vichy), French North Africa 5 (Free French): the UK earns
    Morocco, Algeria and Tunisia (5 each). The roll is made once."""
    refused(reich, ROLL, r"no French colonies are waiting to roll")
    reich.execute_json(fact("controlled_by", "Paris", "Germany"))
    end = reich.execute_json({"kind": "AdvanceGameTurn"})
    kinds = [(e["type"], e.get("power"), e.get("territory")) for e in end["events"]][:2]
    assert kinds == [("ConquestRecorded", "Germany", "France (German portion)"), ("PowerLeftPlay", "France", None)]
    state = reich.state()
    assert state.brp_economies["Germany"].conquests_pending == {"France (German portion)": 25}
    assert state.brp_economies["France"].left_play == "Fall 1939: Paris held by Germany at the end of the turn (Vichy)"
    assert not any(e["type"] == "BrpTurnStarted" and e["power"] == "France" for e in end["events"])
    rolled = reich.execute_json(ROLL)
    assert reich.state().brp_economies["UK"].conquests_pending == {"Morocco": 5, "Algeria": 5, "Tunisia": 5}
    assert [roll["total"] for roll in rolled["rolls"]] == [2, 5]
    refused(reich, ROLL, r"no French colonies are waiting to roll: they roll once")
    refused(reich, conquest("UK", "Syria", from_power="Germany"), r"Germany does not hold Syria")


def test_G35_paris_held_by_the_allies_at_the_turns_end_forms_no_vichy(reich: RefereeService) -> None:
    reich.execute_json(fact("controlled_by", "Paris", "Germany"))
    reich.execute_json(fact("controlled_by", "Paris", "its_country"))  # retaken before the turn ended
    end = reich.execute_json({"kind": "AdvanceGameTurn"})
    assert not [e for e in end["events"] if e["type"] in ("ConquestRecorded", "PowerLeftPlay")]
    assert reich.state().brp_economies["France"].in_play
    refused(
        reich,
        conquest("Germany", "France (German portion)"),
        r"France \(German portion\) is gained when Paris is held at the end of a game turn \(G-35 \[004\]\); "
        r"Paris is held by France",
    )


@pytest.mark.parametrize(
    ("options", "value"),
    [({}, 0), ({"vichy_values": "refinement"}, 0), ({"vichy_values": "annexation_5"}, 5)],
)
def test_J60_the_rest_of_metropolitan_france_conquered(options: dict[str, str], value: int) -> None:
    """J-60: conquered Vichy is worth nothing (the refinement, the default) or +5 (the earlier text);
    Vichy joining Germany as an ally still pays its 15 under the refinement."""
    service = new(options)
    try:
        service.execute_json(war("Germany", "Vichy without France", "minor"))
        entry = service.execute_json(conquest("Germany", "Vichy without France"))
        assert entry["events"][0]["value"] == value
        assert any(step["rule"].startswith("J-60 [004]") for step in entry["ruling"]["steps"])
    finally:
        service.close()
    ally = new(options)
    try:
        joined = ally.execute_json(conquest("Italy", "Vichy without France"))
        assert joined["events"][0]["value"] == (5 if options.get("vichy_values") == "annexation_5" else 15)
    finally:
        ally.close()


def test_J60_a_campaign_created_before_the_option_reads_the_territory_table() -> None:
    service = new()
    try:
        service.execute_json(war("Germany", "Vichy without France", "minor"))
        state = service.state()
        del state.identity.options["vichy_values"]
        value, _ = conquest_rules.vichy_value(state, economy_of(state), "Vichy without France", None, joining=False)
        assert value is None  # the table's 15 stands, as it did
    finally:
        service.close()


def test_J60_liberated_mainland_france_only_deprives_germany(reich: RefereeService) -> None:
    reich.execute_json(fact("controlled_by", "Paris", "Germany"))
    reich.execute_json({"kind": "AdvanceGameTurn"})
    refused(
        reich,
        conquest("UK", "France (German portion)", from_power="Germany"),
        r"France \(German portion\) is gained when Paris is held .*Paris is held by Germany",
    )
    reich.execute_json(fact("controlled_by", "Paris", "UK"))
    entry = reich.execute_json(conquest("UK", "France (German portion)", from_power="Germany"))
    assert [(e["type"], e.get("base_loss", e.get("value"))) for e in entry["events"]] == [
        ("ConquestLost", 0),
        ("ConquestRecorded", 0),
    ]
