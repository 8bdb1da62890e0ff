"""When the book accepts a command: its phase of the sequence of play and whose player turn.

Each game declares, per command kind, the phases its rules accept it in (`Accepted`, gathered in
the game's ``command_phases.py`` and exposed as ``Game.phases``). The handler's check reads that
declaration and so does docs/commands.md (`referee.schema`), so what the page says is what the
book enforces (tests/test_command_phases.py). A command a game does not declare is taken in any
phase (corrections, losses owed, statements of fact).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.common.errors import IllegalOrderError
from referee.common.state import BaseState

OWN = "own"
"""The command's side (or its power's side) must be the phasing player."""
OTHER = "other"
"""A side other than the command's (or the named one's) must be the phasing player: a reaction."""
ANY = "any"
"""Whoever's player turn it is: only the phase is checked."""
GAME = "game"
"""A phase of the game turn itself (no player turn), e.g. the Third Reich Year Start."""


def require_phase(state: BaseState, side: str, phases: tuple[str, ...], what: str, rule: str) -> None:
    """Refuse unless it is ``side``'s player turn and one of ``phases`` (the rule is cited)."""
    calendar = state.table.calendar
    if calendar.player != side or calendar.phase not in phases:
        now = f"{calendar.player + ' ' if calendar.player else ''}{calendar.phase} phase"
        raise IllegalOrderError(
            f"{what} happens in the {side} {' or '.join(phases)} phase ({rule}); it is now the {now} of "
            f"{calendar.label}"
        )


@dataclass(frozen=True)
class Accepted:
    """The phases one command (or one form of it, ``when``) is accepted in.

    Args:
        phases: the phases of the sequence of play; empty: any phase.
        what: the activity in table words, as a refusal names it ("an attrition step").
        rule: the rule that places it there (seed + rule ID).
        turn: whose player turn: `OWN` (the command's side), `OTHER` (another side's: a reaction),
            `ANY`, `GAME` (a phase of the game turn), or a side's name ("Axis").
        when: the form of the command or the option reading this line is for, as a phrase
            ("for an overrun", "under replacement_timing=001"); empty: always.
        needs: what else the rules ask at that moment, in table words (shown in the docs only).
    """

    phases: tuple[str, ...]
    what: str
    rule: str
    turn: str = OWN
    when: str = ""
    needs: str = ""

    @property
    def args(self) -> tuple[tuple[str, ...], str, str]:
        """(phases, what, rule): the arguments of the checks that take them one by one
        (`require_phase`, a game's ``require_option``)."""
        return self.phases, self.what, self.rule

    def fits(self, calendar_phases: Iterable[str]) -> bool:
        """Whether a calendar with ``calendar_phases`` has every phase this line names."""
        return set(self.phases) <= set(calendar_phases)

    def allows(self, state: BaseState, side: str | None = None) -> bool:
        """Whether the calendar now stands where this line accepts the command (``side``: the
        command's side for `OWN` and `OTHER`)."""
        calendar = state.table.calendar
        if self.phases and calendar.phase not in self.phases:
            return False
        if self.turn == OWN:
            return calendar.player == side
        if self.turn == OTHER:
            return calendar.player not in (None, side)
        if self.turn in (ANY, GAME):
            return True
        return calendar.player == self.turn

    def require(self, state: BaseState, side: str | None = None) -> None:
        """Refuse, naming the phase and the rule, unless `allows`."""
        if self.allows(state, side):
            return
        if self.turn in (OWN, OTHER) and side is None:
            raise TypeError(f"{self.what}: a check of whose player turn it is needs the command's side")
        if self.turn == OWN or self.turn not in (OTHER, ANY, GAME):
            require_phase(state, str(side) if self.turn == OWN else self.turn, self.phases, self.what, self.rule)
        calendar = state.table.calendar
        now = f"the {calendar.player + ' ' if calendar.player else ''}{calendar.phase} phase of {calendar.label}"
        where = " or ".join(self.phases)
        if self.turn == OTHER:
            raise IllegalOrderError(
                f"{self.what} is the non-phasing side's reaction in the {where} phase ({self.rule}); it is now {now}"
            )
        raise IllegalOrderError(f"{self.what} happens in the {where} phase ({self.rule}); it is now {now}")

    def describe(self) -> str:
        """Where the command is accepted, in table words ("in its side's Combat phase (A-60 [004])")."""
        where = " or ".join(self.phases)
        if not self.phases:
            text = "in any phase"
        elif self.turn == OWN:
            text = f"in its side's {where} phase"
        elif self.turn == OTHER:
            text = f"in the {where} phase of another side's player turn"
        elif self.turn == ANY:
            text = f"in the {where} phase of either player turn"
        elif self.turn == GAME:
            text = f"in the {where} phase of the game turn"
        else:
            text = f"in the {self.turn} {where} phase"
        return text + (f" ({self.rule})" if self.rule else "") + (f", {self.needs}" if self.needs else "")


CommandPhases = dict[str, tuple[Accepted, ...]]
"""Command kind -> the lines saying where it is accepted (several when a field or an option
moves it); a kind not listed is accepted in any phase."""


def accepted_text(lines: tuple[Accepted, ...]) -> str:
    """The sentence docs/commands.md and `turnledger facts` print for a command's phases."""
    if not lines:
        return "in any phase"
    return "; ".join(f"{line.when}, {line.describe()}" if line.when else line.describe() for line in lines)
