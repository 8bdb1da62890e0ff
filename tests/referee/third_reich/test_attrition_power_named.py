"""Which power `RemoveAttritionLosses` names for a side that saves nothing (issue 29, H-11, H-13,
G-50 [004]): the power the command names, one of the side's powers in play; every unit removed
is recorded as its loss, and it pays nothing."""

from __future__ import annotations

from referee.service import RefereeService
from tests.referee.third_reich.reich_support import ATTRITION_ROLL
from tests.referee.third_reich.test_economy_service import at

from support import refused

ROLL = ATTRITION_ROLL
"""Column 4, roll 7 → X2 D2 H2 on the provisional table: the Western Allies remove 4 units."""
UNITS = [{"unit": f"Fr {number}", "strength": 4} for number in range(1, 5)]


def test_a_side_that_saves_nothing_names_the_power_whose_units_it_removes(third_reich: RefereeService) -> None:
    service = third_reich
    at(service, "Fall 1939", "Axis", "Options")
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "attrition"})
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "Poland", "target_kind": "minor"})
    at(service, "Fall 1939", "Axis", "Combat")
    combat = service.execute_json(ROLL)["number"]
    due = next(loss for loss in service.state().table.losses_due if loss.side == "Western Allies")
    assert due.power == "Western Allies"  # a defender's loss names only the side: the command must name a power
    removal = {"kind": "RemoveAttritionLosses", "combat": combat, "side": "Western Allies", "units": UNITS}

    refused(service, {**removal, "power": "Germany"}, "Germany plays for the Axis, not the Western Allies")
    refused(service, {**removal, "power": "USA"}, "USA is not in play yet")
    refused(service, removal, "power")  # it is named even when nothing is saved

    before = {power: economy.total for power, economy in service.state().brp_economies.items()}
    service.execute_json({**removal, "power": "France"})
    state = service.state()
    assert {unit["unit"]: state.table.lost_units[unit["unit"]].power for unit in UNITS} == dict.fromkeys(
        (unit["unit"] for unit in UNITS), "France"
    )
    assert all(state.table.lost_units[unit["unit"]].cause == "enemy_attrition" for unit in UNITS)
    assert {power: economy.total for power, economy in state.brp_economies.items()} == before  # nothing paid
    assert state.brp_economies["France"].player_turn_counters.get("recoveries", 0) == 0  # no swap counted
