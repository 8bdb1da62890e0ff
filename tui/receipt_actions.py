"""Receipts and sealed orders in the console (issue 27): each digital roll's receipt shown with
its faces, the head receipt and its QR code on `x` and as the console closes, the warning when a
copy lacks a receipt this machine gave, and the `s` / `S` forms of sealed orders. Mixed into the
console app, which provides `service`, `actor`, `screen`, `notify`, `push_screen`, `show_error`,
`exit`, `post_message` and `_live_only`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.message import Message

from referee.audit.receipts import Receipt, entry_roll_receipts, give_receipts, head_receipt, receipts_not_held
from referee.book.sealed_orders import OrderSealing
from referee.common.errors import REFUSALS
from tui import render
from tui.dialogs.receipt import ReceiptDialog
from tui.dialogs.seal import RevealForm, SealForm
from tui.qr import head_payload

ROLL_RECEIPT_SECONDS = 60
"""How long a roll receipt stays on screen after the roll (x lists it again, with the head's)."""
ROLLS_LISTED = 8
"""Roll receipts of this session the receipt dialog lists, the latest last."""


@dataclass
class ReceiptsShown(Message):
    """Roll receipts were shown after a digital roll, as ``text`` (and given: referee/audit/receipts.py)."""

    receipts: list[Receipt]
    text: str


class ReceiptActions:
    """The `x`, `q`, `s` and `S` keys, and the receipts shown as entries are recorded."""

    service: Any
    actor: str
    rolls_shown: list[str]
    """The roll receipts shown since this campaign was opened here, one line each."""

    if TYPE_CHECKING:  # what the console app this is mixed into provides
        screen: Any
        notify: Any
        push_screen: Any
        show_error: Any
        exit: Any
        post_message: Any

        def _live_only(self, what: str) -> bool: ...

    def warn_of_receipts_not_held(self) -> None:
        """Opening a copy that no longer holds a receipt this machine gave (a backup restored, a
        record cut short): said at once, before anything is recorded on it (ledger/receipt_log.py)."""
        try:
            lost = receipts_not_held(self.service)
        except REFUSALS as error:
            self.show_error(error)
            return
        if lost:
            lines = "\n".join(item.describe() for item in lost[:5])
            more = f"\n… and {len(lost) - 5} more" if len(lost) > 5 else ""
            self.notify(
                f"{lines}{more}\nRun 'turnledger verify' on this campaign.",
                title="This record lacks receipts given on this machine",
                severity="error",
                timeout=600,
                markup=False,
            )

    def _show_roll_receipts(self, entry: dict[str, Any]) -> None:
        """An entry with digital rolls: each roll's receipt beside its faces, for the witness to
        note (and what the roll was bound to, when its record says), given as it is shown."""
        rolled = entry_roll_receipts(self.service.campaign_id, entry)
        if not rolled:
            return
        lines = [render.roll_receipt_line(receipt, roll) for receipt, roll in rolled]
        self.rolls_shown.extend(lines)
        receipts = [receipt for receipt, _roll in rolled]
        self._give(receipts)
        self.post_message(ReceiptsShown(receipts, "\n".join(lines)))
        self.notify("\n".join(lines), title="Roll receipt: note it down", timeout=ROLL_RECEIPT_SECONDS, markup=False)

    def _give(self, receipts: list[Receipt]) -> None:
        """Note receipts as shown to the players (this machine's receipt log, the next entry)."""
        try:
            give_receipts(self.service, receipts)
        except REFUSALS as error:
            self.notify(f"the receipt could not be noted as given: {error}", severity="warning", markup=False)

    def _receipt_dialog(self, *, closing: bool) -> ReceiptDialog | None:
        """The head receipt's dialog (the head entry is the one read: quick on any record), the
        receipt given; None when the head cannot be read (said, unless closing)."""
        try:
            receipt = head_receipt(self.service)
            entry_hash = str(self.service.entry(receipt.number)["hash"])
        except REFUSALS as error:
            if not closing:
                self.show_error(error)
            return None
        self._give([receipt])
        payload = head_payload(self.service.campaign_id, receipt.number, entry_hash)
        return ReceiptDialog(receipt, payload, self.rolls_shown[-ROLLS_LISTED:], closing=closing)

    def action_seal(self) -> None:
        """A side's hidden order (G-72's face-down counters): only its commitment is recorded."""
        if self._live_only("seal an order"):
            self.push_screen(SealForm(OrderSealing(self.service), self.actor))

    def action_reveal(self) -> None:
        """A sealed order revealed: recorded only when it matches its commitment."""
        if self._live_only("reveal a sealed order"):
            self.push_screen(RevealForm(OrderSealing(self.service), self.actor))

    def action_receipt(self) -> None:
        """The head receipt and its QR code, to note down."""
        dialog = self._receipt_dialog(closing=False)
        if dialog is not None:
            self.push_screen(dialog)

    async def action_quit(self) -> None:
        """q: the head receipt and its QR code first, for the players to note as the evening ends;
        the next key quits. At once when a receipt is on screen, or the head cannot be read."""
        dialog = None if isinstance(self.screen, ReceiptDialog) else self._receipt_dialog(closing=True)
        if dialog is None:
            self.exit()
        else:
            self.push_screen(dialog)
