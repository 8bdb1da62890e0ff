"""A ruling and its derivation: the ordered steps that produced each number, with sources."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

RULING_VERSION = 1
"""The version of a ruling's recorded shape (summary and steps); 0.1.0 wrote the same without ``v``."""


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
        """The form stored in the entry, with the version of its shape (``v``; absent: 0.1.0's, the same)."""
        return {**self.model_dump(mode="json"), "v": RULING_VERSION}
