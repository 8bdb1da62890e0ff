"""The book's mapper writes and reads an entry row the library's way, byte for byte.

`BookMapper` builds the common row (an entry after #1) directly instead of walking it with the
library's JSON transcoder (issue 17). Verification compares each stored row with the row the
mapper would write, so the two ways must agree on every row ever stored: here on every row of
every golden export, written by this release and by the library's own mapper.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from eventsourcing.persistence import Mapper, StoredEvent

import referee.games  # noqa: F401 - registers the games' folds
from ledger.book import BookMapper, CampaignBook
from ledger.exchange import import_jsonl

EXPORTS = sorted((Path(__file__).resolve().parents[1] / "data" / "exports").glob("*.jsonl"))


@pytest.mark.parametrize("export", EXPORTS, ids=lambda path: path.name)
def test_every_stored_row_is_written_and_read_as_the_library_would(export: Path) -> None:
    store = import_jsonl(str(export), ":memory:")
    try:
        ours = store.app.mapper
        assert isinstance(ours, BookMapper)
        library = Mapper(transcoder=ours.transcoder)
        rows = store.stored_rows()
        assert len(rows) > 10
        for row in rows:
            fast, slow = ours.to_domain_event(row), library.to_domain_event(row)
            assert type(fast) is type(slow) and vars(fast) == vars(slow)
            assert ours.to_stored_event(fast) == library.to_stored_event(slow) == row
        recorded = CampaignBook.EntryRecorded
        assert sum(row.topic == recorded.TOPIC for row in rows) == len(rows) - 1
    finally:
        store.close()


def test_a_row_of_another_shape_is_read_the_library_way() -> None:
    store = import_jsonl(str(EXPORTS[0]), ":memory:")
    try:
        row = store.stored_rows(gt=1, limit=1)[0]
        extra = StoredEvent(row.originator_id, row.originator_version, row.topic, row.state[:-1] + b',"x":1}')
        event = store.app.mapper.to_domain_event(extra)
        assert vars(event)["x"] == 1  # the library kept the unknown key: verification then names the row
        assert store.app.mapper.to_stored_event(event).state == extra.state
    finally:
        store.close()
