"""What the players read off the map and the referee rules on (RULES K-12): rail movement (L-07,
L-08; I-17, I-20), supply trace (D-100..D-102, D-108, J-09, J-10; I-18), movement costs (L-01,
L-03, L-04, D-91, D-95, A-15, A-16, A-31, A-34, B-46, B-48), stacking (D-09; I-26) and retreats
through enemy ZOCs (D-70, D-72, D-73, J-16), and the map commands' handlers (facts cited)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from referee.common.decision import Context
from referee.common.errors import IllegalOrderError
from referee.common.state import StatedFact
from referee.europa.common.state import EuropaState
from referee.europa.game import GAME
from referee.europa.map_facts import commands as mc
from referee.europa.map_facts import movement_costs as mv
from referee.europa.map_facts import rail, retreat, stacking, supply_trace
from referee.europa.map_facts.handlers import MAP_HANDLERS
from referee.service import RefereeService

T = supply_trace.TraceHex
Z = retreat.ZocHex


def link(kind: str, count: int, *, interdicted: int = 0, heavy: int = 0, depleted: bool = False) -> supply_trace.Link:
    """A link of ``count`` hexes, the first ``heavy`` heavy terrain, the last ``interdicted`` in a zone."""
    hexes = [T(terrain="forest" if n < heavy else "clear", interdicted=n >= count - interdicted) for n in range(count)]
    return supply_trace.Link(kind, tuple(hexes), depleted)


# L-08, L-07: rail -----------------------------------------------------------------------------------


def test_I17_rail_move_leaves_16_rail_hexes() -> None:
    """I-17 / L-08 [000]: MA 6 × 8 = 48; entrain 8, 8 hexes, a break 16: 32 used, 16 left (2 MP)."""
    move = rail.operational_rail(6, 8, 8, breaks=1)
    assert (move.allowance, move.used, move.left, move.mp_left) == (48, 32, 16, Fraction(2))
    assert [step.rule for step in move.steps] == ["L-08 [000]"] * 5
    after = rail.operational_rail(6, 8, 16, breaks=1, off_rail_mp=1)
    assert after.left == 0  # 8 more rail hexes, then 1 hex off the rail with the final MP
    with pytest.raises(IllegalOrderError, match="L-08"):
        rail.operational_rail(6, 8, 17, breaks=1, off_rail_mp=1)


def test_L08_strategic_rail_200_hexes_no_break() -> None:
    """L-08 [000]: strategic rail has 200 hexes and cannot cross a break."""
    assert "200" in rail.strategic_rail(200)[0].text
    with pytest.raises(IllegalOrderError, match="cannot cross a rail break"):
        rail.strategic_rail(10, breaks=1)
    with pytest.raises(IllegalOrderError, match="200"):
        rail.strategic_rail(201)


def test_I20_rail_engineer_regauges_6_hexes() -> None:
    """I-20 / L-07 [000]: a 0-6 rail engineer re-gauges 6 hexes a turn; J-41 (001) +1 MP each: 3."""
    assert rail.regauge(6).hexes == 6
    assert rail.regauge(6, rules="001").hexes == 3
    assert rail.regauge(6, movement="operational_rail").hexes == 0
    for movement in ("administrative", "strategic_rail"):
        with pytest.raises(IllegalOrderError, match="L-07"):
            rail.regauge(6, movement=movement)


# D-100..D-102, D-108, J-09, J-10: supply trace ------------------------------------------------------------


@pytest.mark.parametrize(
    ("weather", "overland", "truck"), [("Clear", 7, 4), ("Frost", 7, 4), ("Snow", 5, 3), ("Mud", 4, 2)]
)
def test_D100_trace_lengths_each_weather(weather: str, overland: int, truck: int) -> None:
    """D-100 [000]: overland/road 7-7-5-4, Truck 4-4-3-2 by weather; one hex more breaks the link."""
    assert supply_trace.link_limit("overland", weather)[0] == overland
    assert supply_trace.link_limit("road", weather)[0] == overland
    assert supply_trace.link_limit("truck", weather)[0] == truck
    assert supply_trace.trace_supply([link("overland", overland)], weather).in_supply
    assert not supply_trace.trace_supply([link("overland", overland + 1)], weather).in_supply
    assert supply_trace.trace_supply([link("truck", truck), link("overland", overland)], weather).in_supply


def test_I18_supply_trace_through_interdiction() -> None:
    """I-18 / D-101 [000]: in Clear through an interdiction zone, unit→Truck ≤ 3, unit/Truck→rail ≤ 6."""
    assert supply_trace.trace_supply([link("truck", 3, interdicted=1)], "Clear").in_supply
    assert not supply_trace.trace_supply([link("truck", 4, interdicted=1)], "Clear").in_supply
    assert supply_trace.trace_supply([link("overland", 6, interdicted=2)], "Clear").in_supply
    broken = supply_trace.trace_supply([link("overland", 7, interdicted=1)], "Clear")
    assert not broken.in_supply and broken.counted == [(7, 6)]
    assert any("interdiction zone: −1 → 6" in step.text for step in broken.steps)


def test_D101_heavy_terrain_counts_2_and_a_zone_hex_counts_against_one_link() -> None:
    """D-101 [000]: Wooded Rough, Forest, Swamp, Mountain, Sand count 2; a zone hex shared by two
    links counts against the first only (counted from the unit)."""
    heavy = supply_trace.trace_supply([link("overland", 5, heavy=2)], "Clear")
    assert heavy.counted == [(7, 7)] and heavy.in_supply
    assert not supply_trace.trace_supply([link("overland", 6, heavy=2)], "Clear").in_supply
    shared = T(interdicted=True, name="K12")
    first = supply_trace.Link("truck", (T(), T(), shared))
    second = supply_trace.Link("overland", (shared, *[T()] * 6))
    assert supply_trace.trace_supply([first, second], "Clear").counted == [(3, 3), (7, 7)]


def test_J09_arctic_trace_both_readings() -> None:
    """D-100 [000], J-09: Arctic minus_one gives 6-6-4-3; as_printed gives 6-6-4-2; Trucks −1 in both."""
    minus = [supply_trace.link_limit("overland", w, arctic=True)[0] for w in ("Clear", "Frost", "Snow", "Mud")]
    printed = [
        supply_trace.link_limit("overland", w, arctic=True, arctic_reading="as_printed")[0]
        for w in ("Clear", "Frost", "Snow", "Mud")
    ]
    assert minus == [6, 6, 4, 3] and printed == [6, 6, 4, 2]
    assert supply_trace.link_limit("truck", "Mud", arctic=True, arctic_reading="as_printed")[0] == 1
    assert supply_trace.trace_supply([link("overland", 3)], "Mud", arctic=True).in_supply
    assert not supply_trace.trace_supply(
        [link("overland", 3)], "Mud", arctic=True, arctic_reading="as_printed"
    ).in_supply


def test_D108_depleted_truck_doubles_range_to_8_with_defensive_supply() -> None:
    """D-108 [001], J-41: a depleted Truck reaches 8 in Clear; units through it are in defensive supply;
    refused under truck_depletion=none."""
    links = [link("truck", 8, depleted=True), link("road", 7)]
    trace = supply_trace.trace_supply(links, "Clear", truck_depletion="defensive_supply")
    assert trace.in_supply and trace.defensive
    assert any("defensive supply" in step.text for step in trace.steps)
    assert not supply_trace.trace_supply(
        [link("truck", 9, depleted=True)], "Clear", truck_depletion="defensive_supply"
    ).in_supply
    with pytest.raises(IllegalOrderError, match="J-41"):
        supply_trace.trace_supply(links, "Clear")


def test_D102_J10_air_transport_capacity_both_readings() -> None:
    """D-102 [000], J-10, L-15: per_mission 4 REs (3 in Mud or Snow); per_unit 3 REs per T group."""
    assert supply_trace.air_supply([1, 1], "Clear", 8).capacity == 8
    assert supply_trace.air_supply([1, 1], "Snow", 6).capacity == 6
    assert not supply_trace.air_supply([1, 1], "Mud", 7).supplied
    assert supply_trace.air_supply([1, 1], "Clear", 8, reading="per_unit").capacity == 6
    assert supply_trace.air_supply([2], "Clear", 6, reading="per_unit").supplied
    with pytest.raises(IllegalOrderError, match="L-10"):
        supply_trace.air_supply([5], "Clear", 1)


# L-01, L-03, L-04, D-91, D-95, A-15, A-16, A-31, A-34, B-46, B-48: movement ------------------------------------


def test_L01_zoc_leaving_costs_and_halts() -> None:
    """L-01 [000]: +2 to leave an EZOC for all; reduced ZOC +1 (D-107); non-c/m halt in the first EZOC;
    J-39 (001): mechanized ZOC to ZOC +3, others may not."""
    assert mv.leave_cost(cm=True, zoc="normal").mp == 2
    assert mv.leave_cost(cm=False, zoc="reduced").mp == 1
    infantry = mv.leave_cost(cm=False, zoc="normal", into_ezoc=True)
    assert infantry.mp == 2 and infantry.halt
    assert not mv.leave_cost(cm=True, zoc="normal", into_ezoc=True).halt
    assert mv.leave_cost(cm=True, zoc="normal", into_ezoc=True, rules="001").mp == 3
    with pytest.raises(IllegalOrderError, match="J-39"):
        mv.leave_cost(cm=False, zoc="normal", into_ezoc=True, rules="001")


def test_L03_interdiction_zone_leaving_not_cumulative_with_zoc() -> None:
    """L-03 [000]: leaving a zone hex c/m +2, non-c/m +1; with an EZOC the higher only; J-42 (001): +1 to enter."""
    assert mv.leave_cost(cm=True, interdiction=True).mp == 2
    assert mv.leave_cost(cm=False, interdiction=True).mp == 1
    assert mv.leave_cost(cm=False, zoc="normal", interdiction=True).mp == 2
    assert mv.leave_cost(cm=True, zoc="reduced", interdiction=True).mp == 2
    assert mv.leave_cost(cm=False, into_interdiction=True, rules="001").mp == 1
    assert mv.leave_cost(cm=False, interdiction=True, rules="001").mp == 0


def test_L04_administrative_movement_half_cost_and_limits() -> None:
    """L-04 [000]: 1/2 the TEC cost; never a hex of base cost 3+; never into or out of an EZOC; Movement
    phase only; zone hexes paid in full with the cost to leave each."""
    cost = mv.administrative([mv.AdminHex(1), mv.AdminHex(2), mv.AdminHex(1)], cm=True)
    assert cost.mp == 2
    zone = mv.administrative([mv.AdminHex(1, zone=True), mv.AdminHex(1)], cm=True)
    assert zone.mp == 1 + 2 + Fraction(1, 2)
    with pytest.raises(IllegalOrderError, match="3 or more"):
        mv.administrative([mv.AdminHex(3)], cm=False)
    with pytest.raises(IllegalOrderError, match="enemy ZOC"):
        mv.administrative([mv.AdminHex(1)], cm=False, ezoc=True)
    with pytest.raises(IllegalOrderError, match="Movement phase only"):
        mv.administrative([mv.AdminHex(1)], cm=False, phase="Exploitation")


def test_D91_overrun_costs_3_plus_hex_and_must_be_paid_in_full() -> None:
    """D-91 [000]: +3 MP + the target hex's cost, covering EZOC exits; no 1-hex minimum; D-93 limits;
    D-96 [001]: other enemy ZOCs paid too."""
    assert mv.overrun(target_cost=2, mp_left=Fraction(5), weather="Clear", terrain="woods").mp == 5
    with pytest.raises(IllegalOrderError, match="full cost"):
        mv.overrun(target_cost=2, mp_left=Fraction(4), weather="Clear", terrain="woods")
    assert mv.overrun(target_cost=1, mp_left=Fraction(9), weather="Snow", terrain="clear", other_zoc_mp=2).mp == 4
    assert (
        mv.overrun(
            target_cost=1, mp_left=Fraction(9), weather="Snow", terrain="clear", other_zoc_mp=2, overrun_rules="001"
        ).mp
        == 6
    )
    with pytest.raises(IllegalOrderError, match="Mud"):
        mv.overrun(target_cost=1, mp_left=Fraction(9), weather="Mud", terrain="clear")
    with pytest.raises(IllegalOrderError, match="D-93"):
        mv.overrun(target_cost=1, mp_left=Fraction(9), weather="Clear", terrain="forest")
    with pytest.raises(IllegalOrderError, match="surprise turn"):
        mv.overrun(target_cost=1, mp_left=Fraction(9), weather="Clear", terrain="clear", surprise_turn=True)


def test_D95_overrun_stack_picks_up_units_at_the_lower_mp() -> None:
    """D-95 [000]: joining stacks, one at a time; the stack keeps the lower remaining MP."""
    remaining, steps = mv.pick_up(Fraction(7), [Fraction(9), Fraction(4)])
    assert remaining == 4 and len(steps) == 2


def test_A31_surprise_turn_moves() -> None:
    """A-31 [000]: 1-hex moves to contact, no ZOC to ZOC, stacks kept, no overruns or exploitation."""
    assert mv.surprise_move(hexes=1).rule == "A-31 [000]"
    for bad in ({"hexes": 2}, {"hexes": 1, "zoc_to_zoc": True}, {"hexes": 1, "stack_kept": False}):
        with pytest.raises(IllegalOrderError, match="A-31"):
            mv.surprise_move(**bad)  # type: ignore[arg-type]  # the keyword arguments of surprise_move
    with pytest.raises(IllegalOrderError, match="A-31"):
        mv.exploitation_allowed(weather="Clear", surprise_turn=True)


def test_A34_russian_limited_zoc_in_jun_ii_1941_only() -> None:
    """A-34 [000]: limited ZOC (+1 to leave) in Jun II 1941 (turn 1) only; normal from Jul I 1941."""
    assert mv.russian_zoc(1)[0] == "limited"
    assert mv.russian_zoc(2)[0] == "normal"
    assert mv.leave_cost(cm=True, zoc=mv.russian_zoc(1)[0]).mp == 1


def test_A15_exploitation_skipped_in_mud_and_snow_at_the_starting_hex() -> None:
    """A-15 [000], L-06: Mud and Snow at the unit's starting hex: no Exploitation; c/m fully supplied only."""
    assert mv.exploitation_allowed(weather="Frost").rule == "A-15, L-06 [000]"
    for weather in ("Mud", "Snow"):
        with pytest.raises(IllegalOrderError, match="starting hex"):
            mv.exploitation_allowed(weather=weather)
    with pytest.raises(IllegalOrderError, match="fully supplied"):
        mv.exploitation_allowed(weather="Clear", fully_supplied=False)


