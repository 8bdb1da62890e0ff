"""Revised Europa logistics through the referee service: one entry per command, refusals clean."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from referee.common.errors import IllegalOrderError, RulesError
from referee.service import RefereeService
from tests.referee.europa.europa_support import panzer_division

MakeService = Callable[..., RefereeService]


def at_phase(service: RefereeService, label: str, player: str, phase: str) -> None:
    """Advance (taking SP income where required) until the calendar shows the position."""
    for _ in range(1000):
        calendar = service.state().table.calendar
        if (calendar.label, calendar.player, calendar.phase) == (label, player, phase):
            return
        if calendar.phase == "Initial" and f"sp_income:{calendar.player}" not in calendar.steps_done:
            service.execute_json({"kind": "ReceiveSupplyIncome", "side": calendar.player})
        service.execute_json({"kind": "AdvancePhase"})
    raise AssertionError(f"never reached {label} {player} {phase}")


def test_I23_surprise_special_sp_spent_first_then_dropped_then_june_ii_income(europa: RefereeService) -> None:
    """I-23 / B-28 [000]: 80 special SP, not carried over; then +100; German stockpile 200 = cap."""
    pool = europa.state().supply_pools["Axis"]
    assert (pool.stockpile, pool.special) == (100, 80)
    at_phase(europa, "Surprise turn 1941", "Axis", "Combat")
    entry = europa.execute_json({"kind": "PayAttackSupply", "side": "Axis", "stacks": [2, 3]})
    assert entry["events"][0]["from_special"] == 3
    europa.execute_json({"kind": "PayArtillerySupply", "side": "Axis", "combats": 4})
    assert europa.state().supply_pools["Axis"].special == 73
    europa.execute_json({"kind": "AdvancePhase"})  # surprise turn over
    pool = europa.state().supply_pools["Axis"]
    assert (pool.stockpile, pool.special) == (100, 0)
    europa.execute_json({"kind": "ReceiveSupplyIncome", "side": "Axis"})
    europa.execute_json({"kind": "AdvancePhase"})
    pool = europa.state().supply_pools["Axis"]
    assert (pool.stockpile, pool.cap, pool.income) == (200, 200, 100)


def test_I24_soviet_excess_over_the_cap_is_lost_at_the_end_of_the_initial_phase(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    europa.execute_json({"kind": "ReceiveSupplyIncome", "side": "Soviet"})
    assert europa.state().supply_pools["Soviet"].stockpile == 135
    entry = europa.execute_json({"kind": "AdvancePhase"})
    assert any(event["type"] == "SupplyCapApplied" and event["lost"] == 15 for event in entry["events"])
    assert europa.state().supply_pools["Soviet"].stockpile == 120


def test_I24_converting_the_excess_to_resource_points_first(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    europa.execute_json({"kind": "ReceiveSupplyIncome", "side": "Soviet"})
    europa.execute_json({"kind": "BuyResourcePoints", "side": "Soviet", "count": 5, "location": "USSR"})
    entry = europa.execute_json({"kind": "AdvancePhase"})
    assert not any(event["type"] == "SupplyCapApplied" for event in entry["events"])
    state = europa.state()
    assert state.supply_pools["Soviet"].stockpile == 120
    assert state.resource_points["Soviet"].stock["USSR"] == 30


def test_the_initial_phase_cannot_be_left_without_the_sp_income(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    with pytest.raises(IllegalOrderError, match="SP income of the phasing side for Axis has not been recorded"):
        europa.execute_json({"kind": "AdvancePhase"})
    europa.execute_json({"kind": "ReceiveSupplyIncome", "side": "Axis"})
    with pytest.raises(IllegalOrderError, match="already received its SP income in Jun II 1941"):
        europa.execute_json({"kind": "ReceiveSupplyIncome", "side": "Axis"})


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (
            {"kind": "ActivateMechanized", "side": "Axis", "cm_divisions": 3},
            "c/m activation .* happens in the Axis Movement or Exploitation phase",
        ),
        (
            {"kind": "BuyResourcePoints", "side": "Axis", "count": 1, "location": "Poland"},
            "buying Resource Points happens in the Axis Initial phase",
        ),
        (
            {"kind": "SellResourcePoints", "side": "Axis", "count": 1, "location": "Poland", "rail_connected": True},
            "exchanging Resource Points for SP happens in the Axis Initial phase",
        ),
        (
            {"kind": "CreditReplacementPoints", "nation": "Narnia", "type": "infantry", "amount": 3, "reason": "x"},
            "no nation 'Narnia'",
        ),
        ({"kind": "ReceiveReplacements", "nation": "Atlantis"}, "no nation 'Atlantis'"),
    ],
)
def test_wrong_phase_and_unknown_nations_are_refused_and_change_nothing(
    europa: RefereeService, command: dict[str, object], message: str
) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    before, head = europa.state().to_json(), europa.head()
    with pytest.raises(RulesError, match=message):
        europa.execute_json(command)
    assert (europa.state().to_json(), europa.head()) == (before, head)


def test_overspending_is_refused_in_table_language_and_unpaid_is_recorded(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Movement")
    with pytest.raises(IllegalOrderError, match="Axis SP pool holds 200; this c/m activation \\(Movement\\) costs 250"):
        europa.execute_json({"kind": "ActivateMechanized", "side": "Axis", "cm_divisions": 250})
    entry = europa.execute_json(
        {"kind": "ActivateMechanized", "side": "Axis", "cm_divisions": 2, "unpaid": True, "units": ["7 Pz", "12 Pz"]}
    )
    assert entry["events"][0]["type"] == "UnsuppliedActivityRecorded"
    assert "1/2 MA, 1/2 AF, no exploitation" in entry["ruling"]["summary"]
    assert europa.state().supply_pools["Axis"].stockpile == 200


def test_resource_points_sale_needs_rail_and_rail_capacity_has_a_limit(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    with pytest.raises(IllegalOrderError, match="connected by rail to a friendly board edge"):
        europa.execute_json(
            {"kind": "SellResourcePoints", "side": "Axis", "count": 2, "location": "Poland", "rail_connected": False}
        )
    europa.execute_json(
        {"kind": "SellResourcePoints", "side": "Axis", "count": 2, "location": "Poland", "rail_connected": True}
    )
    assert europa.state().supply_pools["Axis"].stockpile == 104
    entry = europa.execute_json(
        {"kind": "BuyRailCapacity", "side": "Axis", "nation": "Germany", "resource_points": 2, "location": "Poland"}
    )
    assert "50 REs" in entry["ruling"]["summary"]
    with pytest.raises(
        IllegalOrderError, match="Germany may add at most 3 Resource Points of rail capacity a turn; 2 already"
    ):
        europa.execute_json(
            {"kind": "BuyRailCapacity", "side": "Axis", "nation": "Germany", "resource_points": 2, "location": "Poland"}
        )
    europa.execute_json({"kind": "ReceiveResourceIncome", "side": "Axis"})
    assert europa.state().resource_points["Axis"].stock == {"Poland": 28, "Romania": 5, "North": 4}


def test_pending_replacements_arrive_the_following_game_turn(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Soviet", "Combat")
    europa.execute_json(
        {"kind": "CreditBreakoutReplacements", "nation": "USSR", "total_strength": 20, "modified_roll": 4}
    )
    europa.execute_json({"kind": "CreditExcessLossReplacements", "nation": "USSR", "required": 2, "removed": 4})
    track = europa.state().replacement_tracks["USSR"]
    assert track.points["infantry"] == 0 and sum(item.amount for item in track.pending) == 10
    at_phase(europa, "Jul I 1941", "Axis", "Initial")
    assert europa.state().replacement_tracks["USSR"].points["infantry"] == 10


def test_soviet_regular_replacements_from_aug_i_1941(europa: RefereeService) -> None:
    at_phase(europa, "Jul I 1941", "Soviet", "Initial")
    with pytest.raises(IllegalOrderError, match="regular Soviet replacements start in Aug I 1941"):
        europa.execute_json({"kind": "ReceiveReplacements", "nation": "USSR"})
    europa.execute_json({"kind": "SetCityStatus", "city": "Riga", "status": "axis"})
    europa.execute_json({"kind": "SetCityStatus", "city": "Minsk", "status": "besieged"})
    at_phase(europa, "Aug I 1941", "Soviet", "Initial")
    entry = europa.execute_json({"kind": "ReceiveReplacements", "nation": "USSR"})
    points = europa.state().replacement_tracks["USSR"].points
    assert points == {"infantry": 56 - 2, "armor": 18, "artillery": 9}  # Riga lost; 9 factories (000b)
    assert any("Riga 2: lost to the Axis" in step["text"] for step in entry["ruling"]["steps"])


@pytest.mark.parametrize(("reading", "received"), [("reevaluate", 100), ("one_way", 95)])
def test_J13_siege_persistence_both_readings(reading: str, received: int) -> None:
    """J-13: Kiev besieged, then relieved: counted no more (default) or for good (one_way)."""
    from tests.referee.europa.europa_support import in_memory

    service = in_memory(reading, options={"siege_persistence": reading})
    try:
        at_phase(service, "Jun II 1941", "Axis", "Initial")
        service.execute_json({"kind": "SetCityStatus", "city": "Kiev", "status": "besieged"})
        service.execute_json({"kind": "SetCityStatus", "city": "Kiev", "status": "soviet"})
        assert service.execute_json({"kind": "ReceiveSupplyIncome", "side": "Axis"})["events"][0]["amount"] == received
    finally:
        service.close()


def test_unknown_options_are_refused() -> None:
    from referee.commands import CreateCampaign
    from referee.common.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="option weather_rounding has readings reduction_up, received_up"):
        RefereeService.create(
            ":memory:",
            CreateCampaign(scenario="revised-europa/barbarossa", name="x", options={"weather_rounding": "sideways"}),
        )


def test_disbanding_prewar_armor_only_in_april_ii_1942(europa: RefereeService) -> None:
    europa.execute_json(
        {
            "kind": "RegisterUnit",
            "side": "Soviet",
            "unit_id": "22TD",
            "name": "22nd Tank Division",
            "nation": "USSR",
            "type": "armor",
            "size": "division",
            "attack": 5,
            "defense": 4,
        }
    )
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    with pytest.raises(IllegalOrderError, match="disbanded in Apr II 1942"):
        europa.execute_json({"kind": "DisbandPrewarArmor", "side": "Soviet", "unit_ids": ["22TD"]})


def test_rebuilding_a_cadre_costs_the_provisional_chart_and_fragile_divisions_cannot(europa: RefereeService) -> None:
    europa.execute_json(panzer_division())
    europa.execute_json(
        {
            "kind": "RegisterUnit",
            "side": "Soviet",
            "unit_id": "1rd",
            "name": "1st Rifle",
            "nation": "USSR",
            "type": "infantry",
            "size": "division",
            "attack": 4,
            "defense": 6,
            "cadre_attack": 1,
            "ratings": {"fragile": "yes"},
        }
    )
    europa.execute_json({"kind": "SetUnitStatus", "side": "Axis", "unit_id": "7pz", "status": "cadre"})
    europa.execute_json({"kind": "SetUnitStatus", "side": "Soviet", "unit_id": "1rd", "status": "cadre"})
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    with pytest.raises(IllegalOrderError, match="Germany holds 0 armor RP; rebuilding 7th Panzer needs 3"):
        europa.execute_json({"kind": "RebuildUnit", "side": "Axis", "unit_id": "7pz"})
    europa.execute_json(
        {"kind": "CreditReplacementPoints", "nation": "Germany", "type": "armor", "amount": 3, "reason": "chart"}
    )
    europa.execute_json(
        {"kind": "CreditReplacementPoints", "nation": "Germany", "type": "infantry", "amount": 5, "reason": "chart"}
    )
    europa.execute_json({"kind": "RebuildUnit", "side": "Axis", "unit_id": "7pz"})
    state = europa.state()
    assert state.rosters["Axis"].units["7pz"].status == "full"
    assert state.replacement_tracks["Germany"].points == {"infantry": 2, "armor": 0, "artillery": 0}
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    with pytest.raises(IllegalOrderError, match="fragile division"):
        europa.execute_json({"kind": "RebuildUnit", "side": "Soviet", "unit_id": "1rd"})


@pytest.mark.parametrize(("reading", "accepted"), [("halved", True), ("forbidden", False)])
def test_J07_unpaid_attacks_both_readings(reading: str, accepted: bool) -> None:
    from tests.referee.europa.europa_support import in_memory

    service = in_memory(reading, options={"unpaid_attack": reading})
    try:
        at_phase(service, "Jun II 1941", "Axis", "Combat")
        command = {"kind": "PayAttackSupply", "side": "Axis", "stacks": [2], "unpaid": True}
        if accepted:
            assert "attack at half strength" in service.execute_json(command)["ruling"]["summary"]
        else:
            with pytest.raises(IllegalOrderError, match="may not attack unpaid"):
                service.execute_json(command)
    finally:
        service.close()


def test_C60_C61_disbanding_in_april_ii_1942_and_the_armor_restriction_after() -> None:
    from referee.commands import CreateCampaign

    from support import TickingClock

    service = RefereeService.create(
        ":memory:", CreateCampaign(scenario="revised-europa/barbarossa", name="1942"), clock=TickingClock()
    )
    try:
        for unit_id, size, attack in (("22TD", "division", 5), ("8MD", "division", 6), ("1TC", "corps", 6)):
            service.execute_json(
                {
                    "kind": "RegisterUnit",
                    "side": "Soviet",
                    "unit_id": unit_id,
                    "name": unit_id,
                    "nation": "USSR",
                    "type": "armor",
                    "size": size,
                    "attack": attack,
                    "defense": 4,
                    "cadre_attack": 2,
                }
            )
        at_phase(service, "Apr II 1942", "Soviet", "Initial")
        entry = service.execute_json({"kind": "DisbandPrewarArmor", "side": "Soviet", "unit_ids": ["22TD", "8MD"]})
        assert entry["events"][-1] == {
            **entry["events"][-1],
            "type": "ReplacementsPending",
            "kind": "armor",
            "amount": 11,
            "available_turn": 22,
        }
        service.execute_json({"kind": "SetUnitStatus", "side": "Soviet", "unit_id": "1TC", "status": "eliminated"})
        at_phase(service, "May I 1942", "Soviet", "Initial")
        assert service.state().replacement_tracks["USSR"].points["armor"] >= 11
        service.execute_json(
            {"kind": "ReturnCadre", "side": "Soviet", "unit_id": "1TC", "location": "Moskva"}
        )  # a corps: allowed
        with pytest.raises(IllegalOrderError, match="only be used on armor brigades, tank and mech corps"):
            service.execute_json({"kind": "ReturnCadre", "side": "Soviet", "unit_id": "22TD"})
    finally:
        service.close()


def test_construction_costs_one_resource_point(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    europa.execute_json(
        {
            "kind": "SpendResourcePoints",
            "side": "Soviet",
            "purpose": "fort",
            "count": 2,
            "location": "USSR",
            "site": "Kiev",
        }
    )
    assert europa.state().resource_points["Soviet"].stock["USSR"] == 23


def test_air_supply_shows_each_types_rounding(europa: RefereeService) -> None:
    """B-30 [000], J-08 (issue 12): the derivation shows how each type was rounded, not a pooled
    sum beside a per-type answer ("1/3 + 1/2 = 5/6 -> 2")."""
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    entry = europa.execute_json({"kind": "PayAirSupply", "side": "Axis", "fighters": 1, "others": 1})
    text = entry["ruling"]["steps"][0]["text"]
    assert text.startswith("1 fighters/3 = 1/3 → 1; 1 others/2 = 1/2 → 1: 2 SP (each type rounded up)")
    assert "5/6" not in text


def test_an_advance_that_takes_something_away_is_named_before_it_is_recorded(europa: RefereeService) -> None:
    """A-32, B-28 [000]: ending the surprise turn drops the unspent special SP; the service says so
    (the console asks), and an advance that takes nothing says nothing; neither records anything."""
    advance = {"kind": "AdvancePhase"}
    assert europa.what_it_takes_away(advance) is None  # Air → Movement
    at_phase(europa, "Surprise turn 1941", "Axis", "Combat")
    head = europa.head()
    taking = europa.what_it_takes_away(advance)
    assert taking is not None and any("80 unspent special SP dropped" in step.text for step in taking.steps)
    assert europa.head() == head
