"""The Third Reich land-combat form, made for the table: the attacking power and its front, the
defending side, the hex and its region, the units read off the counters one per line, the
support, then the dice as thrown.

While the referee types, the panel shows the defence, the support counted, the odds column,
the shifts and the DRM (before the dice) and, once the faces are in, the whole ruling with the
units each side owes. Whether the hex is fortified, can be retreated from or is a bridgehead
comes from the facts the referee stated (`StateFact`), cited in the panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select

from tui.dialogs.form_parts import (
    SetupForm,
    attackers_and_defenders,
    chosen,
    combat_form_css,
    defender_select,
    dice_and_record,
    follow_power,
    front_choices,
    typed_sides,
    words,
)
from tui.land_unit_lines import parse_land_units

TERRAIN = ("clear", "swamp", "mountain")


@dataclass(frozen=True)
class LandCombatSetup:
    """What the form offers: the phasing side's powers with the fronts they declared an offensive
    on, the other sides, the regions with their weather, and whether this is mechanized combat."""

    form: str
    side: str
    offensives: dict[str, list[str]]
    defenders: list[str]
    regions: dict[str, str]
    mechanized: bool


class LandCombatForm(SetupForm[LandCombatSetup]):
    """Records the ResolveLandCombat command (the form stays open when it is refused)."""

    DEFAULT_CSS = combat_form_css("LandCombatForm")

    def compose(self) -> ComposeResult:
        powers = list(self.setup.offensives) or ["(no offensive declared)"]
        regions = [(f"{region}: {weather}", region) for region, weather in self.setup.regions.items()]
        phase = "mechanized combat" if self.setup.mechanized else "land combat"
        with Vertical():
            yield Label(f"[b]{self.setup.side}: {phase}[/b] — one unit per line: strength, label, flags")
            yield Label("[dim]flags: armor airborne (defenders: replacement); attackers: river beach airlanded[/dim]")
            with Horizontal():
                yield Select([(power, power) for power in powers], id="power", value=powers[0], allow_blank=False)
                fronts = front_choices(self.setup.offensives, powers[0])
                yield Select(fronts, id="front", value=fronts[0][1] if fronts else Select.NULL, prompt="front")
                yield defender_select(self.setup.defenders)
            with Horizontal():
                yield Input(placeholder="the defender's hex (e.g. Warsaw)", id="hex")
                yield Select(regions, prompt="the hex's weather region", id="region")
                yield Select([(name, name) for name in TERRAIN], id="terrain", value="clear", allow_blank=False)
            with Horizontal():
                yield Checkbox("coastal hex", id="coastal")
                yield Checkbox("Russian winter (A-68)", id="russian_winter")
                yield Input(placeholder="air support factors", id="air_support")
                yield Input(placeholder="fleet factors (one fleet)", id="fleets")
            yield from attackers_and_defenders("4 XXIV pz armor\n3 VII inf river", "2 Pol 1\n1 Pol 2")
            yield from dice_and_record(self.actor)

    def command(self) -> dict[str, Any]:
        """The combat as typed so far (the faces may still be missing)."""
        data: dict[str, Any] = {
            "kind": "ResolveLandCombat",
            "actor": self.actor,
            "hex": self.query_one("#hex", Input).value.strip(),
            "coastal": self.query_one("#coastal", Checkbox).value,
            "russian_winter": self.query_one("#russian_winter", Checkbox).value,
            "air_support": self.factor("air_support"),
            "supporting_fleets": [int(w) for w in words(self.query_one("#fleets", Input).value) if w.isdigit()],
            **typed_sides(self, parse_land_units),
        }
        data.update(chosen(self, "power", "defender", "terrain", "front", "region"))
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["attackers"] and data["defenders"] and data["hex"])

    def on_select_changed(self, event: Select.Changed) -> None:
        follow_power(self, self.setup.offensives, event)
        self._update()
