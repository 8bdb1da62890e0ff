"""Shared fixtures: campaigns on SQLite ':memory:' and on a real file, with a fixed clock."""

from __future__ import annotations

import gc
import itertools
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from referee.commands import CreateCampaign
from referee.service import RefereeService

from calls_probe import (  # the rules-coverage watch (tests/calls_probe.py): its hooks are the conftest's
    pytest_configure,
    pytest_configure_node,
    pytest_runtest_call,
    pytest_runtest_setup,
    pytest_sessionfinish,
    pytest_sessionstart,
)
from pg import create_database, running_server
from support import TickingClock

__all__ = [
    "pytest_configure",
    "pytest_configure_node",
    "pytest_runtest_call",
    "pytest_runtest_setup",
    "pytest_sessionfinish",
    "pytest_sessionstart",
]

# A worker holds the whole project, Textual and every pydantic model; with Python's default
# threshold (a young collection each 700 allocations, each older one walking that heap) a fifth
# of a console test's CPU went to the collector. Fewer, larger young collections: 12.2 -> 10.4 s
# of CPU for tests/tui/test_console.py (2026-11-27). Only the suite's processes; the console keeps
# Python's default.
gc.set_threshold(50_000, 20, 100)

# CI explores the same examples every run (a red CI must mean a change broke something);
# locally hypothesis keeps drawing new examples, which is how it finds new bugs.
settings.register_profile("ci", derandomize=True)

# ledger/trust.py keeps each campaign copy's key and checkpoint in this user's files: one folder
# for the whole session (each copy has its own file there), never the real home; set before any
# fixture, module-scoped ones included, opens a campaign.
os.environ["TURNLEDGER_TRUST_DIR"] = tempfile.mkdtemp(prefix="turnledger-trust-")
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A real PostgreSQL server for the session (tests/pg.py)."""
    with running_server() as url:
        yield url


_databases = itertools.count(1)


@pytest.fixture(params=["memory", "file", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each story runs on SQLite ':memory:', on an SQLite file and on PostgreSQL."""
    if request.param == "memory":
        return ":memory:"
    if request.param == "file":
        return str(tmp_path / "campaign.db")
    server = request.getfixturevalue("postgres_server")
    return create_database(server, f"campaign_{next(_databases)}")


MakeService = Callable[..., RefereeService]


@pytest.fixture
def make_service(tmp_path: Path) -> Iterator[MakeService]:
    """Create campaigns; all are closed at the end of the test."""
    made: list[RefereeService] = []

    def make(
        location: str | None = None, scenario: str = "revised-europa/barbarossa", name: str = "Test"
    ) -> RefereeService:
        service = RefereeService.create(
            location or str(tmp_path / f"c{len(made)}.db"),
            CreateCampaign(scenario=scenario, name=name),
            clock=TickingClock(),
        )
        made.append(service)
        return service

    yield make
    for service in made:
        service.close()


@pytest.fixture
def europa(make_service: MakeService, tmp_path: Path) -> RefereeService:
    """A Barbarossa campaign (Revised Europa) in an SQLite file: the rules run once, not per backend
    (the stories in tests/referee/stories/ and the store contract in tests/ledger/ run on every backend)."""
    return make_service(str(tmp_path / "europa.db"))


@pytest.fixture
def third_reich(make_service: MakeService, tmp_path: Path) -> RefereeService:
    """A 1939 Revised Third Reich campaign in an SQLite file (the rules run once, not per backend)."""
    return make_service(str(tmp_path / "reich.db"), scenario="revised-third-reich/campaign-1939")


@pytest.fixture(autouse=True)
def dice_secrets_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL campaigns keep digital-dice seeds under $TURNLEDGER_SECRETS_DIR: never the real home in tests."""
    monkeypatch.setenv("TURNLEDGER_SECRETS_DIR", str(tmp_path / "dice-secrets"))


LONG_RUNNING = (
    "tests/tui/test_game_turn_by_keyboard.py",
    "tests/tui/test_reich_turn_by_keyboard.py",
    "tests/tui/test_dialog_keys.py",
    "tests/tui/test_new_campaign_form.py",
    "tests/tui/test_boot_camp_turn.py",
    "tests/test_rules_coverage.py",
    "tests/tui/test_console_large.py",
    "tests/tui/test_crash_safety.py",
    "tests/bench/",
    "tests/tui/test_apply_fuzz.py",
)
"""Files whose tests take seconds each (subprocesses, a whole game turn, 100,000 entries)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long-running tests go first (and are marked ``slow``): with two workers, a 25-second test
    collected last kept one worker busy alone at the end of `make test`."""
    for item in items:
        if item.nodeid.startswith(LONG_RUNNING):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def own_receipt_log(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each test keeps the receipts it gives in a folder of its own (ledger/receipt_log.py): the
    log is kept per campaign id, and tests share ids (the golden exports, fixed ids), so a receipt
    one test gave would rightly name another test's copy of that campaign as lacking it."""
    monkeypatch.setenv("TURNLEDGER_RECEIPTS_DIR", str(tmp_path_factory.mktemp("receipts")))
