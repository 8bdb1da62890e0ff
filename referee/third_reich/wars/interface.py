"""What the other Third Reich systems may use of war and lend lease: the one module of it a sibling
imports (the import contract's named interface, pyproject.toml).

- `at_war`, `require_war`, `require_fight`, `country_names`: who is at war with whom, which every
  fight, conquest and minor ally reads (G-33, G-34, A-64).
- `RUSSIAN_WINTER`: the table marker a declaration between Germany and the USSR sets, which land
  combat reads (A-68).
- `leaves_with`, `record_surrender`, `PowerLeftPlay`: a power leaving play when its homeland falls,
  as a conquest, Vichy or the USSR's supply sources find it (G-35, G-83).
- `grants`: the lend lease a power sends at its year start (G-55..G-60), part of the economy's
  `PerformYearStart`.
"""

from __future__ import annotations

from referee.third_reich.wars.events import PowerLeftPlay
from referee.third_reich.wars.lend_lease import grants
from referee.third_reich.wars.wars import (
    RUSSIAN_WINTER,
    at_war,
    country_names,
    leaves_with,
    record_surrender,
    require_fight,
    require_war,
)

__all__ = [
    "RUSSIAN_WINTER",
    "PowerLeftPlay",
    "at_war",
    "country_names",
    "grants",
    "leaves_with",
    "record_surrender",
    "require_fight",
    "require_war",
]
