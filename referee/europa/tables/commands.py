"""Commands read on the Success, Airbase and weather roll charts (RULES K-09, K-10; D-22, L-08,
L-14, A-06 [000])."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.command_base import Command, Name, OneDie, Witnessed


class ResolveSuccess(Command):
    """One roll on the Success table (K-09): a commando operation (D-22 [000]: the German commandos
    of Jun II 1941 get +1) or partisans breaking a rail line (L-08 [000]: 5-6, no modifiers)."""

    side: Name
    operation: Literal["commando", "partisan"]
    hex: Name = Field(description="the target hex (partisans: the rail hex a success breaks)")
    drm: int = Field(default=0, ge=-3, le=3, description="other modifiers of your printed table (commandos only)")
    faces: OneDie | None = Field(default=None, description='the 1D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class CheckAirCapacity(Command):
    """A hex's air capacity on the Airbase table, halved and rounded up after adding its entry
    items, less unrepaired airbase hits (L-14 [000], K-09); refused when more groups are based there."""

    side: Name
    hex: Name
    items: list[Name] = Field(min_length=1, max_length=6, description="its entry items: major_city, airbase ...")
    hits: int = Field(default=0, ge=0, le=10, description="airbase hits not yet repaired")
    groups: int = Field(default=0, ge=0, le=40, description="air groups based there")


class RollWeather(Command):
    """A weather zone's weather for the game turn, 1D6 on the pinned weather roll table of its month
    (K-10, A-06 [000]); one weather per zone and game turn."""

    zone: Name
    faces: OneDie | None = Field(default=None, description='the 1D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


TABLE_CHART_COMMANDS: tuple[type[Command], ...] = (ResolveSuccess, CheckAirCapacity, RollWeather)
