"""The Revised Europa options (RULES.md section J): name -> readings, the default (000) first."""

from __future__ import annotations

from referee.common.options import Choices

OPTIONS: Choices = {
    "finland_front": ("full", "truncated"),  # B-52 [000]
    "weather_rounding": ("reduction_up", "received_up"),  # J-14
    "siege_persistence": ("reevaluate", "one_way"),  # J-13
    "factory_profile": ("000b", "000a", "001"),  # J-01
    "soviet_rp_rates": ("000", "001"),  # J-36 / J-12
    "air_sp_rounding": ("per_type", "pooled"),  # J-08
    "cap_basis": ("received", "before_weather"),  # J-02: "current SP income"
    "unpaid_attack": ("halved", "forbidden"),  # J-07
    "soviet_rp_bonus": ("cities_only", "all_sources"),  # J-12
    "armor_rp_remainder": ("infantry", "lost"),  # J-15
    "odds_rounding": ("nearest_linear", "nearest_log", "down"),  # J-06
    "max_bombard_shift": ("1", "2"),  # J-04
    "armor_drm_threshold": ("le_1_2", "below_1_1"),  # J-05
    "dr_heavy_terrain": ("rule", "overview"),  # J-18
    "factor_limit_start": ("surprise_turn", "jun_ii_1941"),  # J-17
}
