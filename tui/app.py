"""The referee's console: a Textual app over one campaign store.

`make_app` is the one factory the CLI and the tests share. The app talks to the referee
service only; every refusal goes through `show_error` into one dialog. Replay moves a cursor
over the record and shows the state as of it, read-only.

This module holds what every key relies on: the campaign shown, the dashboard, recording and the
one error funnel. Each group of keys is a mixin of its own module, so that the next key goes
beside its kind: the log rows and trend lines (tui/record_rows.py), the read-only view
(tui/read_only.py), replay (tui/replay.py, tui/read_ahead.py), entering commands
(tui/command_actions.py), the table forms (tui/table_forms.py), reports, the audit, branch and
verify (tui/reports.py, tui/audit_actions.py, tui/long_actions.py) and receipts
(tui/receipt_actions.py); the palette's entries are tui/palette.py's.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.notifications import Notify
from textual.screen import Screen

from referee.commands import CreateCampaign
from referee.common.errors import REFUSALS, RulesError
from referee.common.log_pages import LogPages
from referee.common.scenario import list_scenarios
from referee.service import Clock, RefereeService, utc_now
from tui import render
from tui.audit_actions import AuditActions
from tui.command_actions import CommandActions
from tui.dialogs.error import ErrorDialog
from tui.dialogs.frame import withdraw_status_toasts
from tui.dialogs.new_campaign import NewCampaignForm
from tui.long_actions import LongActions
from tui.palette import console_commands
from tui.read_ahead import ReadAhead, StatesAhead
from tui.read_only import ReadOnlyGuard
from tui.receipt_actions import ReceiptActions, ReceiptsShown
from tui.record_rows import RecordRows
from tui.replay import ReplayActions
from tui.reports import ReportActions
from tui.screens.dashboard import Dashboard
from tui.screens.log import LogScreen
from tui.screens.roster import RosterScreen
from tui.table_forms import TableFormActions
from tui.widgets import TrendLines

DEFAULT_SCENARIO = "revised-europa/barbarossa"


KEYS: tuple[tuple[str, str, str, bool], ...] = (
    ("c", "command", "Command", True),
    ("a", "advance", "Advance phase", True),
    ("l", "log", "Log", True),
    ("n", "roster", "Units", True),
    ("left", "step(-1)", "Back", False),
    ("right", "step(1)", "Forward", False),
    ("left_square_bracket", "turn(-1)", "Turn back", False),
    ("right_square_bracket", "turn(1)", "Turn forward", False),
    ("home", "first", "First", False),
    ("left_curly_bracket", "phase(-1)", "Phase back", False),
    ("right_curly_bracket", "phase(1)", "Phase forward", False),
    ("left_parenthesis", "player_turn(-1)", "Player turn back", False),
    ("right_parenthesis", "player_turn(1)", "Player turn forward", False),
    ("g", "jump", "Jump", True),
    ("m", "bookmark", "Bookmark", False),
    ("apostrophe", "next_bookmark", "Next bookmark", False),
    ("end,escape", "live", "Live", False),
    ("u", "undo", "Undo", True),
    ("b", "branch", "Branch", True),
    ("f", "combat", "Combat", True),
    ("t", "attrition", "Attrition", False),
    ("o", "losses", "Losses", False),
    ("i", "isolation", "Isolation", False),
    ("w", "warfare", "Strategic warfare", False),
    ("k", "murmansk", "Murmansk box", False),
    ("e", "air_naval", "Air and naval combat", False),
    ("y", "year_start", "Year start", False),
    ("v", "verify", "Verify", True),
    ("d", "audit_campaign", "Audit", True),
    ("r", "audit", "Report", True),
    ("x", "receipt", "Receipt", True),
    ("s", "seal", "Seal an order", False),
    ("S", "reveal", "Reveal a sealed order", False),
    ("question_mark", "help", "Help", True),
    ("q", "quit", "Quit", True),
)
"""The console's keys, in Textual's order: the key, the action, what the key bar says, and whether
the key bar shows it (every key is in the help dialog, tui/dialogs/help.py; the replay keys and
the rarer forms would crowd the bar)."""


@cache
def _freeze_what_is_loaded() -> None:
    """Once a process, as the first console opens: move what is alive (the modules, classes and
    schemas the imports built, about 100,000 objects, which live as long as the process) out of
    the garbage collector's generations (`gc.freeze`). A full collection walking them cost 60-65
    ms of CPU in the first frame and 70-90 ms on a key now and then, up to 350 ms on a loaded
    machine (issue 28, docs/PERFORMANCE.md); a long campaign's loaded record is frozen later as
    well (tui/memory.py)."""
    gc.freeze()


class TurnledgerApp(
    RecordRows,
    ReadOnlyGuard,
    ReadAhead,
    ReplayActions,
    CommandActions,
    TableFormActions,
    ReportActions,
    AuditActions,
    LongActions,
    ReceiptActions,
    App[None],
):
    """The console. Messages up: `Recorded`, `Refused`, `CursorMoved` (tests listen to them)."""

    TITLE = "turnledger"
    CSS = """
    /* Dialogs on a plain background, not over the dimmed dashboard: tinting every segment of the
       dashboard behind cost 150-220 ms of each dialog opened on a full campaign (issue 12,
       bench/console_keys.py); on a plain background a dialog opens in about 40 ms. */
    ModalScreen { background: $background; }
    """
    BINDINGS = [Binding(key, action, description, show=shown) for key, action, description, shown in KEYS]

    @dataclass
    class Recorded(Message):
        """An entry was recorded."""

        entry: dict[str, Any]

    @dataclass
    class Refused(Message):
        """A command was refused; the message is what the referee saw."""

        text: str

    @dataclass
    class Verified(Message):
        """Verify finished in its worker: whether the record is intact, and what was checked."""

        ok: bool
        entries: int
        text: str

    @dataclass
    class Branched(Message):
        """A what-if branch was written by its worker."""

        at: int
        target: str

    ReceiptsShown = ReceiptsShown  # the message a roll receipt shown posts (tests listen for it here)

    @dataclass
    class CursorMoved(Message):
        """The replay cursor moved (None: live)."""

        cursor: int | None

    def __init__(self, service: RefereeService, *, actor: str = "referee", read_only: bool = False) -> None:
        _freeze_what_is_loaded()
        super().__init__()
        self.actor = actor
        self.read_only = read_only
        """The players' view (`turnledger serve`): nothing is written from it (`tui/read_only.py`)."""
        self.dashboard = Dashboard()
        self._take(service)

    def _take(self, service: RefereeService) -> None:
        """Make ``service`` the campaign shown: live, its bookmarks, nothing read yet."""
        self.service = service
        self.cursor: int | None = None
        self.bookmarks: list[int] = [number for number in service.bookmarks() if number <= service.head()]
        self.head = service.head()
        self._rows: LogPages | None = None
        self._undone: tuple[int, dict[int, int]] | None = None
        self.states_ahead = StatesAhead()
        self.trend_lines = TrendLines()
        self.log_screen: LogScreen | None = None
        self.roster_screen: RosterScreen | None = None
        self.rolls_shown: list[str] = []
        """The roll receipts shown since this campaign was opened here, one line each."""

    def switch_to(self, service: RefereeService | None) -> None:
        """Close this campaign and show ``service``'s (a campaign just created); None: stay."""
        if service is None:
            return
        for name in ("log", "roster"):
            if self.is_screen_installed(name):
                self.uninstall_screen(name)
        self.service.close()
        self._take(service)
        self.sub_title = f"{service.current().identity.name} · {Path(service.location).name}"
        self.dashboard.show_trends({})
        self.refresh_view()
        self.start_preload()
        self.notify(f"created {service.location}")

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette (ctrl+p) offers every console action by name, beside Textual's own."""
        yield from super().get_system_commands(screen)
        yield from console_commands(self)

    def on_mount(self) -> None:
        watching = " · read-only" if self.read_only else ""
        self.sub_title = f"{self.service.current().identity.name} · {Path(self.service.location).name}{watching}"
        self.push_screen(self.dashboard)
        self.follow_record()
        self.call_after_refresh(self.warn_of_receipts_not_held)  # on the dashboard, once it is shown

    # -- showing -------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw the dashboard as of the cursor."""
        if not self.dashboard.is_mounted:
            return
        state = self.shown_state()
        upto = self.cursor if self.cursor is not None else self.head
        figures = self.service.game.trends(state)
        self.dashboard.show(state, self.service.views(state), self.recent_rows(upto), self.cursor, self.head, figures)
        self.call_after_refresh(self.read_ahead)

    @on(Notify)
    def _one_status_toast(self, event: Notify) -> None:
        """One status toast at a time ("#12: …" replaces "#11: …": they piled over the forms, issue
        28); a titled toast (a roll receipt to note, a warning) stays beside it until it times out.
        (Before Textual's own handler adds the new toast.)"""
        if not event.notification.title:
            withdraw_status_toasts(self)

    def show_error(self, error: BaseException) -> None:
        """The one funnel for refusals: one dialog, in table language."""
        text = str(error) if isinstance(error, REFUSALS) else f"{type(error).__name__}: {error}"
        self.post_message(self.Refused(text))
        self.push_screen(ErrorDialog(text))

    def record(self, data: dict[str, Any]) -> bool:
        """Record a command given as JSON data; refusals go to the error dialog. Whether it was
        recorded (a form stays open, with what was typed, when it was not)."""
        if self.refused("command"):  # a dispute or ruling from a report dialog, in a read-only view
            return False
        try:
            entry = self.service.execute_json(data)
        except REFUSALS as error:
            self.show_error(error)
            return False
        self._reload_rows(entry)
        for screen in self.screen_stack:
            if isinstance(screen, LogScreen):
                screen.reload(self.rows)
        rolled_back_to = entry["command"]["to"] if entry["command"].get("kind") == "Rollback" else None
        figures = self.service.game.trends(self.service.current())
        self.trend_lines.add(entry["number"], figures, rolled_back_to=rolled_back_to)  # the undone stretch leaves
        self.cursor = None
        self.post_message(self.Recorded(entry))
        self.refresh_view()  # marks the labels with the figures after the entry, then the lines follow
        self.dashboard.show_trends(self.series)
        self.notify(f"#{entry['number']}: {entry['ruling'].get('summary', '')}")
        self._show_roll_receipts(entry)
        return True

    # -- actions -------------------------------------------------------------------------

    def _live_only(self, what: str) -> bool:
        if self.cursor is not None:
            self.show_error(RulesError(f"replay is read-only: {what} from the live state (press End)"))
            return False
        return True

    def action_log(self) -> None:
        """Every entry, the newest under the cursor. The screen is built once and kept: composing it
        anew cost more than the 100 ms a key may take (bench/console_keys.py)."""
        if self.log_screen is None:
            self.log_screen = LogScreen(self.rows)
            self.install_screen(self.log_screen, "log")
        else:
            self.log_screen.open_on(self.rows)
        self.push_screen("log")

    def action_roster(self) -> None:
        """Every registered unit as of the entry on screen (live, or the replay cursor); built once, as the log."""
        state = self.shown_state()
        where = "live" if self.cursor is None else f"as of entry #{self.cursor} (replay)"
        if self.roster_screen is None:
            self.roster_screen = RosterScreen(render.roster_rows(state), where)
            self.install_screen(self.roster_screen, "roster")
        else:
            self.roster_screen.where = where
            self.roster_screen.open_on(render.roster_rows(state))
        self.push_screen("roster")

    def action_help(self) -> None:
        """The keys. The dialog is built once and kept: building its tables of keys anew cost 60-70
        ms of each press (issue 28); opened again, it withdraws the status toasts as a dialog
        mounted anew does (tui/dialogs/frame.py)."""
        if self.is_screen_installed("help"):
            withdraw_status_toasts(self)
        else:
            self.install_screen(self.help_dialog(), "help")
        self.push_screen("help")

    def action_new(self) -> None:
        """The new-campaign form; the campaign it creates replaces this one in the console."""
        scenario = self.service.current().identity.scenario
        self.push_screen(
            NewCampaignForm(None, scenario if scenario in list_scenarios() else DEFAULT_SCENARIO), self.switch_to
        )


