"""What the log and the roster screens share: a filter field, pages of rows, the keys to move."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Input


class PagedTableScreen(Screen[None]):
    """A full screen listing rows a page at a time: / filters, [ and ] page, Escape goes back.

    Subclasses compose a `#filter` Input and a DataTable and implement ``action_page``."""

    BINDINGS = [
        ("escape", "app.pop_screen", "Back"),
        ("slash", "focus_filter", "Filter"),
        ("left_square_bracket", "page(-1)", "Earlier"),
        ("right_square_bracket", "page(1)", "Later"),
    ]
    PAGE = 100
    """Rows shown at once: filling a DataTable costs per row (500 log rows took 0.6 s, a thousand
    units 0.8 s: bench/console_keys.py); 100 rows are two and a half screens."""

    def action_page(self, delta: int) -> None:
        raise NotImplementedError

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()
