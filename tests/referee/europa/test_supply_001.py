"""The Revised Europa 001 SP model (option sp_model=001, ruleset europa-001): RULES.md B.8
(B-60..B-68), A-33, I-25, and J-23..J-25 (a 000 campaign keeps the 000 figures)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError
from referee.common.scenario import load_scenario
from referee.europa.common.context import pinned_000_sp_note
from referee.europa.common.setup import logistics_of_scenario
from referee.europa.logistics import supply_001
from referee.europa.logistics.supply_handlers import sp_001
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase

from support import TickingClock, refused

LOGISTICS = logistics_of_scenario(load_scenario("revised-europa/barbarossa").scenario)
assert LOGISTICS is not None and LOGISTICS.sp_001 is not None
MODEL = LOGISTICS.sp_001
CLEAR = dict.fromkeys("ABCDG", "Clear")


def campaign(tmp_path: Path, ruleset: str) -> RefereeService:
    return RefereeService.create(
        str(tmp_path / f"{ruleset}.db"),
        CreateCampaign(scenario="revised-europa/barbarossa", name=ruleset, ruleset=ruleset),
        clock=TickingClock(),
    )


@pytest.fixture
def e001(tmp_path: Path) -> Iterator[RefereeService]:
    """A Barbarossa campaign under the earlier Revised Europa rules (europa-001: sp_model 001)."""
    service = campaign(tmp_path, "europa-001")
    yield service
    service.close()


@pytest.fixture
def e000(tmp_path: Path) -> Iterator[RefereeService]:
    """The same scenario under europa-000 (sp_model 000), for the J.2 contrasts."""
    service = campaign(tmp_path, "europa-000")
    yield service
    service.close()


def pool(service: RefereeService, side: str) -> tuple[int, int, int | None, int, int]:
    found = service.state().supply_pools[side]
    return found.stockpile, found.income, found.cap, found.special, found.zone


def run(service: RefereeService, **command: Any) -> dict[str, Any]:
    return service.execute_json(command)


# B-61, B-63, B-64, A-33, B-68: the opening --------------------------------------------------------


def test_B61_B63_B64_A33_opening_stockpiles_120_and_160_special_160_no_cap(e001: RefereeService) -> None:
    """B-61, B-63 [001]: German stockpile 120, Soviet 160; A-33, B-64: 160 special SP; B-68: no cap."""
    assert e001.state().identity.options["sp_model"] == "001"
    assert pool(e001, "Axis") == (120, 200, None, 160, 1)
    assert pool(e001, "Soviet") == (160, 120, None, 0, 1)


def test_B61_B64_german_turn_1_income_200_after_the_surprise_turn(e001: RefereeService) -> None:
    """B-64 [001]: the special SP serve the surprise turn (spent first), then the regular 200."""
    at_phase(e001, "Surprise turn 1941", "Axis", "Combat")
    entry = run(e001, kind="PayAttackSupply", side="Axis", stacks=[2, 3])
    assert entry["events"][0]["from_special"] == 5  # B-66: 1 SP per attacking division
    assert pool(e001, "Axis")[3] == 155
    run(e001, kind="AdvancePhase")
    assert pool(e001, "Axis")[:4] == (120, 200, None, 0)
    entry = run(e001, kind="ReceiveSupplyIncome", side="Axis")
    assert "Axis receives 200 SP (stockpile 320, no cap)" in entry["ruling"]["summary"]
    assert pool(e001, "Axis")[:3] == (320, 200, None)


# B-60, B-62, I-25: supply zones and the German stockpile cuts ---------------------------------------


def test_I25_entering_zone_2_cuts_the_german_stockpile_by_20_percent(e001: RefereeService) -> None:
    """I-25 / B-62 [001]: 120 unspent → −24 → 96; the zone-2 rate is 160 from the next income."""
    entry = run(e001, kind="EnterSupplyZone", side="Axis", zone=2, reason="within 2 hexes of Kiev")
    event = entry["events"][0]
    assert (event["type"], event["zone"], event["cut"]) == ("SupplyZoneEntered", 2, 24)
    assert entry["ruling"]["summary"] == "Axis enters supply zone 2; stockpile 120 − 24 = 96"
    assert pool(e001, "Axis")[0] == 96 and pool(e001, "Axis")[4] == 2
    assert pool(e001, "Axis")[3] == 160  # the special SP are not the stockpile


def test_I25_entering_zone_3_cuts_a_further_25_percent(e001: RefereeService) -> None:
    """I-25 / B-62 [001]: 120 → 96 (zone 2) → −24 → 72 (zone 3)."""
    run(e001, kind="EnterSupplyZone", side="Axis", zone=2, reason="Minsk")
    entry = run(e001, kind="EnterSupplyZone", side="Axis", zone=3, reason="beyond Rostov-Voronezh-Tula")
    assert entry["events"][0]["cut"] == 24
    assert pool(e001, "Axis")[0] == 72 and pool(e001, "Axis")[4] == 3


def test_I25_entering_zone_4_cuts_33_percent_rounded_down(e001: RefereeService) -> None:
    """I-25 / B-62 [001]: 72 → 33% = 23.76 → −23 (the side keeps the fraction) → 49."""
    run(e001, kind="EnterSupplyZone", side="Axis", zone=2, reason="Riga")
    run(e001, kind="EnterSupplyZone", side="Axis", zone=3, reason="Moscow")
    entry = run(e001, kind="EnterSupplyZone", side="Axis", zone=4, reason="Stalingrad")
    assert entry["events"][0]["cut"] == 23
    assert "23.76 → −23 (rounded down" in str(entry["ruling"]["steps"])
    assert pool(e001, "Axis")[0] == 49 and pool(e001, "Axis")[4] == 4


def test_I25_a_jump_over_a_zone_applies_each_cut_in_turn() -> None:
    """B-62 [001]: 1 → 3 crosses two lines: 120 −20% = 96, then −25% = 72 (not −45% of 120)."""
    assert supply_001.zone_cut(MODEL, "Axis", 120, 1, 3).cut == 48
    assert supply_001.zone_cut(MODEL, "Axis", 101, 1, 2).cut == 20  # 20.2 → 20


def test_B60_zones_only_go_up_and_a_refusal_changes_nothing(e001: RefereeService) -> None:
    run(e001, kind="EnterSupplyZone", side="Axis", zone=3, reason="Leningrad")
    refused(e001, {"kind": "EnterSupplyZone", "side": "Axis", "zone": 2, "reason": "x"}, "zones only go up")
    refused(e001, {"kind": "EnterSupplyZone", "side": "Axis", "zone": 3, "reason": "x"}, "already in supply zone 3")


def test_B63_the_soviet_stockpile_is_never_cut_on_a_zone_change(e001: RefereeService) -> None:
    entry = run(e001, kind="EnterSupplyZone", side="Soviet", zone=2, reason="front past line 1")
    assert entry["events"][0]["cut"] == 0
    assert pool(e001, "Soviet")[0] == 160 and pool(e001, "Soviet")[4] == 2


# B-61, B-63: rates by zone and the Soviet lend lease --------------------------------------------------


@pytest.mark.parametrize(("zone", "axis", "soviet"), [(1, 200, 120), (2, 160, 160), (3, 120, 120), (4, 80, 80)])
def test_B61_B63_rates_by_supply_zone(zone: int, axis: int, soviet: int) -> None:
    """B-61 [001]: German 200-160-120-80; B-63: Soviet 120-160-120-80 (no lend lease before May I 1942)."""
    rates = [
        supply_001.sp_income(side, MODEL, zone=zone, turn=1, weather=CLEAR, zones=["B", "C"], rounding="reduction_up")
        for side in ("Axis", "Soviet")
    ]
    assert [income.received for income in rates] == [axis, soviet]


@pytest.mark.parametrize(("turn", "lend_lease"), [(21, 0), (22, 40), (49, 40), (50, 80), (60, 80)])
def test_B63_soviet_lend_lease_40_from_may_I_1942_and_40_more_from_july_I_1943(turn: int, lend_lease: int) -> None:
    """B-63 [001], A-04: May I 1942 = turn 22, July I 1943 = turn 50; the Axis gets none."""
    soviet = supply_001.sp_income(
        "Soviet", MODEL, zone=2, turn=turn, weather=CLEAR, zones=["B", "C"], rounding="reduction_up"
    )
    assert (soviet.lend_lease, soviet.received) == (lend_lease, 160 + lend_lease)
    axis = supply_001.sp_income("Axis", MODEL, zone=2, turn=turn, weather=CLEAR, zones=["B", "C"], rounding="x")
    assert axis.received == 160


def test_B63_soviet_income_in_its_zone_through_the_referee(e001: RefereeService) -> None:
    at_phase(e001, "Jun II 1941", "Soviet", "Initial")
    run(e001, kind="EnterSupplyZone", side="Soviet", zone=2, reason="Kiev besieged")
    entry = run(e001, kind="ReceiveSupplyIncome", side="Soviet")
    assert entry["events"][0]["amount"] == 160 and entry["events"][0]["cap"] is None
    assert pool(e001, "Soviet")[:3] == (320, 160, None)


# B-65: weather ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("condition", "received"), [("Clear", 200), ("Frost", 180), ("Snow", 160), ("Mud", 140)])
def test_B65_weather_cuts_income_frost_10_snow_20_mud_30(e001: RefereeService, condition: str, received: int) -> None:
    """B-65 [001]: −10% Frost, −20% Snow, −30% Mud; one bad supply zone (B) is enough (worst counts)."""
    at_phase(e001, "Jun II 1941", "Axis", "Initial")
    run(e001, kind="SetWeather", zone="B", condition=condition)
    entry = run(e001, kind="ReceiveSupplyIncome", side="Axis")
    assert entry["events"][0]["amount"] == received
    assert pool(e001, "Axis")[0] == 120 + received


def test_B65_the_worst_supply_weather_counts_and_rounding_follows_weather_rounding() -> None:
    """B-65 [001]: B Frost and C Mud → Mud's 30%. 125 in Frost: 12.5 → 13 (reduction_up) or 12 (received_up)."""
    weather = {**CLEAR, "B": "Frost", "C": "Mud"}
    assert supply_001.weather_cut(200, weather, ["B", "C"], MODEL, "reduction_up")[0] == 60
    frost = {**CLEAR, "B": "Frost"}
    assert supply_001.weather_cut(125, frost, ["B", "C"], MODEL, "reduction_up")[0] == 13
    assert supply_001.weather_cut(125, frost, ["B", "C"], MODEL, "received_up")[0] == 12
    assert supply_001.weather_cut(125, {**CLEAR, "A": "Mud"}, ["B", "C"], MODEL, "reduction_up")[0] == 0


