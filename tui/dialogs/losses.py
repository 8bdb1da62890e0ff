"""Allocating a loss a combat or an isolation roll left owing: pick the loss, name the units.

Units one per line: the strength they count toward the loss, the label, then `armor` for an
AECA unit and `change=N` when a division goes to cadre (it counts full but loses only the
difference, C-11) and `cost=N` for its armor RP cost. The panel shows whether the loss is met
and the RPs any over-fulfilment earns, before anything is recorded.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Label, Select, Static, TextArea

from tui.dialogs.form_parts import Preview, TableForm, calculation_panel, chosen, form_css, record_buttons
from tui.unit_lines import parse_losses


class LossesForm(TableForm):
    """Returns the AllocateLosses command to record, or None."""

    dice = None
    DEFAULT_CSS = form_css("LossesForm", width=100, height="80%", more="LossesForm TextArea { height: 7; }")

    def __init__(self, owed: list[dict[str, Any]], nations: dict[str, list[str]], preview: Preview, actor: str) -> None:
        super().__init__(preview, actor)
        self.owed = owed
        self.nations = nations

    def compose(self) -> ComposeResult:
        choices = [
            (
                f"#{loss['combat']} {loss['what']}: {loss['side']} owes {loss['amount']}"
                + (" (an armor unit)" if loss["armor_unit"] else ""),
                index,
            )
            for index, loss in enumerate(self.owed)
        ]
        with Vertical():
            yield Label("[b]allocate a loss[/b] — one unit per line: counted strength, label, armor, change=N, cost=N")
            with Horizontal():
                yield Select(choices, id="loss", value=0, allow_blank=False)
                yield Select([], prompt="no RP recovery", id="nation")
            yield Static("", id="in-combat")
            yield TextArea(id="units", placeholder="10 10-10 pz to cadre armor change=6 cost=3")
            yield Checkbox("the units were Isolated (no RPs, C-13)", id="isolated")
            yield calculation_panel("name the units to see whether the loss is met")
            yield from record_buttons()

    def on_mount(self) -> None:
        self._nations()

    def _loss(self) -> dict[str, Any]:
        return self.owed[int(str(self.query_one("#loss", Select).value))]

    def _nations(self) -> None:
        loss = self._loss()
        nations = self.nations.get(loss["side"], [])
        self.query_one("#nation", Select).set_options([(nation, nation) for nation in nations])
        units = loss.get("units") or []
        self.query_one("#in-combat", Static).update(
            Text(f"{loss['side']} units in the combat: {', '.join(units)}" if units else "")
        )

    def command(self) -> dict[str, Any]:
        """The allocation as typed so far."""
        loss = self._loss()
        data: dict[str, Any] = {
            "kind": "AllocateLosses",
            "actor": self.actor,
            "combat": loss["combat"],
            "side": loss["side"],
            "units": parse_losses(self.query_one("#units", TextArea).text),
            "isolated": self.query_one("#isolated", Checkbox).value,
        }
        data.update(chosen(self, "nation"))
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["units"])

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "loss":
            self._nations()
        self._update()
