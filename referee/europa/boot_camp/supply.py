"""A Boot Camp unit's supply status, fixed in the Initial phase for the whole player turn (RULES
A-21, A-22, E-27, E-33 [002]).

`TraceBootCampSupply` (Initial phase) records the status it finds as a marker holding the game
turn and the player turn, so the combat and the exploitation of that player turn read it instead of
what the referee might type later: "units out of supply at this time are out of supply throughout
the entire player turn". A status of another player turn is stale and not read.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from referee.common import events as ev
from referee.common.command_base import Command, Name
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.phases import Accepted
from referee.common.ruling import Ruling, Step
from referee.europa.boot_camp import map_rules as bm
from referee.europa.common.context import opt_since
from referee.europa.common.state import EuropaState

PREFIX = "boot_camp_supply:"
EXPLOITATION = Accepted(("Exploitation",), "Boot Camp exploitation", "E-33 [002]")


def marker(state: EuropaState, unit: str, in_supply: bool) -> ev.DomainEvent:
    """The status a trace found, for this player turn (A-22 [002])."""
    calendar = state.table.calendar
    status = "in" if in_supply else "out"
    return ev.MarkerSet(name=f"{PREFIX}{unit}", value=f"{status}|{calendar.turn}|{calendar.player}")


def traced(state: EuropaState, unit: str) -> bool | None:
    """Whether ``unit`` traced supply in this player turn's Initial phase (None: not traced this turn)."""
    found = state.table.markers.get(f"{PREFIX}{unit}")
    if found is None:
        return None
    status, turn, player = found.split("|", 2)
    calendar = state.table.calendar
    if (turn, player) != (str(calendar.turn), str(calendar.player)):
        return None
    return status == "in"


def supply_of(state: EuropaState, unit: str, given: str, steps: list[Step]) -> str:
    """A-22 [002]: the status traced in the Initial phase holds for the player turn, over what is typed."""
    found = traced(state, unit)
    if found is None:
        return given
    status = "supplied" if found else "unsupplied"
    overruled = "" if status == given else f" (not {given} as typed)"
    steps.append(
        Step(text=f"{unit}: {status} as traced in this player turn's Initial phase{overruled}", rule="A-22 [002]")
    )
    return status


class CheckBootCampExploitation(Command):
    """A c/m unit's movement in the Boot Camp Exploitation phase (E-33 [002]): the full rating, halved
    when its Initial-phase trace found it out of supply (A-22); roads, not rail."""

    kind: Literal["CheckBootCampExploitation"] = "CheckBootCampExploitation"
    side: Name
    unit: Name = Field(description="the unit, as named in its supply trace")
    cm: bool = True
    movement: int = Field(ge=0, le=100, description="its printed movement rating")
    by_rail: bool = False
    supplied: bool | None = Field(default=None, description="omitted: as traced in this player turn's Initial phase")


def check_exploitation(command: CheckBootCampExploitation, ctx: Context[EuropaState]) -> Decision:
    """E-33, A-22 [002]: the exploitation allowance from the Initial phase's supply status."""
    state = ctx.state
    reading = opt_since(state, "combat_system", "revised")
    if reading != "boot_camp":
        raise IllegalOrderError(
            f"Boot Camp exploitation is a Boot Camp rule (option combat_system=boot_camp, J-46); this campaign plays "
            f"combat_system={reading}"
        )
    EXPLOITATION.require(state, command.side)
    steps: list[Step] = []
    found = traced(state, command.unit)
    if found is not None:
        if command.supplied is not None and command.supplied != found:
            raise IllegalOrderError(
                f"{command.unit} was traced {'in' if found else 'out of'} supply in this player turn's Initial phase, "
                "and that holds for the whole player turn (A-22 [002])"
            )
        steps.append(
            Step(
                text=f"{command.unit}: traced {'in' if found else 'out of'} supply in the Initial phase",
                rule="A-22 [002]",
            )
        )
        supplied = found
    elif command.supplied is None:
        raise IllegalOrderError(
            f"{command.unit} was not traced in this player turn's Initial phase: give supplied, or trace it then "
            "(A-21, A-22 [002])"
        )
    else:
        supplied = command.supplied
    allowance, step = bm.exploitation(
        cm=command.cm, movement=command.movement, supplied=supplied, by_rail=command.by_rail
    )
    steps.append(step)
    return Decision(Ruling(summary=f"{command.unit} exploits with {show(allowance)} MP", steps=steps), [])


BOOT_CAMP_SUPPLY_COMMANDS: tuple[type[Command], ...] = (CheckBootCampExploitation,)
BOOT_CAMP_SUPPLY_HANDLERS: dict[type[Any], Any] = {CheckBootCampExploitation: check_exploitation}
BOOT_CAMP_SUPPLY_PHASES = {"CheckBootCampExploitation": (EXPLOITATION,)}