def test_A16_soviet_mobility_limit() -> None:
    """A-16 [000]: a Soviet c/m unit in an EZOC at the start of Exploitation, or that attacked, may not activate."""
    with pytest.raises(IllegalOrderError, match="enemy ZOC"):
        mv.soviet_mobility(side="Soviet", cm=True, in_ezoc_at_start=True, attacked=False)
    with pytest.raises(IllegalOrderError, match="attacked"):
        mv.soviet_mobility(side="Soviet", cm=True, in_ezoc_at_start=False, attacked=True)
    assert mv.soviet_mobility(side="Axis", cm=True, in_ezoc_at_start=True, attacked=True)
    assert mv.soviet_mobility(side="Soviet", cm=True, in_ezoc_at_start=False, attacked=False)


def test_B46_out_of_supply_units_never_pay_sp() -> None:
    """B-46 [000]: OOS units never spend SP."""
    assert mv.sp_due(3, out_of_supply=True)[0] == 0
    assert mv.sp_due(3, out_of_supply=False)[0] == 3


def test_B48_non_divisional_units_follow_their_stack() -> None:
    """B-48 [000]: only divisions need supply; a non-divisional unit takes its divisions' state."""
    assert mv.unit_supply(divisional=True, traced=False, divisions_with_it=[])[0] is False
    assert mv.unit_supply(divisional=False, traced=False, divisions_with_it=[True])[0] is True
    assert mv.unit_supply(divisional=False, traced=True, divisions_with_it=[False])[0] is False
    assert mv.unit_supply(divisional=False, traced=False, divisions_with_it=[])[0] is True


