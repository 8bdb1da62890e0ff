"""One Third Reich strategic-warfare round at the table: who attacks whom with how many factors,
the 1D10 rolls as thrown (defence fire, offence fire, survivors at the economy), the result.

Before the dice the panel says which rolls the fight needs; with them, the whole ruling and
the BRP hits the target will carry to its next year start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select

from tui.dialogs.form_parts import SetupForm, TenRollsForm, chosen, drm_selects, form_css

TARGETS = {"submarines": ["UK", "USA"], "bombers": ["Germany"]}


@dataclass(frozen=True)
class WarfareSetup:
    """Which weapon the phasing side wields (U-boats for the Axis, bombers for the Western Allies)."""

    attacker: str


class WarfareForm(TenRollsForm, SetupForm[WarfareSetup]):
    """Returns the ResolveStrategicWarfare command to record, or None."""

    DEFAULT_CSS = form_css("WarfareForm", height="80%")

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
                yield from drm_selects(("DRM attacker ", "offence_drm"), (" defender ", "defence_drm"))
            yield from self.rolls_and_record("enter the factors")

    def command(self) -> dict[str, Any]:
        """The round as typed so far."""
        data: dict[str, Any] = {
            "kind": "ResolveStrategicWarfare",
            "actor": self.actor,
            "attacker": self.setup.attacker,
            **chosen(self, "target", "offence_drm", "defence_drm"),
        }
        for field in ("offensive", "defensive"):
            text = self.query_one(f"#{field}", Input).value.strip()
            data[f"{field}_factors"] = int(text) if text.isdigit() and len(text) < 5 else text
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["offensive_factors"] != "" and data["defensive_factors"] != "")