# B-66: costs --------------------------------------------------------------------------------------


def test_B66_mechanized_pay_once_a_turn_for_both_movement_phases(e001: RefereeService) -> None:
    """B-66 [001]: 2 mechanized + 1 motorized = 2.5 → 3 SP; the same divisions in Exploitation pay nothing more."""
    at_phase(e001, "Jun II 1941", "Axis", "Movement")
    units = ["7 Pz", "12 Pz", "20 Mot"]
    entry = run(e001, kind="ActivateMechanized", side="Axis", cm_divisions=2, motorized=1, units=units)
    assert entry["events"][0]["from_stockpile"] == 3
    assert pool(e001, "Axis")[0] == 317
    at_phase(e001, "Jun II 1941", "Axis", "Exploitation")
    refused(
        e001,
        {"kind": "ActivateMechanized", "side": "Axis", "cm_divisions": 1, "units": ["7 PZ"]},
        "7 PZ already paid for this game turn's movement: under 001 that 1 SP covers the Movement and "
        "Exploitation phases \\(B-66 \\[001\\]\\)",
    )
    run(e001, kind="ActivateMechanized", side="Axis", cm_divisions=1, units=["3 Pz"])  # did not move before
    assert pool(e001, "Axis")[0] == 316


def test_B66_mechanized_divisions_must_be_named_and_guards_cavalry_is_a_000_rate(e001: RefereeService) -> None:
    at_phase(e001, "Jun II 1941", "Axis", "Movement")
    refused(e001, {"kind": "ActivateMechanized", "side": "Axis", "cm_divisions": 2}, "name the 2 division")
    refused(
        e001,
        {"kind": "ActivateMechanized", "side": "Axis", "exploiting_cavalry": 1, "units": ["1 GCC"]},
        "B-33 \\[000\\]",
    )


