"""Refusals from the referee, worded for the table.

`IllegalOrderError`: the rules forbid it now ("Axis SP pool holds 12; this costs 14").
`InvalidInputError`: the input itself is malformed (a 7 on a d6, a missing field).
`AmbiguousOrderError`: the input could mean more than one thing.
`ScenarioError`: a scenario, ruleset or chart file is wrong; names file, field and value.
"""

from __future__ import annotations

from typing import Any

from ledger.errors import LedgerError


class RulesError(Exception):
    """Base class of every refusal by the referee."""


class IllegalOrderError(RulesError):
    """The command is well formed but the rules or the current state forbid it."""


class DiceNeededError(IllegalOrderError):
    """The order is legal but its dice are not entered yet. Recording it is refused; a preview
    shows ``before`` (a `referee.common.ruling.Ruling`): everything decided before the dice, such
    as a combat's odds, shifts and DRMs (issue 15)."""

    def __init__(self, message: str, before: Any) -> None:
        super().__init__(message)
        self.before = before


class InvalidInputError(RulesError):
    """The command or file is malformed."""


class AmbiguousOrderError(RulesError):
    """The command could be read more than one way."""


class ScenarioError(InvalidInputError):
    """A data file (scenario, ruleset, chart) is malformed."""


REFUSALS: tuple[type[Exception], ...] = (RulesError, LedgerError)
"""What the service refuses with a message for the referee (the rules', or the book's)."""
