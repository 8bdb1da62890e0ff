"""What other Europa systems may take from bombardment: the one module they import from it.

A combat reads the bombardment hits waiting on the defender's hex and whether its artillery's SP
was already paid with a bombardment (`bombardment_support`, `ARTILLERY_PAID`: D-13, D-84, B-37 [000]).
"""

from __future__ import annotations

from referee.europa.bombardment.handlers import ARTILLERY_PAID, bombardment_support

__all__ = ["ARTILLERY_PAID", "bombardment_support"]
