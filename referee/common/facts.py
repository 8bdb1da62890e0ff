"""Referee-stated facts: what the rules read off the map, stated for the record.

The book holds no map (RULES.md K-12) and should not: the players read supply lines, zones of
control, terrain and retreat paths off the board. A game declares the facts its rules read
(`FactKind`, in its ``facts.py``: the one list `StateFact`, the rules, `turnledger facts` and
docs/commands.md read); the referee states one with `StateFact` (an entry like any other, so it
can be disputed and annotated); the rules then read the latest statement (`stated`) and cite it
in their derivation ("stated at #12 by Anna"). A rule that reads a fact its game does not declare
is a programming error (`UndeclaredFactError`), never a silent "not stated".
"""

from __future__ import annotations

from collections.abc import Iterable
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
        choices: the values of a ``choice`` fact.
        read_by: the command kinds whose handlers read it (tests/test_command_phases.py derives
            them from the handlers and compares).
    """

    name: str
    subject: str
    value: Literal["yes_no", "number", "choice"]
    description: str
    rules: str
    choices: tuple[str, ...] = ()
    read_by: tuple[str, ...] = ()

    @property
    def value_text(self) -> str:
        """The value's type in table words: "yes or no", "a whole number", "one of clear, rough"."""
        if self.value == "yes_no":
            return "yes or no"
        if self.value == "number":
            return "a whole number"
        return f"one of {', '.join(self.choices)}"

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


class UndeclaredFactError(LookupError):
    """A rule read a fact its game does not declare: a programming error, not a refusal."""


_DECLARED: dict[str, frozenset[str]] = {}
"""Game name -> the facts it declares (`declare`), checked by every read."""


def declare(game: str, kinds: Iterable[FactKind]) -> None:
    """Record the facts ``game`` declares: its rules may read these and no others (called by
    `referee.common.game.Game` when a game package builds its `Game`)."""
    _DECLARED[game] = frozenset(kind.name for kind in kinds)


def stated(state: BaseState, fact: str, subject: str) -> StatedFact | None:
    """The latest statement of ``fact`` about ``subject``, if the referee made one.

    Raises:
        UndeclaredFactError: the campaign's game does not declare ``fact``.
    """
    declared = _DECLARED.get(state.identity.game)
    if declared is not None and fact not in declared:
        raise UndeclaredFactError(
            f"a rule of {state.identity.game} reads the fact {fact!r}, which the game does not declare "
            f"({', '.join(sorted(declared)) or 'none'}): add it to the game's facts.py"
        )
    return state.table.facts.get(f"{fact}:{subject}")


def stated_yes(state: BaseState, fact: str, subject: str, *, default: bool = False) -> tuple[bool, StatedFact | None]:
    """A yes/no fact about ``subject``: its value and the statement, or ``default`` and None when
    the referee never stated it."""
    found = stated(state, fact, subject)
    return (default, None) if found is None else (found.value == "yes", found)


def citation(found: StatedFact) -> str:
    """How a derivation cites a stated fact."""
    return f"{found.fact} of {found.subject} = {found.value}, stated at #{found.entry} by {found.stated_by}"
