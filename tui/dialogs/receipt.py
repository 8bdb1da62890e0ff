"""The head receipt to note down (issue 27): entry number, time, the code and a QR code of the
whole head, with the roll receipts shown since the console opened. Opened with x, and shown
when the console closes (q): then any key quits."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from referee.audit.receipts import Receipt
from tui.qr import qr_text
from tui.render import SafeText


class ReceiptDialog(ModalScreen[None]):
    """The head's receipt and QR code. ``closing``: shown as the console closes; any key quits."""

    BINDINGS = [
        Binding("escape,x,enter", "close", "Close"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    ReceiptDialog { align: center middle; }
    ReceiptDialog > VerticalScroll {
        width: 80; height: auto; max-height: 100%; background: $surface; padding: 0 2; border: thick $primary;
    }
    ReceiptDialog #code { text-style: bold; color: $accent; }
    ReceiptDialog #qr { width: auto; margin: 1 0; }
    ReceiptDialog #hint { color: $text-muted; }
    """

    def __init__(self, receipt: Receipt, payload: str, rolls: list[str], *, closing: bool = False) -> None:
        super().__init__()
        self.receipt = receipt
        self.payload = payload
        """What the QR code holds (tui/qr.py `head_payload`)."""
        self.rolls = rolls
        """The roll receipts shown since the console opened, one line each."""
        self.closing = closing

    def compose(self) -> ComposeResult:
        receipt = self.receipt
        title = "Before the console closes: the head receipt" if self.closing else "The head receipt"
        with VerticalScroll():
            yield Static(Text(f"{title}, to note down", style="bold"), id="title")
            yield Static(SafeText(f"entry #{receipt.number}   recorded {receipt.recorded_at}"), id="entry")
            yield Static(Text(f"receipt {receipt.code}"), id="code")
            yield Static(qr_text(self.payload), id="qr")
            yield Static(Text("the QR code holds the campaign id, the entry number and its whole hash"), id="holds")
            if self.rolls:
                listed = SafeText("roll receipts shown this session\n", style="bold")
                listed.append_safe("\n".join(f"  {line}" for line in self.rolls))
                yield Static(listed, id="rolls")
            hint = "any key quits" if self.closing else "escape: close · q: quit"
            yield Static(Text(hint), id="hint")

    def on_key(self, event: events.Key) -> None:
        """Closing: the next key, whatever it is, quits."""
        if self.closing:
            event.stop()
            event.prevent_default()
            self.app.exit()

    def action_close(self) -> None:
        self.dismiss(None)
