"""Small widgets of the console: a Rich renderable drawn once, the trend sparklines of pools and BRP totals."""

from __future__ import annotations

from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from rich.console import Console, Group, RenderableType
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Label, Sparkline

Point = tuple[int, tuple[str, ...]]
"""Where the sampler took a point of the trend lines: the entry, and the lines it has there."""


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


class TrendLines:
    """The figures of the trend lines, each point with the entry it was taken at, kept current as
    entries are recorded: a rollback takes back the points of the entries it undid at once, and an
    entry recorded while the record is read for the lines (`reading`) is added to what that read
    finds (issue 28: the lines and labels lagged one entry, or waited for a second read)."""

    def __init__(self) -> None:
        self.values: dict[str, list[int]] = {}
        """Each line's figures, oldest first (what the sparklines draw)."""
        self._numbers: dict[str, list[int]] = {}
        self._since: list[tuple[int, int | None, dict[str, int]]] | None = None
        """Entries recorded since a read of the record began: (number, rolled back to, figures)."""

    @staticmethod
    def tracing(trends: Callable[[Any], dict[str, int]]) -> tuple[Callable[[Any], dict[str, int]], list[Point]]:
        """``trends`` noting the entry of each state it is asked about, and the notes (for `load`):
        the sampler (`referee.common.series`) keeps the figures, not where it took them."""
        taken: list[Point] = []

        def traced(state: Any) -> dict[str, int]:
            figures = trends(state)
            taken.append((state.chain.last_number, tuple(figures)))
            return figures

        return traced, taken

    def reading(self) -> None:
        """A read of the record for the lines begins: note what is recorded until it is loaded."""
        self._since = []

    def load(self, series: dict[str, list[int]], taken: list[Point]) -> None:
        """The lines as read (``series``, sampled where ``taken`` says), with what was recorded since."""
        numbers: dict[str, list[int]] = {}
        for number, names in taken:
            for name in names:
                numbers.setdefault(name, []).append(number)
        self.values = {name: list(values) for name, values in series.items()}
        self._numbers = {name: numbers.get(name, []) for name in series}
        last = max((number for number, _names in taken), default=0)
        since, self._since = self._since or [], None
        for number, rolled_back_to, figures in since:
            if number > last:
                self.add(number, figures, rolled_back_to=rolled_back_to)

    def add(self, number: int, figures: dict[str, int], *, rolled_back_to: int | None = None) -> None:
        """Entry ``number`` recorded, the figures after it; a rollback (``rolled_back_to``) first
        takes back the points of the entries it undid."""
        if self._since is not None:
            self._since.append((number, rolled_back_to, figures))
        if rolled_back_to is not None:
            for name, numbers in self._numbers.items():
                kept = bisect_right(numbers, rolled_back_to)
                del numbers[kept:]
                del self.values[name][kept:]
        for name, value in figures.items():
            self.values.setdefault(name, []).append(value)
            self._numbers.setdefault(name, []).append(number)


class Trends(Widget):
    """One sparkline per account figure (SP stockpiles, BRP totals) over the whole campaign.

    The lines are built once and updated in place as entries are recorded; they are built again
    only when a line comes or goes (a power entering play). Built anew on every entry, a label
    took the figures marked before the entry and the marking that followed missed the new label,
    not yet mounted: it showed the figure before the entry until the next key (issue 28)."""

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
        self._labels: dict[str, TrendLabel] = {}
        self._sparklines: dict[str, Sparkline] = {}

    def compose(self) -> ComposeResult:
        yield Vertical(id="lines")

    def on_mount(self) -> None:
        if self.series:
            self.show(self.series)

    def show(self, series: dict[str, list[int]]) -> None:
        """Show ``series`` (name -> values sampled along the record). Given before the lines are
        composed (a worker that read the record ends early, or late, as the dashboard comes or
        goes), they are kept and drawn once mounted."""
        self.series = series
        lines = next(iter(self.query("#lines").results(Vertical)), None)
        if lines is None:
            return
        if list(series) != list(self._labels):
            lines.remove_children()
            self._labels = {name: TrendLabel(name, self._label(name, values)) for name, values in series.items()}
            self._sparklines = {name: Sparkline(list(values), summary_function=max) for name, values in series.items()}
            lines.mount_all(Horizontal(self._labels[name], self._sparklines[name]) for name in series)
            return
        for name, values in series.items():
            self._labels[name].say(self._label(name, values))
            sparkline = self._sparklines[name]
            if sparkline.data != values:
                sparkline.data = list(values)  # a copy: the same list, grown, would compare equal

    def mark(self, now: dict[str, int]) -> None:
        """Show the figures as of the entry on screen beside the lines (in replay: not today's)."""
        self.now = dict(now)
        for name, label in self._labels.items():
            if name in self.now:
                label.say(self._label(name, self.series.get(name, [])))

    def _label(self, name: str, values: list[int]) -> str:
        return f"{name} {self.now.get(name, values[-1] if values else 0)}"