# D-09, I-26: stacking -----------------------------------------------------------------------------------


def test_D09_000_stacking_10_mountain_7_arctic_4() -> None:
    """D-09 [000]: 10 REs, 7 in Mountain, 4 in the Arctic."""
    assert stacking.stacking(other_res=10).room == 0
    assert stacking.stacking(terrain="mountain", other_res=7).room == 0
    arctic = stacking.stacking(divisions=1, other_res=2, arctic=True)
    assert arctic.limit == 4 and arctic.over and arctic.room == -1
    with pytest.raises(IllegalOrderError, match="over by 1"):
        stacking.check_stacking(divisions=1, other_res=2, arctic=True)
    assert stacking.stacking(other_res=8, arctic=True, reading="001").limit == 10


def test_I26_stacking_room_after_2_and_3_divisions() -> None:
    """I-26 / D-09 [001]: at 10 REs, 2 divisions leave room for the usual extras (4 REs), 3 for 1 more."""
    assert stacking.stacking(divisions=2, reading="001").room == 4
    assert stacking.stacking(divisions=3, reading="001").room == 1
    assert stacking.stacking(divisions=3, other_res=Fraction(3, 2), reading="001").over


# D-70, D-72, D-73, J-16: retreat ---------------------------------------------------------------------------


def test_D70_dr_retreat_length() -> None:
    """D-70 [000]: DR 2 hexes, 1 from heavy terrain; AR 1."""
    assert retreat.retreat_hexes("DR", heavy_terrain=False)[0] == 2
    assert retreat.retreat_hexes("DR", heavy_terrain=True)[0] == 1
    assert retreat.retreat_hexes("AR", heavy_terrain=False)[0] == 1


