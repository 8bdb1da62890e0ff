"""What other Europa systems may take from order_of_battle: the one module they import from it.

- `Arrival`: one arrival of the reinforcement schedule, whose air groups the air boxes place (K-11).
- `is_withdrawn`: whether a unit has left play on the withdrawal schedule, which AA fire reads
  before counting a unit's AA (K-11, K-31).
"""

from __future__ import annotations

from referee.europa.order_of_battle.garrison_handlers import is_withdrawn
from referee.europa.order_of_battle.reinforcements import Arrival

__all__ = ["Arrival", "is_withdrawn"]
