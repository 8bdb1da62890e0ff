"""The Murmansk box at the table: what each side sent (the U-boats revealed now), then the 1D10
rolls one by one in the order the fight asks for them.

Before the dice the panel lists the rolls the fight may ask for; with them, the whole fight step
by step: losses, the BRP hits on each shipment, what arrives and when, and the U-boats and ASW
that sit out strategic warfare.

A side that sealed its order this game turn (`s`, docs/sealed-orders.md) is not typed here: the
form names its seal, shows the order once revealed, and the fight reads it (G-72).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from tui.dialogs.form_parts import Preview, TenRollsForm, form_css

SENT = (
    ("german_air", "German air (Norway)"),
    ("german_fleets", "German fleets (Norway)"),
    ("uboats", "U-boats (revealed)"),
    ("allied_fleets", "Allied fleets"),
    ("asw", "Allied ASW"),
)
SIDE_OF = {"german_air": "german_seal", "german_fleets": "german_seal", "uboats": "german_seal"}
"""Which seal field holds each factor (the rest are the Allies')."""


def sealed_line(side: str, sealed: dict[str, Any]) -> str:
    """What the form shows of a side's sealed order: its entry, and the order once revealed."""
    order = sealed.get("order")
    if order is None:
        return f"{side}: order sealed in #{sealed['seal']}, not revealed yet (S reveals it before the fight)"
    shown = ", ".join(f"{name} {value}" for name, value in order.items())
    return f"{side}: order sealed in #{sealed['seal']}, revealed: {shown}"


class MurmanskForm(TenRollsForm):
    """Records the ResolveMurmanskFight command (the form stays open when it is refused)."""

    DEFAULT_CSS = form_css("MurmanskForm")

    def __init__(
        self,
        boxes: dict[str, dict[str, int]],
        arrival: str,
        preview: Preview,
        assess: Preview,
        actor: str,
        sealed: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(preview, actor, assess)
        self.boxes = boxes
        self.arrival = arrival
        self.sealed = sealed or {}
        """Each side's order sealed this game turn: its seal entry, command field and order if revealed."""
        self.seal_fields = {value["field"]: value["seal"] for value in self.sealed.values()}

    def compose(self) -> ComposeResult:
        receivers = list(self.boxes)
        with Vertical():
            yield Label("[b]the Murmansk box[/b] (G-70..G-72) — factors each side sent, then the 1D10 rolls")
            box = "; ".join(
                f"{receiver}: " + ", ".join(f"{route} {amount}" for route, amount in routes.items())
                for receiver, routes in self.boxes.items()
            )
            yield Static(f"in the box: {box}; survivors arrive {self.arrival}", id="box")
            with Horizontal():
                yield Select([(name, name) for name in receivers], id="receiver", value=receivers[0], allow_blank=False)
            for side, sealed in self.sealed.items():
                yield Static(sealed_line(side, sealed), classes="sealed")
            for seal in ("german_seal", "allied_seal"):  # a row for each side: five in one cut their names
                with Horizontal():
                    for field, label in SENT:
                        if SIDE_OF.get(field, "allied_seal") == seal and seal not in self.seal_fields:
                            yield Input(placeholder=label, id=field)
            yield from self.rolls_and_record("enter what each side sent")

    def command(self) -> dict[str, Any]:
        """The fight as typed so far."""
        data: dict[str, Any] = {
            "kind": "ResolveMurmanskFight",
            "actor": self.actor,
            "receiver": self.query_one("#receiver", Select).value,
        }
        data.update(self.seal_fields)
        for field, _label in SENT:
            if SIDE_OF.get(field, "allied_seal") in self.seal_fields:
                continue  # read from the side's sealed order
            data[field] = self.factor(field)
        data.update(self.thrown())
        return data
