"""Who is at war with whom, and lend lease by route (issue 14, item 5): each hole a hand-checked
1939-1941 playthrough found is refused with its rule cited and the store unchanged, or gives the
right figure; what arrives by a route never exceeds what was sent by it (a property)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.common import commands as c
from referee.common.decision import Context
from referee.common.errors import RulesError
from referee.common.ruleset import load_ruleset
from referee.common.scenario import scenarios_root
from referee.service import RefereeService
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy import commands as tr
from referee.third_reich.game import GAME
from referee.third_reich.murmansk.commands import RecordMurmanskHits
from referee.third_reich.murmansk.handlers import split_hits
from referee.third_reich.wars import events as ec
from tests.referee.third_reich.reich_support import new, war
from tests.referee.third_reich.test_economy_service import GERMANY_ON_USSR, MURMANSK_TIMINGS, at

from support import refused


def year_start(power: str, *grants: tuple[str, int], **more: Any) -> dict[str, Any]:
    lend_lease = [{"kind": "LendLeaseGrant", "route": route, "amount": amount} for route, amount in grants]
    return {"kind": "PerformYearStart", "power": power, "lend_lease": lend_lease, **more}


def year_starts(service: RefereeService, *powers: str) -> None:
    for power in powers:
        service.execute_json(year_start(power))


def until_the_grants(service: RefereeService, *, usa: bool = False) -> None:
    """Germany at war with the USSR (with ``usa``, the USA activated and at war with Germany too),
    then the Spring 1940 year starts of all but the givers, the UK and the USA."""
    service.execute_json(GERMANY_ON_USSR)
    if usa:
        service.execute_json({"kind": "ActivatePower", "power": "USA"})
        service.execute_json(war("Germany", "USA"))
    at(service, "Spring 1940", None, "Year Start")
    year_starts(service, "Italy", "Germany", "USSR", "France")


# --- war (G-34) -------------------------------------------------------------------------------


def test_a_second_declaration_on_a_power_already_at_war_is_refused(reich: RefereeService) -> None:
    """The UK declared on Germany twice and was charged 15 + 15."""
    at(reich, "Fall 1939", "Western Allies", "Options")
    entry = reich.execute_json(war("UK", "Germany"))
    assert reich.state().brp_economies["UK"].at_war == {"Germany": entry["number"]}
    assert reich.state().brp_economies["Germany"].at_war == {"UK": entry["number"]}
    refused(
        reich,
        war("UK", "Germany"),
        rf"UK is already at war with Germany \(since entry #{entry['number']}\); a second declaration is refused "
        r"\(G-34 \[004\]\)",
    )
    # France comes in at war with Germany's allies at war: none (Italy is at peace)
    reich.execute_json(war("France", "Germany"))
    assert "Italy" not in reich.state().brp_economies["France"].at_war


def test_a_declaration_on_oneself_is_refused(reich: RefereeService) -> None:
    refused(reich, war("Germany", "Germany"), r"Germany cannot declare war on itself \(G-34 \[004\]\)")


def test_a_declaration_on_an_ally_is_refused(reich: RefereeService) -> None:
    refused(reich, war("Germany", "Italy"), r"Italy is Germany's ally \(both Axis\); war on an ally is refused")


def test_a_declaration_on_an_unknown_name_is_refused_with_the_nearest_name(reich: RefereeService) -> None:
    refused(reich, war("Germany", "Narnia", "minor"), r"there is no power or minor country 'Narnia'.*\(G-34, G-36")
    refused(reich, war("Germany", "Polnad", "minor"), r"'Polnad' in this campaign \(did you mean Poland\?\)")


def test_a_declaration_of_the_wrong_kind_is_refused(reich: RefereeService) -> None:
    refused(reich, war("Germany", "Poland", "major"), r"Poland is a minor country: target_kind is 'minor'")


def test_a_second_declaration_on_a_minor_a_year_later_is_refused(reich: RefereeService) -> None:
    """Germany declared on Poland again in 1941."""
    first = reich.execute_json(war("Germany", "Poland", "minor"))
    at(reich, "Spring 1941", "Axis", "Options")
    refused(reich, war("Germany", "Poland", "minor"), rf"already at war with Poland \(since entry #{first['number']}\)")


def test_a_declaration_on_a_conquered_country_is_refused(reich: RefereeService) -> None:
    reich.execute_json(war("Germany", "Poland", "minor"))
    reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Poland"})
    refused(reich, war("Italy", "Poland", "minor"), r"Poland is held by Germany since entry #\d+ .*\(G-31, G-33")
    reich.execute_json(war("Germany", "France"))
    reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "France (German portion)"})
    refused(reich, war("Italy", "France"), r"France left play \(Fall 1939: France \(German portion\) conquered")


def test_wars_of_the_scenario_are_in_the_opening(tmp_path: Path) -> None:
    """A scenario may open with wars (economy.wars_at_start): they count from entry #1."""
    text = (scenarios_root() / "revised-third-reich" / "campaign-1939.toml").read_text(encoding="utf-8")
    scenario = tmp_path / "at-war.toml"
    scenario.write_text(
        text.replace("wars_at_start = {}", 'wars_at_start = { Germany = ["Poland", "UK", "France"] }'), "utf-8"
    )
    service = new(scenario=str(scenario))
    try:
        economies = service.state().brp_economies
        assert economies["Germany"].at_war == {"Poland": 1, "UK": 1, "France": 1}
        assert economies["UK"].at_war == {"Germany": 1} and economies["Italy"].at_war == {}
        refused(service, war("Germany", "Poland", "minor"), r"already at war with Poland \(since entry #1\)")
    finally:
        service.close()
    scenario.write_text(text.replace("wars_at_start = {}", 'wars_at_start = { Germany = ["Narnia"] }'), "utf-8")
    with pytest.raises(RulesError, match=r"wars_at_start.Germany: 'Narnia' is not a power or a country"):
        new(scenario=str(scenario))


