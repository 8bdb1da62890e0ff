"""The Murmansk box fought from sealed orders (issue 27; G-70..G-72, I-65, J-58 [004]; docs/murmansk.md
"Sealed orders"): Germany and the Allies seal what they send face down, both are revealed at the
fight, the fight reads the revealed numbers, and the U-boats and ASW in the box sit out that
turn's strategic warfare."""

from __future__ import annotations

from contextlib import closing
from typing import Any

import pytest

from referee.book.sealed_orders import OrderSealing
from referee.common.errors import RulesError
from referee.service import RefereeService
from referee.third_reich.common.fire import load_fire_tables
from referee.third_reich.murmansk import box
from referee.third_reich.murmansk import fight as mm
from tests.referee.third_reich.test_economy_service import GERMANY_ON_USSR, at
from tests.referee.third_reich.test_sw_forces import hold
from tests.referee.third_reich.test_wars_and_lend_lease import new, war, year_start, year_starts

from support import refused

TABLES, _ = load_fire_tables()
GERMAN = {"german_air": 5, "german_fleets": 9, "uboats": 6}
ALLIED = {"allied_fleets": 9, "asw": 4}
UBOATS = {"kind": "ResolveStrategicWarfare", "attacker": "submarines", "target": "UK", "rolls": [6, 9, 6]}


def _northern(options: dict[str, str] | None = None) -> RefereeService:
    """Spring 1940: Germany at war with the UK, the USSR and the USA; the UK and the USA each send 20 north.
    Germany holds 8 U-boats and the UK 8 ASW (issue 29: stated over the book's 3 and 0)."""
    service = new(options)
    hold(service, "Germany", submarines=8)
    hold(service, "UK", asw=8)
    service.execute_json(GERMANY_ON_USSR)
    service.execute_json(war("Germany", "UK"))
    service.execute_json({"kind": "ActivatePower", "power": "USA"})
    service.execute_json(war("Germany", "USA"))
    at(service, "Spring 1940", None, "Year Start")
    year_starts(service, "Italy", "Germany", "USSR", "France")
    service.execute_json(year_start("UK", ("UK to USSR", 20)))
    service.execute_json(year_start("USA", ("USA to USSR north", 20)))
    return service


def _rolls(sent: dict[str, int], face: int) -> list[int]:
    """The same face for every roll the fight asks for, one at a time."""
    fight = box.Commitments(**sent, uk_brps=20, usa_brps=20)
    thrown: list[int] = []
    while mm.rolls_still_needed(fight, TABLES, thrown):
        thrown.append(face)
    return thrown


@pytest.fixture
def summer_i() -> Any:
    with closing(_northern()) as service:
        at(service, "Summer I 1940", "Axis", "Movement")
        yield service


def _fight_both_sealed(service: RefereeService, rolls: list[int]) -> dict[str, Any]:
    """Germany seals in its turn, the Allies in their movement phase; both revealed at the fight."""
    sealing = OrderSealing(service)
    german = sealing.seal("Germany", "murmansk", GERMAN)
    at(service, "Summer I 1940", "Western Allies", "Movement")
    allied = sealing.seal("Western Allies", "murmansk", ALLIED)
    at(service, "Summer I 1940", "Western Allies", "Combat")
    sealing.reveal(german["number"])
    sealing.reveal(allied["number"])
    fight = {"kind": "ResolveMurmanskFight", "receiver": "USSR", "rolls": rolls}
    return service.execute_json({**fight, "german_seal": german["number"], "allied_seal": allied["number"]})


