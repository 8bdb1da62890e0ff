"""Isolation attrition in both games (Europa D-104..D-106, Third Reich H-40..H-42, J-68)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.common.errors import IllegalOrderError
from referee.europa.combat import isolation as europa
from referee.service import RefereeService
from referee.third_reich.attrition import isolation as reich
from tests.referee.europa.test_logistics_service import at_phase
from tests.referee.third_reich.test_economy_service import at


@pytest.mark.parametrize(
    ("conditions", "roll", "loss"),
    [
        (set(), 7, 0),  # 7 or more: no loss
        (set(), 6, 5),  # 6 or less: half of 9, rounded up
        ({"adjacent_enemy", "remote_region", "winter"}, 9, 5),  # 9 − 3 = 6
        ({"home_country", "traces_to_city"}, 5, 0),  # 5 + 2 = 7
    ],
)
def test_europa_attrition_is_a_50_percent_loss_on_6_or_less(conditions: set[str], roll: int, loss: int) -> None:
    """D-105, D-106: 2D6 + cumulative DRMs; ≤ 6 → 50% of the stack (rounded up, D-55)."""
    assert europa.attrition(conditions, roll, strength=9).loss == loss


@pytest.mark.parametrize(("roll", "eliminated"), [(10, True), (11, False)])
def test_H42_german_unit_in_russia_in_snow_survives_only_on_11_or_12(roll: int, eliminated: bool) -> None:
    """H-42: Snow −2, Russia −1, adjacent −1, traces to a city +1 = −3; survival needs 8, so 11+ (3/36)."""
    outcome = reich.attrition(
        {"remote_region", "adjacent_enemy", "traces_to_city"}, weather="Snow", summer=False, roll=roll
    )
    assert (outcome.drm, outcome.eliminated) == (-3, eliminated)


def test_J68_the_games_differ_a_modified_7_survives_in_europa_but_not_in_third_reich() -> None:
    """J-68: Europa survives on 7+, with a 50% loss on failure; 3R needs 8+, and failure eliminates the hex."""
    assert europa.attrition(set(), 7, strength=10).loss == 0
    assert reich.attrition(set(), weather="Clear", summer=False, roll=7).eliminated
    assert not reich.attrition(set(), weather="Clear", summer=True, roll=7).eliminated  # Summer +1


def soviet_isolation(hex: str, strength: int, faces: list[int], rolled_by: str = "Ivan") -> dict[str, Any]:
    """A Europa isolation-attrition roll of the Soviet side for ``strength`` factors in ``hex``."""
    return {
        "kind": "ResolveIsolationAttrition",
        "side": "Soviet",
        "hex": hex,
        "strength": strength,
        "faces": faces,
        "rolled_by": rolled_by,
    }


def rifle_losses(combat: int) -> dict[str, Any]:
    """The Soviet side allocates 9 counted factors, two rifle divisions, to the loss of ``combat``."""
    units = [{"label": "two rifle divisions", "counted": 9}]
    return {"kind": "AllocateLosses", "combat": combat, "side": "Soviet", "nation": "USSR", "units": units}


def test_europa_attrition_owes_a_loss_that_earns_no_rps(europa: RefereeService) -> None:
    """D-105 and C-13: the loss is allocated like a combat loss; isolated units give back no RPs."""
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    entry = europa.execute_json(
        {**soviet_isolation("Bialystok pocket", 9, [3, 3]), "adjacent_enemy": True, "remote_region": True}
    )
    assert entry["ruling"]["summary"].endswith(f"Soviet loses 5 (allocate with #{entry['number']})")
    europa.execute_json({"kind": "ReceiveSupplyIncome", "side": "Soviet"})
    with pytest.raises(IllegalOrderError, match="isolation attrition Bialystok pocket: Soviet still owes a loss of 5"):
        europa.execute_json({"kind": "AdvancePhase"})
    europa.execute_json(rifle_losses(entry["number"]))
    assert europa.state().replacement_tracks["USSR"].pending == []
    europa.execute_json({"kind": "AdvancePhase"})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"turns_unsupplied": 1}, "begins with the 2nd consecutive unsupplied turn"),
        ({"side": "Axis"}, "isolation attrition happens in the Axis Initial phase"),
        ({"faces": [0, 3]}, "faces 1 to 6"),
    ],
)
def test_europa_attrition_refusals_change_nothing(europa: RefereeService, change: dict[str, Any], message: str) -> None:
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    before, head = europa.state().to_json(), europa.head()
    command = soviet_isolation("x", 4, [1, 1], rolled_by="I")
    with pytest.raises(Exception, match=message):
        europa.execute_json({**command, **change})
    assert (europa.state().to_json(), europa.head()) == (before, head)


def test_third_reich_attrition_reads_the_regions_weather(third_reich: RefereeService) -> None:
    """H-41: the weather DRM comes from the recorded weather of the hex's region."""
    at(third_reich, "Fall 1939", "Axis", "Supply and Isolation")
    region = next(iter(third_reich.state().table.weather))
    entry = third_reich.execute_json(
        {
            "kind": "ResolveIsolationAttrition",
            "side": "Axis",
            "hex": "Warsaw",
            "region": region,
            "units": ["3-3 inf"],
            "faces": [4, 3],
            "rolled_by": "Hans",
        }
    )
    assert "3-3 inf eliminated" in entry["ruling"]["summary"]
    assert entry["events"] == [] and entry["rolls"][0]["total"] == 7
    with pytest.raises(IllegalOrderError, match="no weather region 'Atlantis'"):
        third_reich.execute_json(
            {
                "kind": "ResolveIsolationAttrition",
                "side": "Axis",
                "hex": "x",
                "region": "Atlantis",
                "faces": [4, 3],
                "rolled_by": "Hans",
            }
        )