# --- lend lease by route (G-55..G-60, G-70) -----------------------------------------------------


def test_a_grant_before_the_war_it_needs_is_refused(reich: RefereeService) -> None:
    """A grant to a USSR not at war with Germany was accepted; so was German aid to an Italy at peace."""
    reich.execute_json({"kind": "ActivatePower", "power": "USA"})
    at(reich, "Spring 1940", None, "Year Start")
    year_starts(reich, "Italy")
    refused(
        reich,
        year_start("Germany", ("Germany to Italy", 10)),
        r"no lend lease Germany to Italy yet: Italy is not at war with anyone \(G-55 \[004\]\)",
    )
    year_starts(reich, "Germany", "USSR", "France")
    refused(
        reich,
        year_start("UK", ("UK to USSR", 20)),
        r"no lend lease UK to USSR yet: USSR is not at war with Germany \(G-56 \[004\]\)",
    )
    year_starts(reich, "UK")
    refused(
        reich,
        year_start("USA", ("USA to UK", 20)),
        r"no lend lease USA to UK yet: USA is not at war with Germany \(G-57 \[004\]\)",
    )
    refused(
        reich,
        year_start("USA", ("USA to USSR south", 20), open_iran_route=True),
        r"the Iran route cannot be opened yet: USA is not at war with Germany; USSR is not at war with Germany "
        r"\(G-59 \[004\]\)",
    )


def test_usa_to_uk_arrives_at_once_and_counts_in_the_spring_spending_base(reich: RefereeService) -> None:
    """G-57: 20 from the USA to the UK once the USA is at war with Germany, at once, after the UK's
    year start; the UK's half-spend limit of the Spring turn counts it (G-42)."""
    reich.execute_json({"kind": "ActivatePower", "power": "USA"})
    reich.execute_json(war("Germany", "USA"))
    at(reich, "Spring 1940", None, "Year Start")
    year_starts(reich, "Italy", "Germany", "USSR", "France", "UK")
    uk = reich.state().brp_economies["UK"]
    reich.execute_json(year_start("USA", ("USA to UK", 20)))
    after = reich.state().brp_economies["UK"]
    assert (after.total, after.total_at_turn_start) == (uk.total + 20, uk.total_at_turn_start + 20)
    assert after.lend_lease_by_route == {}


def test_a_route_listed_twice_is_refused(reich: RefereeService) -> None:
    """UK to USSR 20 + 20 put 40 in transit."""
    until_the_grants(reich)
    refused(
        reich,
        year_start("UK", ("UK to USSR", 20), ("UK to USSR", 20)),
        r"UK to USSR is listed twice; a route carries one grant a year, decided for the whole year \(G-60 \[004\]\)",
    )


