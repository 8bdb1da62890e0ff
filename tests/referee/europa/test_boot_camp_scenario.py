"""The bundled Boot Camp scenario (issue 16): a Europa campaign under ruleset europa-002 with a
small order of battle on the rosters from entry #1, its provisional replacement table pinned, and
no SP pools (Boot Camp has none); the revised rules' combat is refused in it (J-46)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from referee.common.scenario import Scenario
from referee.service import RefereeService
from tests.support import refused

MakeService = Callable[..., RefereeService]


def test_the_boot_camp_scenario_opens_with_its_order_of_battle(make_service: MakeService, tmp_path: Path) -> None:
    service = make_service(str(tmp_path / "bc.db"), scenario="europa-boot-camp/first-battle")
    state = service.state()
    assert (state.identity.ruleset, state.table.calendar.label) == ("europa-002", "Oct I 1941")
    assert state.identity.options["combat_system"] == "boot_camp"
    assert state.identity.options["odds_rounding"] == "down"
    panzer = state.rosters["Axis"].units["1pz"]
    assert (panzer.attack, panzer.cadre_attack, panzer.ratings) == (8, 3, {"cm": "yes"})
    assert sorted(state.rosters["Soviet"].units) == ["10rif", "11rif", "12tank", "art5", "nkvd1"]
    assert state.identity.tables["boot_camp"]["replacements_per_turn"]["USSR"] == {"infantry": 3}
    assert state.supply_pools == {}
    refused(
        service,
        {
            "kind": "ResolveCombat",
            "side": "Axis",
            "zone": "A",
            "attackers": [{"label": "1pz", "attack": 8}],
            "defenders": [{"label": "10rif", "defense": 6}],
            "faces": [3, 3],
        },
        r"this campaign fights Boot Camp combat .*ResolveBootCampCombat",
    )


@pytest.mark.parametrize(
    ("units", "message"),
    [
        (
            [{"side": "Axis", "unit_id": "a", "name": "A", "nation": "Germany", "type": "inf", "size": "division"}] * 2,
            "units.1.unit_id: 'a' is listed twice",
        ),
        (
            [{"side": "Allies", "unit_id": "a", "name": "A", "nation": "UK", "type": "inf", "size": "division"}],
            "units.0.side: 'Allies' is not one of sides",
        ),
    ],
)
def test_a_scenario_order_of_battle_names_its_mistakes(units: list[dict[str, str]], message: str) -> None:
    data = {
        "id": "x",
        "title": "x",
        "ruleset": "europa-002",
        "start_turn": 8,
        "sides": ["Axis", "Soviet"],
        "weather_zones": ["A"],
        "units": units,
    }
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Scenario.model_validate(data)
