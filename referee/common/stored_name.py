"""The stored name of an event or a command is its class name, written once.

Every event is stored with its ``type`` and every command with its ``kind``, the name its class
goes by (`SupplyCredited`, `ResolveCombat`): the catalog reads a stored entry back by that name.
Each class used to spell it twice more, ``type: Literal["SupplyCredited"] = "SupplyCredited"``;
`DomainEvent` and `Command` now give each subclass that field, fixed to its class name, in the
same place and with the same schema (a constant with that default). A class that declares the
field itself keeps its own, and a subclass keeps the name its parent fixed (a later version of an
event). A field group that subclasses `Command` or `DomainEvent` to be a type of its own
(`referee.third_reich.air_naval.commands.RollsBy`) declares the field as ``""``, no name, so
that each command under it gets its own; a group that is a plain mixin needs nothing.
"""

from __future__ import annotations

import inspect
from typing import Any, Literal


def name_after_class(cls: type[Any], field: str) -> None:
    """Give ``cls`` the field ``field`` fixed to its class name, as ``field: Literal["Name"] =
    "Name"`` in its body would, unless its body declares ``field`` itself or a parent fixed it
    already (a later version of an event, subclassing the earlier, keeps its stored name). Called
    from ``__init_subclass__``, before pydantic reads the class's fields."""
    own: dict[str, Any] = inspect.get_annotations(cls)
    if field not in own and not _fixed_by_a_parent(cls, field):
        cls.__annotations__ = {field: Literal[cls.__name__], **own}
        setattr(cls, field, cls.__name__)


def _fixed_by_a_parent(cls: type[Any], field: str) -> bool:
    """Whether the nearest parent model that has ``field`` gives it a name (not the roots' "")."""
    for parent in cls.__mro__[1:]:
        fields = parent.__dict__.get("__pydantic_fields__", {})
        if field in fields:
            return fields[field].default not in ("", None)
    return False
