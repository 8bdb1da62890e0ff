"""One system of the Third Reich game as `referee.third_reich.game` assembles it: its handlers,
the appliers of its events, its event modules and their upcasters, and where its commands are
accepted. Each system's ``system.py`` builds one `System` from its own modules and the game's
`Game` is their union; the commands, charts and table forms the game lists itself, in the order
docs/commands.md, the pinned charts and the console's list of forms have always had."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TypeVar

from referee.common.phases import Accepted
from referee.third_reich.common.state import ReichState

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
Key = TypeVar("Key")
Value = TypeVar("Value")


@dataclass(frozen=True)
class System:
    """What one system gives the game (`referee.common.game.Game` reads the union)."""

    name: str
    handlers: Mapping[type[Any], Any]
    appliers: Mapping[type[Any], Callable[[ReichState, Any], None]] = field(default_factory=dict)
    events: tuple[ModuleType, ...] = ()
    """The modules whose `DomainEvent` classes the game's event catalog reads."""
    upcasters: Mapping[tuple[str, int], Upcaster] = field(default_factory=dict)
    phases: Mapping[str, tuple[Accepted, ...]] = field(default_factory=dict)


def system_of(
    name: str,
    handlers: ModuleType,
    command_phases: ModuleType,
    events: ModuleType | None = None,
    fold: ModuleType | None = None,
) -> System:
    """The `System` one sub-package's own modules declare, read by the names every system gives
    them: ``handlers.HANDLERS``, ``command_phases.PHASES``, and where it records events of its
    own, ``fold.APPLIERS`` and the ``events`` module with its ``UPCASTERS`` if it has any. The
    systems' ``system.py`` were the same seven lines but for which of these modules they have, so
    the reading is written once, here."""
    return System(
        name,
        handlers.HANDLERS,
        appliers=fold.APPLIERS if fold is not None else {},
        events=(events,) if events is not None else (),
        upcasters=getattr(events, "UPCASTERS", {}),
        phases=command_phases.PHASES,
    )


def union(parts: Iterable[Mapping[Key, Value]], what: str) -> dict[Key, Value]:
    """The systems' maps as one, refusing a key two systems both declare (a command handled twice,
    an event folded twice): each belongs to exactly one system."""
    merged: dict[Key, Value] = {}
    for part in parts:
        twice = merged.keys() & part.keys()
        if twice:
            raise ValueError(f"two Third Reich systems declare the same {what}: {sorted(map(str, twice))}")
        merged.update(part)
    return merged
