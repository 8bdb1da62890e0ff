"""What other Europa systems may take from second_front: the one module they import from it.

- Second Front's playtest numbers (F-26 [003]) that other rules apply when a campaign takes them:
  the weather attack DRM, winter AECA, coalition DRM and out-of-supply halving of a Boot Camp
  combat, and the road, naval and stacking numbers of the map rulings and move checks.
- The fortifications in a hex and their effects on an attack (F-20, F-21 [003]), read by a Boot
  Camp combat (`placed_rows`, `fortification_effects`, `pinned_fortifications`).
- The Resource Point reinforcements the Axis forfeits around a Westwall emergency restoration
  (F-25 [003]), read by the reinforcement schedule (`resource_reinforcements_forfeited`, `AXIS`).
"""

from __future__ import annotations

from referee.europa.second_front.fortification_handlers import placed_rows
from referee.europa.second_front.fortifications import fortification_effects, pinned_fortifications
from referee.europa.second_front.playtest import (
    attack_halved_out_of_supply,
    check_stack,
    coalition_drm,
    naval_movement_points,
    road_cost,
    road_supply_length,
    weather_attack_drm,
    winter_aeca,
)
from referee.europa.second_front.westwall_handlers import AXIS, resource_reinforcements_forfeited

__all__ = [
    "AXIS",
    "attack_halved_out_of_supply",
    "check_stack",
    "coalition_drm",
    "fortification_effects",
    "naval_movement_points",
    "pinned_fortifications",
    "placed_rows",
    "resource_reinforcements_forfeited",
    "road_cost",
    "road_supply_length",
    "weather_attack_drm",
    "winter_aeca",
]
