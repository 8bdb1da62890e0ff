"""What the other Third Reich systems may use of the economy: the one module of it a sibling
imports (the import contract's named interface, pyproject.toml).

- `BrpCharged`, `afford`, `within_half`: a system that prices something in BRPs (a declaration of
  war, a lend-lease SR, an attrition swap) charges it as every purchase is charged, within what
  the power has and half its total in a game turn (G-42, J-65).
- `PerformYearStart`: the year start, whose lend lease grants war and lend lease decide (G-55..G-60).
- `city_value` (G-90) and `bomber_conversions` (G-65): the BRP arithmetic territory and strategic
  warfare read.
"""

from __future__ import annotations

from referee.third_reich.economy.commands import PerformYearStart
from referee.third_reich.economy.economy import bomber_conversions, city_value
from referee.third_reich.economy.events import BrpCharged
from referee.third_reich.economy.spending import afford, within_half

__all__ = ["BrpCharged", "PerformYearStart", "afford", "bomber_conversions", "city_value", "within_half"]
