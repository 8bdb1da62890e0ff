"""The handlers of issue 29's economy commands (`referee.third_reich.economy_commands`): northern
lend lease placed in the movement phase (J-67), an air attack on a city (G-92, G-93), the French
colonies' alignment roll (G-35) and the USSR's supply sources (G-83)."""

from __future__ import annotations

from typing import Any

from referee.third_reich import conquest_vichy, economy_bombing, lend_lease_placement, territory_supply
from referee.third_reich import economy_commands as cmd

TERRITORY_HANDLERS: dict[type[Any], Any] = {
    cmd.PlaceLendLease: lend_lease_placement.place,
    cmd.ResolveCityBombing: economy_bombing.resolve,
    cmd.RollFrenchColonies: conquest_vichy.roll_colonies,
    cmd.CheckSupplySource: territory_supply.check_source,
}
