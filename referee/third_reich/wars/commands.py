"""The commands of war and lend lease: declarations of war, a power's surrender, and northern lend
lease placed in the movement phase (G-34, G-35, J-67 [004]); the year start's grants are part of
`PerformYearStart` (referee.third_reich.economy.commands)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.command_base import Command, FreeText, Name


class DeclareWar(Command):
    """Declare war: on a major power 15 BRPs; on minors 5, once a season for any number (G-34)."""

    power: Name
    target: Name
    target_kind: Literal["major", "minor"]


class RecordSurrender(Command):
    """A major power leaves play: no year start, no BRPs (France when Vichy forms, G-35)."""

    power: Name
    reason: FreeText = Field(description="what happened at the table, e.g. 'Paris Axis-held at the end of the turn'")


class PlaceLendLease(Command):
    """Northern lend lease placed in the Murmansk box in the giver's Spring movement phase, under
    option lend_lease_placement=movement_phase (J-67, G-56, G-58): 20 or nothing, 1 SR."""

    route: Name = Field(description="a northern route of the scenario, e.g. 'UK to USSR'")
    amount: int = Field(ge=0, le=100)


COMMANDS: tuple[type[Command], ...] = (DeclareWar, RecordSurrender, PlaceLendLease)
"""War and lend lease's commands (`referee.third_reich.game` lists every command in documentation order)."""
