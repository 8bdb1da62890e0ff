"""What a Third Reich land combat or attrition step leaves to do: pick it, then
- a land combat's losses: tick the units, from those that fought;
- an attrition step's losses: type the units one per line (strength, label, a type; `swap` when
  a replacement saves it), with the power paying for swaps; what a swap costs comes from the
  unit's type and factors (G-40, H-13), shown in the panel (`cost=N` states the unit's cost, and
  is refused when the factors give another);
- hexes an attrition step won: name them, all at once.

The panel previews the entry (who goes to the force pool, what swaps cost, which hexes are
refused) before anything is recorded.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select, SelectionList, TextArea

from tui.dialogs.form_parts import Preview, TableForm, calculation_panel, chosen, form_css, record_buttons, words
from tui.land_unit_lines import parse_attrition_losses


class LandLossesForm(TableForm):
    """Records RemoveLandLosses, RemoveAttritionLosses or ClaimAttritionHexes (the form stays open when refused)."""

    dice = None
    DEFAULT_CSS = form_css(
        "LandLossesForm",
        more="""
    LandLossesForm SelectionList { height: 10; }
    LandLossesForm TextArea { height: 7; }
    """,
    )

    def __init__(
        self,
        owed: list[dict[str, Any]],
        preview: Preview,
        actor: str,
        *,
        powers: dict[str, list[str]] | None = None,
        hexes: dict[int, int] | None = None,
    ) -> None:
        super().__init__(preview, actor)
        self.owed = owed
        self.powers = powers or {}
        self.hexes = hexes or {}

    def _choices(self) -> list[tuple[str, str]]:
        found = [
            (f"#{loss['combat']} {loss['what']}: {loss['side']} removes {loss['units']}", f"loss:{index}")
            for index, loss in enumerate(self.owed)
        ]
        found += [
            (f"#{entry} attrition: name {won} hex(es) won", f"hexes:{entry}") for entry, won in self.hexes.items()
        ]
        return found

    def compose(self) -> ComposeResult:
        choices = self._choices()
        with Vertical():
            yield Label("[b]after the combat[/b] — remove the units owed, or name the hexes won; F3 records")
            with Horizontal():
                yield Select(choices, id="item", value=choices[0][1], allow_blank=False)
            yield SelectionList[str](id="units")
            with Horizontal(id="attrition-power"):
                yield Select([], id="power", prompt="power paying for swaps")
                yield Checkbox("all the side's units in contact", id="all_in_contact")
            yield TextArea(id="attrition-units", placeholder="2 Pol 1\n6 XXIV pz armor swap")
            yield Input(placeholder="hexes won, e.g. Lodz, Radom (none waives them)", id="hexes")
            yield calculation_panel("pick what to record")
            yield from record_buttons()

    def on_mount(self) -> None:
        self._show()

    def _item(self) -> tuple[str, dict[str, Any] | int]:
        kind, _, key = str(self.query_one("#item", Select).value).partition(":")
        return (kind, self.owed[int(key)]) if kind == "loss" else (kind, int(key))

    def _show(self) -> None:
        """Show the fields the chosen item needs."""
        kind, item = self._item()
        attrition = kind == "loss" and isinstance(item, dict) and item.get("step") == "attrition"
        combat = kind == "loss" and not attrition
        self.query_one("#units", SelectionList).display = combat
        self.query_one("#attrition-power").display = attrition
        self.query_one("#attrition-units", TextArea).display = attrition
        self.query_one("#hexes", Input).display = kind == "hexes"
        if combat and isinstance(item, dict):
            units = self.query_one("#units", SelectionList)
            units.clear_options()
            units.add_options([(unit, unit) for unit in item["fought"]])
            if item["fought"]:
                units.highlighted = 0  # Space ticks the first unit at once: nothing to move to first by keyboard
        if attrition and isinstance(item, dict):
            powers = self.powers.get(item["side"], [])
            select = self.query_one("#power", Select)
            select.set_options([(power, power) for power in powers])
            if powers:
                select.value = item["power"] if item["power"] in powers else powers[0]

    def command(self) -> dict[str, Any]:
        """The entry as chosen and typed so far."""
        kind, item = self._item()
        if kind == "hexes":
            return {"kind": "ClaimAttritionHexes", "actor": self.actor, "combat": item, "hexes": self._hexes()}
        assert isinstance(item, dict)
        base = {"actor": self.actor, "combat": item["combat"], "side": item["side"]}
        if item.get("step") != "attrition":
            return {"kind": "RemoveLandLosses", **base, "units": list(self.query_one("#units", SelectionList).selected)}
        data = {
            "kind": "RemoveAttritionLosses",
            **base,
            "units": parse_attrition_losses(self.query_one("#attrition-units", TextArea).text),
            "all_in_contact": self.query_one("#all_in_contact", Checkbox).value,
        }
        data.update(chosen(self, "power"))
        return data

    def _hexes(self) -> list[str]:
        text = self.query_one("#hexes", Input).value
        return [name.strip() for name in text.split(",") if name.strip()] if "," in text else words(text)

    def ready(self, data: dict[str, Any]) -> bool:
        return data["kind"] == "ClaimAttritionHexes" or bool(data["units"])

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "item":
            self._show()
        self._update()

    def on_selection_list_selected_changed(self) -> None:
        self._update()
