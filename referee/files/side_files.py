"""Files a campaign keeps beside it, outside the record: the dice seeds, the referee's bookmarks.

Beside an SQLite campaign they are named after it (`game.db.<suffix>`); a PostgreSQL campaign has
no file to sit beside, so they go in a folder of the referee's home (or the folder an environment
variable names), by campaign id. A campaign in memory keeps none. A location is a PostgreSQL URL however
it is spelt (ledger/location.py `is_postgres`: any case, `postgres://`, spaces around it).
"""

from __future__ import annotations

import os
from pathlib import Path

from ledger.location import is_memory, is_postgres


def side_path(location: str, campaign_id: str, *, suffix: str, folder: str, variable: str) -> Path | None:
    """``game.db.<suffix>``, or ``$<variable>/<campaign id>.json`` (default ``~/.turnledger/<folder>``)."""
    if is_memory(location):
        return None
    if is_postgres(location):
        base = Path(os.environ.get(variable) or Path.home() / ".turnledger" / folder)
        return base / f"{campaign_id}.json"
    return Path(f"{location}.{suffix}")
