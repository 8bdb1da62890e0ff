"""What the other Third Reich systems may use of the Murmansk box: the one module of it a sibling
imports (the import contract's named interface, pyproject.toml).

- `strategic_warfare_round`: the U-boats and ASW the box holds this turn sit out a strategic-warfare
  round, which strategic warfare checks before it fights (G-72, I-65, J-58).
"""

from __future__ import annotations

from referee.third_reich.murmansk.sealed import strategic_warfare_round

__all__ = ["strategic_warfare_round"]