def test_B66_every_attacking_division_pays_1_minor_and_security_1_per_2(e001: RefereeService) -> None:
    """B-66 [001]: stacks of 2 and 3 → 5 SP; with 3 of them Axis minor or security → 2 + 1.5 → 4."""
    at_phase(e001, "Jun II 1941", "Axis", "Combat")
    assert run(e001, kind="PayAttackSupply", side="Axis", stacks=[2, 3])["events"][0]["from_stockpile"] == 5
    entry = run(e001, kind="PayAttackSupply", side="Axis", stacks=[2, 3], minor_divisions=3, override="second wave")
    assert entry["events"][0]["from_stockpile"] == 4
    assert pool(e001, "Axis")[0] == 320 - 9


def test_B66_artillery_1_per_combat_and_overrun_1_per_division(e001: RefereeService) -> None:
    at_phase(e001, "Jun II 1941", "Axis", "Movement")
    assert run(e001, kind="PayOverrunSupply", side="Axis", divisions=3)["events"][0]["from_stockpile"] == 3
    at_phase(e001, "Jun II 1941", "Axis", "Combat")
    assert run(e001, kind="PayArtillerySupply", side="Axis", combats=2)["events"][0]["from_stockpile"] == 2
    assert pool(e001, "Axis")[0] == 315


