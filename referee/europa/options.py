"""The Revised Europa options (RULES.md section J): name -> readings, the default (000) first.

Notes on the readings (docs/options.md has the whole list):
- weather_rounding (J-14): 'fractions round up' read as rounding the cut up (less is received) or
  the received amount up (more is received).
- siege_persistence (J-13): cities count while held or besieged, re-evaluated each Initial phase,
  or once reached they count for good.
- air_sp_rounding (J-08): 1 SP per 3 fighters and per 2 other combat groups, rounded up per type
  or as one pooled sum.
- special_losses (K-08, provisional): the text does not say what counts as the "lost forces"
  special replacements return; `allocated`: the strength each unit given up in AllocateLosses
  actually lost, by RP type (armor for an AECA unit, else infantry), on the named nation's
  account; `recorded`: only what the referee records with RecordLosses (release 0.3 and before).
- factory_profile (J-01): the 000 rule body (2 armor + 1 artillery per I turn, upgraded 4 + 2),
  the 000 overview (2 + 2, upgraded 3 + 3), or 001's.
"""

from __future__ import annotations

from referee.common.options import Choices, Sources

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
    "special_losses": ("allocated", "recorded"),  # K-08 (provisional)
}

SOURCES: Sources = {
    "finland_front": "B-52 [000]",
    "weather_rounding": "J-14",
    "siege_persistence": "J-13",
    "factory_profile": "J-01",
    "soviet_rp_rates": "J-36",
    "air_sp_rounding": "J-08",
    "cap_basis": "J-02",
    "unpaid_attack": "J-07",
    "soviet_rp_bonus": "J-12",
    "armor_rp_remainder": "J-15",
    "odds_rounding": "J-06",
    "max_bombard_shift": "J-04",
    "armor_drm_threshold": "J-05",
    "dr_heavy_terrain": "J-18",
    "factor_limit_start": "J-17",
    "special_losses": "C-40 [000], K-08 (provisional)",
}
"""The contradiction (RULES.md section J) or rule each option settles."""
