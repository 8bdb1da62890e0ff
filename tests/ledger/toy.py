"""A toy game for the book's own tests: a counter that entries add to, and that may not go below 0.

It proves the book needs no real game: it implements `ledger.folding.Fold` in a few lines and
is registered like a game package would be. Its entries are sealed by hand (no referee service).
"""

from __future__ import annotations

import copy
import json
from typing import Any
from uuid import UUID

from ledger.entry import Draft
from ledger.errors import NegativeBalanceError
from ledger.folding import register
from ledger.store import LedgerStore

CAMPAIGN = UUID("00000000-0000-4000-8000-0000000000aa")


class ToyFold:
    """State: ``{"total": n, "notes": [...]}``; events ``ToyOpened``, ``Added``, ``Noted``, ``RolledBack``."""

    name = "toy"
    state_version = 1

    def claims(self, first: dict[str, Any]) -> bool:
        return bool(first["events"]) and first["events"][0].get("type") == "ToyOpened"

    def open(self, first: dict[str, Any]) -> dict[str, Any]:
        return {"total": int(first["events"][0]["start"]), "notes": []}

    def apply(self, state: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
        for event in entry["events"]:
            if event["type"] == "Added":
                if state["total"] + event["amount"] < 0:
                    raise NegativeBalanceError(f"the counter holds {state['total']}; cannot take {-event['amount']}")
                state["total"] += event["amount"]
            elif event["type"] == "Set":
                state["total"] = event["total"]
            elif event["type"] == "Noted":
                state["notes"].append(event["text"])
        return state

    def copy(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def campaign_named(self, entry: dict[str, Any]) -> str | None:
        return str(CAMPAIGN) if entry["number"] == 1 else None

    def encode(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def decode(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(data)

    def encode_text(self, state: dict[str, Any]) -> str:
        return json.dumps(state, separators=(",", ":"))

    def decode_text(self, text: str) -> dict[str, Any]:
        return dict(json.loads(text))


FOLD = register(ToyFold())


def opening(start: int = 0) -> Draft:
    """Entry #1 of a toy campaign."""
    return Draft(actor="tester", command={"kind": "Open"}, events=[{"type": "ToyOpened", "start": start}])


def added(amount: int) -> Draft:
    """An entry adding ``amount`` (negative: taking)."""
    return Draft(
        actor="tester", command={"kind": "Add", "amount": amount}, events=[{"type": "Added", "amount": amount}]
    )


def new_store(location: str, start: int = 0) -> LedgerStore:
    """A toy campaign at ``location`` with entry #1 written."""
    store = LedgerStore(location, create=True)
    store.open_campaign(CAMPAIGN, opening(start), recorded_at="2026-01-01T00:00:00+00:00", at="start")
    return store


def clock(number: int) -> str:
    """A recorded time for entry ``number``."""
    return f"2026-01-01T00:{number // 60 % 60:02d}:{number % 60:02d}+00:00"
