"""Small widgets of the console: a Rich renderable drawn once, the trend sparklines of pools and BRP totals."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from rich.console import Console, Group, RenderableType
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Label, Sparkline


def draw_lines(console: Console, content: RenderableType, width: int) -> list[Strip]:
    """``content`` drawn by Rich into lines of ``width`` cells (no widget involved)."""
    lines = console.render_lines(content, console.options.update_width(width), pad=True)
    return [Strip(line, width) for line in lines]


class Rendered(Widget):
    """A Rich renderable (the dashboard's accounts, its last entries) drawn into lines once per
    change or width, then shown from those lines.

    A Static draws its Rich content twice per change (once to measure its height, once to show
    it) and again whenever the screen comes back from a dialog: 50-110 ms of each replay step on
    the realistic campaign (bench/console_keys.py, issue 12). Given as keyed parts
    (`update_parts`), only the parts whose key changed are drawn again (issue 17: a replay step
    changes a figure or two, and redrew every table); a change that keeps the height repaints
    this widget without laying the screen out again."""

    DEFAULT_CSS = "Rendered { height: auto; }"
    PARTS_KEPT = 64
    """Drawn parts kept by key and width: stepping back and forth draws nothing twice."""

    def __init__(self, content: RenderableType = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.content: RenderableType = content
        """What is shown (tests print it)."""
        self._parts: list[tuple[Hashable, RenderableType]] | None = None
        self._drawn: OrderedDict[tuple[Hashable, int], list[Strip]] = OrderedDict()
        self._lines: list[Strip] = []
        self._spans: list[tuple[Hashable, int, int]] = []
        """Where each part's lines are: (key, first line, lines); empty when drawn whole."""
        self._width = -1

    def update(self, content: RenderableType) -> None:
        """Show ``content``, drawn whole."""
        self._show(content, None)

    def update_parts(self, parts: list[tuple[Hashable, RenderableType]]) -> None:
        """Show ``parts`` one under the other; a part is drawn again only when its key is new."""
        self._show(Group(*(part for _key, part in parts)), parts)

    def _show(self, content: RenderableType, parts: list[tuple[Hashable, RenderableType]] | None) -> None:
        height, spans = (len(self._lines), set(self._spans)) if self._width >= 0 else (-1, set())
        self.content, self._parts, self._width = content, parts, -1
        width = self.size.width
        if width <= 0 or len(self._lines_at(width)) != height:
            self.refresh(layout=True)
        elif not spans or not self._spans:
            self.refresh()
        else:  # the same height: repaint the lines of the parts that moved or changed, if any
            changed = [
                Region(0, first, width, count) for key, first, count in self._spans if (key, first, count) not in spans
            ]
            if changed:
                self.refresh(*changed)

    def _lines_at(self, width: int) -> list[Strip]:
        if width != self._width:
            self._lines, self._spans = [], []
            if self._parts is None:
                self._lines = self._draw(self.content, width)
            for key, part in self._parts or ():
                drawn = self._part_lines(key, part, width)
                self._spans.append((key, len(self._lines), len(drawn)))
                self._lines.extend(drawn)
            self._width = width
        return self._lines

    def _part_lines(self, key: Hashable, part: RenderableType, width: int) -> list[Strip]:
        lines = self._drawn.get((key, width))
        if lines is None:
            lines = self._draw(part, width)
            self.keep(key, width, lines)
        else:
            self._drawn.move_to_end((key, width))
        return lines

    def _draw(self, content: RenderableType, width: int) -> list[Strip]:
        return draw_lines(self.app.console, content, width)

    def has_drawn(self, key: Hashable, width: int) -> bool:
        """Whether the part ``key`` is drawn at ``width`` already (safe from a worker: one lookup)."""
        return (key, width) in self._drawn

    def keep(self, key: Hashable, width: int, lines: list[Strip]) -> None:
        """Keep the lines of part ``key`` drawn elsewhere (tui/read_ahead.py) for when it is shown."""
        self._drawn[key, width] = lines
        while len(self._drawn) > self.PARTS_KEPT:
            self._drawn.popitem(last=False)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines_at(width))

    def render_line(self, y: int) -> Strip:
        lines = self._lines_at(self.size.width)
        return lines[y] if y < len(lines) else Strip.blank(self.size.width)


class TrendLabel(Label):
    """The name and figure beside one trend line."""

    def __init__(self, trend: str, text: str) -> None:
        super().__init__(text)
        self.trend = trend
        self.text = text
        """What it says (kept, so that an unchanged figure is not repainted)."""

    def say(self, text: str) -> None:
        """Show ``text`` (its width is fixed: no layout); the same text again repaints nothing."""
        if text != self.text:
            self.text = text
            self.update(text, layout=False)


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
        self.series: dict[str, list[int]] = {}

    def compose(self) -> ComposeResult:
        yield Vertical(id="lines")

    def on_mount(self) -> None:
        if self.series:
            self.show(self.series)

    def show(self, series: dict[str, list[int]]) -> None:
        """Replace the sparklines with ``series`` (name -> values sampled along the record). Given
        before the lines are composed (a worker that read the record ends early, or late, as the
        dashboard comes or goes), they are kept and drawn once mounted."""
        self.series = series
        found = self.query("#lines").results(Vertical)
        lines = next(iter(found), None)
        if lines is None:
            return
        lines.remove_children()
        for name, values in series.items():
            label = TrendLabel(name, self._label(name, values[-1] if values else 0))
            lines.mount(Horizontal(label, Sparkline(values, summary_function=max)))

    def mark(self, now: dict[str, int]) -> None:
        """Show the figures as of the entry on screen beside the lines (in replay: not today's)."""
        self.now = dict(now)
        for label in self.query(TrendLabel):
            if label.trend in self.now:
                label.say(self._label(label.trend, self.now[label.trend]))

    def _label(self, name: str, last: int) -> str:
        return f"{name} {self.now.get(name, last)}"
