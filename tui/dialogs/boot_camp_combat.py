"""The Boot Camp combat form, made for a new player: the attacked hex, its terrain and weather
zone, the units read off the counters one per line (printed strengths), air support and any
fortification, then the die as thrown.

While the player types, the panel shows the totals with every halving, the odds rounded down in
the defender's favour, the AEC and the DRM (before the die) and, once the face is in, the whole
ruling with the strength each side must lose (E-01..E-17).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select

from tui.boot_camp_lines import parse_boot_camp_units
from tui.dialogs.form_parts import (
    ONE_DIE,
    SetupForm,
    attackers_and_defenders,
    chosen,
    combat_form_css,
    dice_and_record,
    typed_sides,
)

FORT_DRMS = (("no fortification", 0), ("fortification -1", -1), ("fortification -2", -2), ("fortification -3", -3))


@dataclass(frozen=True)
class BootCampCombatSetup:
    """What the form offers: the attacking side, the zones with their weather, the TEC's terrain."""

    form: str
    side: str
    zones: dict[str, str]
    terrain: list[str]
    hexsides: list[str]


class BootCampCombatForm(SetupForm[BootCampCombatSetup]):
    """Records the ResolveBootCampCombat command (the form stays open when it is refused)."""

    dice = "1D6"

    DEFAULT_CSS = combat_form_css("BootCampCombatForm", more="BootCampCombatForm Label { width: 1fr; }")

    def compose(self) -> ComposeResult:
        zones = [(f"zone {zone}: {weather}", zone) for zone, weather in self.setup.zones.items()]
        with Vertical():
            yield Label(
                f"[b]{self.setup.side} attacks (Boot Camp)[/b] — one unit per line: printed strength, label, flags"
            )
            yield Label(
                "[dim]flags: div cm dot unsupplied art eng; attackers @HEX ~HEXSIDE ("
                + " ".join(name for name in self.setup.hexsides if name != "none")
                + "); defenders: retreated[/dim]"
            )
            with Horizontal():
                yield Input(placeholder="what, e.g. Vyazma", id="what")
                yield Input(placeholder="the defender's hex", id="hex")
                terrain = sorted(self.setup.terrain, key=lambda name: name != "clear")
                yield Select([(name, name) for name in terrain], id="terrain", value=terrain[0], allow_blank=False)
                yield Select(zones, prompt="the defender's weather zone", id="zone")
            yield from attackers_and_defenders("8 1pz div cm\n7 2inf div", "6 10rif div\n2 art5 art")
            with Horizontal():
                yield Input(placeholder="offensive bomber points", id="offensive_bombers")
                yield Input(placeholder="defensive bomber points", id="defensive_bombers")
            with Horizontal():
                yield Select([(name, drm) for name, drm in FORT_DRMS], id="fort_drm", value=0, allow_blank=False)
                yield Checkbox("fort: no AEC", id="fort_no_aec")
                yield Checkbox("fort: attackers halved", id="fort_attacker_halved")
            yield from dice_and_record(self.actor, dice=ONE_DIE)

    def command(self) -> dict[str, Any]:
        """The combat as typed so far (the face may still be missing)."""
        data: dict[str, Any] = {
            "kind": "ResolveBootCampCombat",
            "actor": self.actor,
            "side": self.setup.side,
            "what": self.query_one("#what", Input).value.strip(),
            "terrain": self.query_one("#terrain", Select).value,
            **typed_sides(self, parse_boot_camp_units),
            "offensive_bombers": self.factor("offensive_bombers"),
            "defensive_bombers": self.factor("defensive_bombers"),
            "fort_drm": self.query_one("#fort_drm", Select).value,
            "fort_no_aec": self.query_one("#fort_no_aec", Checkbox).value,
            "fort_attacker_halved": self.query_one("#fort_attacker_halved", Checkbox).value,
        }
        hex_name = self.query_one("#hex", Input).value.strip()
        if hex_name:
            data["hex"] = hex_name
        data.update(chosen(self, "zone"))
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["attackers"] and data["defenders"] and "zone" in data)
