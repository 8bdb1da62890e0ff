"""The SQLite read model: the record as plain tables any SQLite tool (or Datasette) can open.

Built with sqlite-utils from the entries (a projection; rebuilding = writing a new file):
``campaign`` (one row: id, name, scenario, ruleset, parent, head, the release that wrote it),
``entries`` (one row per entry, with the player turn and phase it was made in and who undid it),
``rolls`` (with the dice period, roll number and commitment of digital rolls, and whether their
seed is revealed), ``dice_periods`` (commitment, players' seeds, scheme, the seed once revealed:
everything needed to recompute a roll), ``notes`` (annotations, disputes and the rulings that
settle them), ``rulings`` (derivation steps), ``events``, ``balances`` (each figure the game
names, after every entry that changed it) with the view ``figures_after`` (every figure after
every entry), and ``projection`` (the entry it reflects, so a later run resumes from there).
Foreign keys tie every table to ``entries``; a ``.metadata.json`` file beside the database gives
Datasette its labels, descriptions and facets (docs/auditing.md). The tables' shape and that
metadata are ledger/readmodel_tables.py's; this module fills the tables.

Both files are written through ledger/output_file.py, so a wrong ``--sqlite`` never replaces a
campaign or any file that is not a read model. The database is built in a temporary file beside
the target (a copy of the old read model when it resumes) and renamed into place when whole: a
run stopped half-way leaves the old read model as it was. A read model of another campaign, of
another history or of an earlier release is replaced only with ``force``.

It follows the book's one stream by entry number rather than the library's notification ids:
for a store that holds one aggregate they give the same order, and entry numbers are gap-free
on PostgreSQL too (notification ids are not) and survive export and import.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from ledger.folding import Fold, fold_for
from ledger.foreign import CAMPAIGN_TABLES
from ledger.output_file import Output, OutputInTheWayError, check_output
from ledger.output_kinds import json_kind, sqlite_kind
from ledger.readmodel_tables import KEYS, METADATA_TITLE, TABLES, create_tables, metadata_text
from ledger.rollback import undone_by
from ledger.store import LedgerStore

Figures = Callable[[Any], dict[tuple[str, str], int]]
"""The game's figures of a state: (account, figure) -> value."""


@dataclass(frozen=True)
class ReadModelHooks:
    """What the read model asks of the game above the ledger (which reads no game's state)."""

    figures: Figures
    position: Callable[[Any], dict[str, str]] = field(default=lambda state: {})
    """A state's calendar as ``{"player": ..., "phase": ...}``: where the next entry is made."""
    campaign: Callable[[Any], dict[str, Any]] = field(default=lambda state: {})
    """The campaign row's name, game, scenario, ruleset and parent, from the head state."""
    note: Callable[[dict[str, Any]], dict[str, Any] | None] = field(default=lambda entry: None)
    """An entry's note row (on_entry, text, disputed, settles), or None: it is no note."""
    release: str = ""


Progress = Callable[[int, int], None]
BATCH = 2000


READ_MODEL = sqlite_kind(
    "a turnledger read model", lambda tables: "projection" in tables and not tables & CAMPAIGN_TABLES
)
"""An SQLite file with the projection's position table and no campaign tables."""

READ_MODEL_METADATA = json_kind(
    "a read model's metadata",
    lambda data: isinstance(data, dict) and str(data.get("title", "")).startswith(METADATA_TITLE),
)
"""The Datasette sidecar `metadata_text` (ledger/readmodel_tables.py) writes."""


def metadata_path(path: str | Path) -> Path:
    """``NAME.metadata.json`` beside the read model ``NAME.db``."""
    return Path(path).with_suffix(".metadata.json")


def check_read_model_target(path: str | Path, *, campaign: str | None = None) -> tuple[Output, Output]:
    """The read model's two files, checked before anything is written (ledger/output_file.py):
    the database may be an existing read model (whether it is brought up to date or needs
    ``force`` is decided against the record, in `build_read_model`), the metadata an existing
    read model's metadata (derived labels, replaced)."""
    model = check_output(path, READ_MODEL, force=True, campaign=campaign)
    metadata = check_output(metadata_path(path), READ_MODEL_METADATA, force=True, campaign=campaign)
    if metadata.path == model.path:
        raise OutputInTheWayError(f"cannot write a read model to {path}: it is its own metadata file's name")
    return model, metadata


def build_read_model(
    store: LedgerStore, path: str, *, hooks: ReadModelHooks, progress: Progress | None = None, force: bool = False
) -> int:
    """Write the read model of ``store`` to ``path``, or bring one written earlier up to date.

    A projection that resumes from its position: the file records the entry it reflects (number
    and hash, table ``projection``); a later run checks that entry still stands in the record and
    writes only the entries after it (and the undone marks a new rollback changed). A file that
    is not a read model is refused untouched; one of another campaign or history is refused
    unless ``force``, which writes it afresh. Returns the number of entries written.
    """
    model, metadata = check_read_model_target(path, campaign=store.location)
    position = 0
    if model.path.exists() and model.path.stat().st_size:
        found = _position(model.path, store)
        if isinstance(found, str):
            if not force:
                raise OutputInTheWayError(
                    f"cannot write the read model to {path}: it is {found}; add --force to replace it; "
                    "nothing was written"
                )
        else:
            position = found
    with model.replacing(from_old=position > 0) as temporary:
        db = sqlite_utils.Database(temporary)
        try:
            count = _project(db, store, hooks, position, progress)
        finally:
            db.close()
    metadata.write_text(metadata_text(path))
    return count


