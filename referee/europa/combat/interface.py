"""What other Europa systems may take from combat: the one module they import from it.

- The losses owed: `losses_owed` builds them, `CombatResolved` opens them and `LossesAllocated`
  records what met them (D-56), so that a bombardment's or a Boot Camp combat's loss is discharged
  by the same `AllocateLosses` (D-85 [000], E-15 [002]).
- The campaign's combat chart (`CombatCharts`, `BUNDLED`): a bombardment reads its terrain (D-82).
"""

from __future__ import annotations

from referee.europa.combat.charts import BUNDLED, CombatCharts
from referee.europa.combat.events import CombatResolved, LossesAllocated
from referee.europa.combat.loss_handlers import losses_owed

__all__ = ["BUNDLED", "CombatCharts", "CombatResolved", "LossesAllocated", "losses_owed"]
