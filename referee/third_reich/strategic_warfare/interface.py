"""What the other Third Reich systems may use of strategic warfare: the one module of it a sibling
imports (the import contract's named interface, pyproject.toml).

- `KINDS`, `CONVERTED`, `changed`, `ForcePoolConverted`: the economy's builds add strategic-warfare
  factors, and its year start converts a fleet to ASW, to the counts the book keeps (G-63, G-64).
- `Fight`, `exchange`, `side_counts`, `holder_name`, `shown`, `losses`: the Murmansk box fights its
  U-boats and ASW as strategic warfare does and takes them off the same counts (G-70, G-72).
"""

from __future__ import annotations

from referee.third_reich.strategic_warfare.events import ForcePoolConverted
from referee.third_reich.strategic_warfare.sw_forces import (
    CONVERTED,
    KINDS,
    changed,
    holder_name,
    losses,
    shown,
    side_counts,
)
from referee.third_reich.strategic_warfare.warfare import Fight, exchange

__all__ = [
    "CONVERTED",
    "KINDS",
    "Fight",
    "ForcePoolConverted",
    "changed",
    "exchange",
    "holder_name",
    "losses",
    "shown",
    "side_counts",
]
