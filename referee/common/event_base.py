"""The base of every domain event (kept apart so that event modules can share it)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from referee.common.stored_name import name_after_class


class DomainEvent(BaseModel):
    """Base of all domain events: frozen, no unknown fields; each subclass is stored with its
    class name as its ``type`` (`referee.common.stored_name`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    v: int = 1
    type: str = ""
    """The stored name; each event class fixes it to its class name."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name_after_class(cls, "type")
