"""The Europa combat form, made for the table: units read off the counters one per line, the
hex, the weather zone, the shifts and DRMs ticked, then the dice as thrown.

While the referee types, the calculation panel shows odds, column, shifts and DRM (before the
dice) and, once the faces are in, the whole ruling with the losses each side owes. Nothing is
recorded until Record; a refusal goes to the console's one error dialog.
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
    calculation_panel,
    chosen,
    combat_form_css,
    dice_inputs,
    record_buttons,
    typed_sides,
    words,
)
from tui.unit_lines import parse_units

FLAGS = (
    ("fortified", "fort in the hex"),
    ("overrun", "overrun"),
    ("winterization", "+1 winterization"),
    ("commando", "+1 commando"),
    ("axis_first_winter", "-1 Axis first winter"),
)


@dataclass(frozen=True)
class CombatSetup:
    """What the form offers: the attacking side, the zones with their weather, the chart's terrain."""

    side: str
    zones: dict[str, str]
    terrain: list[str]
    hexsides: list[str]
    unit_chart: dict[str, Any] | None = None
    """The campaign's pinned unit identification chart (K-04), if it has one."""


class CombatForm(SetupForm[CombatSetup]):
    """Returns the ResolveCombat command to record, or None."""

    DEFAULT_CSS = combat_form_css("CombatForm", units_height=9, more="CombatForm Label { width: 1fr; }")

    def compose(self) -> ComposeResult:
        zones = [(f"zone {zone}: {weather}", zone) for zone, weather in self.setup.zones.items()]
        with Vertical():
            yield Label(f"[b]{self.setup.side} attacks[/b] — one unit per line: strength, label, flags")
            yield Label(
                "[dim]flags: aeca aeca/2 atec atec/2 art nkvd unsupplied isolated unpaid siege @HEX (attacking hex) "
                + " ".join(f"~{name}" for name in self.setup.hexsides if name != "none")
                + "[/dim]"
            )
            with Horizontal():
                yield Input(placeholder="where (e.g. Kiev 2715)", id="what")
                yield Select(
                    zones,
                    prompt="defender's weather zone",
                    id="zone",
                    value=zones[0][1] if len(zones) == 1 else Select.NULL,
                )
                terrain = sorted(self.setup.terrain, key=lambda name: name != "clear")
                yield Select(
                    [(name.replace("_", " "), name) for name in terrain],
                    id="terrain",
                    value=terrain[0],
                    allow_blank=False,
                )
                yield Select(
                    [("no bombardment shift", 0), ("1R bombardment", 1), ("2 bombardment shifts", 2)],
                    id="bombard",
                    value=0,
                    allow_blank=False,
                )
            with Horizontal():
                for name, text in FLAGS:
                    yield Checkbox(text, id=name)
            yield from attackers_and_defenders("9 pz aeca\n7 inf ~minor_river", "4 rifle\n3 AT atec")
            with Horizontal():
                yield Input(placeholder="stacks paying SP: 2 1", id="stacks")
                yield from dice_inputs(self.actor)
            yield calculation_panel("type the units to see the odds")
            yield from record_buttons()

    def command(self) -> dict[str, Any]:
        """The combat as typed so far (faces may still be missing)."""
        data: dict[str, Any] = {
            "kind": "ResolveCombat",
            "actor": self.actor,
            "side": self.setup.side,
            "what": self.query_one("#what", Input).value.strip(),
            "terrain": self.query_one("#terrain", Select).value,
            "bombardment_shifts": self.query_one("#bombard", Select).value,
            **typed_sides(self, parse_units, chart=self.setup.unit_chart),
            "paying_stacks": [int(word) for word in words(self.query_one("#stacks", Input).value) if word.isdigit()],
        }
        data.update(chosen(self, "zone"))
        for name, _ in FLAGS:
            data[name] = self.query_one(f"#{name}", Checkbox).value
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["attackers"] and data["defenders"])
