"""The base of every domain event (kept apart so that event modules can share it)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class DomainEvent(BaseModel):
    """Base of all domain events: frozen, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    v: int = 1
