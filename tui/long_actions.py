"""The console's two long jobs besides the audit: a what-if branch from the cursor (`b`) and
`verify` (`v`), each run in a worker behind a progress dialog. Mixed into the console app, which
provides `service`, `cursor`, `head`, `actor`, `push_screen`, `run_worker`, `call_from_thread`,
`post_message`, `show_error`, `notify` and the messages `Verified` and `Branched`.

Why a worker: either job reads the record up to its point, which on a long campaign takes longer
than a key may, and the console must keep drawing its progress meanwhile; the job's end comes back to the UI
thread in `_long_done`, which closes the dialog and says how it ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message

from referee.common.errors import REFUSALS, RulesError
from referee.dice.digital_dice import check_entries
from tui.dialogs.progress import ProgressDialog


class LongActions:
    """The `b` and `v` keys and their palette entries: branch and verify, with their progress."""

    service: Any
    cursor: int | None
    head: int
    actor: str

    if TYPE_CHECKING:  # what the console app this is mixed into provides
        Verified: Any
        Branched: Any
        push_screen: Any
        run_worker: Any
        call_from_thread: Any
        post_message: Any
        notify: Any

        def show_error(self, error: BaseException) -> None: ...

    def action_branch(self) -> None:
        at = self.cursor if self.cursor is not None else self.head
        location = self.service.location
        stem = (
            Path(location).with_suffix("")
            if location not in (":memory:",) and "://" not in location
            else Path("campaign")
        )
        target = f"{stem}-whatif-{at}.db"
        dialog = ProgressDialog(f"branching at #{at} into {target}", at)
        self.push_screen(dialog)
        self.run_worker(lambda: self._branch_work(at, target, dialog), thread=True, group="long", exclusive=True)

    def _branch_work(self, at: int, target: str, dialog: ProgressDialog) -> None:
        """In a worker thread: copy entries 1..at into a new campaign, showing progress."""
        try:
            branch = self.service.branch(
                at, target, actor=self.actor, progress=lambda done: self.call_from_thread(dialog.advance, done, at)
            )
            branch.close()
        except REFUSALS as error:
            self.call_from_thread(self._long_done, dialog, error, None)
            return
        self.call_from_thread(self._long_done, dialog, None, self.Branched(at, target))

    def action_verify(self) -> None:
        dialog = ProgressDialog("verifying the chain, the cached states, the pinned rules and the dice", self.head)
        self.push_screen(dialog)
        self.run_worker(lambda: self._verify_work(dialog), thread=True, group="long", exclusive=True)

    def _verify_work(self, dialog: ProgressDialog) -> None:
        """In a worker thread: verify, then recompute the revealed digital rolls."""
        report = self.service.verify(progress=lambda done, total: self.call_from_thread(dialog.advance, done, total))
        if not report.ok:
            error = RulesError("; ".join(f"entry #{n}: {text}" for n, text in report.problems))
            self.call_from_thread(self._long_done, dialog, error, self.Verified(False, report.entries, str(error)))
            return
        lines, problems = check_entries(self.service.entries(1, report.entries), self.service.campaign_id)
        if problems:
            error = RulesError("digital dice: " + "; ".join(problems))
            self.call_from_thread(self._long_done, dialog, error, self.Verified(False, report.entries, str(error)))
            return
        checked = sum(1 for line in lines if " checks" in line)
        text = (
            f"chain intact: {report.entries} entries; head {report.head_hash[:16]}…; {checked} digital roll(s) "
            "recomputed"
        )
        self.call_from_thread(self._long_done, dialog, None, self.Verified(True, report.entries, text))

    def _long_done(self, dialog: ProgressDialog, error: BaseException | None, message: Message | None) -> None:
        """Back on the UI thread: close the progress dialog, then say how it ended."""
        if dialog.is_attached:
            dialog.dismiss()
        if message is not None:
            self.post_message(message)
        if error is not None:
            self.show_error(error)
        elif isinstance(message, self.Verified):
            self.notify(message.text)
        elif isinstance(message, self.Branched):
            self.notify(f"what-if branch from #{message.at} written to {message.target}")