def test_D72_J16_ezoc_retreat_per_retreat_and_per_hex() -> None:
    """D-72 [000], J-16: 1 RE per retreat or per EZOC hex; friendly units negate; armor exempt unless
    an AECA unit exerts the ZOC; a mixed stack loses 1 RE."""
    hexes = [Z("a"), Z("b"), Z("c", friendly=True)]
    assert retreat.ezoc_retreat(hexes, reading="per_retreat").res == 1
    assert retreat.ezoc_retreat(hexes, reading="per_hex").res == 2
    assert retreat.ezoc_retreat([Z("a")], stack="armor", reading="per_retreat").res == 0
    assert retreat.ezoc_retreat([Z("a", aeca=True), Z("b")], stack="armor", reading="per_hex").res == 1
    assert retreat.ezoc_retreat([Z("a")], stack="mixed", reading="per_retreat").res == 1
    assert retreat.ezoc_retreat([Z("c", friendly=True)], reading="per_hex").res == 0


def test_D73_ezoc_retreat_001_cadre_per_zoc() -> None:
    """D-73 [001]: 1 division to a cadre for each ZOC entered; with none, 1 non-divisional unit per hex."""
    loss = retreat.ezoc_retreat([Z("a"), Z("b")], stack="armor", divisions=3, reading="cadre_per_zoc")
    assert (loss.cadres, loss.eliminated) == (2, 0)
    loss = retreat.ezoc_retreat([Z("a"), Z("b"), Z("c")], divisions=1, non_divisional=1, reading="cadre_per_zoc")
    assert (loss.cadres, loss.eliminated) == (1, 2)
    loss = retreat.ezoc_retreat([Z("a"), Z("b", friendly=True)], non_divisional=2, reading="cadre_per_zoc")
    assert (loss.cadres, loss.eliminated) == (0, 1)


