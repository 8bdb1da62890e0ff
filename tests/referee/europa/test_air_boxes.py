"""Issue 29: the book keeps each air group's box and each nation's Group Allowance. The starting
groups of L-20 (the Finns', Hungarians' and Romanians' included) come from a pinned chart; the air
surprise puts the groups it hits in their boxes and the fighters left Ready are On Alert at half
range in the German Jun II 1941 turn (A-35); repair, placement within the GA and the Jul I 1941
triage and reinforcements follow (A-35, L-22); a club's own chart changes what is deployed and
what a schedule's single groups and new GA give (L-20, L-22). Refusals leave the store unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.commands import CreateCampaign
from referee.common.ruleset import scenarios_root
from referee.europa.air import boxes as air_boxes
from referee.europa.air.groups import load_air_groups
from referee.service import RefereeService
from tests.referee.europa.europa_support import texts
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock, refused

SOVIET_OFF = {"USSR": {"I15": 4, "TB3": 1, "Yer2 (1)": 1, "G2": 1, "Li2": 2, "R10": 2}}
"""57 Soviet groups with the north against GA 46: 11 start in the Ready box."""


def campaign(**options: str) -> RefereeService:
    create = CreateCampaign(scenario="revised-europa/barbarossa", name="air", options=options)
    return RefereeService.create(":memory:", create, clock=TickingClock())


@pytest.fixture
def deployed() -> Iterator[RefereeService]:
    service = campaign()
    service.execute_json({"kind": "DeployStartingAir", "side": "Soviet", "off_map": SOVIET_OFF})
    service.execute_json({"kind": "DeployStartingAir", "side": "Axis"})
    yield service
    service.close()


def box(service: RefereeService, unit: str) -> str:
    return service.state().table.facts[f"air_box:{unit}"].value


def ga(service: RefereeService, nation: str) -> str:
    return service.state().table.facts[f"group_allowance:{nation}"].value


def test_L20_the_starting_groups_and_gas_of_every_nation_are_deployed_from_the_chart() -> None:
    service = campaign()
    try:
        refused(service, {"kind": "DeployStartingAir", "side": "Soviet"}, r"USSR has 0 group\(s\) on the map and GA 46")
        soviet = service.execute_json({"kind": "DeployStartingAir", "side": "Soviet", "off_map": SOVIET_OFF})
        assert soviet["ruling"]["summary"] == "Soviet air: 57 groups deployed, 46 on the map, 11 in the Ready box"
        assert "GA 46: 11 beyond it" in texts(soviet)
        axis = service.execute_json({"kind": "DeployStartingAir", "side": "Axis"})
        assert axis["ruling"]["summary"] == "Axis air: 55 groups deployed, 55 on the map, 0 in the Ready box"
        assert [ga(service, nation) for nation in ("Germany", "Finland", "Hungary", "Romania", "Italy")] == [
            "46",
            "3",
            "2",
            "4",
            "0",
        ]
        roster = service.state().rosters["Axis"].units
        assert roster["finland-g50bis-1"].name == "G50Bis #1" and roster["romania-he111-1-1"].name == "He111 (1) #1"
        assert box(service, "ussr-li2-2") == "ready_box" and box(service, "ussr-i16-13") == "operable"
        refused(service, {"kind": "DeployStartingAir", "side": "Axis"}, r"deployed already")
    finally:
        service.close()


def test_L20_without_the_northern_front_the_northern_groups_and_ga_stay_out() -> None:
    service = campaign(finland_front="truncated")
    try:
        entry = service.execute_json({"kind": "DeployStartingAir", "side": "Axis"})
        assert entry["ruling"]["summary"] == "Axis air: 54 groups deployed, 54 on the map, 0 in the Ready box"
        assert ga(service, "Finland") == "2"
        assert "finland-g50bis-1" not in service.state().rosters["Axis"].units
    finally:
        service.close()


def surprise_targets() -> list[str]:
    fighters = [f"MiG3 #{n}" for n in range(1, 5)] + [f"I16 #{n}" for n in range(1, 14)]
    pool = (
        [f"I15Bis #{n}" for n in range(1, 5)] + [f"SB2 #{n}" for n in range(1, 6)] + [f"DB3 #{n}" for n in range(1, 4)]
    )
    pool += [f"IL4 #{n}" for n in range(1, 5)] + [f"Pe2 #{n}" for n in range(1, 3)] + ["Su2 #1", "Su2 #2"]
    return fighters + pool


def test_A35_L21_the_surprise_boxes_the_groups_it_hits_and_the_fighters_left_ready_are_on_alert(
    deployed: RefereeService,
) -> None:
    entry = deployed.execute_json({"kind": "ResolveAirSurprise", "faces": [3] * 37, "targets": surprise_targets()})
    assert box(deployed, "ussr-mig3-1") == "eft"  # Me110 target, 3 → EFT
    assert box(deployed, "ussr-i16-4") == "inoperable"  # Me109 target, 3 → R
    assert box(deployed, "ussr-sb2-1") == "eet"  # He111 target, 3 → EET
    assert box(deployed, "ussr-mig3-5") == "operable"  # not picked: still Ready
    assert any("the fighters left operable are On Alert" in text for text in texts(entry))
    at_phase(deployed, "Jun II 1941", "Axis", "Air")
    alert = {"kind": "CheckInterception", "side": "Soviet", "unit": "ussr-mig3-5", "listed_range": 9, "distance": 5}
    assert deployed.execute_json(alert)["ruling"]["summary"] == "MiG3 #5 may intercept 5 hex(es) out"
    refused(deployed, {**alert, "distance": 6}, r"On Alert: within 1/2 of range 9 = 5 of the airbase; 6 hex\(es\)")
    refused(deployed, {**alert, "unit": "ussr-i16-4"}, r"the group is inoperable")
    refused(deployed, {**alert, "unit": "ussr-il2-1"}, r"only Soviet fighters are On Alert")


def test_A35_repair_readies_an_inoperable_group_and_placement_keeps_to_the_ga(deployed: RefereeService) -> None:
    at_phase(deployed, "Jun II 1941", "Soviet", "Initial")
    refused(deployed, {"kind": "PlaceAirGroups", "side": "Soviet", "to_map": ["ussr-li2-1"]}, r"GA 46: 1 more")
    refused(deployed, {"kind": "PlaceAirGroups", "side": "Soviet", "to_map": ["ussr-i16-1"]}, r"is operable")
    swapped = deployed.execute_json(
        {"kind": "PlaceAirGroups", "side": "Soviet", "to_map": ["ussr-li2-1"], "off_map": ["ussr-i16-5"]}
    )
    assert (box(deployed, "ussr-li2-1"), box(deployed, "ussr-i16-5")) == ("operable", "ready_box")
    assert swapped["ruling"]["summary"] == "Soviet: 1 group(s) onto the map, 1 off it"


def test_A35_after_the_surprise_repair_readies_only_an_inoperable_group(deployed: RefereeService) -> None:
    deployed.execute_json({"kind": "ResolveAirSurprise", "faces": [3] * 37, "targets": surprise_targets()})
    at_phase(deployed, "Jun II 1941", "Soviet", "Initial")
    refused(deployed, {"kind": "RepairAirUnit", "side": "Soviet", "unit": "ussr-mig3-1", "faces": [6]}, r"is eft")
    failed = deployed.execute_json({"kind": "RepairAirUnit", "side": "Soviet", "unit": "ussr-i16-6", "faces": [2]})
    assert box(deployed, "ussr-i16-6") == "inoperable" and failed["events"] == []
    repaired = deployed.execute_json({"kind": "RepairAirUnit", "side": "Soviet", "unit": "ussr-i16-4", "faces": [5]})
    assert box(deployed, "ussr-i16-4") == "operable" and "ready (operable)" in repaired["ruling"]["summary"]
    assert any(text.startswith("air_box of ussr-i16-4 = inoperable, stated at #") for text in texts(repaired))
    placed = deployed.execute_json({"kind": "PlaceAirGroups", "side": "Soviet", "to_map": ["ussr-li2-1"]})
    assert "USSR: 25 on the map + 1 = 26, within GA 46" in texts(placed)
    refused(deployed, {"kind": "TriageAirGroup", "side": "Soviet", "unit": "ussr-mig3-2", "faces": [1]}, r"Jul I 1941")


def test_A35_L22_the_july_triage_and_air_reinforcements(deployed: RefereeService) -> None:
    deployed.execute_json({"kind": "ResolveAirSurprise", "faces": [3] * 37, "targets": surprise_targets()})
    at_phase(deployed, "Jul I 1941", "Soviet", "Initial")
    triaged = deployed.execute_json({"kind": "TriageAirGroup", "side": "Soviet", "unit": "ussr-mig3-2", "faces": [2]})
    assert triaged["ruling"]["summary"] == "triage of MiG3 #2 in EFT: 1D6 2 → ready box inoperable"
    assert box(deployed, "ussr-mig3-2") == "ready_box_inoperable"
    lost = deployed.execute_json({"kind": "TriageAirGroup", "side": "Soviet", "unit": "ussr-sb2-1", "faces": [6]})
    assert box(deployed, "ussr-sb2-1") == "eliminated" and lost["ruling"]["summary"].endswith("eliminated")
    refused(deployed, {"kind": "TriageAirGroup", "side": "Soviet", "unit": "ussr-mig3-5", "faces": [1]}, r"is operable")
    arrived = deployed.execute_json({"kind": "ReceiveReinforcements", "side": "Soviet"})
    assert "USSR GA 46 → 50" in texts(arrived)
    assert box(deployed, "jul41-mig3-a") == "ready_box" and ga(deployed, "USSR") == "50"


ARRIVAL = """
[[arrivals]]
turn = "Jul I 1941"
side = "Soviet"
units = []
single_groups = { MiG3 = 3 }
schedule_group_allowance = { USSR = 1 }
"""


def test_L22_a_clubs_schedule_of_single_groups_and_printed_ga(deployed: RefereeService, tmp_path: Path) -> None:
    text = (scenarios_root() / "charts" / "europa-reinforcements.toml").read_text(encoding="utf-8")
    ours = tmp_path / "our-reinforcements.toml"
    ours.write_text(text + ARRIVAL, encoding="utf-8")
    deployed.execute_json({"kind": "AdoptCharts", "charts": str(ours), "reason": "our schedule"})
    deployed.execute_json({"kind": "ResolveAirSurprise", "faces": [3] * 37, "targets": surprise_targets()})
    at_phase(deployed, "Jul I 1941", "Soviet", "Initial")
    arrived = deployed.execute_json({"kind": "ReceiveReinforcements", "side": "Soviet"})
    assert "new GA 1 on the schedule: half received = 0, a half carried (provisional)" in texts(arrived)
    assert "3 single MiG3 group(s): 3 waiting (SpendSingleAirGroup)" in texts(arrived)
    assert ga(deployed, "USSR") == "50"
    spend = {"kind": "SpendSingleAirGroup", "side": "Soviet", "group": "MiG3"}
    refused(deployed, {**spend, "use": "to_ready", "unit": "ussr-i16-1"}, r"is a I16, not a MiG3")
    refused(deployed, {**spend, "use": "to_ready", "unit": "ussr-mig3-5"}, r"must be in EFT or EET; it is operable")
    refused(deployed, {**spend, "use": "remnants_to_eft", "unit": "ussr-mig3-1"}, r"must be in the Remnants box")
    restored = deployed.execute_json({**spend, "use": "to_ready", "unit": "ussr-mig3-1"})
    assert box(deployed, "ussr-mig3-1") == "ready_box"
    assert restored["ruling"]["summary"] == "Soviet MiG3: 1 single group(s) spent, ussr-mig3-1 to ready box"
    deployed.execute_json({**spend, "use": "new_group", "unit": "aug41-mig3"})
    assert box(deployed, "aug41-mig3") == "ready_box"
    assert deployed.state().rosters["Soviet"].units["aug41-mig3"].nation == "USSR"
    refused(deployed, {**spend, "use": "new_group", "unit": "aug41-mig3-b"}, r"two single groups.*0 waiting")


def test_L20_a_clubs_air_groups_chart_changes_what_is_deployed(tmp_path: Path) -> None:
    text = (scenarios_root() / "charts" / "europa-air-groups.toml").read_text(encoding="utf-8")
    ours = tmp_path / "our-air.toml"
    ours.write_text(
        text.replace('nation = "Hungary"\nside = "Axis"\nga = 2', 'nation = "Hungary"\nside = "Axis"\nga = 3'),
        encoding="utf-8",
    )
    chart, _ = load_air_groups(str(ours))
    assert [nation.ga for nation in chart.nations if nation.nation == "Hungary"] == [3]
    service = RefereeService.create(
        ":memory:",
        CreateCampaign(scenario="revised-europa/barbarossa", name="ours", charts=str(ours)),
        clock=TickingClock(),
    )
    try:
        service.execute_json({"kind": "DeployStartingAir", "side": "Axis"})
        assert ga(service, "Hungary") == "3"
    finally:
        service.close()


def test_L10_A35_reach_outside_the_alert_turn() -> None:
    patrol = air_boxes.interception(alert_turn=False, fighter=True, box=None, listed_range=7, distance=4, patrol_from=4)
    assert patrol.allowed and patrol.step.rule == "L-10 [000]"
    assert not air_boxes.interception(
        alert_turn=False, fighter=True, box=None, listed_range=7, distance=5, patrol_from=4
    ).allowed


def test_J38_the_001_air_surprise_eliminates_one_soviet_unit_per_two_german() -> None:
    service = RefereeService.create(
        ":memory:",
        CreateCampaign(scenario="revised-europa/barbarossa", name="001", ruleset="europa-001"),
        clock=TickingClock(),
    )
    try:
        entry = service.execute_json({"kind": "ResolveAirSurprise001", "german_units": 17})
        assert entry["ruling"]["summary"] == "air surprise (001): 17 German air units → 8 Soviet air unit(s) eliminated"
        refused(service, {"kind": "ResolveAirSurprise001", "german_units": 4, "eliminated": ["x"]}, r"2 Soviet air")
    finally:
        service.close()
    plain = campaign()
    try:
        refused(plain, {"kind": "ResolveAirSurprise001", "german_units": 4}, r"option air_units=001 \(J-38\)")
    finally:
        plain.close()
