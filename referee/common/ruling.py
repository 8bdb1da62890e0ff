"""A ruling and its derivation: the ordered steps that produced each number, with sources."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Step(BaseModel):
    """One line of a derivation, e.g. 'Axis SP pool 100 + 10 = 110', citing its rule."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    text: str
    rule: str = ""


class Ruling(BaseModel):
    """What the referee decided and how."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    summary: str
    steps: list[Step] = Field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The form stored in the entry."""
        return self.model_dump(mode="json")