# The handlers ---------------------------------------------------------------------------------------------


def context(service: RefereeService, facts: dict[str, str] | None = None) -> Context[EuropaState]:
    """The handler's context at the campaign's position, with facts added as if stated at #1."""
    state = service.state()
    assert isinstance(state, EuropaState)
    if facts:
        added = {
            key: StatedFact(
                fact=key.split(":")[0], subject=key.split(":")[1], value=value, entry=1, stated_by="referee"
            )
            for key, value in facts.items()
        }
        table = state.table.model_copy(update={"facts": {**state.table.facts, **added}})
        state = state.model_copy(update={"table": table})
    ruleset = service._pinned_ruleset(state)
    return Context(state=state, ruleset=ruleset, head=state.chain.last_number, game=GAME)


def handle(command: Any, ctx: Context[EuropaState]) -> Any:
    return MAP_HANDLERS[type(command)](command, ctx)


def test_D09_check_stacking_reads_the_stated_terrain(europa: RefereeService) -> None:
    """D-09 [000]: the stated Mountain terrain of the hex sets 7 REs, cited in the derivation."""
    europa.execute_json({"kind": "StateFact", "fact": "terrain", "subject": "Lvov", "value": "mountain"})
    command = mc.CheckStacking(side="Axis", hex="Lvov", divisions=2, half_res=1)
    decision = handle(command, context(europa))
    assert decision.ruling.summary == "stacking Lvov: 6.5 of 7 REs, room for 0.5 more"
    assert any("stated at #" in step.text for step in decision.ruling.steps)
    with pytest.raises(IllegalOrderError, match="over by"):
        handle(mc.CheckStacking(side="Axis", hex="Lvov", divisions=2, other_res=2), context(europa))


