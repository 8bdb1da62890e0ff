"""The words of the Revised Third Reich table that every system's commands and rules use: the
fronts a power declares an option on (A-62 [004]) and the weather of a region (A-65 [004])."""

from __future__ import annotations

from typing import Literal

Front = Literal["western", "eastern", "southern"]
"""A-62 [004]: the fronts; a power declares an option on each it is engaged on."""

Weather = Literal["Clear", "Mud", "Snow"]
"""A-65 [004]: the weather conditions the rules read."""

OWED = "before play moves on to the next phase (the advance is refused until then)"
"""When the units and hexes a land combat or an attrition step leaves owed are settled (H-01, H-11,
H-12 [004]): the `needs` of their commands' phase lines."""

OFFENSIVE = "under the power's offensive option on the front"
"""When a power may fight on a front, on land, in the air or at sea (A-58, A-63 [004]): the `needs`
of the combat, counter-air, drop, landing, mission and city-bombing commands' phase lines."""
