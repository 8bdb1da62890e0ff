"""The audit in the console (`d`): `turnledger audit` run in a worker with its progress, then the
audit screen. Mixed into the console app, which provides `service`, `head`, `push_screen`,
`run_worker`, `call_from_thread` and `post_message`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.message import Message

from referee.audit.report import audit, report_data
from tui.dialogs.progress import ProgressDialog
from tui.screens.audit import AuditScreen


@dataclass
class Audited(Message):
    """The audit finished in its worker; ``data`` is `referee.audit.report.report_data`'s (tests listen)."""

    data: dict[str, Any]


class AuditActions:
    """The `d` key and the palette's "Audit the campaign"."""

    service: Any
    head: int

    if TYPE_CHECKING:  # what the console app this is mixed into provides
        push_screen: Any
        run_worker: Any
        call_from_thread: Any
        post_message: Any

    def action_audit_campaign(self) -> None:
        """The audit in a worker (a long campaign takes seconds), its progress shown, then its screen."""
        dialog = ProgressDialog("auditing: the chain, every ruling decided again, the dice", self.head)
        self.push_screen(dialog)
        self.run_worker(lambda: self._audit_work(dialog), thread=True, group="long", exclusive=True)

    def _audit_work(self, dialog: ProgressDialog) -> None:
        report = audit(self.service, progress=lambda done, total: self.call_from_thread(dialog.advance, done, total))
        self.call_from_thread(self._audit_done, dialog, report_data(report))

    def _audit_done(self, dialog: ProgressDialog, data: dict[str, Any]) -> None:
        if dialog.is_attached:
            dialog.dismiss()
        self.post_message(Audited(data))
        self.push_screen(AuditScreen(data))