def test_D101_trace_supply_reads_terrain_and_interdiction_facts(europa: RefereeService) -> None:
    """D-100, D-101 [000]: named hexes take their stated terrain and interdiction zone."""
    facts = {"terrain:K1": "swamp", "interdiction_zone:K2": "yes"}
    links = [mc.TraceLink(link="overland", hexes=["K1", "K2"], plain=3)]
    command = mc.TraceSupply(side="Axis", unit="XXIV Pz", zone="B", links=links)
    decision = handle(command, context(europa, facts))
    assert decision.ruling.summary == "XXIV Pz: in supply"
    cited = [step.text for step in decision.ruling.steps if "stated at #1" in step.text]
    assert len(cited) == 2
    longer = mc.TraceSupply(side="Axis", unit="XXIV Pz", zone="B", links=[links[0].model_copy(update={"plain": 4})])
    assert handle(longer, context(europa, facts)).ruling.summary == "XXIV Pz: out of supply"


def test_L12_resolve_interdiction_handler_rolls_and_cites_rail(europa: RefereeService) -> None:
    """L-12 [000], J-19: rating 2 doubled to 4; a 4 places the zone (at_most); the stated rail line
    makes a rail break; rating 3 (6) needs no dice."""
    command = mc.ResolveInterdiction(side="Axis", hex="Brest", air_unit="Ju88A", tactical_rating=2, faces=[4])
    decision = handle(command, context(europa, {"rail_line:Brest": "yes"}))
    assert decision.ruling.summary == "Ju88A over Brest: interdiction zone placed, rail break"
    assert decision.rolls[0]["faces"] == [4]
    auto = mc.ResolveInterdiction(side="Axis", hex="Brest", air_unit="Me110C", tactical_rating=3)
    assert handle(auto, context(europa)).rolls == []
    with pytest.raises(IllegalOrderError, match="throw 1D6"):
        handle(command.model_copy(update={"faces": None}), context(europa))


def test_L08_rail_move_handler_counts_stated_rail_cuts(europa: RefereeService) -> None:
    """L-08 [000]: breaks counted from the rail_cut facts of the hexes passed; strategic refused across one."""
    europa.execute_json({"kind": "AdvancePhase"})
    ctx = context(europa, {"rail_cut:Minsk": "yes"})
    command = mc.RailMove(side="Axis", unit="7 Inf", ma=6, multiple=8, rail_hexes=8, through=["Baranovichi", "Minsk"])
    decision = handle(command, ctx)
    assert decision.ruling.summary == "7 Inf: 32 of 48 rail hexes used, 16 left"
    with pytest.raises(IllegalOrderError, match="cannot cross"):
        handle(command.model_copy(update={"strategic": True}), ctx)


def test_A16_check_exploitation_reads_in_enemy_zoc(europa: RefereeService) -> None:
    """A-16 [000]: the stated in_enemy_zoc of a Soviet c/m unit refuses its Exploitation, citing the fact."""
    state = europa.state()
    calendar = state.table.calendar.model_copy(
        update={"turn": 1, "label": "Jun II 1941", "player": "Soviet", "phase": "Exploitation"}
    )
    ctx = context(europa, {"in_enemy_zoc:6 Mech": "yes"})
    table = ctx.state.table.model_copy(update={"calendar": calendar})
    ctx = Context(state=ctx.state.model_copy(update={"table": table}), ruleset=ctx.ruleset, head=ctx.head, game=GAME)
    command = mc.CheckExploitation(side="Soviet", unit="6 Mech", zone="B")
    with pytest.raises(IllegalOrderError, match=r"A-16.*stated at #1"):
        handle(command, ctx)
    assert handle(command.model_copy(update={"unit": "4 Mech"}), ctx).ruling.summary.endswith("Exploitation")


def test_D72_check_retreat_reads_the_option_and_retreat_blocked(europa: RefereeService) -> None:
    """D-72 [000], J-16: per_retreat by default, 1 RE; a stated retreat_blocked is cited instead."""
    zocs = [mc.ZocEntered(hex="a"), mc.ZocEntered(hex="b"), mc.ZocEntered(hex="c", friendly=True)]
    command = mc.CheckRetreat(side="Soviet", hex="Kobrin", divisions=2, zocs=zocs)
    assert handle(command, context(europa)).ruling.summary == "retreat from Kobrin: 1 RE"
    europa.execute_json({"kind": "StateFact", "fact": "retreat_blocked", "subject": "Kobrin", "value": "yes"})
    decision = handle(command, context(europa))
    assert decision.ruling.summary == "no retreat path is open from Kobrin"
    assert "stated at #" in decision.ruling.steps[0].text
