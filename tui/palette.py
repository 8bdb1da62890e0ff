"""The command palette (ctrl+p): every console action by name, with a line on what it does,
beside Textual's own commands.

One table of the console's actions, apart from the app's code, so that the palette can be read
(and a new action given its line) in one place; the players' read-only view (`turnledger serve`)
leaves out the actions that write (tui/read_only.py `WRITING`), so that it offers nothing it
would then refuse.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from textual.app import SystemCommand

from tui.read_only import WRITING

if TYPE_CHECKING:
    from tui.app import TurnledgerApp


ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Enter a command", "open the command form, preview the ruling, record it", "command"),
    ("Advance phase", "record an AdvancePhase", "advance"),
    ("Combat", "the combat form (Europa; 3R land combat): odds first, the ruling after", "combat"),
    ("Attrition", "Third Reich: the attrition step of a front under the attrition option", "attrition"),
    ("Air and naval combat", "Third Reich: air and fleets in a contested hex (H-23)", "air_naval"),
    ("Murmansk box", "Third Reich: fight the northern lend lease convoy step by step", "murmansk"),
    ("Allocate losses", "name the units that meet a loss still owed", "losses"),
    ("Isolation attrition", "roll attrition for one isolated hex", "isolation"),
    ("Strategic warfare", "Third Reich: one round of U-boats or bombers, the rolls, the BRP hits", "warfare"),
    ("Commit digital dice", "the service draws a secret seed and records its commitment", "commit_dice"),
    ("New campaign", "a new campaign file: scenario, rules version, options; opened here", "new"),
    ("Year start", "the Third Reich year start of a power, with its whole calculation", "year_start"),
    ("Log", "every entry; Enter opens one", "log"),
    ("Units", "every registered unit, filterable", "roster"),
    ("Jump", "to an entry number or a calendar position", "jump"),
    ("Back to live", "leave replay", "live"),
    ("Undo to the cursor", "roll back to the replay cursor, with a reason", "undo"),
    ("Branch a what-if", "a new campaign from the cursor", "branch"),
    ("Verify", "recompute the hash chain", "verify"),
    (
        "Audit the campaign",
        "verify, re-adjudicate every ruling, check the dice, and draw each player's dice",
        "audit_campaign",
    ),
    ("Report on an entry", "rolls, witnesses, derivation, hash, notes; dispute or rule", "audit"),
    ("Receipt", "the head receipt and its QR code, to note down", "receipt"),
    ("Seal an order", "a side's hidden order: only its commitment is recorded", "seal"),
    ("Reveal a sealed order", "record a sealed order, checked against its commitment", "reveal"),
    ("Keys", "the help screen", "help"),
)
"""The palette's entries, in its order: the title, the line on what it does, and the console action
(``action_<name>`` of the app, the name `WRITING` and the key bindings use)."""


def console_commands(app: TurnledgerApp) -> Iterator[SystemCommand]:
    """The palette's entries for ``app``'s actions (those that write left out of a read-only view)."""
    for title, help_text, name in ACTIONS:
        if not (app.read_only and name in WRITING):
            yield SystemCommand(title, help_text, getattr(app, f"action_{name}"))
