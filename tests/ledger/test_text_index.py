"""The substring index of entry texts (ledger/text_index.py, issue 28): its answers are Python's
``text in stored`` for any texts (quotes, newlines, NUL, characters beyond the BMP); it is written
only where the file is one of its own (or none), and only after the entry it reflects."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.text_index import NUL_STAND_IN, Reflects, TextIndex

ALPHABET = st.sampled_from(list('ab "\n*%_\x00é€😀' + NUL_STAND_IN))


def made(path: Path, texts: list[str], record: str = "campaign") -> TextIndex:
    index = TextIndex(path)
    assert index.reset(record)
    assert index.add(Reflects(record, 0, ""), list(enumerate(texts, start=1)), f"hash{len(texts)}")
    return index


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.text(ALPHABET, max_size=12), min_size=1, max_size=12), asked=st.text(ALPHABET, max_size=5))
def test_its_answers_are_pythons_substring_test(tmp_path: Path, texts: list[str], asked: str) -> None:
    path = tmp_path / "index.sqlite"
    path.unlink(missing_ok=True)
    index = made(path, texts)
    held = [number for number, text in enumerate(texts, start=1) if asked in text]
    newest = index.newest(asked, 3)
    if not asked or "\x00" in asked or NUL_STAND_IN in asked:
        assert newest is None
    else:  # any length, 1-2 characters included: the newest three, and whether they are all
        assert newest is not None and (newest.numbers, newest.complete) == (held[-3:], len(held) <= 3)
    found = index.search(asked)
    if len(asked) < 3 or "\x00" in asked or NUL_STAND_IN in asked:
        assert found is None  # the caller reads the record instead
        return
    assert found is not None
    assert found.numbers(0, found.count) == held
    assert found.reflects == Reflects("campaign", len(texts), f"hash{len(texts)}")


def test_it_is_added_to_only_after_the_entry_it_reflects(tmp_path: Path) -> None:
    index = made(tmp_path / "index.sqlite", ["kiev", "riga"])
    now = Reflects("campaign", 2, "hash2")
    assert index.reflects() == now
    assert not index.add(Reflects("campaign", 1, "hash1"), [(2, "again")], "x")  # another console was first
    assert index.add(now, [(3, "kiev again")], "hash3")
    with pytest.raises(ValueError, match="without a gap"):
        index.add(Reflects("campaign", 3, "hash3"), [(5, "a gap")], "hash5")
    found = index.search("kie")
    assert found is not None and found.count == 2 and found.numbers(0, 2) == [1, 3]
    assert found.numbers(1, 2) == [3] and found.numbers(0, 1) == [1]
    up_to_2 = index.search("kie", upto=2)
    assert up_to_2 is not None and up_to_2.count == 1 and up_to_2.numbers(0, 5) == [1]
    short = index.newest("i", 2)
    assert short is not None and (short.numbers, short.complete, short.upto) == ([2, 3], False, 3)
    short = index.newest("i", 2, upto=2)
    assert short is not None and (short.numbers, short.complete) == ([1, 2], True)
    assert index.reset("campaign") and found.numbers(0, 2) is None  # emptied since: the answer is gone
    assert index.reflects() == Reflects("campaign", 0, "")


def test_a_file_that_is_not_an_index_is_never_written(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE stored_events (x)")
    db.close()
    before = other.read_bytes()
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"not a database at all" * 100)
    folder = tmp_path / "folder.sqlite"
    folder.mkdir()
    for path in (other, garbage, folder):
        index = TextIndex(path)
        assert not index.reset("campaign")
        assert index.reflects() is None and index.search("kiev") is None
    assert other.read_bytes() == before and garbage.read_bytes() == b"not a database at all" * 100
    missing = TextIndex(tmp_path / "no-folder" / "index.sqlite")
    assert not missing.reset("campaign") and missing.search("kiev") is None


def test_a_file_of_the_first_format_reflects_nothing_and_is_built_again(tmp_path: Path) -> None:
    """The first format kept no texts (`newest` reads them): such a file answers nothing until the
    caller empties it and builds it again."""
    path = tmp_path / "index.sqlite"
    index = made(path, ["kiev", "riga"])
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE stored")
        db.execute("UPDATE meta SET value = 'turnledger-text-index 1' WHERE key = 'format'")
    db.close()
    assert index.reflects() is None and index.search("kiev") is None and index.newest("ki", 5) is None
    assert index.reset("campaign") and index.add(Reflects("campaign", 0, ""), [(1, "kiev")], "hash1")
    found = index.newest("ki", 5)
    assert found is not None and (found.numbers, found.complete) == ([1], True)
