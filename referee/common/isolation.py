"""Isolation attrition, the part both games share: the command's DRM flags and the 2D6 roll.

Each game rules the roll its own way (Europa D-104..D-106 [000] in
``referee/europa/combat/isolation_handlers.py``; Third Reich H-40, H-41 [004] in
``referee/third_reich/attrition/isolation_handlers.py``).
"""

from __future__ import annotations

from typing import Any

from referee.common import commands as c
from referee.common.decision import Context
from referee.common.throws import throw_for

FLAGS = ("adjacent_enemy", "remote_region", "winter", "home_country", "traces_to_city")


def conditions(command: c.ResolveIsolationAttrition) -> set[str]:
    """The DRM flags the referee set."""
    return {name for name in FLAGS if getattr(command, name)}


def roll_attrition(command: c.ResolveIsolationAttrition, ctx: Context[Any]) -> dict[str, Any]:
    """One isolated (Europa) or out-of-supply (Third Reich) hex rolls 2D6."""
    return throw_for(command, ctx, purpose=f"isolation attrition: {command.hex}", dice="2D6", faces=command.faces)
