"""The Second Front AA fire form (minimum dice roll, Optional Rule 37L): the hex, the mission fired
at, whose AA fires and how much (in the hex, the adjacent hexes for DAS and harassment, each naval
unit's), the air units in the order they were drawn, then the 2D6 as thrown.

Before the dice the panel shows the AA strength, its column and every shift (F-02..F-07); once
the faces are in, the result and each air unit's fate (returned, aborted, eliminated, unaffected).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select, TextArea

from referee.common.errors import InvalidInputError
from tui.dialogs.form_parts import Preview, TableForm, chosen, dice_and_record, form_css, words


@dataclass(frozen=True)
class AAFireSetup:
    """What the form offers: the sides that may fire, the missions and the AA nationalities."""

    form: str
    sides: list[str]
    missions: list[str]
    nationalities: list[str]


def parse_air_units(text: str) -> list[dict[str, Any]]:
    """Air units one per line, in the order drawn: `label TYPE DF [escort] [code=T]`, e.g.
    `P-47D25 a F 9` or `Ju88A B 5`."""
    units = []
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        unit: dict[str, Any] = {}
        rest = []
        for word in parts:
            if word.lower() == "escort":
                unit["escort"] = True
            elif word.lower().startswith("code="):
                unit["codes"] = word[5:]
            else:
                rest.append(word)
        if len(rest) < 3 or not rest[-1].isdigit():
            raise InvalidInputError(f"air units, line {number}: write the label, the type and the DF, e.g. 'Ju88A B 5'")
        unit.update({"label": " ".join(rest[:-2]), "type": rest[-2].upper(), "df": int(rest[-1])})
        units.append(unit)
    return units


def _numbers(text: str) -> list[int]:
    return [int(word) for word in words(text) if word.isdigit() and len(word) < 4]


class AAFireForm(TableForm):
    """Records the ResolveMinimumRollAA command (the form stays open when it is refused)."""

    DEFAULT_CSS = form_css(
        "AAFireForm",
        height="95%",
        more="""
    AAFireForm TextArea { height: 7; }
    AAFireForm Checkbox { width: auto; }
    """,
    )

    def __init__(self, setup: AAFireSetup, preview: Preview, actor: str) -> None:
        super().__init__(preview, actor)
        self.setup = setup

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]AA fire (minimum dice roll)[/b] — the air units one per line, in the order drawn")
            with Horizontal():
                yield Select([(f"fired by {side}", side) for side in self.setup.sides], id="side", prompt="firing side")
                yield Input(placeholder="the target hex", id="hex")
                yield Select([(name, name) for name in self.setup.missions], id="mission", prompt="mission fired at")
                yield Select(
                    [(f"{name} AA", name) for name in self.setup.nationalities], id="aa_nationality", prompt="whose AA"
                )
            with Horizontal():
                yield Input(placeholder="AA in the hex", id="aa")
                yield Input(placeholder="adjacent AA (DAS): 4 0 2", id="adjacent_aa")
                yield Input(placeholder="naval: each ship's AA", id="naval_aa")
            with Horizontal():
                yield Checkbox("in port", id="in_port")
                yield Checkbox("night", id="night")
                yield Checkbox("dedicated", id="dedicated")
            yield TextArea(id="air_units", placeholder="P-47D25 a F 9\nP-47D25 b F 9\nJu88A B 5 code=T")
            yield from dice_and_record(self.actor, idle="type the AA and the air units")

    def command(self) -> dict[str, Any]:
        """The AA fire as typed so far (the faces may still be missing)."""
        data: dict[str, Any] = {
            "kind": "ResolveMinimumRollAA",
            "actor": self.actor,
            "hex": self.query_one("#hex", Input).value.strip(),
            "night": self.query_one("#night", Checkbox).value,
            "in_port": self.query_one("#in_port", Checkbox).value,
            "dedicated": self.query_one("#dedicated", Checkbox).value,
            "adjacent_aa": _numbers(self.query_one("#adjacent_aa", Input).value),
            "naval_aa": _numbers(self.query_one("#naval_aa", Input).value),
            "air_units": parse_air_units(self.query_one("#air_units", TextArea).text),
        }
        aa = _numbers(self.query_one("#aa", Input).value)
        if aa:
            data["aa"] = aa[0]
        data.update(chosen(self, "side", "mission", "aa_nationality"))
        data.update(self.thrown())
        return data

    def ready(self, data: dict[str, Any]) -> bool:
        return bool(data["air_units"] and data["hex"] and "mission" in data and "side" in data)
