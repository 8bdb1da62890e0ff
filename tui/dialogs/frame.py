"""The frame every console dialog shares: the same keys and the same looks in each (issue 28, 10).

- Escape closes (``action_cancel``: nothing is recorded).
- Enter in a one-line field moves on to the next field (``field_entered`` may do more: the jump
  dialog jumps; on the command form's last field, Enter previews).
- Tab and Shift+Tab move field by field; they, and Enter in a field, are taken as the key arrives
  (priority bindings), so the keys typed after them reach the field they move to however busy the
  console is (issue 28, 11: a Tab waited in the dialog's queue behind the live preview, and the
  next name's letters went into the field it was leaving).
- F2 previews where there is something to preview; F3 records where something can be recorded.
- A character typed on a checkbox goes to the next field one types in: faces typed one Tab short
  are neither lost on the checkbox nor toggle it with their space. The checkbox keeps its own
  keys, space and Enter.
- The focused field, choice, checkbox or button is drawn with a thick accent border (a scrolling
  panel: tinted, or a thick border where it has one).
- Buttons say their keys: Record (F3), Preview (F2), Cancel (Esc).
- Opening a dialog withdraws the console's status toasts ("#12: …"), which would lie over its
  fields; a titled toast (a roll receipt to note, a warning) stays.
"""

from __future__ import annotations

import string
import threading
from typing import Any, TypeVar

from textual import events, on
from textual.actions import SkipAction
from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, TextArea

ResultT = TypeVar("ResultT")

BUTTON_KEYS = {"record": "F3", "preview": "F2", "cancel": "Esc", "close": "Esc"}
"""The key each button of that id answers to, added to its label when the label does not say it."""

TYPED_ON_CHECKBOX = string.digits + string.ascii_letters
"""Characters a checkbox passes on to the next field (faces, 'd' for digital dice, names)."""


def withdraw_status_toasts(app: App[Any]) -> None:
    """Withdraw the untitled toasts shown ("#12: …", "created …"); titled ones (a roll receipt to
    note, a warning about the record) stay until they time out."""
    if threading.get_ident() != app._thread_id:  # `notify` may be called from a worker thread
        return
    status = [notification for notification in app._notifications if not notification.title]
    for notification in status:
        app._unnotify(notification, refresh=False)
    if status:
        app._refresh_notifications()


class DialogFrame(ModalScreen[ResultT]):
    """A console dialog: the keys and looks of every dialog (see the module's docstring).

    Subclasses compose their fields and buttons; they override `action_cancel` (Escape),
    `action_record` (F3) and `action_preview` (F2) where those mean something, and
    `field_entered` where Enter in a field does more than move on."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("f2", "preview", "Preview", show=False),
        Binding("f3", "record", "Record", show=False),
        Binding("tab", "move_focus(1)", "Next field", show=False, priority=True),
        Binding("shift+tab", "move_focus(-1)", "Previous field", show=False, priority=True),
        Binding("enter", "enter", "Next field", show=False, priority=True),
        *(
            Binding(character, f"typed_on_checkbox({character!r})", show=False, priority=True)
            for character in TYPED_ON_CHECKBOX
        ),
    ]
    DEFAULT_CSS = """
    DialogFrame Input:focus, DialogFrame TextArea:focus, DialogFrame Checkbox:focus,
    DialogFrame SelectionList:focus, DialogFrame Select:focus > SelectCurrent {
        border: thick $accent !important;
        background-tint: $accent 12% !important;
    }
    DialogFrame Input { border-title-color: $text-muted; }
    DialogFrame VerticalScroll:focus { background-tint: $accent 12%; }
    DialogFrame #calculation:focus { border: thick $accent !important; }
    DialogFrame Button:focus {
        border-top: thick $accent !important;
        border-bottom: thick $accent !important;
        text-style: bold reverse !important;
    }
    """

    @on(events.Mount)
    def _frame_mounted(self) -> None:  # beside a dialog's own on_mount: Textual calls both
        withdraw_status_toasts(self.app)
        for button in self.query(Button):
            key = BUTTON_KEYS.get(str(button.id))
            if key is not None and f"({key})" not in str(button.label):
                button.label = f"{button.label} ({key})"

    def action_cancel(self) -> None:
        """Escape: close, recording nothing."""
        self.dismiss(None)

    def action_record(self) -> None:
        """F3: record, where the dialog records something."""
        raise SkipAction()

    def action_preview(self) -> None:
        """F2: preview, where the dialog has something to preview."""
        raise SkipAction()

    def action_move_focus(self, step: int) -> None:
        """Tab / Shift+Tab, at once (see the module's docstring)."""
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def action_enter(self) -> None:
        """Enter in a one-line field (`field_entered`); on anything else, that widget's own Enter."""
        focused = self.focused
        if not isinstance(focused, Input):
            raise SkipAction()
        self.field_entered(focused)

    def field_entered(self, field: Input) -> None:
        """Enter in ``field``: on to the next field."""
        self.focus_next()

    def action_typed_on_checkbox(self, character: str) -> None:
        """A character typed on a focused checkbox goes to the next field one types in."""
        box = self.focused
        if not isinstance(box, Checkbox):
            raise SkipAction()
        target = self._typing_field_after(box)
        if target is None:
            raise SkipAction()
        self.set_focus(target)  # at once: the keys after this one go there too
        target._forward_event(events.Key(character, character))  # after its Focus, as the App hands keys on

    def _typing_field_after(self, widget: Widget) -> Input | TextArea | None:
        """The first field one types in after ``widget`` in Tab order (before it, when none is after)."""
        chain = self.focus_chain
        index = chain.index(widget) if widget in chain else 0
        typed = [
            field for field in chain if isinstance(field, Input | TextArea) and not getattr(field, "read_only", False)
        ]
        after = [field for field in typed if chain.index(field) > index]
        before = [field for field in typed if chain.index(field) < index]
        return after[0] if after else (before[-1] if before else None)


class RecordOrCancelDialog(DialogFrame[ResultT]):
    """A dialog whose buttons are Cancel and one that records (Record, Undo): Cancel closes as
    Escape does, the other does what F3 does (`action_record`), so that the button and the key
    can never differ."""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        self.action_record()
