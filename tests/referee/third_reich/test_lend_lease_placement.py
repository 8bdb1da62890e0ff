"""J-67: the UK's (and the USA's northern) lend lease is given at the Spring year start (the default,
option lend_lease_placement=year_start) or placed in the Murmansk box in the giver's Spring movement
phase (movement_phase); either way 20 or nothing, once a year, 1 SR (issue 29)."""

from __future__ import annotations

from referee.service import RefereeService
from tests.referee.third_reich.test_economy_service import GERMANY_ON_USSR, at
from tests.referee.third_reich.test_wars_and_lend_lease import new, year_start

from support import refused

PLACE = {"kind": "PlaceLendLease", "route": "UK to USSR", "amount": 20}


def spring_1940(options: dict[str, str]) -> RefereeService:
    """Germany and the USSR at war from Fall 1939; the calendar at the Spring 1940 year start."""
    service = new(options)
    service.execute_json(GERMANY_ON_USSR)
    while service.state().table.calendar.phase != "Year Start":
        service.execute_json({"kind": "AdvanceGameTurn"})
    return service


def test_J67_movement_phase_placement() -> None:
    service = spring_1940({"lend_lease_placement": "movement_phase"})
    try:
        for power in ("Germany", "Italy", "USSR", "France"):
            service.execute_json(year_start(power))
        refused(
            service,
            year_start("UK", ("UK to USSR", 20)),
            r"under option lend_lease_placement=movement_phase UK places UK to USSR lend lease in the Murmansk box "
            r"in its Spring Movement phase \(PlaceLendLease\), not at the year start \(J-67\)",
        )
        service.execute_json(year_start("UK"))
        uk_at_start = service.state().brp_economies["UK"]
        at(service, "Spring 1940", "Western Allies", "Options")
        refused(
            service,
            PLACE,
            r"placing northern lend lease in the Murmansk box happens in the Western Allies "
            r"Movement phase \(J-67 \[004\]\)",
        )
        refused(service, {**PLACE, "route": "USA to UK"}, r"'USA to UK' is not a northern lend lease route")
        at(service, "Spring 1940", "Western Allies", "Movement")
        refused(service, {**PLACE, "amount": 10}, r"UK to USSR lend lease is exactly 20 BRPs or nothing")
        entry = service.execute_json(PLACE)
        assert any(step["rule"].startswith("J-67") for step in entry["ruling"]["steps"])
        uk, ussr = service.state().brp_economies["UK"], service.state().brp_economies["USSR"]
        assert uk.total == uk_at_start.total - 20
        assert uk.total_at_turn_start == uk_at_start.total_at_turn_start  # the half-spend limit as it was
        assert uk.turn_counters["sr"] == 1
        shipment = ussr.lend_lease_by_route["UK to USSR"]
        assert (shipment.sent, shipment.arrival) == (20, "murmansk")
        refused(service, PLACE, r"UK to USSR lend lease was placed already this Spring: one grant a year \(G-60\)")
    finally:
        service.close()


def test_J67_year_start_reading_refuses_the_placement() -> None:
    service = spring_1940({})
    try:
        refused(
            service,
            PLACE,
            r"under option lend_lease_placement=year_start northern lend lease is given at the Spring year start",
        )
        for power in ("Germany", "Italy", "USSR", "France"):
            service.execute_json(year_start(power))
        service.execute_json(year_start("UK", ("UK to USSR", 20)))
        assert service.state().brp_economies["USSR"].lend_lease_by_route["UK to USSR"].sent == 20
    finally:
        service.close()
