"""The SQLite read model: the record as plain tables any SQLite tool can open.

Built with sqlite-utils from the entries (a projection; rebuilding = writing a new file):
``entries`` (one row per entry, with who undid it), ``rolls``, ``rulings`` (derivation steps),
``events`` and ``balances`` (each figure the game names, after every entry that changed it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlite_utils

from ledger.errors import StoreExistsError
from ledger.folding import Fold, fold_for
from ledger.rollback import undone_by
from ledger.store import LedgerStore

Figures = Callable[[Any], dict[tuple[str, str], int]]
"""The game's figures of a state: (account, figure) -> value."""

Progress = Callable[[int, int], None]
BATCH = 2000


def build_read_model(store: LedgerStore, path: str, *, figures: Figures, progress: Progress | None = None) -> int:
    """Write the read model of ``store`` to a new SQLite file at ``path``; returns entries written."""
    if Path(path).exists():
        raise StoreExistsError(f"{path} already exists; choose a new file for the read model")
    undone = undone_by(store.entries())
    db = sqlite_utils.Database(path)
    _create_tables(db)
    head = store.head()
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in ("entries", "rolls", "rulings", "events", "balances")}
    state: Any = None
    fold: Fold | None = None
    before: dict[tuple[str, str], int] = {}
    count = 0
    for entry in store.entries():
        number = entry["number"]
        if fold is None:
            fold = fold_for(entry)
            state = fold.open(entry)
        else:
            state = fold.apply(state, entry)
        command = entry["command"]
        rows["entries"].append(
            {
                "number": number,
                "recorded_at": entry["recorded_at"],
                "actor": entry["actor"],
                "on_behalf_of": entry["on_behalf_of"],
                "at": entry["at"],
                "kind": command.get("kind"),
                "summary": entry["ruling"].get("summary", ""),
                "undone_by": undone.get(number),
                "command": json.dumps(command, ensure_ascii=False),
                "hash": entry["hash"],
                "prev_hash": entry["prev_hash"],
            }
        )
        for index, roll in enumerate(entry["rolls"]):
            rows["rolls"].append(
                {
                    "entry": number,
                    "idx": index,
                    "purpose": roll.get("purpose"),
                    "dice": roll.get("dice"),
                    "faces": json.dumps(roll.get("faces")),
                    "total": roll.get("total"),
                    "method": roll.get("method"),
                    "rolled_by": roll.get("rolled_by"),
                    "witnesses": json.dumps(roll.get("witnesses", [])),
                }
            )
        for index, step in enumerate(entry["ruling"].get("steps", [])):
            rows["rulings"].append({"entry": number, "idx": index, "text": step.get("text"), "rule": step.get("rule")})
        for index, event in enumerate(entry["events"]):
            rows["events"].append(
                {
                    "entry": number,
                    "idx": index,
                    "type": event.get("type"),
                    "data": json.dumps(event, ensure_ascii=False),
                }
            )
        after = figures(state)
        for (account, figure), value in after.items():
            if before.get((account, figure)) != value:
                rows["balances"].append({"entry": number, "account": account, "figure": figure, "value": value})
        before = after
        count += 1
        if count % BATCH == 0:
            _flush(db, rows)
            if progress:
                progress(count, head)
    _flush(db, rows)
    if progress:
        progress(count, head)
    return count


_KEYS: dict[str, str | tuple[str, ...]] = {
    "entries": "number",
    "rolls": ("entry", "idx"),
    "rulings": ("entry", "idx"),
    "events": ("entry", "idx"),
    "balances": ("entry", "account", "figure"),
}


_COLUMNS: dict[str, dict[str, type]] = {
    "entries": {
        "number": int,
        "recorded_at": str,
        "actor": str,
        "on_behalf_of": str,
        "at": str,
        "kind": str,
        "summary": str,
        "undone_by": int,
        "command": str,
        "hash": str,
        "prev_hash": str,
    },
    "rolls": {
        "entry": int,
        "idx": int,
        "purpose": str,
        "dice": str,
        "faces": str,
        "total": int,
        "method": str,
        "rolled_by": str,
        "witnesses": str,
    },
    "rulings": {"entry": int, "idx": int, "text": str, "rule": str},
    "events": {"entry": int, "idx": int, "type": str, "data": str},
    "balances": {"entry": int, "account": str, "figure": str, "value": int},
}


def _create_tables(db: sqlite_utils.Database) -> None:
    for name, columns in _COLUMNS.items():
        db[name].create(columns, pk=_KEYS[name])  # type: ignore[union-attr]  # db[name] may be a view


def _flush(db: sqlite_utils.Database, rows: dict[str, list[dict[str, Any]]]) -> None:
    for name, batch in rows.items():
        if batch:
            db[name].insert_all(batch, pk=_KEYS[name], batch_size=1000)  # type: ignore[union-attr]  # db[name] may be a view
            batch.clear()
