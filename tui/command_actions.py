"""Entering commands from the console's keys: the command form (`c`, and CommitDice from the
palette), advancing the calendar (`a`, asking first when the advance takes something away) and
undoing to the replay cursor (`u`, a Rollback with its reason). Mixed into the console app, which
provides `service`, `actor`, `cursor`, `rows`, `push_screen`, `show_error`, `record` and
`_live_only`.

Each records through the app's one funnel (`record`), so that a refusal is shown the same way
whichever key entered the command; the forms preview a ruling through `_preview`, which reads the
command as `record` would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.common.errors import REFUSALS, RulesError
from tui.dialogs.command_form import CommandForm
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.undo import UndoDialog


class CommandActions:
    """The `c`, `a` and `u` keys and the palette's Commit digital dice."""

    service: Any
    actor: str
    cursor: int | None

    if TYPE_CHECKING:  # what the console app this is mixed into provides
        rows: Any
        push_screen: Any

        def show_error(self, error: BaseException) -> None: ...

        def record(self, data: dict[str, Any]) -> bool: ...

        def _live_only(self, what: str) -> bool: ...

    def action_command(self) -> None:
        if self._live_only("enter commands"):
            form = CommandForm(
                self._preview, actor=self.actor, defaults=self._form_defaults(), offers=self.service.name_offers()
            )
            self.push_screen(form)

    def _form_defaults(self) -> dict[str, str]:
        """What the command form prefills: the phasing side (Europa's 'side'; a Third Reich 'side')."""
        player = self.service.current().table.calendar.player
        return {"side": player} if player else {}

    def action_commit_dice(self) -> None:
        if self._live_only("commit digital dice"):
            self.push_screen(CommandForm(self._preview, kinds=["CommitDice"], actor=self.actor))

    def action_advance(self) -> None:
        """Advance one phase; when the advance takes something away (the stockpile cap, unspent
        special SP) say what and ask first."""
        if not self._live_only("advance the calendar"):
            return
        data = {"kind": "AdvancePhase", "actor": self.actor}
        try:
            taking = self.service.what_it_takes_away(data)
        except REFUSALS as error:
            self.show_error(error)
            return
        if taking is None:
            self.record(data)
            return
        details = "\n".join(f"· {step.text}" + (f"  [{step.rule}]" if step.rule else "") for step in taking.steps)
        question = f"{taking.summary}. This advance takes something away; go ahead?"
        self.push_screen(ConfirmDialog(question, details), lambda go: self._advance_answered(data, go))

    def _advance_answered(self, data: dict[str, Any], go: bool | None) -> None:
        if go:
            self.record(data)

    def action_undo(self) -> None:
        if self.cursor is None:
            self.show_error(RulesError("move the replay cursor (←) to the entry to go back to, then press u"))
            return
        target = self.cursor
        undone = [row for row in self.rows[target:] if not row["undone_by"]]
        self.push_screen(UndoDialog(target, undone), lambda reason: self._undo_done(target, reason))

    def _undo_done(self, target: int, reason: str | None) -> None:
        if reason is None:
            return
        self.cursor = None
        self.record({"kind": "Rollback", "to": target, "reason": reason, "actor": self.actor})

    def _preview(self, data: dict[str, Any]) -> str:
        decision, _ = self.service.preview_json(data)  # read as `record` reads it (referee.common.names)
        lines = [f"[b]{decision.ruling.summary}[/b]"]
        lines += [
            f"  · {step.text}" + (f"  [dim]{step.rule}[/dim]" if step.rule else "") for step in decision.ruling.steps
        ]
        return "\n".join(lines)
