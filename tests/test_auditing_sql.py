"""Every SQL answer of docs/auditing.md runs against the read model of the golden Barbarossa
campaign and gives the rows the page says (issue 13, item 5); the read model has its tables,
foreign keys, indexes, view and Datasette metadata."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "auditing.md"
QUERY = re.compile(r"<!-- rows: (?P<rows>\d+) -->\n```sql\n(?P<sql>.*?)\n```", re.S)
QUERIES = [(int(match["rows"]), match["sql"]) for match in QUERY.finditer(PAGE.read_text(encoding="utf-8"))]


@pytest.fixture(scope="module")
def read_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("readmodel")
    store = folder / "golden.db"
    assert main(["import", str(ROOT / "tests" / "data" / "exports" / "europa-barbarossa-0.1.0.jsonl"), str(store)]) == 0
    path = folder / "golden-readmodel.db"
    assert main(["export", str(store), "--sqlite", str(path)]) == 0
    return path


def test_the_page_has_the_questions() -> None:
    assert len(QUERIES) >= 7


@pytest.mark.parametrize(("rows", "sql"), QUERIES, ids=[f"query-{n}" for n in range(len(QUERIES))])
def test_each_sql_answer_runs_and_gives_its_rows(read_model: Path, rows: int, sql: str) -> None:
    connection = sqlite3.connect(read_model)
    try:
        found = connection.execute(sql).fetchall()
    finally:
        connection.close()
    assert len(found) == rows, found[:5]


def test_the_read_model_is_tied_together_and_described(read_model: Path) -> None:
    connection = sqlite3.connect(read_model)
    try:
        campaign = connection.execute("select name, game, head_number, exporter from campaign").fetchall()
        assert campaign[0][:3] == ("Golden Barbarossa", "europa", 163) and campaign[0][3].startswith("turnledger ")
        keys = {row[2] for row in connection.execute("pragma foreign_key_list(rolls)")}
        assert keys == {"entries"}
        indexes = {row[1] for row in connection.execute("pragma index_list(balances)")}
        assert any("account" in name for name in indexes)
        assert connection.execute("pragma foreign_key_check").fetchall() == []
        axis = connection.execute(
            "select value from figures_after where account = 'supply:Axis' and figure = 'stockpile' and entry = 144"
        ).fetchone()
        assert axis == (159,)  # the Gomel combat paid 1 SP of 160 (docs/auditing.md, the balance query)
        revealed = connection.execute("select period, seed is not null from dice_periods order by period").fetchall()
        assert revealed == [(139, 1), (162, 0)]
    finally:
        connection.close()
    metadata = json.loads(read_model.with_suffix(".metadata.json").read_text(encoding="utf-8"))
    tables = metadata["databases"]["golden-readmodel"]["tables"]
    assert {"campaign", "entries", "rolls", "dice_periods", "notes", "balances"} <= set(tables)
    assert "player" in tables["entries"]["facets"] and tables["entries"]["label_column"] == "summary"
