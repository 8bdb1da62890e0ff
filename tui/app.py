"""The referee's console: a Textual app over one campaign store.

`make_app` is the one factory the CLI and the tests share. The app talks to the referee
service only; every refusal goes through `show_error` into one dialog. Replay moves a cursor
over the record and shows the state as of it, read-only.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from functools import cache, partial
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
from referee.common.log import log_rows
from referee.common.log_pages import LogPages
from referee.common.scenario import list_scenarios
from referee.common.series import sample_series
from referee.digital_dice import check_entries
from referee.service import Clock, RefereeService, utc_now
from tui import render
from tui.audit_actions import AuditActions
from tui.dialogs.command_form import CommandForm
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.error import ErrorDialog
from tui.dialogs.frame import withdraw_status_toasts
from tui.dialogs.new_campaign import NewCampaignForm
from tui.dialogs.progress import ProgressDialog
from tui.dialogs.undo import UndoDialog
from tui.memory import settle_loaded_record
from tui.read_ahead import ReadAhead, StatesAhead
from tui.read_only import WRITING, ReadOnlyGuard
from tui.receipt_actions import ReceiptActions, ReceiptsShown
from tui.replay import ReplayActions
from tui.reports import ReportActions
from tui.screens.dashboard import Dashboard
from tui.screens.log import LogScreen
from tui.screens.roster import RosterScreen
from tui.table_forms import TableFormActions
from tui.widgets import Point, TrendLines

DEFAULT_SCENARIO = "revised-europa/barbarossa"


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
    ReadOnlyGuard, ReadAhead, ReplayActions, TableFormActions, ReportActions, AuditActions, ReceiptActions, App[None]
):
    """The console. Messages up: `Recorded`, `Refused`, `CursorMoved` (tests listen to them)."""

    TITLE = "turnledger"
    CSS = """
    /* Dialogs on a plain background, not over the dimmed dashboard: tinting every segment of the
       dashboard behind cost 150-220 ms of each dialog opened on a full campaign (issue 12,
       bench/console_keys.py); on a plain background a dialog opens in about 40 ms. */
    ModalScreen { background: $background; }
    """
    BINDINGS = [
        Binding("c", "command", "Command"),
        Binding("a", "advance", "Advance phase"),
        Binding("l", "log", "Log"),
        Binding("n", "roster", "Units"),
        Binding("left", "step(-1)", "Back", show=False),
        Binding("right", "step(1)", "Forward", show=False),
        Binding("left_square_bracket", "turn(-1)", "Turn back", show=False),
        Binding("right_square_bracket", "turn(1)", "Turn forward", show=False),
        Binding("home", "first", "First", show=False),
        Binding("left_curly_bracket", "phase(-1)", "Phase back", show=False),
        Binding("right_curly_bracket", "phase(1)", "Phase forward", show=False),
        Binding("left_parenthesis", "player_turn(-1)", "Player turn back", show=False),
        Binding("right_parenthesis", "player_turn(1)", "Player turn forward", show=False),
        Binding("g", "jump", "Jump"),
        Binding("m", "bookmark", "Bookmark", show=False),
        Binding("apostrophe", "next_bookmark", "Next bookmark", show=False),
        Binding("end,escape", "live", "Live", show=False),
        Binding("u", "undo", "Undo"),
        Binding("b", "branch", "Branch"),
        Binding("f", "combat", "Combat"),
        Binding("t", "attrition", "Attrition", show=False),
        Binding("o", "losses", "Losses", show=False),
        Binding("i", "isolation", "Isolation", show=False),
        Binding("w", "warfare", "Strategic warfare", show=False),
        Binding("k", "murmansk", "Murmansk box", show=False),
        Binding("e", "air_naval", "Air and naval combat", show=False),
        Binding("y", "year_start", "Year start", show=False),
        Binding("v", "verify", "Verify"),
        Binding("d", "audit_campaign", "Audit"),
        Binding("r", "audit", "Report"),
        Binding("x", "receipt", "Receipt"),
        Binding("s", "seal", "Seal an order", show=False),
        Binding("S", "reveal", "Reveal a sealed order", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    class Recorded(Message):
        """An entry was recorded."""

        def __init__(self, entry: dict[str, Any]) -> None:
            super().__init__()
            self.entry = entry

    class Refused(Message):
        """A command was refused; the message is what the referee saw."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Verified(Message):
        """Verify finished in its worker: whether the record is intact, and what was checked."""

        def __init__(self, ok: bool, entries: int, text: str) -> None:
            super().__init__()
            self.ok = ok
            self.entries = entries
            self.text = text

    class Branched(Message):
        """A what-if branch was written by its worker."""

        def __init__(self, at: int, target: str) -> None:
            super().__init__()
            self.at = at
            self.target = target

    ReceiptsShown = ReceiptsShown  # the message a roll receipt shown posts (tests listen for it here)

    class CursorMoved(Message):
        """The replay cursor moved (None: live)."""

        def __init__(self, cursor: int | None) -> None:
            super().__init__()
            self.cursor = cursor

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

    @property
    def series(self) -> dict[str, list[int]]:
        """The trend lines' figures by name, kept current entry by entry (`TrendLines`)."""
        return self.trend_lines.values

    @property
    def rows(self) -> LogPages:
        """Every entry's log row, by page from the store (`LogPages`: the rows are not held); the
        record is read once when first needed (opening stays quick on 1,000,000 entries)."""
        if self._rows is None:
            self._rows = LogPages.of(self.service.entries, self.service.entries())
        return self._rows

    def recent_rows(self, upto: int, count: int = 8) -> list[dict[str, Any]]:
        """The log rows of the ``count`` entries up to ``upto``, with undo marks, without reading the rest."""
        if self._rows is not None:
            return self._rows[max(0, upto - count) : upto]
        rows = log_rows(self.service.entries(max(1, upto - count + 1), upto))
        if self._undone is None or self._undone[0] != self.head:
            self._undone = (self.head, self.service.undone(self.head))
        undone = self._undone[1]
        for row in rows:
            row["undone_by"] = undone.get(row["number"])
        return rows

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette (ctrl+p) offers every console action by name, beside Textual's own."""
        yield from super().get_system_commands(screen)
        for title, help_text, action in (
            ("Enter a command", "open the command form, preview the ruling, record it", self.action_command),
            ("Advance phase", "record an AdvancePhase", self.action_advance),
            ("Combat", "the combat form (Europa; 3R land combat): odds first, the ruling after", self.action_combat),
            (
                "Attrition",
                "Third Reich: the attrition step of a front under the attrition option",
                self.action_attrition,
            ),
            ("Air and naval combat", "Third Reich: air and fleets in a contested hex (H-23)", self.action_air_naval),
            ("Murmansk box", "Third Reich: fight the northern lend lease convoy step by step", self.action_murmansk),
            ("Allocate losses", "name the units that meet a loss still owed", self.action_losses),
            ("Isolation attrition", "roll attrition for one isolated hex", self.action_isolation),
            (
                "Strategic warfare",
                "Third Reich: one round of U-boats or bombers, the rolls, the BRP hits",
                self.action_warfare,
            ),
            (
                "Commit digital dice",
                "the service draws a secret seed and records its commitment",
                self.action_commit_dice,
            ),
            ("New campaign", "a new campaign file: scenario, rules version, options; opened here", self.action_new),
            ("Year start", "the Third Reich year start of a power, with its whole calculation", self.action_year_start),
            ("Log", "every entry; Enter opens one", self.action_log),
            ("Units", "every registered unit, filterable", self.action_roster),
            ("Jump", "to an entry number or a calendar position", self.action_jump),
            ("Back to live", "leave replay", self.action_live),
            ("Undo to the cursor", "roll back to the replay cursor, with a reason", self.action_undo),
            ("Branch a what-if", "a new campaign from the cursor", self.action_branch),
            ("Verify", "recompute the hash chain", self.action_verify),
            (
                "Audit the campaign",
                "verify, re-adjudicate every ruling, check the dice, and draw each player's dice",
                self.action_audit_campaign,
            ),
            ("Report on an entry", "rolls, witnesses, derivation, hash, notes; dispute or rule", self.action_audit),
            ("Receipt", "the head receipt and its QR code, to note down", self.action_receipt),
            ("Seal an order", "a side's hidden order: only its commitment is recorded", self.action_seal),
            ("Reveal a sealed order", "record a sealed order, checked against its commitment", self.action_reveal),
            ("Keys", "the help screen", self.action_help),
        ):
            if not (self.read_only and action.__name__.removeprefix("action_") in WRITING):
                yield SystemCommand(title, help_text, action)

    def on_mount(self) -> None:
        watching = " · read-only" if self.read_only else ""
        self.sub_title = f"{self.service.current().identity.name} · {Path(self.service.location).name}{watching}"
        self.push_screen(self.dashboard)
        self.follow_record()
        self.call_after_refresh(self.warn_of_receipts_not_held)  # on the dashboard, once it is shown

    def start_preload(self) -> None:
        """After the first drawing: read every log row in a worker, so that the log opens at once later."""
        if self._rows is None:
            self.trend_lines.reading()
            self.run_worker(partial(self._preload_rows, self.head), thread=True, group="rows")

    def _preload_rows(self, head: int) -> None:
        """Two reads of the record, neither its entries nor its rows held (issue 17: every entry,
        then every row, was held): the log's marks and pages (`LogPages`), then the trend lines,
        which skip the entries a rollback undid. An entry altered under the console stops it and
        is shown in the error dialog (it ended the console before). ``head``: the last entry when
        it was started (entries recorded after it are added to the lines as they come)."""
        try:
            rows = LogPages.of(self.service.entries, self.service.entries(1, head))
            rows.read_last_page()
            undone = rows.marks.undone()
            trends, taken = TrendLines.tracing(self.service.game.trends)
            series = sample_series(self.service.entries(1, head), head, trends, undone=undone)
        except REFUSALS as error:
            self.call_from_thread(self.show_error, error)
            return
        self.call_from_thread(self._rows_loaded, rows, series, taken, head)

    def _rows_loaded(self, rows: LogPages, series: dict[str, list[int]], taken: list[Point], head: int) -> None:
        if self._rows is None and self.head == head:
            self._rows = rows
        self.trend_lines.load(series, taken)  # with the entries recorded meanwhile
        self.dashboard.show_trends(self.series)
        settle_loaded_record(head)

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

    def _reload_rows(self, entry: dict[str, Any]) -> None:
        self.head = entry["number"]
        if self._rows is not None:
            self._rows.take(entry)  # its marks change the rows a note, a ruling or an undo is about

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

    def _preview(self, data: dict[str, Any]) -> str:
        decision, _ = self.service.preview_json(data)  # read as `record` reads it (referee.common.names)
        lines = [f"[b]{decision.ruling.summary}[/b]"]
        lines += [
            f"  · {step.text}" + (f"  [dim]{step.rule}[/dim]" if step.rule else "") for step in decision.ruling.steps
        ]
        return "\n".join(lines)

    # -- actions -------------------------------------------------------------------------

    def _live_only(self, what: str) -> bool:
        if self.cursor is not None:
            self.show_error(RulesError(f"replay is read-only: {what} from the live state (press End)"))
            return False
        return True

    def action_command(self) -> None:
        if self._live_only("enter commands"):
            form = CommandForm(
                self._preview, actor=self.actor, defaults=self._form_defaults(), offers=self.service.name_offers()
            )
            self.push_screen(form)

    def _form_defaults(self) -> dict[str, str]:
        """What the command form prefills: the phasing side (Europa's 'side'; a Third Reich 'side')."""
        player = self.service.current().table.calendar.player
        return {"side": player} if player else {}

    def action_commit_dice(self) -> None:
        if self._live_only("commit digital dice"):
            self.push_screen(CommandForm(self._preview, kinds=["CommitDice"], actor=self.actor))

    def action_advance(self) -> None:
        """Advance one phase; when the advance takes something away (the stockpile cap, unspent
        special SP) say what and ask first."""
        if not self._live_only("advance the calendar"):
            return
        data = {"kind": "AdvancePhase", "actor": self.actor}
        try:
            taking = self.service.what_it_takes_away(data)
        except REFUSALS as error:
            self.show_error(error)
            return
        if taking is None:
            self.record(data)
            return
        details = "\n".join(f"· {step.text}" + (f"  [{step.rule}]" if step.rule else "") for step in taking.steps)
        question = f"{taking.summary}. This advance takes something away; go ahead?"
        self.push_screen(ConfirmDialog(question, details), lambda go: self._advance_answered(data, go))

    def _advance_answered(self, data: dict[str, Any], go: bool | None) -> None:
        if go:
            self.record(data)

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

    def action_undo(self) -> None:
        if self.cursor is None:
            self.show_error(RulesError("move the replay cursor (←) to the entry to go back to, then press u"))
            return
        target = self.cursor
        undone = [row for row in self.rows[target:] if not row["undone_by"]]
        self.push_screen(UndoDialog(target, undone), lambda reason: self._undo_done(target, reason))

    def _undo_done(self, target: int, reason: str | None) -> None:
        if reason is None:
            return
        self.cursor = None
        self.record({"kind": "Rollback", "to": target, "reason": reason, "actor": self.actor})

    def action_branch(self) -> None:
        at = self.cursor if self.cursor is not None else self.head
        location = self.service.location
        stem = (
            Path(location).with_suffix("")
            if location not in (":memory:",) and "://" not in location
            else Path("campaign")
        )
        target = f"{stem}-whatif-{at}.db"
        dialog = ProgressDialog(f"branching at #{at} into {target}", at)
        self.push_screen(dialog)
        self.run_worker(lambda: self._branch_work(at, target, dialog), thread=True, group="long", exclusive=True)

    def _branch_work(self, at: int, target: str, dialog: ProgressDialog) -> None:
        """In a worker thread: copy entries 1..at into a new campaign, showing progress."""
        try:
            branch = self.service.branch(
                at, target, actor=self.actor, progress=lambda done: self.call_from_thread(dialog.advance, done, at)
            )
            branch.close()
        except REFUSALS as error:
            self.call_from_thread(self._long_done, dialog, error, None)
            return
        self.call_from_thread(self._long_done, dialog, None, self.Branched(at, target))

    def action_verify(self) -> None:
        dialog = ProgressDialog("verifying the chain, the cached states, the pinned rules and the dice", self.head)
        self.push_screen(dialog)
        self.run_worker(lambda: self._verify_work(dialog), thread=True, group="long", exclusive=True)

    def _verify_work(self, dialog: ProgressDialog) -> None:
        """In a worker thread: verify, then recompute the revealed digital rolls."""
        report = self.service.verify(progress=lambda done, total: self.call_from_thread(dialog.advance, done, total))
        if not report.ok:
            error = RulesError("; ".join(f"entry #{n}: {text}" for n, text in report.problems))
            self.call_from_thread(self._long_done, dialog, error, self.Verified(False, report.entries, str(error)))
            return
        lines, problems = check_entries(self.service.entries(1, report.entries), self.service.campaign_id)
        if problems:
            error = RulesError("digital dice: " + "; ".join(problems))
            self.call_from_thread(self._long_done, dialog, error, self.Verified(False, report.entries, str(error)))
            return
        checked = sum(1 for line in lines if " checks" in line)
        text = (
            f"chain intact: {report.entries} entries; head {report.head_hash[:16]}…; {checked} digital roll(s) "
            "recomputed"
        )
        self.call_from_thread(self._long_done, dialog, None, self.Verified(True, report.entries, text))

    def _long_done(self, dialog: ProgressDialog, error: BaseException | None, message: Message | None) -> None:
        """Back on the UI thread: close the progress dialog, then say how it ended."""
        if dialog.is_attached:
            dialog.dismiss()
        if message is not None:
            self.post_message(message)
        if error is not None:
            self.show_error(error)
        elif isinstance(message, self.Verified):
            self.notify(message.text)
        elif isinstance(message, self.Branched):
            self.notify(f"what-if branch from #{message.at} written to {message.target}")

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
