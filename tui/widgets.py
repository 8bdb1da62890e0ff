"""Small widgets of the console: the trend sparklines of pools and BRP totals."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Label, Sparkline


class Trends(Widget):
    """One sparkline per account figure (SP stockpiles, BRP totals) over the whole campaign."""

    DEFAULT_CSS = """
    Trends { height: auto; }
    Trends Vertical { height: auto; }
    Trends Horizontal { height: 1; }
    Trends Label { width: 26; }
    Trends Sparkline { width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Vertical(id="lines")

    def show(self, series: dict[str, list[int]]) -> None:
        """Replace the sparklines with ``series`` (name -> values sampled along the record)."""
        lines = self.query_one("#lines", Vertical)
        lines.remove_children()
        for name, values in series.items():
            last = values[-1] if values else 0
            lines.mount(Horizontal(Label(f"{name} {last}"), Sparkline(values, summary_function=max)))
