"""Naming of the accounts inside a `GameState`, for rollback and for read models.

An account is one restorable part of the state: the table (calendar, weather, markers), one
supply pool, one replacement track, one BRP economy or one force roster. Identity and the
chain head are not accounts: a rollback never changes who the campaign is or its record.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ledger.errors import UnknownAccountError
from referee.common.state import (
    BrpEconomy,
    ForceRoster,
    GameState,
    ReplacementTrack,
    ResourceStock,
    SupplyPool,
    TableState,
)

_COLLECTIONS: dict[str, tuple[str, type[BaseModel]]] = {
    "supply": ("supply_pools", SupplyPool),
    "replacements": ("replacement_tracks", ReplacementTrack),
    "brp": ("brp_economies", BrpEconomy),
    "roster": ("rosters", ForceRoster),
    "resources": ("resource_points", ResourceStock),
}


def list_accounts(state: GameState) -> dict[str, dict[str, Any]]:
    """Every account of ``state`` by name, as JSON-ready dicts."""
    accounts: dict[str, dict[str, Any]] = {"table": state.table.model_dump(mode="json")}
    for prefix, (attr, _model) in _COLLECTIONS.items():
        for key, value in getattr(state, attr).items():
            accounts[f"{prefix}:{key}"] = value.model_dump(mode="json")
    return accounts


def restore_account(state: GameState, account: str, data: dict[str, Any] | None) -> None:
    """Set one account of ``state`` to ``data`` (None removes it: it did not exist yet)."""
    if account == "table":
        if data is None:
            raise UnknownAccountError("the table account cannot be removed")
        state.table = TableState.model_validate(data)
        return
    prefix, _, key = account.partition(":")
    if prefix not in _COLLECTIONS or not key:
        raise UnknownAccountError(f"no account named {account!r}")
    attr, model = _COLLECTIONS[prefix]
    collection = getattr(state, attr)
    if data is None:
        collection.pop(key, None)
    else:
        collection[key] = model.model_validate(data)
