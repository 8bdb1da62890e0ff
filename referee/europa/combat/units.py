"""The units in one Europa combat, as the referee reads them off the counters.

There is no unit chart in the text (K-04), so each unit carries the ratings the rules ask
for: its printed strength, its AECA rating (armor that attacks) and its ATEC rating (anti-tank
defence), artillery or not, and its supply. These models are part of the `ResolveCombat`
command and so of the record.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Rating = Literal["none", "half", "full"]
Supply = Literal["supplied", "unsupplied", "isolated", "defensive"]
"""`defensive`: traced through a depleted truck (D-108 [001], option truck_depletion): attack halved."""
Label = Field(min_length=1, max_length=60)


class _Unit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Attacker(_Unit):
    """An attacking unit (D-01..D-08, D-31 [000])."""

    label: str = Label
    attack: int = Field(ge=0, le=200, description="printed attack factor")
    aeca: Rating = Field(default="none", description="AECA rating: full, half (50%) or none (D-31)")
    artillery: bool = Field(default=False, description="artillery: capped at 1x the defenders' DF (D-07)")
    hex: str | None = Field(
        default=None,
        min_length=1,
        max_length=20,
        description="the hex it attacks from (per-hex limit, D-04); needed when units without one exceed it",
    )
    hexside: str = Field(
        default="none", min_length=1, max_length=30, description="hexside crossed: a chart hexside name"
    )
    supply: Supply = "supplied"
    mechanized: bool = Field(
        default=False, description="a mechanized unit without AECA: halved across a water barrier under 001 (D-46)"
    )
    unpaid: bool = Field(default=False, description="a non-c/m division that did not pay its attack SP (J-07)")
    ignores_terrain: bool = Field(
        default=False, description="not halved by the hex (siege artillery, engineers in a city, D-44)"
    )


class Defender(_Unit):
    """A defending unit (D-06, D-32, D-57 [000])."""

    label: str = Label
    defense: int = Field(ge=0, le=200, description="printed defense factor")
    atec: Rating = Field(default="none", description="ATEC rating: counts toward defender armor (D-32)")
    aeca: Rating = Field(default="none", description="AECA rating: an armor unit of the defender (D-30, D-57)")
    artillery: bool = Field(default=False, description="only the strongest artillery counts full (D-06)")
    nkvd: bool = Field(default=False, description="NKVD: may cancel a DR or X1DR retreat (D-71)")
