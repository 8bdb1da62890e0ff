"""Removing the units a Third Reich land combat cost a side: pick the combat, tick the units.

Only the units that fought in that combat are offered; the panel previews the removal (who
goes to the force pool, and whether a replacement may recover them) before anything is recorded.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Label, Select, SelectionList, Static

from tui.dialogs.form_parts import Preview, TableForm


class LandLossesForm(TableForm):
    """Records the RemoveLandLosses command (the form stays open when it is refused)."""

    dice = None
    DEFAULT_CSS = """
    LandLossesForm { align: center middle; }
    LandLossesForm > Vertical { width: 100; height: 80%; background: $surface; border: thick $primary; padding: 0 1; }
    LandLossesForm Horizontal { height: auto; }
    LandLossesForm Select { width: 1fr; }
    LandLossesForm SelectionList { height: 10; }
    LandLossesForm #calculation { height: 1fr; border: round $accent; }
    """

    def __init__(self, owed: list[dict[str, Any]], preview: Preview, actor: str) -> None:
        super().__init__(preview, actor)
        self.owed = owed

    def compose(self) -> ComposeResult:
        choices = [
            (f"#{loss['combat']} {loss['what']}: {loss['side']} removes {loss['units']}", index)
            for index, loss in enumerate(self.owed)
        ]
        with Vertical():
            yield Label("[b]remove land-combat losses[/b] — space ticks a unit, F3 records")
            with Horizontal():
                yield Select(choices, id="loss", value=0, allow_blank=False)
            yield SelectionList[str](*self._units(0), id="units")
            yield VerticalScroll(Static("tick the units the side removes", id="calculation-text"), id="calculation")
            with Horizontal():
                yield Button("Record (F3)", id="record", variant="success")
                yield Button("Cancel", id="cancel")

    def _units(self, index: int) -> list[tuple[str, str]]:
        return [(unit, unit) for unit in self.owed[index]["fought"]]

    def _loss(self) -> dict[str, Any]:
        return self.owed[int(str(self.query_one("#loss", Select).value))]

    def command(self) -> dict[str, Any]:
        """The removal as ticked so far."""
        loss = self._loss()
        return {
            "kind": "RemoveLandLosses",
            "actor": self.actor,
            "combat": loss["combat"],
            "side": loss["side"],
            "units": list(self.query_one("#units", SelectionList).selected),
        }

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["units"])

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "loss":
            units = self.query_one("#units", SelectionList)
            units.clear_options()
            units.add_options(self._units(int(str(event.value))))
        self._update()

    def on_selection_list_selected_changed(self) -> None:
        self._update()
