"""The dashboard: calendar, weather, pools, tracks and BRP accounts as of the cursor, and the last entries."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from referee.common.state import BaseState
from referee.common.views import View
from tui import render
from tui.key_bar import KeyBar
from tui.recent import recent_parts
from tui.widgets import Rendered, Trends


class Body(VerticalScroll, can_focus=False):
    """The scrolling body; not focusable, so that arrow, Home and End keys stay the replay keys."""


class Dashboard(Screen[None]):
    """Shows the state; the app moves the replay cursor and calls ``show``."""

    BINDINGS = [
        Binding("pageup", "scroll_body(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_body(1)", "Page down", show=False),
    ]

    DEFAULT_CSS = """
    Dashboard #banner { height: auto; padding: 0 1; }
    Dashboard #banner.replay { background: $warning; color: $text; text-style: bold; }
    Dashboard #banner.live { background: $success-darken-2; }
    Dashboard #state { border: round cyan; border-title-align: center; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="banner")
        with Body(id="body"):
            yield Trends(id="trends")
            yield Rendered(id="recent")  # above the accounts: the last entries are seen without scrolling
            state = Rendered(id="state")
            state.border_title = "turnledger"  # framed as `turnledger state` frames it, the parts drawn apart
            yield state
        yield KeyBar()

    def on_mount(self) -> None:
        self.call_after_refresh(self.app.refresh_view)  # type: ignore[attr-defined]  # TurnledgerApp's
        self.set_timer(0.5, self.app.start_preload)  # type: ignore[attr-defined]  # TurnledgerApp's

    def show_trends(self, series: dict[str, list[int]]) -> None:
        """The trend lines of SP stockpiles and BRP totals over the campaign."""
        # The preload worker ends in its own time: the dashboard may be leaving (the app closing)
        # by then, its children already gone, and there is nothing left to draw on.
        for trends in self.query(Trends).results(Trends):
            trends.show(series)

    def show(
        self,
        state: BaseState,
        views: list[View],
        rows: list[dict[str, Any]],
        cursor: int | None,
        head: int,
        figures: dict[str, int] | None = None,
    ) -> None:
        """Display ``state`` (as of ``cursor``, or live when None), the last entries up to it
        (``rows``) and, beside the trend lines, the traced ``figures`` as of it."""
        if figures is not None:
            self.query_one(Trends).mark(figures)
        if cursor is None:
            self._banner(f"LIVE · entry #{head} · c command · a advance · l log · ← replay · ? help", "live")
        else:
            self._banner(
                f"REPLAY · as of entry #{cursor} of #{head} · read-only · → forward · end/escape back to live · u "
                "undo to here · b branch",
                "replay",
            )
        self.query_one("#state", Rendered).update_parts(render.state_parts(state, views, at=cursor, full_roster=False))
        self.query_one("#recent", Rendered).update_parts(recent_parts(rows))

    def _banner(self, text: str, kind: str) -> None:
        """The banner line(s); the screen is laid out again only when the banner's height changes
        (a replay step changes a number in it: laying the whole dashboard out again for that was
        a third of a step, issue 17)."""
        banner = self.query_one("#banner", Static)
        width = banner.size.width
        same = (
            width > 0 and banner.has_class(kind) and len(Text(text).wrap(self.app.console, width)) == banner.size.height
        )
        banner.update(text, layout=not same)
        banner.set_classes(kind)

    def action_scroll_body(self, pages: int) -> None:
        """Page through a long dashboard (a large roster) from the keyboard."""
        body = self.query_one(Body)
        if pages < 0:
            body.scroll_page_up()
        else:
            body.scroll_page_down()
