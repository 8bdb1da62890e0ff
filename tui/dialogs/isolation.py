"""Isolation attrition for one hex: tick what the map shows, type the 2D6, see the result.

The modifiers offered are the campaign's game's (Europa D-106 [000]: winter season; Third
Reich H-41 [004]: the region's weather, Summer from the calendar); the referee reads the rest
off the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select

from tui.dialogs.form_parts import Preview, TableForm, calculation_panel, chosen, dice_field, record_buttons

COMMON = (
    ("adjacent_enemy", "-1 adjacent to the enemy"),
    ("remote_region", "-1 E. Europe, Russia, Scandinavia, N. Africa"),
    ("home_country", "+1 home country"),
    ("traces_to_city", "+1 traces to a friendly city"),
)


@dataclass(frozen=True)
class IsolationSetup:
    """What the game's form set-up says: the side rolling, the rule in one line, whether the
    stack's strength, unsupplied turns and winter are asked (a loss to allocate) or the hex's
    weather region is (the hex eliminated at once), and the regions with their weather."""

    side: str
    rule_line: str
    by_strength: bool
    regions: dict[str, str]


class IsolationForm(TableForm):
    """Returns the ResolveIsolationAttrition command to record, or None."""

    DEFAULT_CSS = """
    IsolationForm { align: center middle; }
    IsolationForm > Vertical { width: 90%; max-width: 160; height: 90%; background: $surface;
                               border: thick $primary; padding: 0 1; }
    IsolationForm Horizontal { height: auto; }
    IsolationForm .field { width: 1fr; height: auto; }
    IsolationForm Input { width: 1fr; }
    IsolationForm Select { width: 1fr; }
    IsolationForm #modifiers { height: auto; }
    IsolationForm Checkbox { width: 1fr; }
    IsolationForm #calculation { height: 1fr; min-height: 6; border: round $accent; }
    """

    def __init__(self, setup: IsolationSetup, preview: Preview, actor: str) -> None:
        super().__init__(preview, actor)
        self.setup = setup
        self.by_strength = setup.by_strength

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"[b]{self.setup.side} isolation attrition[/b] — {self.setup.rule_line}")
            with Horizontal():
                yield _field("hex", Input(placeholder="e.g. Kiev pocket", id="hex"))
                yield _field("units in the hex, comma separated", Input(id="units"))
            with Horizontal():
                if self.by_strength:
                    yield _field("stack strength", Input(id="strength"))
                    yield _field(
                        "turns unsupplied (2nd or later; empty: the stated fact)",
                        Input(placeholder="from the stated fact", id="turns"),
                    )
                else:
                    yield _field(
                        "weather region of the hex",
                        Select(
                            [(f"{region}: {weather}", region) for region, weather in self.setup.regions.items()],
                            prompt="region",
                            id="region",
                        ),
                    )
            # one modifier per line: five side by side did not fit, and the last ones were hidden
            with Vertical(id="modifiers"):
                with Horizontal():
                    for name, text in COMMON[:2]:
                        yield Checkbox(text, id=name)
                with Horizontal():
                    for name, text in COMMON[2:]:
                        yield Checkbox(text, id=name)
                if self.by_strength:
                    yield Checkbox("-1 winter season", id="winter")
            with Horizontal():
                yield _field("2D6 faces", dice_field("3 5"))
                yield _field("rolled by", Input(value=self.actor, id="rolled_by"))
                yield _field("witnesses", Input(id="witnesses"))
            yield calculation_panel("type the dice to see the result")
            yield from record_buttons()

    def command(self) -> dict[str, Any]:
        """The roll as typed so far."""
        data: dict[str, Any] = {
            "kind": "ResolveIsolationAttrition",
            "actor": self.actor,
            "side": self.setup.side,
            "hex": self.query_one("#hex", Input).value.strip() or "?",
            "units": [unit.strip() for unit in self.query_one("#units", Input).value.split(",") if unit.strip()],
        }
        for box in self.query(Checkbox).results(Checkbox):
            data[str(box.id)] = box.value
        if self.by_strength:
            for field, key in (("#strength", "strength"), ("#turns", "turns_unsupplied")):
                text = self.query_one(field, Input).value.strip()
                if text:
                    data[key] = int(text) if text.isdigit() and len(text) < 5 else text
        else:
            data.update(chosen(self, "region"))
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return "faces" in data


def _field(label: str, widget: Input | Select[str]) -> Vertical:
    """A field with its label above it (a prefilled field shows no placeholder to say what it is)."""
    return Vertical(Label(label), widget, classes="field")
