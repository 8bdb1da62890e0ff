"""The read model's shape: its tables, keys, foreign keys, indexes and the ``figures_after`` view,
and the Datasette metadata that describes them (ledger/readmodel.py writes the rows).

Kept apart from the projection because the shape is what an auditor reads (docs/auditing.md
names every table and column; tests/test_auditing_sql.py runs its SQL) and changes with a
release, while the projection follows the record entry by entry. A new read model's tables are
created here, with their types, keys, foreign keys and indexes, before the first row is written.
"""

from __future__ import annotations

import json
from pathlib import Path

import sqlite_utils

METADATA_TITLE = "turnledger read model: "
"""How the metadata's title begins: what marks a file as a read model's metadata (ledger/readmodel.py)."""

TABLES = ("entries", "rolls", "rulings", "events", "balances", "notes", "dice_periods")
"""The tables written entry by entry (``campaign`` and ``projection`` are written at the end)."""

KEYS: dict[str, str | tuple[str, ...]] = {
    "entries": "number",
    "notes": "entry",
    "dice_periods": "period",
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
        "player": str,
        "phase": str,
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
        "entered_by": str,
        "period": int,
        "n": int,
        "commitment": str,
        "revealed": int,
    },
    "notes": {
        "entry": int,
        "by": str,
        "on_entry": int,
        "text": str,
        "disputed": int,
        "settles": int,
        "settled_by": int,
    },
    "dice_periods": {
        "period": int,
        "commitment": str,
        "player_seeds": str,
        "scheme": int,
        "committed_in": int,
        "seed": str,
        "revealed_in": int,
    },
    "rulings": {"entry": int, "idx": int, "text": str, "rule": str},
    "events": {"entry": int, "idx": int, "type": str, "data": str},
    "balances": {"entry": int, "account": str, "figure": str, "value": int},
    "projection": {"campaign_id": str, "position": int, "hash": str},
}


_FOREIGN: dict[str, list[tuple[str, str, str]]] = {
    "rolls": [("entry", "entries", "number")],
    "rulings": [("entry", "entries", "number")],
    "events": [("entry", "entries", "number")],
    "balances": [("entry", "entries", "number")],
    "notes": [("entry", "entries", "number"), ("on_entry", "entries", "number")],
    "dice_periods": [("committed_in", "entries", "number")],
}
_INDEXES: dict[str, list[list[str]]] = {
    "entries": [["kind"], ["actor"], ["on_behalf_of"], ["undone_by"]],
    "rolls": [["rolled_by", "purpose"], ["period", "n"]],
    "balances": [["account", "figure", "entry"]],
    "notes": [["on_entry"], ["settles"]],
}
FIGURES_AFTER = """
create view figures_after as
select e.number as entry, k.account, k.figure,
  (select b.value from balances b
   where b.account = k.account and b.figure = k.figure and b.entry <= e.number
   order by b.entry desc limit 1) as value
from entries e cross join (select distinct account, figure from balances) k
"""
"""Every figure after every entry: the last change at or before it (``balances`` holds the changes)."""


def create_tables(db: sqlite_utils.Database) -> None:
    for name, columns in _COLUMNS.items():
        table = db[name]
        table.create(columns, pk=KEYS[name], foreign_keys=_FOREIGN.get(name, []))  # type: ignore[union-attr]  # db[name] may be a view
        for columns_of_index in _INDEXES.get(name, []):
            table.create_index(columns_of_index)  # type: ignore[union-attr]  # db[name] may be a view
    db.execute(FIGURES_AFTER)


def metadata_text(path: str) -> str:
    """Datasette's metadata beside the database: table descriptions, labels and facets."""
    name = Path(path).stem
    tables = {
        table: {"description": description, "facets": facets, **({"label_column": label} if label else {})}
        for table, (description, facets, label) in _DESCRIPTIONS.items()
    }
    document = {"title": f"{METADATA_TITLE}{name}", "databases": {name: {"tables": tables}}}
    return json.dumps(document, indent=2) + "\n"


_DESCRIPTIONS: dict[str, tuple[str, list[str], str | None]] = {
    "campaign": (
        "the campaign: id, name, game, scenario, ruleset, parent, head, the release that wrote this",
        [],
        "name",
    ),
    "entries": (
        "one row per entry; player and phase: the calendar it was made in; undone_by: the rollback",
        ["kind", "actor", "player", "phase"],
        "summary",
    ),
    "rolls": (
        "every roll; period, n, commitment: digital rolls; revealed: their seed is in the record",
        ["purpose", "dice", "method", "rolled_by"],
        None,
    ),
    "dice_periods": (
        "each period of digital dice: commitment, players' seeds, scheme, and the seed once revealed",
        ["scheme"],
        None,
    ),
    "notes": (
        "annotations, disputes (disputed = 1) and rulings (settles = the dispute); settled_by on a dispute",
        ["disputed", "by"],
        "text",
    ),
    "rulings": ("each derivation step of each ruling, with its rule IDs", ["rule"], "text"),
    "events": ("each event of each entry, as JSON", ["type"], None),
    "balances": ("each figure the game names, after every entry that changed it", ["account", "figure"], None),
}
