"""Hostile input over every command kind (docs/security.md, "Bad input"): fuzzed commands of both
games, drawn from each command's own JSON schema and pushed past its bounds, are applied through
the command line. Each one is recorded with a ruling or refused with exit 1 naming the line (and,
for a malformed value, the field); after every refusal the store is byte-identical (SQLite) or
its tables dump the same (PostgreSQL). Never a traceback, never an internal error."""

from __future__ import annotations

import hashlib
import json
import os
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.schema import command_schemas
from tests.pg import create_database
from tui.cli import main

SCHEMAS = command_schemas()
EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "120"))
"""Per SQLite campaign in `make test`; HOSTILE_EXAMPLES=1500 for a longer hunt (about 20 s each)."""
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)


def value_for(prop: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of a schema property: mostly the kind it asks for, near and past its bounds."""
    if "$ref" in prop:
        return value_for(defs[prop["$ref"].rsplit("/", 1)[-1]], defs, depth)
    if "anyOf" in prop:
        return st.one_of([value_for(option, defs, depth) for option in prop["anyOf"]])
    if "const" in prop:
        return st.just(prop["const"])
    if "enum" in prop:
        return st.sampled_from(prop["enum"]) | TEXT
    kind = prop.get("type")
    if kind == "integer":
        low, high = prop.get("minimum", prop.get("exclusiveMinimum", -1000)), prop.get("maximum", 10**6)
        edges = [low - 1, low, high, high + 1, -(10**9), 10**15]
        return st.integers(min_value=int(low), max_value=int(min(high, low + 50))) | st.sampled_from(edges)
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9)
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        return st.sampled_from(["Axis", "Soviet", "Germany", "UK", "B", "Mud", "referee", ""]) | TEXT
    if kind == "null":
        return st.none()
    if kind == "array":
        items = value_for(prop.get("items", {}), defs, depth + 1) if depth < 2 else ANY_JSON
        return st.lists(items, max_size=4)
    if kind == "object" and "properties" in prop and depth < 2:
        return command_like(prop, defs, depth + 1)
    return ANY_JSON


def command_like(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """An object with the schema's properties (some dropped, sometimes one too many)."""
    properties = schema.get("properties", {})
    fields = {name: value_for(prop, defs, depth) for name, prop in properties.items()}

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        made = {name: draw(strategy) for name, strategy in fields.items() if name == "kind" or draw(st.booleans())}
        if draw(st.integers(0, 9)) == 0:
            made[draw(TEXT)] = draw(ANY_JSON)
        return made

    return build()


COMMANDS = st.sampled_from(sorted(SCHEMAS)).flatmap(
    lambda kind: command_like(SCHEMAS[kind], SCHEMAS[kind].get("$defs", {}))
)


def run_line(store: str, folder: Path, command: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    orders = folder / f"hostile-{uuid.uuid4().hex[:8]}.jsonl"
    orders.write_text(json.dumps(command) + "\n", encoding="utf-8")
    code = main(["apply", store, str(orders)])
    captured = capsys.readouterr()
    return code, " ".join((captured.out + captured.err).split())


def check(code: int, said: str, command: dict[str, Any]) -> None:
    assert "Traceback" not in said and "internal error" not in said, (command, said)
    assert code in (0, 1), (command, said)
    if code == 1:
        assert re.search(r"\bline 1: \S", said), (command, said)
        if ": input should" in said or "field required" in said or "string should" in said:
            assert re.search(r"line 1: .*\w+: ", said), (command, said)  # the field is named


def sqlite_bytes(path: Path) -> str:
    digest = hashlib.sha256()
    for suffix in ("", "-wal"):
        side = Path(f"{path}{suffix}")
        digest.update(side.read_bytes() if side.exists() else b"")
    return digest.hexdigest()


def postgres_dump(url: str) -> str:
    import psycopg

    with psycopg.connect(url) as connection:
        tables = [row[0] for row in connection.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        rows = [
            f"{table}:{row}"
            for table in sorted(tables)
            for row in connection.execute(f'SELECT * FROM "{table}" ORDER BY 1, 2')
        ]
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()


SCENARIOS = ["revised-europa/barbarossa", "revised-third-reich/campaign-1939"]


@pytest.fixture(scope="module", params=SCENARIOS, ids=["europa", "third-reich"])
def sqlite_campaign(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "campaign.db"
    assert main(["new", str(path), "--scenario", request.param]) == 0
    return path


def fuzz(store: str, folder: Path, snapshot: Callable[[], str], command: dict[str, Any], capsys: Any) -> None:
    before = snapshot()
    code, said = run_line(store, folder, command, capsys)
    check(code, said, command)
    if code == 1:
        assert snapshot() == before, (command, said)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=COMMANDS)
def test_every_command_kind_fuzzed_on_sqlite(
    sqlite_campaign: Path, command: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    fuzz(str(sqlite_campaign), sqlite_campaign.parent, lambda: sqlite_bytes(sqlite_campaign), command, capsys)


@pytest.fixture(scope="module")
def postgres_campaign(postgres_server: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    url = create_database(postgres_server, f"hostile_{uuid.uuid4().hex[:10]}")
    assert main(["new", url]) == 0
    return url, tmp_path_factory.mktemp("hostile-pg")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=COMMANDS)
def test_every_command_kind_fuzzed_on_postgres(
    postgres_campaign: tuple[str, Path], command: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    url, folder = postgres_campaign
    fuzz(url, folder, lambda: postgres_dump(url), command, capsys)
