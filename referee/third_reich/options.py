"""The Revised Third Reich options (RULES.md section J): name -> readings, the default first; the
readings a system defines are its own (air and naval, war and lend lease, territory, force pools,
the Murmansk box), gathered here for the `Game`."""

from __future__ import annotations

from referee.common.options import Choices, Sources
from referee.third_reich.air_naval import air_naval
from referee.third_reich.economy.force_pools import UK_TANK_CORPS
from referee.third_reich.murmansk.timing import READINGS as MURMANSK_TIMING
from referee.third_reich.territory.conquest_rules import RM_PACT_VALUE, VICHY_VALUES
from referee.third_reich.wars.lend_lease_placement import LEND_LEASE_PLACEMENT
from referee.third_reich.wars.wars import ALLIES_DRAWN_IN

OPTIONS: Choices = {
    "us_growth": ("70", "60"),  # J-56
    "us_entry": ("enters_with_base", "saves_before_entry"),  # G-01, G-20, G-57: the USA's 1942 base
    "murmansk_timing": MURMANSK_TIMING,  # J-58
    "half_limit_counts": ("all_spending", "builds_only"),  # J-65
    "sw_start": ("spring_1940", "fall_1939"),  # J-61
    "fortified_add": ("doubled", "not_doubled"),  # J-62
    "attrition_column_4": ("printed_def_att", "printed_diff_raise_def", "printed_diff_lower_att"),  # J-63
    "half_unit_infantry": ("strength_1_to_3", "one_factor"),  # H-11: what "1-3 infantry" names
    **air_naval.OPTIONS,  # J-59, J-64, J-66, J-69 and H-23: air and naval operations
    "allies_drawn_in": ALLIES_DRAWN_IN,  # G-34: whom a declaration on a major power brings in
    "uk_tank_corps": UK_TANK_CORPS,  # J-70: when the UK's 4-5 tank corps join its force pool
    "rm_pact_value": RM_PACT_VALUE,  # J-57: the Ribbentrop-Molotov annexations
    "vichy_values": VICHY_VALUES,  # J-60: what the rest of metropolitan France is worth
    "lend_lease_placement": LEND_LEASE_PLACEMENT,  # J-67: when northern lend lease is committed
}

LEGACY_DEFAULTS = {"sw_start": "spring_1940"}
"""Readings release 0.1.0 applied without pinning them (the option came after the campaign)."""

SOURCES: Sources = {
    "us_growth": "J-56, G-20 [004]",
    "us_entry": "G-01, G-20, G-57 [004] (not in section J: the entry base against growth on BRPs held before 1942)",
    "murmansk_timing": "J-58, G-56, G-59 [004]",
    "half_limit_counts": "J-65, G-42 [004]",
    "sw_start": "J-61, G-67 [004]",
    "fortified_add": "J-62, H-05 [004]",
    "attrition_column_4": "J-63, H-14 [004]",
    "half_unit_infantry": "H-11 [004] (not in section J: RULES.md reads strength 1-3)",
    **air_naval.SOURCES,
    "allies_drawn_in": "G-34 [004] (not in section J: the text names no alliance, K-45)",
    "uk_tank_corps": "J-70, G-02, K-44 [004] (read off the pinned force pool chart)",
    "rm_pact_value": "J-57, G-30, G-36, G-80 [004]",
    "vichy_values": "J-60, G-35, G-36 [004]",
    "lend_lease_placement": "J-67, G-56, G-58 [004]",
}
"""The contradiction (RULES.md section J) and rule each option settles."""