@pytest.mark.parametrize(
    ("fighters", "others", "transports", "cost"), [(1, 0, 0, 0), (1, 1, 0, 1), (3, 1, 0, 1), (2, 2, 1, 2)]
)
def test_B66_air_1_per_3_units_rounded_to_nearest(
    e001: RefereeService, fighters: int, others: int, transports: int, cost: int
) -> None:
    """B-66 [001], J-08: any 3 air units cost 1 SP, rounded to the nearest (1 → 0, 2 → 1, 4 → 1, 5 → 2)."""
    at_phase(e001, "Jun II 1941", "Axis", "Air")
    entry = run(e001, kind="PayAirSupply", side="Axis", fighters=fighters, others=others, transports=transports)
    assert pool(e001, "Axis")[0] == 320 - cost
    assert entry["events"][0]["from_stockpile"] == cost


# B-67: not paying ---------------------------------------------------------------------------------


def test_B67_an_unpaid_attack_may_not_be_made_and_the_store_is_unchanged(e001: RefereeService) -> None:
    at_phase(e001, "Jun II 1941", "Axis", "Combat")
    refused(
        e001,
        {"kind": "PayAttackSupply", "side": "Axis", "stacks": [2], "unpaid": True},
        "under the 001 SP model what is not paid may not be made: this attack is unpaid \\(B-67 \\[001\\]\\)",
    )
    refused(
        e001,
        {"kind": "PayAttackSupply", "side": "Axis", "stacks": [200, 200]},
        "Axis SP pool holds 320; this attack costs 400 \\(B-67 \\[001\\]: it may not be made\\)",
    )
    refused(e001, {"kind": "PayArtillerySupply", "side": "Axis", "unpaid": True}, "B-67 \\[001\\]")


def test_B67_an_unpaid_mechanized_division_moves_half_ma_and_may_not_attack(e001: RefereeService) -> None:
    """B-67 [001]: recorded in the Movement phase (no SP); in Exploitation it must pay or stay."""
    at_phase(e001, "Jun II 1941", "Axis", "Movement")
    entry = run(e001, kind="ActivateMechanized", side="Axis", cm_divisions=1, units=["7 Pz"], unpaid=True)
    assert entry["events"][0]["type"] == "UnsuppliedActivityRecorded"
    assert "moves 1/2 MA in the Movement phase and may not attack" in entry["ruling"]["summary"]
    assert pool(e001, "Axis")[0] == 320
    at_phase(e001, "Jun II 1941", "Axis", "Exploitation")
    refused(
        e001,
        {"kind": "ActivateMechanized", "side": "Axis", "cm_divisions": 1, "units": ["7 Pz"], "unpaid": True},
        "moves only in the Movement phase, at 1/2 MA \\(B-67 \\[001\\]\\)",
    )


# B-68: no cap, no Resource Point conversion -------------------------------------------------------


def test_B68_no_cap_at_the_end_of_the_initial_phase(e001: RefereeService) -> None:
    """B-68 [001]: Soviet 160 + 120 = 280, above 000's 2 × 120; nothing is lost."""
    at_phase(e001, "Jun II 1941", "Soviet", "Initial")
    run(e001, kind="ReceiveSupplyIncome", side="Soviet")
    entry = run(e001, kind="AdvancePhase")
    assert not any(event["type"] == "SupplyCapApplied" for event in entry["events"])
    assert pool(e001, "Soviet")[:3] == (280, 120, None)


def test_B68_no_conversion_between_sp_and_resource_points(e001: RefereeService) -> None:
    at_phase(e001, "Jun II 1941", "Axis", "Initial")
    refused(
        e001,
        {"kind": "BuyResourcePoints", "side": "Axis", "count": 1, "location": "Poland"},
        "buying Resource Points with SP: the 001 SP model has no conversion between SP and Resource Points "
        "\\(B-68 \\[001\\]\\)",
    )
    refused(
        e001,
        {"kind": "SellResourcePoints", "side": "Axis", "count": 1, "location": "Poland", "rail_connected": True},
        "B-68 \\[001\\]",
    )