def test_a_grant_in_an_amount_outside_the_text_is_refused(reich: RefereeService) -> None:
    until_the_grants(reich)
    refused(
        reich,
        year_start("UK", ("UK to USSR", 10)),
        r"UK to USSR lend lease is exactly 20 BRPs or nothing, not 10 \(G-56 \[004\]\)",
    )
    reich.execute_json(year_start("UK", ("UK to USSR", 0)))  # nothing is an answer the text allows
    assert reich.state().brp_economies["USSR"].lend_lease_by_route == {}


def _both_northern_and_southern(options: dict[str, str] | None = None, location: str = ":memory:") -> RefereeService:
    """Spring 1940: the UK and the USA (in play and at war with Germany, as the USSR is) each send
    20 north, and the USA 20 south after opening the Iran route."""
    service = new(options, location=location)
    until_the_grants(service, usa=True)
    service.execute_json(year_start("UK", ("UK to USSR", 20)))
    service.execute_json(year_start("USA", ("USA to USSR north", 20), ("USA to USSR south", 20), open_iran_route=True))
    return service


def test_murmansk_hits_above_what_the_northern_routes_carry_are_refused() -> None:
    service = _both_northern_and_southern()
    try:
        refused(
            service,
            {"kind": "RecordMurmanskHits", "receiver": "USSR", "hits": 41},
            r"the Murmansk box holds 40 BRPs of lend lease to USSR \(UK to USSR 20, USA to USSR north 20\); "
            r"41 hits are more than it carries \(G-70 \[004\]\)",
        )
        entry = service.execute_json({"kind": "RecordMurmanskHits", "receiver": "USSR", "hits": 25})
        assert any("UK to USSR −13, USA to USSR north −12" in step["text"] for step in entry["ruling"]["steps"])
        refused(service, {"kind": "RecordMurmanskHits", "receiver": "USSR", "hits": 16}, r"holds 15 BRPs")
        service.execute_json({"kind": "RecordMurmanskHits", "receiver": "USSR", "hits": 15})
        refused(
            service,
            {"kind": "RecordMurmanskHits", "receiver": "USSR", "hits": 1},
            r"no lend lease to USSR is in the Murmansk box.*southern route through Iran is never intercepted",
        )
    finally:
        service.close()


@pytest.mark.parametrize(("reading", "north"), MURMANSK_TIMINGS)
def test_each_route_keeps_its_own_amount_interception_and_arrival(reading: str, north: tuple[str, str, str]) -> None:
    """Both routes shared one amount in transit: a Murmansk hit could exceed what went north, and
    the southern grant arrived on the northern timetable (J-58)."""
    service = _both_northern_and_southern({"murmansk_timing": reading})
    try:
        ussr = service.state().brp_economies["USSR"]
        assert {route: (s.sent, s.arrival) for route, s in ussr.lend_lease_by_route.items()} == {
            "UK to USSR": (20, "murmansk"),
            "USA to USSR north": (20, "murmansk"),
            "USA to USSR south": (20, "summer_i"),
        }
        service.execute_json({"kind": "RecordMurmanskHits", "receiver": "USSR", "hits": 6})
        ussr = service.state().brp_economies["USSR"]
        assert [s.lost for s in ussr.lend_lease_by_route.values()] == [3, 3, 0]
        at(service, "Summer I 1940", "USSR", "Options")
        ussr = service.state().brp_economies["USSR"]
        south_only = reading == "summer_i"
        assert "USA to USSR south" not in ussr.lend_lease_by_route  # G-59: at the start of its Summer I turn
        assert ussr.lend_lease_in_transit == (34 if south_only else 0)
        at(service, *north)
        ussr = service.state().brp_economies["USSR"]
        assert ussr.lend_lease_in_transit == 0 and ussr.lend_lease_by_route == {}
    finally:
        service.close()


def test_split_hits_shares_evenly_within_what_each_route_carries() -> None:
    """G-70 (provisional): evenly, the odd BRP off the route with more left, the first listed on a tie."""
    assert split_hits({"UK to USSR": 20, "USA to USSR north": 20}, 5) == {"UK to USSR": 3, "USA to USSR north": 2}
    assert split_hits({"UK to USSR": 4, "USA to USSR north": 20}, 20) == {"UK to USSR": 2, "USA to USSR north": 18}
    assert split_hits({"UK to USSR": 20}, 20) == {"UK to USSR": 20}


