"""Third Reich air and naval combat in a contested hex at the table (H-23): the phasing power and
its front, the hex, each side's air and fleet factors and DRMs, then the 1D10 rolls in the order
the combat names them (the panel lists them before the dice, the whole ruling after).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select

from tui.dialogs.form_parts import (
    Preview,
    TenRollsForm,
    chosen,
    drm_selects,
    follow_power,
    form_css,
    power_and_front,
)

FACTORS = (
    ("phasing_air", "phasing air"),
    ("phasing_naval", "phasing fleets"),
    ("non_phasing_air", "non-phasing air"),
    ("non_phasing_naval", "non-phasing fleets"),
)


class AirNavalForm(TenRollsForm):
    """Records the ResolveAirNavalCombat command (the form stays open when it is refused)."""

    DEFAULT_CSS = form_css("AirNavalForm")

    def __init__(
        self, side: str, offensives: dict[str, list[str]], preview: Preview, assess: Preview, actor: str
    ) -> None:
        super().__init__(preview, actor, assess)
        self.side = side
        self.offensives = offensives

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"[b]{self.side}: air and naval combat in a hex[/b] (H-23) — factors, then the 1D10 rolls")
            with Horizontal():
                yield from power_and_front(self.offensives)
                yield Input(placeholder="the hex", id="hex")
            with Horizontal():
                for field, label in FACTORS:
                    yield Input(placeholder=label, id=field)
            with Horizontal():
                yield from drm_selects(("DRM phasing ", "phasing_drm"), (" non-phasing ", "non_phasing_drm"))
            yield from self.rolls_and_record("enter each side's factors")

    def command(self) -> dict[str, Any]:
        """The combat as typed so far."""
        data: dict[str, Any] = {
            "kind": "ResolveAirNavalCombat",
            "actor": self.actor,
            "hex": self.query_one("#hex", Input).value.strip(),
            **chosen(self, "power", "front", "phasing_drm", "non_phasing_drm"),
        }
        for field, _label in FACTORS:
            data[field] = self.factor(field)
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["hex"])

    def on_select_changed(self, event: Select.Changed) -> None:
        follow_power(self, self.offensives, event)
        self._update()
