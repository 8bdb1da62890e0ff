"""What other Europa systems may take from map_facts: the one module they import from it.

Air transport of supply is read like a supply trace (`air_supply`, D-102 [000], L-15, J-10): the air
system's AirSupplyMission applies it.
"""

from __future__ import annotations

from referee.europa.map_facts.supply_trace import air_supply

__all__ = ["air_supply"]
