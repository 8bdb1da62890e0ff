"""Sealing and revealing orders at the table (docs/sealed-orders.md): two hidden forms.

`SealForm`: the side and what the order is for, then each number of the order in a field that
shows dots, so that the player can type it on the referee's screen with the other side in the
room. Sealing draws the salt and keeps the order beside the campaign (referee/book/sealed_orders.py);
the entry recorded holds only the commitment.

`RevealForm`: one of the seals still sealed; revealed from what this machine keeps, or from the
order and salt the side brings (typed in hidden fields too). A reveal that does not match its
seal is refused, and the form stays open with what was typed.

Both record through the console's one funnel (`record_from`): a refusal opens the error dialog.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from referee.book.sealed_orders import OrderSealing
from referee.common.errors import InvalidInputError
from tui.dialogs.form_parts import RecordingForm, record_buttons


class _HiddenForm(RecordingForm):
    """The recording frame (F3 records, Escape cancels, a refusal to the error dialog) with the
    order's sealing beside it."""

    def __init__(self, sealing: OrderSealing, actor: str) -> None:
        super().__init__()
        self.sealing = sealing
        self.actor = actor


class SealForm(_HiddenForm):
    """Seal a side's order: each number typed hidden; only the commitment is recorded."""

    DEFAULT_CSS = """
    SealForm { align: center middle; }
    SealForm > Vertical { width: 90; height: auto; background: $surface; border: thick $primary; padding: 0 1; }
    SealForm Horizontal { height: auto; }
    SealForm Input { width: 1fr; }
    SealForm Select { width: 1fr; }
    SealForm #numbers { height: auto; }
    """

    def __init__(self, sealing: OrderSealing, actor: str) -> None:
        super().__init__(sealing, actor)
        self.slots = sealing.slots()
        self.slot = next(iter(self.slots), "")

    def _sides(self) -> list[str]:
        declared = self.slots.get(self.slot)
        return list(declared.sides) if declared is not None else self.sealing.parties()

    def _keys(self, side: str) -> tuple[str, ...] | None:
        declared = self.slots.get(self.slot)
        return declared.keys_of(side) if declared is not None and side in declared.sides else None

    def compose(self) -> ComposeResult:
        sides = self._sides()
        with Vertical():
            yield Label("[b]seal an order[/b]: the numbers stay hidden; the record holds only their commitment")
            with Horizontal():
                yield Input(value=self.slot, placeholder="what it is for, e.g. murmansk", id="slot")
                yield Select([(side, side) for side in sides], id="side", value=sides[0], allow_blank=False)
            yield Vertical(*self._number_fields(sides[0]), id="numbers")
            yield Static("type each number; nobody else sees it on the screen", id="hint")
            yield from record_buttons("Seal")

    def _number_fields(self, side: str) -> list[Input]:
        keys = self._keys(side)
        if keys is None:
            return [Input(placeholder='the order as JSON, e.g. {"plan": 2}', password=True, id="order-json")]
        return [Input(placeholder=f"{key} (0 if empty)", password=True, id=f"order-{key}") for key in keys]

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "side":
            await self._redraw_numbers()

    async def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "slot" and event.value.strip() != self.slot:
            self.slot = event.value.strip()
            select = self.query_one("#side", Select)
            sides = self._sides()
            select.set_options([(side, side) for side in sides])
            if sides:
                select.value = sides[0]
            await self._redraw_numbers()

    async def _redraw_numbers(self) -> None:
        numbers = self.query_one("#numbers", Vertical)
        await numbers.remove_children()
        side = self.query_one("#side", Select).value
        await numbers.mount_all(self._number_fields(str(side)))

    def order(self) -> dict[str, Any]:
        """The order as typed (a number field left empty is 0)."""
        side = str(self.query_one("#side", Select).value)
        keys = self._keys(side)
        if keys is None:
            return self.sealing.parse_order(self.query_one("#order-json", Input).value)
        order: dict[str, Any] = {}
        for key in keys:
            text = self.query_one(f"#order-{key}", Input).value.strip() or "0"
            if not (text.isascii() and text.isdigit()) or len(text) > 6:
                raise InvalidInputError(f"{key}: a whole number, 0 or more")
            order[key] = int(text)
        return order

    def command(self) -> dict[str, Any]:
        """The `SealOrder` to record (its order and salt kept already; refused: nothing kept)."""
        side = str(self.query_one("#side", Select).value)
        return self.sealing.prepare(side, self.slot, self.order(), actor=self.actor)

    def refused(self, data: dict[str, Any]) -> None:
        self.sealing.service.secrets.forget_sealed(str(data["commitment"]))


class RevealForm(_HiddenForm):
    """Reveal a sealed order: kept on this machine, or typed as the side brings it."""

    DEFAULT_CSS = """
    RevealForm { align: center middle; }
    RevealForm > Vertical { width: 100; height: auto; background: $surface; border: thick $primary; padding: 0 1; }
    RevealForm Input { width: 1fr; }
    RevealForm Select { width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        seals = self.sealing.seals(open_only=True)
        with Vertical():
            yield Label("[b]reveal a sealed order[/b]: recorded only if it gives its commitment again")
            if seals:
                options = [(seal.line(), seal.seal) for seal in seals]
                yield Select(options, id="seal", value=seals[-1].seal, allow_blank=False)
            else:
                yield Select([], id="seal")
                yield Static("no order is sealed and unrevealed", id="none")
            yield Static("sealed on another machine? type the order and its salt as the side kept them:")
            yield Input(
                placeholder='order as JSON, e.g. {"uboats": 4} (empty: the one kept here)', password=True, id="order"
            )
            yield Input(placeholder="salt (hex)", password=True, id="salt")
            yield from record_buttons("Reveal")

    def command(self) -> dict[str, Any]:
        """The `RevealOrder` to record."""
        chosen = self.query_one("#seal", Select).value
        if not isinstance(chosen, int):
            raise InvalidInputError("choose the sealed order to reveal")
        typed, salt = self.query_one("#order", Input).value.strip(), self.query_one("#salt", Input).value.strip()
        if not typed and not salt:
            return self.sealing.reveal_command(chosen, actor=self.actor)
        order = self.sealing.parse_order(typed) if typed else None
        return self.sealing.reveal_command(chosen, order=order, salt=salt.lower() or None, actor=self.actor)
