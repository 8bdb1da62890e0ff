"""The accounts inside a game's state, by name, for opening, rollback and read models.

An account is one restorable part of the state: ``table`` (calendar, weather, markers, dice,
facts and what the game adds) and one entry of each collection the game's state class declares
in ``ACCOUNTS`` (``supply:Axis``, ``brp:Germany``, ``roster:Soviet`` ...). Identity and the
chain head are not accounts: a rollback never changes who the campaign is or its record.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ledger.errors import UnknownAccountError
from referee.common.state import BaseState


def _collection(state_type: type[BaseState], account: str) -> tuple[str, str, type[BaseModel]]:
    prefix, _, key = account.partition(":")
    attribute = state_type.ACCOUNTS.get(prefix)
    if attribute is None or not key:
        raise UnknownAccountError(f"no account named {account!r}")
    annotation = state_type.model_fields[attribute].annotation
    model = getattr(annotation, "__args__", (None, None))[1]
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise UnknownAccountError(f"no account named {account!r}")
    return attribute, key, model


def list_accounts(state: BaseState) -> dict[str, dict[str, Any]]:
    """Every account of ``state`` by name, as JSON-ready dicts."""
    accounts: dict[str, dict[str, Any]] = {"table": state.table.model_dump(mode="json")}
    for prefix, attribute in state.ACCOUNTS.items():
        for key, value in getattr(state, attribute).items():
            accounts[f"{prefix}:{key}"] = value.model_dump(mode="json")
    return accounts


def restore_account(state: BaseState, account: str, data: dict[str, Any] | None) -> None:
    """Set one account of ``state`` to ``data`` (None removes it: it did not exist yet)."""
    if account == "table":
        if data is None:
            raise UnknownAccountError("the table account cannot be removed")
        table_type = type(state).model_fields["table"].annotation
        assert isinstance(table_type, type) and issubclass(table_type, BaseModel)  # every state declares its table
        state.table = table_type.model_validate(data)  # type: ignore[assignment]  # the game's own table class
        return
    attribute, key, model = _collection(type(state), account)
    collection = getattr(state, attribute)
    if data is None:
        collection.pop(key, None)
    else:
        collection[key] = model.model_validate(data)


def set_account(state_type: type[BaseState], document: dict[str, Any], account: str, data: dict[str, Any]) -> None:
    """Put one starting account into a state document that is not validated yet (entry #1)."""
    if account == "table":
        document["table"] = data
        return
    attribute, key, _model = _collection(state_type, account)
    document.setdefault(attribute, {})[key] = data