def test_a_fight_from_two_sealed_orders_equals_the_fight_typed_with_the_same_numbers(summer_i: RefereeService) -> None:
    rolls = _rolls({**GERMAN, **ALLIED}, 9)
    sealed = _fight_both_sealed(summer_i, rolls)
    typed_service = _northern()
    try:
        at(typed_service, "Summer I 1940", "Western Allies", "Combat")
        typed = typed_service.execute_json(
            {"kind": "ResolveMurmanskFight", "receiver": "USSR", **GERMAN, **ALLIED, "rolls": rolls}
        )
        typed_economy = typed_service.state().brp_economies["USSR"]
    finally:
        typed_service.close()
    assert sealed["events"] == typed["events"]
    assert sealed["rolls"] == typed["rolls"]
    assert sealed["ruling"]["summary"] == typed["ruling"]["summary"]
    read, fought = sealed["ruling"]["steps"][:2], sealed["ruling"]["steps"][2:]
    assert {step["rule"] for step in read} == {"G-72 [004], sealed orders"}
    assert fought == typed["ruling"]["steps"]
    assert read[0]["text"].startswith("Germany's order, sealed in #") and read[0]["text"].endswith(
        "German air 5, German fleets 9, U-boats 6"
    )
    assert read[1]["text"].endswith("Allied fleets 9, ASW 4")
    assert summer_i.state().brp_economies["USSR"].lend_lease_by_route == typed_economy.lend_lease_by_route


def test_uboats_revealed_in_the_box_are_refused_in_that_turns_strategic_warfare_round(
    summer_i: RefereeService,
) -> None:
    """G-72: the U-boats Germany sent sit out the Axis Summer I round; shown before it, the round
    may use only the rest of the U-boats Germany holds (the book's 8, stated or not)."""
    sealing = OrderSealing(summer_i)
    seal = sealing.seal("Germany", "murmansk", GERMAN)
    sealing.reveal(seal["number"])
    at(summer_i, "Summer I 1940", "Axis", "Strategic Warfare")
    round_ = {**UBOATS, "offensive_factors": 5, "defensive_factors": 4}
    refused(summer_i, round_, r"5 U-boats cannot attack: Germany holds 8 U-boat factors; the 6 U-boats revealed")
    refused(
        summer_i,
        {**round_, "uboats_held": 8},
        rf"5 U-boats cannot attack: Germany holds 8 U-boat factors; the 6 U-boats revealed in Germany's murmansk "
        rf"order \(#{seal['number']}\) sit out this round \(G-72, G-70, J-58, I-65 \[004\]\), so at most 2 may attack",
    )
    entry = summer_i.execute_json({**round_, "offensive_factors": 2, "uboats_held": 8})
    assert any(
        "the 6 U-boats revealed in Germany's murmansk order" in step["text"] for step in entry["ruling"]["steps"]
    )


def test_a_round_while_the_order_is_sealed_states_the_uboats_held_and_the_fight_checks_them(
    summer_i: RefereeService,
) -> None:
    """The order stays hidden through the Axis round (I-65: the Allies must not learn the number):
    the round states what Germany holds, and the fight refuses U-boats that also attacked."""
    sealing = OrderSealing(summer_i)
    seal = sealing.seal("Germany", "murmansk", GERMAN)
    at(summer_i, "Summer I 1940", "Axis", "Strategic Warfare")
    summer_i.execute_json({**UBOATS, "offensive_factors": 5, "defensive_factors": 4, "uboats_held": 8})
    at(summer_i, "Summer I 1940", "Western Allies", "Combat")
    sealing.reveal(seal["number"])
    fight = {"kind": "ResolveMurmanskFight", "receiver": "USSR", "german_seal": seal["number"], **ALLIED}
    refused(
        summer_i,
        {**fight, "rolls": _rolls({**GERMAN, **ALLIED}, 5)},
        r"6 U-boats are in the Murmansk box, but the strategic-warfare round of #\d+ stated 8 held and 5 fighting: "
        r"those that attacked in this turn's Axis strategic warfare could not go, so at most 3 could go \(G-72",
    )


@pytest.mark.parametrize(
    ("fight", "message"),
    [
        (
            {**GERMAN, **ALLIED},
            r"Germany's murmansk order \(#\d+\) was sealed this turn: the fight reads it \(german_seal",
        ),
        (
            {"german_seal": "G", "uboats": 6, **ALLIED},
            r"Germany's factors come from its sealed order #\d+; leave U-boats",
        ),
        (
            {"german_seal": "G", "allied_seal": "G"},
            r"allied_seal: #\d+ is Germany's murmansk order \(#\d+\), not Western",
        ),
        ({"german_seal": 1, **ALLIED}, r"german_seal: entry #1 sealed no order; sealed orders: Germany's murmansk"),
    ],
)
def test_a_fight_reads_a_seal_of_this_turn_or_is_refused(
    summer_i: RefereeService, fight: dict[str, Any], message: str
) -> None:
    sealing = OrderSealing(summer_i)
    seal = sealing.seal("Germany", "murmansk", GERMAN)
    at(summer_i, "Summer I 1940", "Western Allies", "Combat")
    named = {key: seal["number"] if value == "G" else value for key, value in fight.items()}
    command = {"kind": "ResolveMurmanskFight", "receiver": "USSR", "rolls": _rolls({**GERMAN, **ALLIED}, 5)}
    refused(summer_i, {**command, "german_seal": seal["number"], **ALLIED}, r"german_seal: .* is still sealed")
    sealing.reveal(seal["number"])
    refused(summer_i, {**command, **named}, message)