# --- conquests once (G-30, G-32) ---------------------------------------------------------------


def test_the_same_conquest_recorded_again_is_refused(reich: RefereeService) -> None:
    """The same conquest recorded a year later paid its BRPs twice."""
    reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Poland"})
    at(reich, "Spring 1940", None, "Year Start")
    year_starts(reich, "Italy", "Germany")
    assert reich.state().brp_economies["Germany"].base == 170
    refused(
        reich,
        {"kind": "RecordConquest", "power": "Germany", "territory": "Poland"},
        r"Germany already holds Poland \(recorded at entry #2\); a conquest is recorded once and pays once "
        r"\(G-30 \[004\]\)",
    )
    refused(
        reich,
        {"kind": "RecordConquest", "power": "USSR", "territory": "Poland"},
        r"Poland is held by Germany .*a second conquest: name from_power=Germany \(G-32 \[004\]\)",
    )


def test_a_second_conquest_by_another_power_takes_it_from_the_first(reich: RefereeService) -> None:
    """G-32: the first conqueror loses the BRPs from its base, the second gains nothing."""
    reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Poland"})
    at(reich, "Spring 1940", None, "Year Start")
    year_starts(reich, "Italy", "Germany")
    reich.execute_json({"kind": "RecordConquest", "power": "USSR", "territory": "Poland", "from_power": "Germany"})
    economies = reich.state().brp_economies
    assert economies["Germany"].base == 150 and "Poland" not in economies["Germany"].conquests_held
    assert economies["USSR"].conquests_pending == {"Poland": 0} and "Poland" in economies["USSR"].conquests_held


def test_a_campaign_of_release_0_1_0_plays_on_with_its_conquests_held(tmp_path: Path) -> None:
    """The golden 1939 campaign recorded its conquests before the book kept them, and rolled an
    account back with a document that did not list them: they are read off its entries, and a
    conquest recorded again there is refused too."""
    from tui.cli import main

    store = tmp_path / "golden.db"
    export = Path(__file__).resolve().parents[2] / "data" / "exports" / "reich-1939-0.1.0.jsonl"
    assert main(["import", str(export), str(store)]) == 0
    service = RefereeService.open(str(store))
    try:
        germany = service.state().brp_economies["Germany"]
        assert list(germany.conquests_held) == [
            "Poland",
            "Denmark",
            "Norway",
            "France (German portion)",
            "Yugoslavia",
            "Greece",
        ]
        assert germany.sw_hits_deducted == ["1940", "1941"] and germany.pending_sw_hits == {}
        refused(
            service,
            {"kind": "RecordConquest", "power": "Germany", "territory": "Greece"},
            r"Germany already holds Greece \(recorded at entry #179\)",
        )
    finally:
        service.close()


# --- the half-spend limit (G-42, J-65) ---------------------------------------------------------


def test_the_half_limit_counts_from_the_total_after_year_start_lend_lease(reich: RefereeService) -> None:
    """Germany was shown 'at most 117 of 235' while holding 225; Italy refused at 35 with a limit of 37."""
    reich.execute_json(war("Italy", "France"))
    at(reich, "Spring 1940", None, "Year Start")
    year_starts(reich, "Italy")
    reich.execute_json(year_start("Germany", ("Germany to Italy", 10)))
    economies = reich.state().brp_economies
    germany, italy = economies["Germany"], economies["Italy"]
    assert (germany.total_at_turn_start, italy.total_at_turn_start) == (germany.total, italy.total)
    year_starts(reich, "USSR", "UK", "France")
    at(reich, "Spring 1940", "Axis", "Build")
    limit = italy.total // 2
    refused(
        reich,
        {"kind": "BuildUnits", "power": "Germany", "category": "infantry", "factors": germany.total // 2 + 1},
        rf"Germany may spend at most {germany.total // 2} BRPs this turn \(half of {germany.total}\)",
    )
    reich.execute_json({"kind": "BuildUnits", "power": "Italy", "category": "infantry", "factors": limit})


def test_spend_brp_obeys_the_half_limit_unless_overridden(reich: RefereeService) -> None:
    spend = {"kind": "SpendBrp", "power": "Germany", "amount": 76, "category": "build", "reason": "by hand"}
    refused(
        reich, spend, r"Germany may spend at most 75 BRPs this turn \(half of 150\); 0 spent already, this costs 76"
    )
    entry = reich.execute_json({**spend, "override": "the players agreed to a double build"})
    assert any("the referee's reason: the players agreed" in step["text"] for step in entry["ruling"]["steps"])
    assert reich.state().brp_economies["Germany"].total == 74


# --- a conquered major power leaves play (G-35) ------------------------------------------------


def test_a_conquered_major_power_leaves_play_and_the_year_start_goes_on_without_it(reich: RefereeService) -> None:
    """After France fell the Year Start could not be left without a French year start, which then
    gave France 77 BRPs."""
    reich.execute_json(war("Germany", "France"))
    entry = reich.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "France (German portion)"})
    assert [event["type"] for event in entry["events"]] == ["ConquestRecorded", "PowerLeftPlay"]
    france = reich.state().brp_economies["France"]
    at(reich, "Spring 1940", None, "Year Start")
    refused(reich, year_start("France"), r"France left play \(Fall 1939: .*\); its BRPs cannot change \(G-35 \[004\]\)")
    year_starts(reich, "Italy", "Germany", "USSR", "UK")
    reich.execute_json({"kind": "AdvancePhase"})
    assert reich.state().table.calendar.phase == "Options"
    assert reich.state().brp_economies["France"].total == france.total
    refused(reich, {"kind": "ActivatePower", "power": "France"}, r"France left play .*it does not come back")


