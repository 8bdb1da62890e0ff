"""The force rosters: every registered unit, filterable, as of the entry the dashboard shows.

Every unit is listed in a virtual table (only the lines in view are drawn); the dashboard itself
only counts them (`render.roster_summary`).
"""

from __future__ import annotations

from typing import Any

from tui.row_table import Column, RowTable
from tui.screens.listing import ListingScreen

COLUMNS = ("side", "unit", "name", "nation", "type", "size", "status", "location")


class RosterScreen(ListingScreen):
    """Side, unit, name, nation, type, size, status and location of each unit; / filters."""

    PLACEHOLDER = "filter: text in any column (side, unit, name, nation, type, status, hex)"
    OPENS_AT_END = False

    def __init__(self, rows: list[tuple[str, ...]], where: str) -> None:
        super().__init__(rows)
        self.where = where
        """Which state the rows are from ('live' or 'as of entry #N')."""

    def make_table(self) -> RowTable[Any]:
        return RowTable([Column(title, 30) for title in COLUMNS], tuple, id="units")

    def search_text(self, row: Any) -> str:
        return "\n".join(row).lower()

    def counts(self) -> str:
        return f"{len(self.matching):,} of {len(self.rows):,} units · {self.where} · / filter · Escape back"
