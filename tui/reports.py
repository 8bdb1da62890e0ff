"""The report on one entry (`r`, or Enter in the log): its rolls, witnesses, derivation, hash
check and notes, the digital rolls recomputed once their seed is revealed; a dispute is flagged
or a ruling recorded from it. Mixed into the console app, which provides `service`, `rows`,
`actor`, `cursor`, `head`, `record` and `push_screen`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.common.log_pages import LogPages
from referee.dice.digital_dice import check_entries, until_revealed
from tui.dialogs.entry import EntryDialog
from tui.screens.log import LogScreen


class ReportActions:
    """Opening an entry's report and recording what is said about it."""

    service: Any
    actor: str
    cursor: int | None
    head: int

    if TYPE_CHECKING:  # what the console app this is mixed into provides

        @property
        def rows(self) -> LogPages: ...

        def record(self, data: dict[str, Any]) -> bool: ...

        push_screen: Any

    def on_log_screen_entry_chosen(self, message: LogScreen.EntryChosen) -> None:
        self.open_entry(message.number)

    def open_entry(self, number: int) -> None:
        """The disputed-roll report of one entry, with its notes; a dispute is a disputed note, a ruling
        settles the open dispute."""
        row = self.rows[number - 1]
        notes = self.service.notes_on(number) if row["notes"] else []
        entry = self.service.entry(number)
        still_open = self.service.open_disputes_on(number)
        latest = still_open[-1] if still_open else None
        self.push_screen(
            EntryDialog(entry, row["undone_by"], notes, self._dice_check(entry), latest),
            lambda result: self._entry_done(number, result),
        )

    def _dice_check(self, entry: dict[str, Any]) -> str:
        """For digital rolls: recomputed from the revealed seed, or when that will be possible."""
        lines = []
        for roll in (roll for roll in entry["rolls"] if roll.get("method") == "digital"):
            period_entries = until_revealed(self.service.entries(roll["period"]), roll["period"])
            checked, problems = check_entries(period_entries, self.service.campaign_id)
            mine = [line for line in checked + problems if line.startswith(f"entry #{entry['number']}:")]
            if problems and mine:
                lines.append(f"digital roll {roll['period']}.{roll['n']}: DOES NOT RECOMPUTE ({'; '.join(mine)})")
            elif mine:
                lines.append(f"digital roll {roll['period']}.{roll['n']}: recomputed from the revealed seed: matches")
            else:
                lines.append(
                    f"digital roll {roll['period']}.{roll['n']}: its seed is revealed when its game turn ends; "
                    "then anyone can recompute it"
                )
        return "\n".join(lines)

    def _entry_done(self, number: int, result: tuple[str, str, int | None] | None) -> None:
        """A dispute is a disputed note; a ruling settles the open dispute (`SettleDispute`), or is a
        note when none is open."""
        if result is None:
            return
        kind, text, dispute = result
        if kind == "ruling" and dispute is not None:
            self.record(
                {"kind": "SettleDispute", "entry": number, "dispute": dispute, "ruling": text, "actor": self.actor}
            )
            return
        if kind == "ruling":
            text = f"Ruling: {text}"
        self.record(
            {"kind": "Annotate", "entry": number, "text": text, "disputed": kind == "dispute", "actor": self.actor}
        )

    def action_audit(self) -> None:
        """Open the report of the entry under the cursor (the last one when live)."""
        self.open_entry(self.cursor if self.cursor is not None else self.head)
