"""The Revised Third Reich options (RULES.md section J): name -> readings, the default first."""

from __future__ import annotations

from referee.common.options import Choices

OPTIONS: Choices = {
    "us_growth": ("70", "60"),  # J-56
    "murmansk_timing": ("summer_i", "spring"),  # J-58
    "half_limit_counts": ("all_spending", "builds_only"),  # J-65
    "sw_start": ("spring_1940", "fall_1939"),  # J-61
}

LEGACY_DEFAULTS = {"sw_start": "spring_1940"}
"""Readings release 0.1.0 applied without pinning them (the option came after the campaign)."""
