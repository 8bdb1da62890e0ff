"""The log filter's index (referee/common/log_index.py, issue 28): a search with it finds exactly
what reading the record finds, for filter texts hypothesis chooses; entries recorded after it are
read from the store; an index that no longer stands on the chain (another campaign's, a record
rewritten, a file edited) is never used and is built again; rows read one by one are the rows
the pages give; and nothing may be written at the index's name."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee.common.log_pages as log_pages
from ledger.output_file import OutputFileError, check_store_target
from ledger.text_index import Reflects, available
from referee.common.log import log_rows
from referee.common.log_index import LogIndex, log_index_path
from referee.common.log_pages import LogPages, search_text
from referee.files.outputs import JSONL_EXPORT, check_output
from referee.service import RefereeService
from tui.cli import main

EXPORT = Path(__file__).resolve().parents[1] / "data" / "exports" / "reich-1941-0.3.0.jsonl"


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RefereeService]:
    """The golden Third Reich campaign (291 entries: builds, combats, year starts, notes)."""
    path = tmp_path_factory.mktemp("index") / "reich.db"
    assert main(["import", str(EXPORT), str(path)]) == 0
    service = RefereeService.open(str(path))
    yield service
    service.close()


@pytest.fixture(scope="module")
def texts(campaign: RefereeService) -> list[str]:
    """Every row's search text, as the filter without an index looks in it."""
    return [search_text(row) for row in log_rows(campaign.entries())]


def indexed(service: RefereeService, path: Path, upto: int | None = None) -> LogPages:
    """The log's pages with an index of the campaign at ``path``, built up to entry ``upto``
    (default: all) as a search builds it."""
    pages = LogPages.of(service.entries, service.entries(1, upto))
    pages.log_index = LogIndex(path, service.campaign_id)
    assert list(pages.search("no such text")) == []
    if upto is not None:
        pages = LogPages.of(service.entries, service.entries())
        pages.log_index = LogIndex(path, service.campaign_id)
    return pages


@st.composite
def filter_texts(draw: st.DrawFn, texts: list[str]) -> str:
    """A piece of some row's text (it matches that row at least), or a text made up."""
    if draw(st.booleans()):
        text = draw(st.sampled_from(texts))
        start = draw(st.integers(0, len(text) - 1))
        return text[start : start + draw(st.integers(2, 14))].strip()
    return draw(st.text(st.sampled_from(list("aeiorst 0123456789:→,.#()-\n")), min_size=2, max_size=6)).strip()