def test_asw_left_in_the_box_by_a_sealed_spring_fight_sits_out_the_axis_summer_i_round() -> None:
    """J-58 `spring`: the surviving ASW stays in the box until the Allies' Summer I turn and
    misses the Axis Summer I strategic warfare (G-72)."""
    service = _northern({"murmansk_timing": "spring"})
    try:
        sealing = OrderSealing(service)
        at(service, "Spring 1940", "Western Allies", "Movement")
        allied = sealing.seal("Western Allies", "murmansk", ALLIED)
        at(service, "Spring 1940", "Western Allies", "Combat")
        sealing.reveal(allied["number"])
        german = {"german_air": 0, "german_fleets": 0, "uboats": 2}  # face up under this reading: typed
        rolls = _rolls({**german, **ALLIED}, 1)
        outcome = mm.resolve(box.Commitments(**german, **ALLIED, uk_brps=20, usa_brps=20), TABLES, rolls)
        assert outcome.survivors.asw > 0
        fight = service.execute_json(
            {
                "kind": "ResolveMurmanskFight",
                "receiver": "USSR",
                **german,
                "allied_seal": allied["number"],
                "rolls": rolls,
            }
        )
        (mark,) = [event for event in fight["events"] if event["type"] == "MurmanskSitOutMarked"]
        assert (mark["weapon"], mark["factors"], mark["seal"]) == ("ASW", outcome.survivors.asw, allied["number"])
        at(service, "Summer I 1940", "Axis", "Strategic Warfare")
        round_ = {**UBOATS, "offensive_factors": 3, "defensive_factors": 4}
        kept = outcome.survivors.asw  # the UK's 8 less those lost in the box: 4 + kept held
        refused(
            service,
            {**round_, "defensive_factors": 5},
            rf"5 ASW cannot defend: the Allies hold {4 + kept}; {kept} stay in the Murmansk box after the fight "
            rf"of #{fight['number']}",
        )
        refused(
            service,
            {**round_, "asw_held": 4 + kept - 1},
            rf"the Western Allies have {4 + kept} ASW factors by the book; the round states {3 + kept} held",
        )
        service.execute_json({**round_, "asw_held": 4 + kept})
    finally:
        service.close()


def test_a_typed_fight_records_what_it_recorded_before(summer_i: RefereeService) -> None:
    """The older form: no seal this turn, factors typed; no new events but the U-boats and ASW the
    box destroyed, off the counts the book keeps (campaigns recorded before keep none, and decide
    again to exactly what they recorded)."""
    at(summer_i, "Summer I 1940", "Western Allies", "Combat")
    entry = summer_i.execute_json(
        {
            "kind": "ResolveMurmanskFight",
            "receiver": "USSR",
            **GERMAN,
            **ALLIED,
            "rolls": _rolls({**GERMAN, **ALLIED}, 9),
        }
    )
    assert [event["type"] for event in entry["events"] if event["type"] != "SwForcesChanged"] == [
        "LendLeaseIntercepted",
        "StepCompleted",
    ]


def test_a_bombing_round_states_no_holdings(summer_i: RefereeService) -> None:
    at(summer_i, "Summer I 1940", "Western Allies", "Strategic Warfare")
    bombing = {"kind": "ResolveStrategicWarfare", "attacker": "bombers", "target": "Germany", "offensive_factors": 5}
    with pytest.raises(RulesError, match="uboats_held and asw_held are stated in a U-boat round"):
        summer_i.execute_json({**bombing, "defensive_factors": 0, "rolls": [5], "uboats_held": 3})