def _project(
    db: sqlite_utils.Database, store: LedgerStore, hooks: ReadModelHooks, position: int, progress: Progress | None
) -> int:
    """Write the entries after ``position`` (all of them into a new, empty ``db``)."""
    if not position:
        create_tables(db)
    undone = undone_by(store.entries())
    head = store.head()
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    figures = hooks.figures
    reveals: list[tuple[str, int, int]] = []
    fold: Fold | None = fold_for(store.entry(1)) if position else None
    state: Any = store.state(position) if position else None
    before: dict[tuple[str, str], int] = figures(state) if position else {}
    count = 0
    last = (position, "")
    for entry in store.entries(position + 1):
        number = entry["number"]
        made_in = hooks.position(state) if state is not None else {}
        if fold is None:
            fold = fold_for(entry)
            state = fold.open(entry)
            made_in = hooks.position(state)
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
                "player": made_in.get("player"),
                "phase": made_in.get("phase"),
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
                    "entered_by": roll.get("entered_by") or entry["actor"],
                    "period": roll.get("period"),
                    "n": roll.get("n"),
                    "commitment": roll.get("commitment"),
                    "revealed": 0,
                }
            )
        note = hooks.note(entry)
        if note is not None:
            rows["notes"].append({"entry": number, "by": entry["actor"], **note})
        for index, step in enumerate(entry["ruling"].get("steps", [])):
            rows["rulings"].append({"entry": number, "idx": index, "text": step.get("text"), "rule": step.get("rule")})
        for index, event in enumerate(entry["events"]):
            _dice_period(rows["dice_periods"], reveals, number, event)
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
    _settle(db, reveals)
    _campaign_row(db, store, hooks, state if state is not None else store.state())
    if progress:
        progress(count, head)
    return count


def _dice_period(
    rows: list[dict[str, Any]], reveals: list[tuple[str, int, int]], number: int, event: dict[str, Any]
) -> None:
    """A commitment opens a period's row; a reveal (seed, entry, period) is written into it by `_settle`."""
    if event.get("type") == "DiceCommitted":
        rows.append(
            {
                "period": event.get("period"),
                "commitment": event.get("commitment"),
                "player_seeds": json.dumps(event.get("player_seeds", {}), ensure_ascii=False, sort_keys=True),
                "scheme": event.get("scheme", 1),
                "committed_in": number,
                "seed": None,
                "revealed_in": None,
            }
        )
    elif event.get("type") == "DiceSeedRevealed":
        reveals.append((str(event.get("seed")), number, int(event.get("period", 0))))


def _settle(db: sqlite_utils.Database, reveals: list[tuple[str, int, int]]) -> None:
    """What later entries say of earlier rows: the seeds revealed, each roll's period revealed or
    not, each dispute's ruling."""
    with db.conn:
        db.conn.executemany("update dice_periods set seed = ?, revealed_in = ? where period = ?", reveals)
        db.conn.execute(
            "update rolls set revealed = (period in (select period from dice_periods where seed is not null)) "
            "where period is not null"
        )
        db.conn.execute(
            "update notes set settled_by = (select r.entry from notes r where r.settles = notes.entry) "
            "where disputed = 1"
        )


def _campaign_row(db: sqlite_utils.Database, store: LedgerStore, hooks: ReadModelHooks, state: Any) -> None:
    head, head_hash = store.head_position()
    row = {"campaign_id": str(store.campaign_id), **hooks.campaign(state)}
    row.update(head_number=head, head_hash=head_hash, exporter=hooks.release)
    db["campaign"].insert(row, pk="campaign_id", replace=True, alter=True)  # type: ignore[union-attr]  # db[name] may be a view


def _position(path: Path, store: LedgerStore) -> int | str:
    """The entry an existing read model reflects, checked against the record; or, when it cannot
    be brought up to date, what it is (for the refusal). Read without writing."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = {name for (name,) in connection.execute("select name from sqlite_master where type = 'table'")}
        if "dice_periods" not in tables:
            return "a read model written by an earlier release (no dice periods, notes or campaign table)"
        rows = connection.execute("select campaign_id, position, hash from projection").fetchall()
    finally:
        connection.close()
    if len(rows) != 1 or rows[0][0] != str(store.campaign_id):
        return "the read model of another campaign"
    position = int(rows[0][1])
    if position > store.head() or store.entry(position)["hash"] != rows[0][2]:
        return f"a read model reflecting entry #{position} of another history"
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


def _flush(
    db: sqlite_utils.Database, rows: dict[str, list[dict[str, Any]]], store: LedgerStore, last: tuple[int, str]
) -> None:
    """Write the rows, then the position they bring the projection to. Rows are replaced by key, so
    a run stopped between the two simply writes the same rows again next time."""
    if not last[0]:
        return
    for name, batch in rows.items():
        if batch:
            db[name].insert_all(batch, pk=KEYS[name], batch_size=1000, replace=True)  # type: ignore[union-attr]  # db[name] may be a view
            batch.clear()
    with db.conn:
        db.conn.execute("delete from projection")
        db.conn.execute(
            "insert into projection (campaign_id, position, hash) values (?, ?, ?)",
            (str(store.campaign_id), last[0], last[1]),
        )
