"""The referee's bookmarks on a campaign: entry numbers marked in the console to come back to.

They are the referee's reading aids, not part of the game, so they are not entries: they live
beside an SQLite campaign (`game.db.bookmarks.json`) or, for PostgreSQL, under
`$TURNLEDGER_BOOKMARKS_DIR` (default `~/.turnledger/bookmarks/<campaign id>.json`), and survive
closing the console. A file that cannot be read is treated as no bookmarks, never as an error
that stops the console.
"""

from __future__ import annotations

import json
from pathlib import Path

from ledger import strict_json
from ledger.input_file import InputFileError, read_bounded_text
from ledger.output_file import BOOKMARKS_SUFFIX
from ledger.private_file import make_private_folders
from referee.files.side_files import side_path


def bookmarks_path(location: str, campaign_id: str) -> Path | None:
    """Where a campaign's bookmarks are kept; None for a campaign in memory."""
    return side_path(
        location,
        campaign_id,
        suffix=BOOKMARKS_SUFFIX.removeprefix("."),
        folder="bookmarks",
        variable="TURNLEDGER_BOOKMARKS_DIR",
    )


SIDE_FILE_LIMIT = 1 << 20
"""A bookmarks file is a short list of numbers: anything larger is not one."""


def load_bookmarks(path: Path | None) -> list[int]:
    """The marked entry numbers, in order (none when the file is missing or unreadable)."""
    if path is None:
        return []
    try:
        data = strict_json.loads(read_bounded_text(path, max_bytes=SIDE_FILE_LIMIT, what="bookmarks file"))
    except (OSError, ValueError, InputFileError):  # missing, unreadable or not a list of marks: none
        return []
    numbers = data.get("bookmarks", []) if isinstance(data, dict) else []
    return sorted({number for number in numbers if isinstance(number, int) and number > 0})


def save_bookmarks(path: Path | None, numbers: list[int]) -> None:
    """Write the marks (replacing the file whole, so a crash leaves the old or the new list)."""
    if path is None:
        return
    make_private_folders(path.parent)  # 0700 whatever the umask
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps({"bookmarks": sorted(set(numbers))}) + "\n", encoding="utf-8")
    partial.replace(path)