def test_record_surrender_takes_a_major_power_out_of_play_but_never_the_ussr(reich: RefereeService) -> None:
    refused(
        reich,
        {"kind": "RecordSurrender", "power": "USSR", "reason": "Moscow fell"},
        r"the USSR fights on with whatever it has left, in all circumstances \(G-82 \[004\]\)",
    )
    reich.execute_json({"kind": "RecordSurrender", "power": "Italy", "reason": "armistice"})
    assert reich.state().brp_economies["Italy"].left_play == "Fall 1939: armistice"
    refused(reich, {"kind": "DeclareOption", "power": "Italy", "front": "southern", "option": "pass"}, "left play")


# --- strategic-warfare hits (G-61, G-66, G-69, J-61) -------------------------------------------


def sw_hits(power: str, attacker: str, hits: int) -> dict[str, Any]:
    return {"kind": "RecordStrategicWarfareHits", "power": power, "attacker": attacker, "hits": hits}


def test_strategic_warfare_hits_before_strategic_warfare_begins_are_refused(reich: RefereeService) -> None:
    """Hits recorded in Fall 1939 were accepted ('deducted at the next year start') and never deducted."""
    at(reich, "Fall 1939", "Axis", "Strategic Warfare")
    late = r"strategic warfare begins in Spring 1940 \(G-61 \[004\], option sw_start=spring_1940\); it is Fall 1939"
    refused(reich, sw_hits("UK", "submarines", 4), late)


def test_hits_on_an_economy_the_weapon_does_not_attack_are_refused(reich: RefereeService) -> None:
    """Hits 'on Germany by submarines' were accepted."""
    at(reich, "Spring 1940", "Axis", "Strategic Warfare")
    uboats_on_germany = r"U-boats hit the economy of UK or USA, not Germany \(G-61 \[004\]\)"
    refused(reich, sw_hits("Germany", "submarines", 4), uboats_on_germany)
    refused(reich, sw_hits("UK", "bombers", 4), r"bombers hit the economy of Germany, not UK")


def test_hits_deducted_at_a_year_start_are_no_longer_pending(reich: RefereeService) -> None:
    """Hits already deducted still showed as pending."""
    at(reich, "Spring 1940", "Axis", "Strategic Warfare")
    reich.execute_json(sw_hits("UK", "submarines", 7))
    assert reich.state().brp_economies["UK"].pending_sw_hits == {"1940": 7}
    at(reich, "Spring 1941", None, "Year Start")
    reich.execute_json(year_start("UK"))
    uk = reich.state().brp_economies["UK"]
    assert (uk.pending_sw_hits, uk.sw_hits_deducted, uk.sw_hits) == ({}, ["1940"], {"1940": {"submarines": 7}})
    row = next(row for row in reich.views(reich.state())[0].rows if row[0] == "UK")
    assert "1940: submarines 7 (deducted)" in row


