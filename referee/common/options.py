"""Named ruleset options: where the texts contradict each other (RULES.md section J).

Each option lists its readings, the default first (the latest text, 000, unless noted). A
campaign pins its options at creation; they are shown in `turnledger state`.
"""

from __future__ import annotations

from referee.common.errors import InvalidInputError

OPTION_CHOICES: dict[str, tuple[str, ...]] = {
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
    "us_growth": ("70", "60"),  # J-56
    "murmansk_timing": ("summer_i", "spring"),  # J-58
    "half_limit_counts": ("all_spending", "builds_only"),  # J-65
    "odds_rounding": ("nearest_linear", "nearest_log", "down"),  # J-06
    "max_bombard_shift": ("1", "2"),  # J-04
    "armor_drm_threshold": ("le_1_2", "below_1_1"),  # J-05
    "dr_heavy_terrain": ("rule", "overview"),  # J-18
    "factor_limit_start": ("surprise_turn", "jun_ii_1941"),  # J-17
    "sw_start": ("spring_1940", "fall_1939"),  # J-61 (Third Reich)
}


def resolve_options(defaults: dict[str, str], chosen: dict[str, str]) -> dict[str, str]:
    """The ruleset's defaults overridden by the referee's choices, each checked.

    Raises:
        InvalidInputError: an unknown option or reading.
    """
    options = dict(defaults)
    for name, value in chosen.items():
        if name not in OPTION_CHOICES:
            raise InvalidInputError(f"unknown option {name!r}; options: {', '.join(OPTION_CHOICES)}")
        if value not in OPTION_CHOICES[name]:
            raise InvalidInputError(f"option {name} has readings {', '.join(OPTION_CHOICES[name])}; not {value!r}")
        options[name] = value
    return options


def option(options: dict[str, str], name: str) -> str:
    """The campaign's reading of ``name`` (the default when the campaign predates the option)."""
    return options.get(name, OPTION_CHOICES[name][0])
