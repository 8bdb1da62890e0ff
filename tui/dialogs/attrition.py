"""The Third Reich attrition step at the table: the power and its front under the attrition
option, the defending side, the ground combat factors in contact, then the 2D6 as thrown.

Before the dice the panel shows the column the factors fall in; with them, the whole ruling:
the units each side owes and the hexes won (removed and named afterwards with `o`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from tui.dialogs.form_parts import Preview, TableForm, dice_field, faces_of, follow_power, front_choices, words


@dataclass(frozen=True)
class AttritionSetup:
    """What the form offers: the phasing side, its powers with the fronts still to roll, the other sides."""

    side: str
    fronts: dict[str, list[str]]
    defenders: list[str]


class AttritionForm(TableForm):
    """Records the ResolveAttrition command (the form stays open when it is refused)."""

    DEFAULT_CSS = """
    AttritionForm { align: center middle; }
    AttritionForm > Vertical { width: 110; height: 70%; background: $surface; border: thick $primary; padding: 0 1; }
    AttritionForm Horizontal { height: auto; }
    AttritionForm Select { width: 1fr; }
    AttritionForm Input { width: 1fr; }
    AttritionForm #calculation { height: 1fr; border: round $accent; }
    """

    def __init__(self, setup: AttritionSetup, preview: Preview, assess: Preview, actor: str) -> None:
        super().__init__(preview, actor, assess)
        self.setup = setup

    def compose(self) -> ComposeResult:
        powers = list(self.setup.fronts)
        fronts = front_choices(self.setup.fronts, powers[0])
        with Vertical():
            yield Label(f"[b]{self.setup.side}: the attrition step[/b] (H-10, H-11) — 5 factors in contact at least")
            with Horizontal():
                yield Select([(power, power) for power in powers], id="power", value=powers[0], allow_blank=False)
                yield Select(fronts, id="front", value=fronts[0][1], allow_blank=False)
                yield Select(
                    [(f"defender: {side}", side) for side in self.setup.defenders],
                    id="defender",
                    value=self.setup.defenders[0],
                    allow_blank=False,
                )
            with Horizontal():
                yield Input(placeholder="ground combat factors in contact", id="factors")
                yield Input(placeholder="where (e.g. Poland)", id="what")
            with Horizontal():
                yield dice_field()
                yield Input(placeholder="rolled by", id="rolled_by", value=self.actor)
                yield Input(placeholder="witnesses", id="witnesses")
            yield VerticalScroll(Static("type the factors in contact", id="calculation-text"), id="calculation")
            with Horizontal():
                yield Button("Record (F3)", id="record", variant="success")
                yield Button("Cancel", id="cancel")

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
            "rolled_by": self.query_one("#rolled_by", Input).value.strip() or self.actor,
            "witnesses": words(self.query_one("#witnesses", Input).value),
        }
        data.update(faces_of(self.query_one("#faces", Input).value))
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return int(data["factors_in_contact"]) >= 0

    def on_select_changed(self, event: Select.Changed) -> None:
        follow_power(self, self.setup.fronts, event)
        self._update()
