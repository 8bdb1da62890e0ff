"""The SQLite read model: the record as plain tables any SQLite tool can open.

Built with sqlite-utils from the entries (a projection; rebuilding = writing a new file):
``entries`` (one row per entry, with who undid it), ``rolls``, ``rulings`` (derivation steps),
``events`` and ``balances`` (each figure the game names, after every entry that changed it),
and ``projection`` (the entry it reflects, so a later run resumes from there).

It follows the book's one stream by entry number rather than the library's notification ids:
for a store that holds one aggregate they give the same order, and entry numbers are gap-free
on PostgreSQL too (notification ids are not) and survive export and import.
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
    """Write the read model of ``store`` to ``path``, or bring one written earlier up to date.

    A projection that resumes from its position: the file records the entry it reflects (number
    and hash, table ``projection``); a later run checks that entry still stands in the record and
    writes only the entries after it (and the undone marks a new rollback changed). A file that
    is not this campaign's read model, or reflects another history, is refused untouched.
    Returns the number of entries written.
    """
    existed = Path(path).exists()
    db = sqlite_utils.Database(path)
    position = _position(db, store, path) if existed else 0
    if not existed:
        _create_tables(db)
    undone = undone_by(store.entries())
    head = store.head()
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in ("entries", "rolls", "rulings", "events", "balances")}
    fold: Fold | None = fold_for(store.entry(1)) if position else None
    state: Any = store.state(position) if position else None
    before: dict[tuple[str, str], int] = figures(state) if position else {}
    count = 0
    last = (position, "")
    for entry in store.entries(position + 1):
        number = entry["number"]
        if fold is None:
            fold = fold_for(entry)
            state = fold.open(entry)
        else:
            state = fold.apply(state, entry)
        last = (number, entry["hash"])
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
            _flush(db, rows, store, last)
            if progress:
                progress(count, head)
    _flush(db, rows, store, last)
    _mark_undone(db, undone, position)
    if progress:
        progress(count, head)
    return count


def _position(db: sqlite_utils.Database, store: LedgerStore, path: str) -> int:
    """The entry an existing read model reflects, checked against the record."""
    if "projection" not in db.table_names():
        raise StoreExistsError(f"{path} already exists and is not a turnledger read model; choose a new file")
    rows = list(db.query("select campaign_id, position, hash from projection"))
    if len(rows) != 1 or rows[0]["campaign_id"] != str(store.campaign_id):
        raise StoreExistsError(f"{path} is the read model of another campaign; choose a new file")
    position = int(rows[0]["position"])
    if position > store.head() or store.entry(position)["hash"] != rows[0]["hash"]:
        raise StoreExistsError(f"{path} reflects entry #{position} of another history; choose a new file")
    return position


def _mark_undone(db: sqlite_utils.Database, undone: dict[int, int], position: int) -> None:
    """Entries written before a later rollback: their undone marks as the whole record says now."""
    if not position:
        return
    with db.conn:
        db.conn.execute("update entries set undone_by = null where number <= ?", (position,))
        db.conn.executemany(
            "update entries set undone_by = ? where number = ?",
            [(by, number) for number, by in undone.items() if number <= position],
        )


_KEYS: dict[str, str | tuple[str, ...]] = {
    "entries": "number",
    "rolls": ("entry", "idx"),
    "rulings": ("entry", "idx"),
    "events": ("entry", "idx"),
    "balances": ("entry", "account", "figure"),
    "projection": "campaign_id",
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
    "projection": {"campaign_id": str, "position": int, "hash": str},
}


def _create_tables(db: sqlite_utils.Database) -> None:
    for name, columns in _COLUMNS.items():
        db[name].create(columns, pk=_KEYS[name])  # type: ignore[union-attr]  # db[name] may be a view


def _flush(
    db: sqlite_utils.Database, rows: dict[str, list[dict[str, Any]]], store: LedgerStore, last: tuple[int, str]
) -> None:
    """Write the rows, then the position they bring the projection to. Rows are replaced by key, so
    a run stopped between the two simply writes the same rows again next time."""
    if not last[0]:
        return
    for name, batch in rows.items():
        if batch:
            db[name].insert_all(batch, pk=_KEYS[name], batch_size=1000, replace=True)  # type: ignore[union-attr]  # db[name] may be a view
            batch.clear()
    with db.conn:
        db.conn.execute("delete from projection")
        db.conn.execute(
            "insert into projection (campaign_id, position, hash) values (?, ?, ?)",
            (str(store.campaign_id), last[0], last[1]),
        )