# J-23..J-25: the same command, different results under 000 ------------------------------------------


def test_J23_a_000_campaign_keeps_the_000_opening_income_cap_and_has_no_zones(
    e000: RefereeService, e001: RefereeService
) -> None:
    """J-23: 000 stockpiles 100 / 75, surprise 80, cap 2×, income 100; 001 120 / 160, 160, no cap, 200."""
    assert pool(e000, "Axis") == (100, 100, 200, 80, 1)
    assert pool(e000, "Soviet") == (75, 60, 120, 0, 1)
    refused(e000, {"kind": "EnterSupplyZone", "side": "Axis", "zone": 2, "reason": "Kiev"}, "sp_model 000")
    for service, received in ((e000, 100), (e001, 200)):
        at_phase(service, "Jun II 1941", "Axis", "Initial")
        assert run(service, kind="ReceiveSupplyIncome", side="Axis")["events"][0]["amount"] == received
    at_phase(e000, "Jun II 1941", "Soviet", "Initial")
    run(e000, kind="ReceiveSupplyIncome", side="Soviet")
    assert any(event["type"] == "SupplyCapApplied" for event in run(e000, kind="AdvancePhase")["events"])


def test_J24_weather_000_frost_no_cut_mud_25_against_001_10_and_30(e000: RefereeService, e001: RefereeService) -> None:
    """J-24: Frost in B and C: 000 no cut (100), 001 −10% (180); Mud: 000 −25% (75), 001 −30% (140)."""
    for service in (e000, e001):
        at_phase(service, "Jun II 1941", "Axis", "Initial")
        for zone in ("B", "C"):
            run(service, kind="SetWeather", zone=zone, condition="Frost")
    assert run(e000, kind="ReceiveSupplyIncome", side="Axis")["events"][0]["amount"] == 100
    assert run(e001, kind="ReceiveSupplyIncome", side="Axis")["events"][0]["amount"] == 180
    mud = {**CLEAR, "B": "Mud", "C": "Mud"}
    assert supply_001.weather_cut(200, mud, ["B", "C"], MODEL, "reduction_up")[0] == 60


def test_J25_costs_and_not_paying_000_against_001(e000: RefereeService, e001: RefereeService) -> None:
    """J-25: stacks of 2 and 3 cost 1 + 2 = 3 under 000, 5 under 001; unpaid: halved (000), refused (001)."""
    for service in (e000, e001):
        at_phase(service, "Jun II 1941", "Axis", "Combat")
    assert run(e000, kind="PayAttackSupply", side="Axis", stacks=[2, 3])["events"][0]["from_stockpile"] == 3
    assert run(e001, kind="PayAttackSupply", side="Axis", stacks=[2, 3])["events"][0]["from_stockpile"] == 5
    unpaid = {"kind": "PayAttackSupply", "side": "Axis", "stacks": [1], "unpaid": True, "override": "other stack"}
    assert "half strength" in e000.execute_json(unpaid)["ruling"]["summary"]
    refused(e001, unpaid, "B-67 \\[001\\]")
    refused(e000, {**unpaid, "unpaid": False, "minor_divisions": 1}, "minor_divisions is a 001 rate")


def test_J23_a_campaign_pinned_before_sp_model_existed_plays_000(e001: RefereeService) -> None:
    """A campaign created before the option has no sp_model pinned: it reads 000 (opt_since)."""
    state = e001.state()
    assert sp_001(state) == MODEL
    options = {name: value for name, value in state.identity.options.items() if name != "sp_model"}
    older = state.model_copy(update={"identity": state.identity.model_copy(update={"options": options})})
    assert sp_001(older) is None
    note = pinned_000_sp_note(older)
    assert [step.rule for step in note] == ["J-23"] and "keeps the 000 SP rules" in note[0].text
    assert pinned_000_sp_note(state) == []


def test_B68_a_001_campaign_without_001_figures_is_refused(e001: RefereeService) -> None:
    """B-68 [001]: scenarios give the stocks and rates; none pinned → the 001 commands are refused."""
    state = e001.state()
    tables = {**state.identity.tables, "logistics": {**state.identity.tables["logistics"], "sp_001": None}}
    bare = state.model_copy(update={"identity": state.identity.model_copy(update={"tables": tables})})
    with pytest.raises(IllegalOrderError, match="no 001 stocks and rates \\(B-68 \\[001\\]\\)"):
        sp_001(bare)
