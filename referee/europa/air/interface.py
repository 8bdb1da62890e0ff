"""What other Europa systems may take from air: the one module they import from it.

- The interdiction and air surprise rules (L-12, L-21 [000]) the map rulings apply
  (`interdiction`, `air_surprise`, `ATTACKS`), and the air boxes the surprise changes
  (`surprise_boxes`).
- The air groups a reinforcement brings into the Ready box, with their Group Allowance
  (`arrival_air`: K-11, L-22 [000]).
"""

from __future__ import annotations

from referee.europa.air.box_hooks import arrival_air, surprise_boxes
from referee.europa.air.missions import interdiction
from referee.europa.air.surprise import ATTACKS, air_surprise

__all__ = ["ATTACKS", "air_surprise", "arrival_air", "interdiction", "surprise_boxes"]
