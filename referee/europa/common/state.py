"""The state of a Revised Europa campaign: the table with its cities and losses owed, each side's
Supply Point pool and Resource Points, each nation's replacement track."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from referee.common.state import BaseState, StateModel, TableState


class LossDue(StateModel):
    """A combat loss a side still has to allocate (Europa: D-51..D-57 [000]); set by the referee."""

    combat: int = Field(description="the entry that resolved the combat")
    side: str
    amount: int = Field(ge=0)
    armor_unit: bool = Field(default=False, description="at least one unit reduced must be an armor (AECA) unit")
    what: str = Field(default="", description="the combat as the referee named it")
    isolated: bool = Field(default=False, description="an isolation-attrition loss: no RPs are recovered (C-13)")
    units: list[str] = Field(
        default_factory=list,
        description="the side's units in the combat, as labelled when it was resolved (empty: not recorded)",
    )


class SupplyPool(StateModel):
    """A side's global Supply Point pool (Europa). Supply Points, never Strength Points."""

    side: str
    stockpile: int = 0
    income: int = 0
    cap: int | None = None
    special: int = Field(default=0, description="use-or-lose SP (the surprise turn's), spent first")
    last_income: dict[str, int] = Field(default_factory=dict, description="breakdown of the last income")
    zone: int = Field(default=1, ge=1, le=4, description="001 supply zone the side has reached (B-60 [001])")
    mechanized_paid: dict[str, int] = Field(
        default_factory=dict, description="001: mechanized unit -> game turn its movement SP was paid (B-66 [001])"
    )

    @model_serializer(mode="wrap")
    def _without_001_defaults(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The 001 fields are left out while at their defaults: a 000 campaign's state (cached,
        exported, compared with earlier releases) is exactly what it was before they existed."""
        data: dict[str, Any] = handler(self)
        if data.get("zone") == 1:
            del data["zone"]
        if data.get("mechanized_paid") == {}:
            del data["mechanized_paid"]
        return data


class PendingReplacements(StateModel):
    """RPs earned now but usable only from a later game turn (breakout, excess losses, disbanding)."""

    kind: str
    amount: int
    available_turn: int
    reason: str


class ReplacementTrack(StateModel):
    """A nation's Replacement Points by type (Europa). Never Resource Points."""

    nation: str
    side: str
    points: dict[str, int] = Field(default_factory=dict)
    pending: list[PendingReplacements] = Field(default_factory=list)
    losses: dict[str, int] = Field(default_factory=dict, description="losses accumulated for special replacements")
    factories: int = 0
    factories_upgraded: int = 0
    received_turn: int | None = Field(default=None, description="game turn of the last regular replacements")


class ResourceStock(StateModel):
    """A side's Resource Points by location class (Europa). Never Replacement Points."""

    side: str
    stock: dict[str, int] = Field(default_factory=dict)
    rail_bought: dict[str, int] = Field(default_factory=dict, description="nation -> RPs spent on rail this game turn")
    income_turn: int | None = None


class EuropaTable(TableState):
    """The table with what Europa adds: Soviet city status (B-44) and combat losses owed (D-56)."""

    cities: dict[str, str] = Field(default_factory=dict, description="city -> status recorded by the referee")
    cities_reached: list[str] = Field(default_factory=list, description="cities ever recorded as not Soviet")
    losses_due: list[LossDue] = Field(default_factory=list, description="combat losses not yet allocated")


class EuropaState(BaseState):
    """Everything rebuilt from the entries of a Europa campaign."""

    ACCOUNTS: ClassVar[dict[str, str]] = {
        "supply": "supply_pools",
        "replacements": "replacement_tracks",
        "roster": "rosters",
        "resources": "resource_points",
    }

    table: EuropaTable
    supply_pools: dict[str, SupplyPool] = Field(default_factory=dict)
    replacement_tracks: dict[str, ReplacementTrack] = Field(default_factory=dict)
    resource_points: dict[str, ResourceStock] = Field(default_factory=dict)
