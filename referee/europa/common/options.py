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
- aa_fire (F-01 [003]): Optional Rule 37L, the minimum-dice-roll AA table used wherever the
  standard AA fire table would be; `standard` keeps the flak table (ResolveFlak), `minimum_roll`
  (europa-003) fires ResolveMinimumRollAA instead. Campaigns pinned before the option accept both,
  as they did.
- fractional_odds (D-12 [000]): optional rule D by mutual consent; `d10` rounds the odds down and
  rolls a D10 with the 2D6 for the next column (referee/europa/combat/rule_d.py, provisional procedure).
- divided_aa_rounding (J-54): the DAS and harassment AA divisions give no rounding (both examples
  divide exactly); the fraction is dropped, rounded to the nearest (half up) or rounded up.
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
    # The 000 / 001 differences (RULES J.2): each a named option; europa-001.toml sets the 001 readings.
    "sp_model": ("000", "001"),  # J-23, J-24, J-25 (B-60..B-68)
    "combat_rules": ("000", "001"),  # J-26, J-29, J-30, J-31 (D-24, D-37, D-46, D-54, D-58)
    "bombardment_rules": ("000", "001"),  # J-27, J-28 (D-80..D-86)
    "air_units": ("000", "001"),  # J-38 (D-87, D-88)
    "ezoc_retreat": ("per_retreat", "per_hex", "cadre_per_zoc"),  # J-16, J-33 (D-72, D-73)
    "excess_recovery": ("000", "001"),  # J-32 (C-10..C-13 against C-16..C-18)
    "rp_counting": ("factors", "res"),  # C-01: factor games (FITE/SE) or RE-series games (Western Desert)
    "replacement_timing": ("000", "001"),  # J-35 (C-63, C-64)
    "factory_bombing": ("000", "001", "original"),  # J-37 (C-52)
    "stacking_limits": ("000", "001"),  # J-43 (D-09)
    "overrun_rules": ("000", "001"),  # J-40 (D-91..D-96)
    "truck_depletion": ("none", "defensive_supply"),  # J-41 (D-108)
    "arctic_trace": ("minus_one", "as_printed"),  # J-09 (D-100)
    "air_transport_capacity": ("per_mission", "per_unit"),  # J-10 (D-102)
    "interdiction_roll": ("at_most", "under"),  # J-19 (L-12)
    "air_repair_timing": ("initial", "air_phase"),  # J-03
    "bombing_result_codes": ("contains_c", "facility_hits"),  # J-11
    "breakout_attrition": ("rolls", "no_roll"),  # J-20
    "movement_rules": ("000", "001"),  # J-39, J-41 (gauge), J-42
    "combat_system": ("revised", "boot_camp"),  # J-46: the 2D6 CRT of 000/001, or Boot Camp's 1D6 (E-01..E-22)
    "aa_sixteen_example": ("p47", "plus_1_from_1944"),  # J-52: which Second Front AA example the +1 follows
    "second_front_modifiers": ("off", "playtest"),  # F-26: Second Front's playtest attack DRMs
    "aa_fire": ("standard", "minimum_roll"),  # F-01: Optional Rule 37L replaces the standard AA fire table
    "fractional_odds": ("off", "d10"),  # D-12, K-13: optional rule D, by mutual consent
    "divided_aa_rounding": ("down", "nearest", "up"),  # J-54: a divided AA strength's fraction
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
    "sp_model": "J-23, J-24, J-25",
    "combat_rules": "J-26, J-29, J-30, J-31",
    "bombardment_rules": "J-27, J-28",
    "air_units": "J-38",
    "ezoc_retreat": "J-16, J-33",
    "excess_recovery": "J-32",
    "rp_counting": "C-01 [001]",
    "replacement_timing": "J-35",
    "factory_bombing": "J-37",
    "stacking_limits": "J-43",
    "overrun_rules": "J-40",
    "truck_depletion": "J-41",
    "arctic_trace": "J-09",
    "air_transport_capacity": "J-10",
    "interdiction_roll": "J-19",
    "air_repair_timing": "J-03",
    "bombing_result_codes": "J-11",
    "breakout_attrition": "J-20",
    "movement_rules": "J-39, J-41, J-42",
    "combat_system": "J-46",
    "aa_sixteen_example": "J-52",
    "second_front_modifiers": "F-26 [003]",
    "aa_fire": "F-01 [003] (Optional Rule 37L)",
    "fractional_odds": "D-12 [000], K-13 (optional rule D, provisional procedure)",
    "divided_aa_rounding": "J-54",
}
"""The contradiction (RULES.md section J) or rule each option settles."""
