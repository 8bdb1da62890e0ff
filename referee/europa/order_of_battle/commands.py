"""The command that reads the campaign's reinforcement schedule (RULES K-11)."""

from __future__ import annotations

from pydantic import Field

from referee.common.command_base import Command, Name


class ReceiveReinforcements(Command):
    """The phasing side takes what the pinned reinforcement schedule gives it this turn, in its
    Initial phase, once a turn: units join its roster, Replacement and Resource Points are credited,
    withdrawals are named (K-11; F-25 [003]: none of the Axis Resource Points during a Westwall
    emergency restoration)."""

    side: Name = Field(description="the phasing side")


REINFORCEMENT_COMMANDS: tuple[type[Command], ...] = (ReceiveReinforcements,)
