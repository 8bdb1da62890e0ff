"""The Third Reich year start, by hand: pick the power, set its lend lease, see the whole
calculation (base, growth, conquests, hits, total, SW maximums) before recording it."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from referee.common.errors import InvalidInputError
from tui.dialogs.form_parts import Preview, RecordingForm, calculation_panel, form_css, record_buttons


class YearStartForm(RecordingForm):
    """Records the PerformYearStart command (F3 or Record; it closes), or stays open with the
    refusal shown; F2 calculates again."""

    DEFAULT_CSS = form_css("YearStartForm", height="90%", more="YearStartForm #grants { height: auto; }")

    def __init__(self, powers: list[str], routes: dict[str, dict[str, Any]], preview: Preview, actor: str) -> None:
        super().__init__()
        self.powers = powers
        self.routes = routes
        self.preview = preview
        self.actor = actor

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Select([(power, power) for power in self.powers], prompt="power (in movement order)", id="power")
            yield Vertical(id="grants")
            yield calculation_panel("choose a power to see its year start")
            yield from record_buttons()

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "power":
            self._update()
            return
        grants = self.query_one("#grants", Vertical)
        await grants.remove_children()
        power = str(event.value)
        for name, route in self.routes.items():
            if route["giver"] == power:
                await grants.mount(
                    Label(f"lend lease {name} ({route['arrival']})"),
                    Select(
                        [(str(a), a) for a in route["amounts"]],
                        value=0 if 0 in route["amounts"] else Select.NULL,
                        prompt="amount",
                        id=f"route-{len(grants.children)}",
                        name=name,
                    ),
                )
        if power == "USA":
            await grants.mount(Checkbox("open the Iran route (15 BRPs once)", id="iran"))
        if power == "USSR":
            await grants.mount(
                Label("value of pre-war USSR cities the Axis holds now (G-80)"), Input(id="cities", value="0")
            )
        self._update()

    def on_input_changed(self) -> None:
        self._update()

    def on_checkbox_changed(self) -> None:
        self._update()

    def command(self) -> dict[str, Any]:
        """The year start as chosen so far."""
        power = self.query_one("#power", Select).value
        data: dict[str, Any] = {"kind": "PerformYearStart", "power": power, "actor": self.actor, "lend_lease": []}
        for select in self.query("#grants Select").results(Select):
            if select.value is not Select.NULL and select.value:
                data["lend_lease"].append({"kind": "LendLeaseGrant", "route": select.name, "amount": select.value})
        for box in self.query("#iran").results(Checkbox):
            data["open_iran_route"] = box.value
        for field in self.query("#cities").results(Input):
            data["ussr_cities_held_value"] = int(field.value) if field.value.strip().isdigit() else 0
        return data

    def _update(self) -> None:
        if self.query_one("#power", Select).value is Select.NULL:
            return
        try:
            text = self.preview(self.command())
        except Exception as error:
            text = f"[b]would be refused:[/b] {error}"
        self.query_one("#calculation-text", Static).update(text)

    def checked(self, data: dict[str, Any]) -> None:
        if data["power"] is Select.NULL:
            raise InvalidInputError("choose the power whose year start this is")

    def action_preview(self) -> None:
        self._update()
