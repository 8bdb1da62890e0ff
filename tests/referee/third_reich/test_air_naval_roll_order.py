"""The order in which the Third Reich air and naval commands take their dice, as docs/air-and-naval.md
("The commands and their dice") writes it down (issue 29): each stored roll names its purpose."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.service import RefereeService
from tests.referee.third_reich.reich_support import declared
from tests.referee.third_reich.test_air_naval_service import DROP
from tests.referee.third_reich.test_economy_service import at

DOC = (Path(__file__).resolve().parents[3] / "docs" / "air-and-naval.md").read_text(encoding="utf-8")


@pytest.fixture
def offensive(tmp_path: Path) -> Iterator[RefereeService]:
    service = declared(tmp_path, "air", war_on=("UK", "major"), file="air.db")
    yield service
    service.close()


def purposes(entry: dict[str, Any]) -> list[str]:
    return [str(roll["purpose"]).split(": ", 1)[1] for roll in entry["rolls"]]


def test_the_page_writes_down_each_commands_roll_order() -> None:
    for command in ("ResolveCounterAir", "ResolveInterception", "ResolveAirDrop"):
        assert f"| `{command}` |" in DOC
    assert "not yet wired" not in DOC


def test_counter_air_rolls_the_attackers_fire_then_the_defenders(offensive: RefereeService) -> None:
    at(offensive, "Fall 1939", "Axis", "Air Missions")
    command = {"kind": "ResolveCounterAir", "power": "Germany", "front": "eastern", "base": "Warsaw"}
    entry = offensive.execute_json({**command, "sent": 5, "targeted": 4, "rolls": [9, 1]})
    assert purposes(entry) == [
        "counter-air: phasing air fire at the non-phasing air",
        "counter-air: non-phasing air fire at the phasing air",
    ]
    assert [roll["faces"] for roll in entry["rolls"]] == [[9], [1]]


def test_an_air_drop_rolls_the_escort_then_the_interceptors(offensive: RefereeService) -> None:
    at(offensive, "Fall 1939", "Axis", "Movement")
    drop = {**DROP, "escort": 3, "interceptors": 5, "rolls": [2, 7]}
    escorted = offensive.execute_json(drop)
    assert purposes(escorted) == ["escort fire at the interceptors", "interceptors fire at the escort and airborne"]
    alone = offensive.execute_json({**drop, "escort": 0, "rolls": [7]})
    assert purposes(alone) == ["interceptors fire at the escort and airborne"]
    untouched = offensive.execute_json({**drop, "interceptors": 0, "rolls": []})
    assert untouched["rolls"] == []


def test_interception_rolls_once_a_port_in_the_order_listed_murmansk_none(offensive: RefereeService) -> None:
    at(offensive, "Fall 1939", "Axis", "Interception")
    entry = offensive.execute_json(
        {
            "kind": "ResolveInterception",
            "power": "UK",
            "target": "Danzig",
            "ports": [
                {"port": "Scapa Flow", "fleets": [9], "distance": 12},
                {"port": "Murmansk box", "fleets": [5], "distance": 20, "murmansk": True},
                {"port": "Rosyth", "fleets": [9], "distance": 14},
            ],
            "rolls": [3, 8],
        }
    )
    assert purposes(entry) == ["1D10 interception from Scapa Flow", "1D10 interception from Rosyth"]