class NewCampaignApp(App[RefereeService | None]):
    """`turnledger tui FILE` on a file that does not exist yet: the new-campaign form alone, whose
    answer (the campaign created, or None) the console then opens."""

    TITLE = "turnledger · new campaign"
    CSS = TurnledgerApp.CSS

    def __init__(self, location: str, scenario: str = DEFAULT_SCENARIO) -> None:
        super().__init__()
        self.location = location
        self.scenario = scenario

    def on_mount(self) -> None:
        self.push_screen(NewCampaignForm(self.location, self.scenario), self.exit)


def make_app(
    location: str,
    *,
    scenario: str = DEFAULT_SCENARIO,
    clock: Clock = utc_now,
    actor: str = "referee",
    campaign_id: str | None = None,
    read_only: bool = False,
) -> TurnledgerApp:
    """Open the campaign at ``location`` (creating it from ``scenario`` the first time) in the console."""
    _freeze_what_is_loaded()  # before the campaign is opened: its objects are not the process's for good
    new = location == ":memory:" or ("://" not in location and not Path(location).exists())
    if new:
        name = "campaign" if location == ":memory:" else Path(location).stem[:80]
        service = RefereeService.create(
            location, CreateCampaign(scenario=scenario, name=name, campaign_id=campaign_id), clock=clock
        )
    else:
        service = RefereeService.open(location, clock=clock)
    return TurnledgerApp(service, actor=actor, read_only=read_only)
