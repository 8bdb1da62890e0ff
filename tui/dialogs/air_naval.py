"""Third Reich air and naval combat in a contested hex at the table (H-23): the phasing power and
its front, the hex, each side's air and fleet factors and DRMs, then the 1D10 rolls in the order
the combat names them (the panel lists them before the dice, the whole ruling after).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Select, Static

from tui.dialogs.form_parts import (
    TEN_ROLLS,
    Preview,
    TableForm,
    dice_field,
    faces_of,
    follow_power,
    front_choices,
    record_buttons,
    words,
)

FACTORS = (
    ("phasing_air", "phasing air"),
    ("phasing_naval", "phasing fleets"),
    ("non_phasing_air", "non-phasing air"),
    ("non_phasing_naval", "non-phasing fleets"),
)
DRMS = [(f"{value:+d}", value) for value in range(-3, 4)]


class AirNavalForm(TableForm):
    """Records the ResolveAirNavalCombat command (the form stays open when it is refused)."""

    dice = "1D10"
    dice_key = "rolls"
    DEFAULT_CSS = """
    AirNavalForm { align: center middle; }
    AirNavalForm > Vertical { width: 110; height: 85%; background: $surface; border: thick $primary; padding: 0 1; }
    AirNavalForm Horizontal { height: auto; }
    AirNavalForm Input { width: 1fr; }
    AirNavalForm Select { width: 1fr; }
    AirNavalForm #calculation { height: 1fr; border: round $accent; }
    """

    def __init__(
        self, side: str, offensives: dict[str, list[str]], preview: Preview, assess: Preview, actor: str
    ) -> None:
        super().__init__(preview, actor, assess)
        self.side = side
        self.offensives = offensives

    def compose(self) -> ComposeResult:
        powers = list(self.offensives)
        fronts = front_choices(self.offensives, powers[0])
        with Vertical():
            yield Label(f"[b]{self.side}: air and naval combat in a hex[/b] (H-23) — factors, then the 1D10 rolls")
            with Horizontal():
                yield Select([(power, power) for power in powers], id="power", value=powers[0], allow_blank=False)
                yield Select(fronts, id="front", value=fronts[0][1], allow_blank=False)
                yield Input(placeholder="the hex", id="hex")
            with Horizontal():
                for field, label in FACTORS:
                    yield Input(placeholder=label, id=field)
            with Horizontal():
                yield Label("DRM phasing ")
                yield Select(DRMS, id="phasing_drm", value=0, allow_blank=False)
                yield Label(" non-phasing ")
                yield Select(DRMS, id="non_phasing_drm", value=0, allow_blank=False)
            with Horizontal():
                yield dice_field(TEN_ROLLS, "rolls")
                yield Input(value=self.actor, placeholder="rolled by", id="rolled_by")
                yield Input(placeholder="witnesses", id="witnesses")
            yield VerticalScroll(Static("enter each side's factors", id="calculation-text"), id="calculation")
            yield from record_buttons()

    def command(self) -> dict[str, Any]:
        """The combat as typed so far."""
        data: dict[str, Any] = {
            "kind": "ResolveAirNavalCombat",
            "actor": self.actor,
            "power": self.query_one("#power", Select).value,
            "front": self.query_one("#front", Select).value,
            "hex": self.query_one("#hex", Input).value.strip(),
            "phasing_drm": self.query_one("#phasing_drm", Select).value,
            "non_phasing_drm": self.query_one("#non_phasing_drm", Select).value,
            "rolled_by": self.query_one("#rolled_by", Input).value.strip() or self.actor,
            "witnesses": words(self.query_one("#witnesses", Input).value),
        }
        for field, _label in FACTORS:
            text = self.query_one(f"#{field}", Input).value.strip()
            data[field] = int(text) if text.isdigit() and len(text) < 4 else 0
        data.update(faces_of(self.query_one("#rolls", Input).value, key="rolls"))
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["hex"])

    def on_select_changed(self, event: Select.Changed) -> None:
        follow_power(self, self.offensives, event)
        self._update()