def test_J61_hits_of_1939_come_off_at_the_spring_1941_year_start() -> None:
    """Option sw_start=fall_1939: hits of Fall 1939 are legal; the special Spring 1940 year start
    deducts none (G-10), so they come off with those of 1940."""
    service = new({"sw_start": "fall_1939"})
    try:
        at(service, "Fall 1939", "Axis", "Strategic Warfare")
        service.execute_json(sw_hits("UK", "submarines", 4))
        at(service, "Spring 1940", "Axis", "Strategic Warfare")
        service.execute_json(sw_hits("UK", "submarines", 3))
        at(service, "Spring 1941", None, "Year Start")
        before = service.state().brp_economies["UK"]
        entry = service.execute_json(year_start("UK"))
        assert service.state().brp_economies["UK"].base == 125 + before.saved * 60 // 100 - 7
        assert any("those of 1939, 1940" in step["text"] for step in entry["ruling"]["steps"])
        assert service.state().brp_economies["UK"].pending_sw_hits == {}
    finally:
        service.close()


# --- the property ------------------------------------------------------------------------------


RULESET, _ = load_ruleset("third-reich-revised")
BASES: dict[str, ReichState] = {}


def _before_the_grants(reading: str) -> ReichState:
    """Spring 1940, Year Start: the USSR and the USA (in play) at war with Germany; the UK and the
    USA still to have their year start (built once per reading through the service)."""
    if reading not in BASES:
        service = new({"murmansk_timing": reading})
        try:
            until_the_grants(service, usa=True)
            BASES[reading] = service.state()
        finally:
            service.close()
    return GAME.fold.copy(BASES[reading])


def _decide_and_apply(state: ReichState, command: Any) -> list[Any]:
    """The real handler's events for ``command``, folded into ``state`` as the next entry."""
    decision = GAME.handlers[type(command)](
        command, Context(state=state, ruleset=RULESET, head=state.chain.last_number, game=GAME)
    )
    number = state.chain.last_number + 1
    for event in decision.events:
        GAME.fold.apply_event(state, event, number=number)
    state.chain.last_number = number
    return decision.events


@settings(max_examples=30, deadline=None)
@given(
    reading=st.sampled_from(["summer_i", "spring"]),
    routes=st.sets(st.sampled_from(["UK to USSR", "USA to USSR north", "USA to USSR south"])),
    hits=st.lists(st.integers(min_value=1, max_value=45), max_size=4),
)
def test_what_arrives_by_a_route_never_exceeds_what_was_sent_by_it(
    reading: str, routes: set[str], hits: list[int]
) -> None:
    """G-56..G-59, G-70: every route's arrival is what it was sent less its own Murmansk hits; hits
    above what the northern routes carry are refused; the southern route loses nothing."""
    state = _before_the_grants(reading)
    sent: dict[str, int] = {}
    lost: dict[str, int] = {}
    arrived: dict[str, int] = {}
    for power in ("UK", "USA"):
        grants = [tr.LendLeaseGrant(route=r, amount=20) for r in sorted(routes) if r.startswith(power + " ")]
        opens = power == "USA" and "USA to USSR south" in routes
        command = tr.PerformYearStart(power=power, lend_lease=grants, open_iran_route=opens)
        for event in _decide_and_apply(state, command):
            if isinstance(event, ec.LendLeaseSent):
                sent[event.route] = sent.get(event.route, 0) + event.amount
    for amount in hits:
        northern = sum(sent.get(r, 0) - lost.get(r, 0) for r in sent if r != "USA to USSR south")
        try:
            events = _decide_and_apply(state, RecordMurmanskHits(receiver="USSR", hits=amount))
        except RulesError:
            assert amount > northern
            continue
        assert amount <= northern
        for route, share in (events[0].by_route or {}).items():
            lost[route] = lost.get(route, 0) + share
    while state.table.calendar.label != "Summer II 1940":
        for event in _decide_and_apply(state, c.AdvancePhase()):
            if isinstance(event, ec.LendLeaseArrived):
                for route, amount in (event.by_route or {}).items():
                    arrived[route] = arrived.get(route, 0) + amount
    for route, amount in sent.items():
        assert arrived.get(route, 0) <= amount
        assert arrived.get(route, 0) + lost.get(route, 0) == amount
    assert lost.get("USA to USSR south", 0) == 0
    assert state.brp_economies["USSR"].lend_lease_in_transit == 0
