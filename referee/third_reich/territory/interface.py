"""What the other Third Reich systems may use of territory: the one module of it a sibling imports
(the import contract's named interface, pyproject.toml).

- `ussr_fights_on`: whether the USSR plays on with a base under 75 (G-83), which its year start says.
"""

from __future__ import annotations

from referee.third_reich.territory.supply_sources import ussr_fights_on

__all__ = ["ussr_fights_on"]
