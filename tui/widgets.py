"""Small widgets of the console: the trend sparklines of pools and BRP totals."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Label, Sparkline


class TrendLabel(Label):
    """The name and figure beside one trend line."""

    def __init__(self, trend: str, text: str) -> None:
        super().__init__(text)
        self.trend = trend


class Trends(Widget):
    """One sparkline per account figure (SP stockpiles, BRP totals) over the whole campaign."""

    DEFAULT_CSS = """
    Trends { height: auto; }
    Trends Vertical { height: auto; }
    Trends Horizontal { height: 1; }
    Trends Label { width: 26; }
    Trends Sparkline { width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.now: dict[str, int] = {}
        """The figures as of the entry shown (the replay cursor, or the head): what the labels say."""

    def compose(self) -> ComposeResult:
        yield Vertical(id="lines")

    def show(self, series: dict[str, list[int]]) -> None:
        """Replace the sparklines with ``series`` (name -> values sampled along the record)."""
        lines = self.query_one("#lines", Vertical)
        lines.remove_children()
        for name, values in series.items():
            label = TrendLabel(name, self._label(name, values[-1] if values else 0))
            lines.mount(Horizontal(label, Sparkline(values, summary_function=max)))

    def mark(self, now: dict[str, int]) -> None:
        """Show the figures as of the entry on screen beside the lines (in replay: not today's)."""
        self.now = dict(now)
        for label in self.query(TrendLabel):
            if label.trend in self.now:
                label.update(self._label(label.trend, self.now[label.trend]))

    def _label(self, name: str, last: int) -> str:
        return f"{name} {self.now.get(name, last)}"
