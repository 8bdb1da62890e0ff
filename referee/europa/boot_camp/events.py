"""Domain events of Europa Boot Camp, and the table markers they keep (no new state fields).

A Boot Camp combat's losses ride on `CombatResolved` (so `AllocateLosses` discharges them);
these events carry the rest into ``state.table.markers``:

- ``stack:<side>:<hex>``: the stack stated in the hex, ``label/flags`` items joined by ``;``,
  flags ``d`` divisional, ``a`` artillery, ``A`` artillery division, ``-`` none (E-28 [002]);
- ``boot_camp_engaged``: the units in a combat this combat phase,
  ``<turn>|<player>|a:<label>;d:<label>...`` (E-06 [002]); replaced in the next phase.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from referee.common.event_base import DomainEvent

STACK = "stack:{side}:{hex}"
ENGAGED = "boot_camp_engaged"


class StackEntry(BaseModel):
    """A unit of a stated stack, as the stacking limit counts it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str
    divisional: bool = False
    artillery: bool = False
    artillery_division: bool = False


class StackRecorded(DomainEvent):
    """What stands in a hex, as the referee stated it (no units: the hex is empty)."""

    side: str
    hex: str
    units: list[StackEntry] = Field(default_factory=list)


class UnitsEngaged(DomainEvent):
    """The units of a Boot Camp combat, so that none attacks or is attacked twice in the phase."""

    turn: int
    player: str
    attackers: list[str] = Field(min_length=1)
    defenders: list[str] = Field(min_length=1)


def stack_value(units: list[StackEntry]) -> str:
    """The marker's compact form of a stack."""
    items = []
    for unit in units:
        flags = (
            ("d" if unit.divisional else "")
            + ("a" if unit.artillery else "")
            + ("A" if unit.artillery_division else "")
        )
        items.append(f"{unit.label}/{flags or '-'}")
    return ";".join(items)


def stack_entries(value: str) -> list[StackEntry]:
    """The stack a marker holds."""
    entries = []
    for item in value.split(";") if value else []:
        label, _, flags = item.rpartition("/")
        entries.append(
            StackEntry(label=label, divisional="d" in flags, artillery="a" in flags, artillery_division="A" in flags)
        )
    return entries


def engaged(value: str | None, turn: int, player: str) -> tuple[set[str], set[str]]:
    """The (attacked with, attacked) unit labels, casefolded, of this turn's combat phase."""
    parts = (value or "").split("|", 2)
    if len(parts) != 3 or parts[0] != str(turn) or parts[1] != player:
        return set(), set()
    attackers: set[str] = set()
    defenders: set[str] = set()
    for item in parts[2].split(";") if parts[2] else []:
        role, _, label = item.partition(":")
        (attackers if role == "a" else defenders).add(label)
    return attackers, defenders
