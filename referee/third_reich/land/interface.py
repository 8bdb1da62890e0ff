"""What the other Third Reich systems may use of land combat: the one module of it a sibling
imports (the import contract's named interface, pyproject.toml).

- `LandLossesRemoved`: the attrition option removes the units a step costs with land combat's own
  event, so that the losses owed, their removal and the advance held until then (H-01, H-11) are
  one piece of code whichever fight left them.
- `minor_allies`: the minor allies fighting with their patron on a front, in a combat or an
  attrition step alike (A-64).
"""

from __future__ import annotations

from referee.third_reich.land.events import LandLossesRemoved
from referee.third_reich.land.land_combat_allies import minor_allies

__all__ = ["LandLossesRemoved", "minor_allies"]