def test_without_the_trigram_tokenizer_no_index_is_kept_and_the_search_reads_the_record(
    campaign: RefereeService, texts: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An SQLite older than 3.34 (no FTS5 trigram) keeps no index file: the filter streams the
    record and finds what the index would (this machine has the tokenizer, so the index's own
    tests below run here; the fallback is shown by taking it away)."""
    assert available()
    monkeypatch.setattr("referee.common.log_index.available", lambda: False)
    assert LogIndex.of(str(tmp_path / "game.db"), campaign.campaign_id) is None
    pages = LogPages.of(campaign.entries, campaign.entries())
    assert pages.log_index is None
    found = list(pages.search("combat"))  # row indices, entry #1 at 0
    assert found and found == [index for index, text in enumerate(texts) if "combat" in text]


def test_a_search_finds_what_reading_the_record_finds(
    campaign: RefereeService, texts: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_pages, "WINDOW", 16)  # the index's answers read a window of 16 at a time
    monkeypatch.setattr(log_pages, "WINDOWS_KEPT", 2)
    pages = indexed(campaign, tmp_path / "index.sqlite")
    reflects = pages.log_index.index.reflects() if pages.log_index else None
    assert reflects is not None and reflects.last == len(texts) == campaign.head()

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(text=filter_texts(texts))
    def same(text: str) -> None:
        if text:
            assert list(pages.search(text)) == [index for index, held in enumerate(texts) if text in held]

    same()
    truth = [index for index, held in enumerate(texts) if "axis" in held]
    found = pages.search("axis")
    assert len(found) == len(truth) > 100
    assert found[-20:] == truth[-20:] and found[:20] == truth[:20] and found[70] == truth[70] and found[-1] == truth[-1]
    index, pages.log_index = pages.log_index, None
    for text in ("declares war", "axis", "→", "combat", "no such text"):
        streamed = pages.search(text)
        pages.log_index = index
        assert list(pages.search(text)) == streamed
        pages.log_index = None


def test_entries_after_the_index_are_read_from_the_store(
    campaign: RefereeService, texts: list[str], tmp_path: Path
) -> None:
    pages = indexed(campaign, tmp_path / "index.sqlite", upto=200)
    assert pages.log_index is not None
    reflects = pages.log_index.index.reflects()
    assert reflects is not None and reflects.last == 200
    for text in ("axis", "brp", "germany"):
        found = list(pages.search(text))
        assert found == [index for index, held in enumerate(texts) if text in held]
        assert any(index >= 200 for index in found)
        head = campaign.head()
        assert pages.log_index.index.reflects() == Reflects(campaign.campaign_id, head, campaign.entry(head)["hash"])


def test_a_text_of_one_or_two_characters_finds_the_newest_matches(
    campaign: RefereeService, texts: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No trigram looks up 'a' or 'ge': the index's kept texts are read newest first, up to
    `NEWEST` matches (`NewestMatches`: not all of them), then every entry after the index (the
    first search reads them from the store and adds them to it)."""
    monkeypatch.setattr(log_pages, "NEWEST", 12)
    pages = indexed(campaign, tmp_path / "index.sqlite", upto=280)
    assert pages.log_index is not None
    for text in ("a", "ge", "→", "ze", "q", "§"):
        reflects = pages.log_index.index.reflects()
        assert reflects is not None
        truth = [index for index, held in enumerate(texts) if text in held]
        found = pages.search(text)
        indexed_ = [index for index in truth if index < reflects.last]
        assert list(found) == indexed_[-12:] + [index for index in truth if index >= reflects.last], text
        assert isinstance(found, log_pages.NewestMatches) == (len(indexed_) > 12), text
    first = pages.search("a")
    assert (
        isinstance(first, log_pages.NewestMatches) and list(first) == [i for i, t in enumerate(texts) if "a" in t][-12:]
    )
    assert pages.search("§") == []  # held by no entry: every kept text read


def test_an_index_that_does_not_stand_on_the_chain_is_never_used(
    campaign: RefereeService, texts: list[str], tmp_path: Path
) -> None:
    pages = indexed(campaign, tmp_path / "index.sqlite")
    index = pages.log_index
    assert index is not None
    path = index.path
    asked = "zqxj"
    with sqlite3.connect(path) as db:  # the file edited: it claims to reflect another chain ...
        db.execute("UPDATE meta SET value = 'f00d' WHERE key = 'last_hash'")
        db.execute("INSERT INTO texts (rowid, text) VALUES (1, 'zqxj forged')")  # ... and proposes #1
    db.close()
    assert index.search(pages, asked) is None and index.distrusted  # its answer is not used ...
    assert list(pages.search(asked)) == []  # ... the record is read instead, and the index built again
    assert not index.distrusted and index.index.reflects() == Reflects(
        campaign.campaign_id, campaign.head(), campaign.entry(campaign.head())["hash"]
    )
    found = index.index.search(asked)
    assert found is not None and found.count == 0 and list(pages.search(asked)) == []
    other = LogIndex(path, "another campaign")  # the file is this campaign's, not that one's
    assert other.search(pages, "axis") is None
    other.catch_up(pages)
    reflects = other.index.reflects()
    assert reflects is not None and reflects.record == "another campaign"
    truth = [number for number, held in enumerate(texts) if "axis" in held]
    assert index.search(pages, "axis") is None and list(pages.search("axis")) == truth  # and built again for this one
    assert index.search(pages, "axis") is not None and list(pages.search("axis")) == truth


def test_rows_read_one_by_one_are_the_rows_of_the_pages(
    campaign: RefereeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_pages, "PAGE", 8)
    monkeypatch.setattr(log_pages, "PAGES_KEPT", 1)
    monkeypatch.setattr(log_pages, "ROWS_KEPT", 5)
    pages = LogPages.of(campaign.entries, campaign.entries())
    held = log_rows(campaign.entries())
    wanted = [290, 0, 1, 2, 150, 7, 8, 9, 141, 100, 3]
    assert pages.rows_at(wanted) == [held[index] for index in wanted]
    assert pages.rows_at(list(range(len(held)))) == held
    assert [pages.position_before(row["number"] + 1) for row in held] == [
        (row["player_after"], row["phase_after"]) for row in held
    ]
    with pytest.raises(IndexError):
        pages.rows_at([len(held)])


def test_where_the_index_is_kept_and_that_nothing_else_may_be_written_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    beside = log_index_path(str(tmp_path / "game.db"), "id")
    assert beside == tmp_path / "game.db.log-index.sqlite"
    monkeypatch.setenv("TURNLEDGER_LOG_INDEX_DIR", str(tmp_path / "indexes"))
    assert log_index_path("postgresql://u:secret@db:5432/games", "c0ffee") == tmp_path / "indexes" / (
        "c0ffee.log-index.sqlite"
    )
    assert log_index_path(":memory:", "id") is None
    with pytest.raises(OutputFileError, match="log index"):
        check_output(beside, JSONL_EXPORT)
    with pytest.raises(OutputFileError, match="log index"):
        check_store_target(str(beside))
    assert not beside.exists()
