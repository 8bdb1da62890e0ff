"""Issue 29: positions the referee reads off the board and the book rules on. The Soviet set-up
against A-36 [000]; the 001 Supply phase's out-of-supply markers (A-19 [001]); last turn's
interdiction zones and rail breaks removed in the placing side's Initial phase (A-11, L-08 [000]).
Refusals leave the store unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError
from referee.europa.map_facts import table_checks
from referee.service import RefereeService
from tests.referee.europa.europa_support import texts
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock, refused


def campaign(ruleset: str | None = None) -> RefereeService:
    create = CreateCampaign(scenario="revised-europa/barbarossa", name="t", **({"ruleset": ruleset} if ruleset else {}))
    return RefereeService.create(":memory:", create, clock=TickingClock())


def fact(service: RefereeService, name: str, subject: str, value: str) -> None:
    service.execute_json({"kind": "StateFact", "fact": name, "subject": subject, "value": value})


SET_UP: dict[str, Any] = {
    "kind": "CheckSovietSetUp",
    "units": [
        {"label": "5th Army", "force": "army", "hex": "2715", "from_border": 0},
        {"label": "6th Army", "force": "army", "hex": "2815"},
        {"label": "4th Mech Corps", "force": "mechanized_corps", "hex": "3020", "from_border": 4},
        {"label": "NKVD bde", "force": "other", "hex": "3530"},
    ],
}


def test_A36_the_soviet_set_up_reads_the_stated_distances_and_refuses_a_unit_out_of_place(
    barbarossa: RefereeService,
) -> None:
    fact(barbarossa, "hexes_from_border", "2815", "1")
    refused(barbarossa, SET_UP, r"give the border hexes outside every Soviet ZOC")
    fact(barbarossa, "border_hexes_outside_zoc", "border", "0")
    entry = barbarossa.execute_json(SET_UP)
    assert entry["ruling"]["summary"] == "Soviet set-up: 3 unit(s) placed as A-36 requires"
    assert any(text.startswith("hexes_from_border of 2815 = 1, stated at #") for text in texts(entry))
    assert (
        "4th Mech Corps at 3020, 4 hex(es) from the border: a Mechanized Corps: 3 to 5 hexes from the border — in place"
    ) in texts(entry)
    assert "every border hex is in a Soviet ZOC" in texts(entry)
    close = {**SET_UP, "units": [{**SET_UP["units"][2], "from_border": 2}]}
    refused(barbarossa, close, r"4th Mech Corps at 3020 is 2 hex\(es\) from the border \(a Mechanized Corps")
    deep = {**SET_UP, "units": [{**SET_UP["units"][0], "from_border": 2}], "border_hexes_outside_zoc": 1}
    refused(barbarossa, deep, r"5th Army at 2715 is 2 hex\(es\).*; 1 border hex\(es\) are outside every Soviet ZOC")
    at_phase(barbarossa, "Jun II 1941", "Axis", "Initial")
    refused(barbarossa, SET_UP, r"checked before the surprise turn \(A-36 \[000\]\); it is Jun II 1941")


def test_A36_units_out_of_place_are_named_together() -> None:
    placed = [
        table_checks.Placed("a", "army", "1", 3),
        table_checks.Placed("m", "mechanized_corps", "2", 6),
    ]
    with pytest.raises(IllegalOrderError, match=r"a at 1 is 3 hex\(es\).*; m at 2 is 6 hex\(es\)"):
        table_checks.soviet_set_up(placed, 0)


@pytest.mark.parametrize(
    ("marked", "traces", "after", "isolated"),
    [
        (True, "none", True, True),
        (True, "too_long", True, False),
        (True, "supply", False, False),
        (False, "none", True, False),
        (False, "supply", False, False),
    ],
)
def test_A19_each_units_fate_in_the_001_supply_phase(marked: bool, traces: str, after: bool, isolated: bool) -> None:
    fate = table_checks.supply_phase_001("u", marked=marked, traces=traces)
    assert (fate.marked_after, fate.isolated) == (after, isolated)


def test_A19_the_001_supply_phase_keeps_the_markers_and_names_the_isolated() -> None:
    service = campaign("europa-001")
    try:
        refused(
            service,
            {"kind": "ResolveSupplyPhase", "side": "Axis", "units": [{"unit": "x", "traces": "none"}]},
            "Supply",
        )
        at_phase(service, "Jun II 1941", "Axis", "Supply")
        fact(service, "out_of_supply", "3 Pz", "yes")
        fact(service, "out_of_supply", "12 Inf", "yes")
        entry = service.execute_json(
            {
                "kind": "ResolveSupplyPhase",
                "side": "Axis",
                "units": [
                    {"unit": "3 Pz", "traces": "none"},
                    {"unit": "12 Inf", "traces": "supply"},
                    {"unit": "7 Pz", "traces": "too_long"},
                ],
            }
        )
        assert entry["ruling"]["summary"] == (
            "Axis Supply phase: 1 marked out of supply; 1 marker(s) removed; Isolated, roll isolation attrition: 3 Pz"
        )
        assert "7 Pz: newly out of supply, marked; no isolation attrition until the next game turn" in texts(entry)
        facts = service.state().table.facts
        assert (facts["out_of_supply:3 Pz"].value, facts["out_of_supply:12 Inf"].value) == ("yes", "no")
        assert facts["out_of_supply:7 Pz"].value == "yes"
        refused(
            service,
            {"kind": "ResolveSupplyPhase", "side": "Axis", "units": [{"unit": "a", "traces": "none"}] * 2},
            "listed twice",
        )
    finally:
        service.close()


def test_A11_L08_the_placing_sides_zones_and_breaks_come_off_in_its_initial_phase(barbarossa: RefereeService) -> None:
    for hex_ in ("2715", "2716"):
        fact(barbarossa, "interdiction_zone", hex_, "yes")
    fact(barbarossa, "interdiction_zone", "4010", "yes")
    fact(barbarossa, "rail_cut", "2715", "yes")
    command = {"kind": "RemoveInterdictionZones", "side": "Axis", "zones": ["2715", "2716"], "rail_breaks": ["2715"]}
    refused(barbarossa, command, r"removing last turn's interdiction zones happens in the Axis Initial phase")
    at_phase(barbarossa, "Jun II 1941", "Axis", "Initial")
    refused(barbarossa, {**command, "zones": ["2715", "9999"]}, r"no interdiction zone or rail break is stated at 9999")
    entry = barbarossa.execute_json(command)
    assert entry["ruling"]["summary"] == "Axis: 2 interdiction zone hex(es), 1 rail break(s) removed"
    facts = barbarossa.state().table.facts
    assert [facts[f"interdiction_zone:{hex_}"].value for hex_ in ("2715", "2716", "4010")] == ["no", "no", "yes"]
    assert facts["rail_cut:2715"].value == "no"
    traced = barbarossa.execute_json(
        {
            "kind": "TraceSupply",
            "side": "Axis",
            "unit": "3 Pz",
            "zone": "B",
            "links": [{"link": "overland", "hexes": ["2715"]}],
        }
    )
    assert "interdiction_zone of 2715 = no" in " ".join(texts(traced))
