"""Referee-stated facts: what the rules read off the map, stated for the record.

The book holds no map (RULES.md K-12) and should not: the players read supply lines, zones of
control, terrain and retreat paths off the board. A game declares the facts its rules read
(`FactKind`); the referee states one with `StateFact` (an entry like any other, so it can be
disputed and annotated); the rules then read the latest statement (`stated`) and cite it in
their derivation ("stated at #12 by Anna").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.common.errors import IllegalOrderError
from referee.common.state import BaseState, StatedFact


@dataclass(frozen=True)
class FactKind:
    """One kind of fact a game's rules read off the map.

    Args:
        name: the fact's name in commands (``out_of_supply_since``).
        subject: what it is about, in table words (``hex``, ``stack``, ``unit``).
        value: ``yes_no``, ``number`` (a whole number ≥ 0) or ``choice`` (one of ``choices``).
        description: what the referee states, in table words.
        rules: the rules that read it (seed file + rule).
    """

    name: str
    subject: str
    value: Literal["yes_no", "number", "choice"]
    description: str
    rules: str
    choices: tuple[str, ...] = ()

    def check(self, value: str) -> str:
        """The value in its recorded form, or an `IllegalOrderError` in table words."""
        if self.value == "yes_no":
            if value not in ("yes", "no"):
                raise IllegalOrderError(f"{self.name} is yes or no; not {value!r}")
        elif self.value == "number":
            if not value.isdigit() or len(value) > 6:
                raise IllegalOrderError(f"{self.name} is a whole number; not {value!r}")
            value = str(int(value))
        elif value not in self.choices:
            raise IllegalOrderError(f"{self.name} is one of {', '.join(self.choices)}; not {value!r}")
        return value


def stated(state: BaseState, fact: str, subject: str) -> StatedFact | None:
    """The latest statement of ``fact`` about ``subject``, if the referee made one."""
    return state.table.facts.get(f"{fact}:{subject}")


def stated_yes(state: BaseState, fact: str, subject: str, *, default: bool = False) -> tuple[bool, StatedFact | None]:
    """A yes/no fact about ``subject``: its value and the statement, or ``default`` and None when
    the referee never stated it."""
    found = stated(state, fact, subject)
    return (default, None) if found is None else (found.value == "yes", found)


def citation(found: StatedFact) -> str:
    """How a derivation cites a stated fact."""
    return f"{found.fact} of {found.subject} = {found.value}, stated at #{found.entry} by {found.stated_by}"
