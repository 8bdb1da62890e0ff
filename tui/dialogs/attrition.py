"""The Third Reich attrition step at the table: the power and its front under the attrition
option, the defending side, the ground combat factors in contact, then the 2D6 as thrown.

Before the dice the panel shows the column the factors fall in; with them, the whole ruling:
the units each side owes and the hexes won (removed and named afterwards with `o`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select

from tui.dialogs.form_parts import (
    SetupForm,
    defender_select,
    dice_and_record,
    follow_power,
    form_css,
    power_and_front,
)


@dataclass(frozen=True)
class AttritionSetup:
    """What the form offers: the phasing side, its powers with the fronts still to roll, the other sides."""

    side: str
    fronts: dict[str, list[str]]
    defenders: list[str]


class AttritionForm(SetupForm[AttritionSetup]):
    """Records the ResolveAttrition command (the form stays open when it is refused)."""

    DEFAULT_CSS = form_css("AttritionForm", height="70%")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"[b]{self.setup.side}: the attrition step[/b] (H-10, H-11) — 5 factors in contact at least")
            with Horizontal():
                yield from power_and_front(self.setup.fronts)
                yield defender_select(self.setup.defenders)
            with Horizontal():
                yield Input(placeholder="ground combat factors in contact", id="factors")
                yield Input(placeholder="where (e.g. Poland)", id="what")
            yield from dice_and_record(self.actor, idle="type the factors in contact")

    def command(self) -> dict[str, Any]:
        """The attrition step as typed so far."""
        factors = self.query_one("#factors", Input).value.strip()
        data: dict[str, Any] = {
            "kind": "ResolveAttrition",
            "actor": self.actor,
            "power": self.query_one("#power", Select).value,
            "front": self.query_one("#front", Select).value,
            "defender": self.query_one("#defender", Select).value,
            "factors_in_contact": int(factors) if factors.isdigit() and len(factors) < 5 else -1,
            "what": self.query_one("#what", Input).value.strip(),
        }
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return int(data["factors_in_contact"]) >= 0

    def on_select_changed(self, event: Select.Changed) -> None:
        follow_power(self, self.setup.fronts, event)
        self._update()
