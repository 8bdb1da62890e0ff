"""The new-campaign form: the file, the scenario, its name, the rules version, the referee's own
chart and a reading for each ruleset option (docs/options.md), as `turnledger new` takes them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from referee.book.console_reads import scenario_choices, scenario_options, scenario_rulesets
from referee.commands import parse_command
from referee.common.errors import REFUSALS
from referee.service import RefereeService
from tui.dialogs.frame import DialogFrame

NOT_CREATED: tuple[type[Exception], ...] = (*REFUSALS, ValidationError, ValueError, OSError)
"""What creating a campaign may answer with: said in the form, which stays open."""
Create = Callable[[str, dict[str, Any]], RefereeService]
"""Makes the campaign at a location from CreateCampaign data (refusals raised)."""


def _stem(location: str) -> str:
    """A campaign's default name: its file's name without the suffix (none for a server URL)."""
    return Path(location).stem[:80] if location and "://" not in location else ""


def create_campaign(location: str, data: dict[str, Any]) -> RefereeService:
    """The service's own creation, refusing to write over a campaign that exists."""
    if "://" not in location and Path(location).exists():
        raise FileExistsError(f"{location} exists already: open it with turnledger tui {location}")
    return RefereeService.create(location, parse_command(data))


class NewCampaignForm(DialogFrame[RefereeService | None]):
    """Every choice of a new campaign; Create (F3, or the button) makes it and closes with its
    service; a refusal is shown in the form, which keeps what was chosen."""

    DEFAULT_CSS = """
    NewCampaignForm { align: center middle; }
    NewCampaignForm > Vertical {
        width: 100%; max-width: 100; height: 100%; max-height: 90%;
        background: $surface; border: thick $primary; padding: 0 1;
    }
    NewCampaignForm #fields { height: 1fr; }
    NewCampaignForm #options { height: auto; }
    NewCampaignForm .option { height: auto; }
    NewCampaignForm .option Label { width: 45%; padding: 0 1 1 0; }
    NewCampaignForm .option Select { width: 1fr; }
    NewCampaignForm #message { height: auto; color: $error; }
    """

    def __init__(self, location: str | None, scenario: str, create: Create = create_campaign) -> None:
        super().__init__()
        self.location = location
        """The campaign file when the console was opened on one that does not exist yet; None: asked."""
        self.scenario = scenario
        self.create = create
        self.defaults: dict[str, str] = {}
        """Each option's default reading under the chosen scenario and rules version."""
        self._refused: tuple[str, dict[str, Any]] | None = None
        """What the form held when the message below it refused it (None: no refusal shown)."""
        self._options_for: tuple[str, str] | None = None
        """The scenario and rules version the option rows shown belong to (None: being read again)."""

    def compose(self) -> ComposeResult:
        stem = _stem(self.location or "")
        with Vertical():
            yield Static("[b]A new campaign[/b] · Enter moves on · F3 creates · Escape cancels")
            with VerticalScroll(id="fields"):
                if self.location is None:
                    yield Input(placeholder="campaign file, e.g. club-game.db", id="location")
                else:
                    yield Static(f"campaign file: {self.location}")
                scenarios = [(f"{title} ({name})", name) for name, title in scenario_choices()]
                yield Select(scenarios, value=self.scenario, allow_blank=False, id="scenario")
                yield Input(stem, placeholder="the campaign's name (default: the file's)", id="name")
                yield Select(self._rulesets(), allow_blank=False, id="ruleset")
                yield Input(placeholder="your own chart file (optional; docs/charts.md)", id="charts")
                yield Vertical(id="options")
            yield Static("", id="message")
            with Horizontal():
                yield Button("Create (F3)", id="create", variant="success")
                yield Button("Cancel (Esc)", id="cancel")

    def _rulesets(self) -> list[tuple[str, str]]:
        return [(f"{title} ({ruleset_id})", ruleset_id) for ruleset_id, title in scenario_rulesets(self.scenario)]

    async def on_mount(self) -> None:
        (self.query_one("#location", Input) if self.location is None else self.query_one("#scenario", Select)).focus()
        await self._show_options()

    async def _show_options(self) -> None:
        """One choice per option of the chosen scenario and rules version, on its default, mounted
        at once (one row at a time, and once more for the rules version the scenario set, took
        seconds on a busy machine: issue 28)."""
        ruleset = str(self.query_one("#ruleset", Select).value)
        if self._options_for == (self.scenario, ruleset):
            return
        rows = scenario_options(self.scenario, ruleset)
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        choices = []
        for row in rows:
            readings = [
                (reading + (" (default)" if reading == row["default"] else ""), reading) for reading in row["readings"]
            ]
            label = Label(f"[b]{row['option']}[/b]\n[dim]default {row['default']} · {row['source']}[/dim]")
            choice = Select(readings, value=row["default"], allow_blank=False, name=row["option"])
            choices.append(Horizontal(label, choice, classes="option"))
        await box.mount_all(choices)
        self.defaults = {row["option"]: row["default"] for row in rows}
        self._options_for = (self.scenario, ruleset)
        box.display = True

    def _options_stale(self) -> None:
        """The scenario or rules version changed: its choice is drawn first, the options are read
        again after (until then none is sent: the rows shown are the earlier choice's)."""
        self._options_for = None
        self.defaults = {}
        self.query_one("#options", Vertical).display = False
        self.call_after_refresh(self._show_options)

    async def on_select_changed(self, event: Select.Changed) -> None:
        self._clear_refusal()
        if event.select.id == "scenario" and str(event.value) != self.scenario:
            self.scenario = str(event.value)
            rulesets = self.query_one("#ruleset", Select)
            choices = self._rulesets()
            with rulesets.prevent(Select.Changed):  # the options are read once, for both
                rulesets.set_options(choices)
                rulesets.value = choices[0][1]
            self._options_stale()
        elif event.select.id == "ruleset" and self._options_for != (self.scenario, str(event.value)):
            self._options_stale()

    def command(self) -> dict[str, Any]:
        """The CreateCampaign data the form shows: options only where a reading was changed."""
        name = self.query_one("#name", Input).value.strip() or _stem(self._location())
        ruleset = str(self.query_one("#ruleset", Select).value)
        charts = self.query_one("#charts", Input).value.strip()
        chosen = {
            str(select.name): str(select.value)
            for select in self.query("#options Select").results(Select)
            if select.name in self.defaults
        }
        data: dict[str, Any] = {"kind": "CreateCampaign", "scenario": self.scenario, "name": name}
        if ruleset != scenario_rulesets(self.scenario)[0][0]:
            data["ruleset"] = ruleset
        if charts:
            data["charts"] = charts
        changed = {option: reading for option, reading in chosen.items() if self.defaults.get(option) != reading}
        if changed:
            data["options"] = changed
        return data

    def _location(self) -> str:
        return self.location if self.location is not None else self.query_one("#location", Input).value.strip()

    def action_record(self) -> None:
        """F3: create."""
        self.action_create()

    def action_create(self) -> None:
        location = self._location()
        try:
            if not location:
                raise ValueError("name the campaign file (e.g. club-game.db)")
            service = self.create(location, self.command())
        except NOT_CREATED as error:
            self.query_one("#message", Static).update(f"[b]not created:[/b] {escape(str(error))}")
            self._refused = self._shown()
            return
        self.dismiss(service)

    def _shown(self) -> tuple[str, dict[str, Any]]:
        return self._location(), self.command()

    def _clear_refusal(self) -> None:
        """A refusal stays until the referee changes what it refused: a field's change event that
        changes nothing (one mounted on its value, arriving late on a busy machine) leaves it."""
        if self._refused is not None and self._shown() != self._refused:
            self._refused = None
            self.query_one("#message", Static).update("")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """An option's whole row (its name, default and rule beside the choice) comes into view
        with the choice, not the choice alone (issue 28: the label's last line stayed hidden)."""
        row = event.widget.parent
        if isinstance(row, Horizontal) and row.has_class("option"):
            self.query_one("#fields", VerticalScroll).scroll_to_widget(row, animate=False)

    def on_input_changed(self) -> None:
        self._clear_refusal()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self.action_create()
