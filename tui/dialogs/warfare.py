"""One Third Reich strategic-warfare round at the table: who attacks whom with how many factors,
the 1D10 rolls as thrown (defence fire, offence fire, survivors at the economy), the result.

Before the dice the panel says which rolls the fight needs; with them, the whole ruling and
the BRP hits the target will carry to its next year start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from tui.dialogs.form_parts import TEN_ROLLS, Preview, TableForm, dice_field, faces_of, words

TARGETS = {"submarines": ["UK", "USA"], "bombers": ["Germany"]}
DRMS = [(f"{value:+d}", value) for value in range(-3, 4)]


@dataclass(frozen=True)
class WarfareSetup:
    """Which weapon the phasing side wields (U-boats for the Axis, bombers for the Western Allies)."""

    attacker: str


class WarfareForm(TableForm):
    """Returns the ResolveStrategicWarfare command to record, or None."""

    dice = "1D10"
    dice_key = "rolls"
    DEFAULT_CSS = """
    WarfareForm { align: center middle; }
    WarfareForm > Vertical { width: 110; height: 80%; background: $surface; border: thick $primary; padding: 0 1; }
    WarfareForm Horizontal { height: auto; }
    WarfareForm Input { width: 1fr; }
    WarfareForm Select { width: 1fr; }
    WarfareForm #calculation { height: 1fr; border: round $accent; }
    """

    def __init__(self, setup: WarfareSetup, preview: Preview, assess: Preview, actor: str) -> None:
        super().__init__(preview, actor, assess)
        self.setup = setup

    def compose(self) -> ComposeResult:
        name = "U-boats against ASW" if self.setup.attacker == "submarines" else "bombers against interceptors"
        targets = TARGETS[self.setup.attacker]
        with Vertical():
            yield Label(f"[b]strategic warfare: {name}[/b] (G-61, G-62)")
            with Horizontal():
                yield Select([(target, target) for target in targets], id="target", value=targets[0], allow_blank=False)
                yield Input(placeholder="attacking factors", id="offensive")
                yield Input(placeholder="defending factors", id="defensive")
            with Horizontal():
                yield Label("DRM attacker ")
                yield Select(DRMS, id="offence_drm", value=0, allow_blank=False)
                yield Label(" defender ")
                yield Select(DRMS, id="defence_drm", value=0, allow_blank=False)
            with Horizontal():
                yield dice_field(TEN_ROLLS, "rolls")
                yield Input(value=self.actor, placeholder="rolled by", id="rolled_by")
                yield Input(placeholder="witnesses", id="witnesses")
            yield VerticalScroll(Static("enter the factors", id="calculation-text"), id="calculation")
            with Horizontal():
                yield Button("Record (F3)", id="record", variant="success")
                yield Button("Cancel", id="cancel")

    def command(self) -> dict[str, Any]:
        """The round as typed so far."""
        data: dict[str, Any] = {
            "kind": "ResolveStrategicWarfare",
            "actor": self.actor,
            "attacker": self.setup.attacker,
            "target": self.query_one("#target", Select).value,
            "offence_drm": self.query_one("#offence_drm", Select).value,
            "defence_drm": self.query_one("#defence_drm", Select).value,
            "rolled_by": self.query_one("#rolled_by", Input).value.strip() or self.actor,
            "witnesses": words(self.query_one("#witnesses", Input).value),
        }
        for field in ("offensive", "defensive"):
            text = self.query_one(f"#{field}", Input).value.strip()
            data[f"{field}_factors"] = int(text) if text.isdigit() and len(text) < 5 else text
        data.update(faces_of(self.query_one("#rolls", Input).value, key="rolls"))
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["offensive_factors"] != "" and data["defensive_factors"] != "")
