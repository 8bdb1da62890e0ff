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


def console_commands(app: TurnledgerApp) -> Iterator[SystemCommand]:
    """The palette's entries for ``app``'s actions (those that write left out of a read-only view)."""
    actions = (
        ("Enter a command", "open the command form, preview the ruling, record it", app.action_command),
        ("Advance phase", "record an AdvancePhase", app.action_advance),
        ("Combat", "the combat form (Europa; 3R land combat): odds first, the ruling after", app.action_combat),
        (
            "Attrition",
            "Third Reich: the attrition step of a front under the attrition option",
            app.action_attrition,
        ),
        ("Air and naval combat", "Third Reich: air and fleets in a contested hex (H-23)", app.action_air_naval),
        ("Murmansk box", "Third Reich: fight the northern lend lease convoy step by step", app.action_murmansk),
        ("Allocate losses", "name the units that meet a loss still owed", app.action_losses),
        ("Isolation attrition", "roll attrition for one isolated hex", app.action_isolation),
        (
            "Strategic warfare",
            "Third Reich: one round of U-boats or bombers, the rolls, the BRP hits",
            app.action_warfare,
        ),
        (
            "Commit digital dice",
            "the service draws a secret seed and records its commitment",
            app.action_commit_dice,
        ),
        ("New campaign", "a new campaign file: scenario, rules version, options; opened here", app.action_new),
        ("Year start", "the Third Reich year start of a power, with its whole calculation", app.action_year_start),
        ("Log", "every entry; Enter opens one", app.action_log),
        ("Units", "every registered unit, filterable", app.action_roster),
        ("Jump", "to an entry number or a calendar position", app.action_jump),
        ("Back to live", "leave replay", app.action_live),
        ("Undo to the cursor", "roll back to the replay cursor, with a reason", app.action_undo),
        ("Branch a what-if", "a new campaign from the cursor", app.action_branch),
        ("Verify", "recompute the hash chain", app.action_verify),
        (
            "Audit the campaign",
            "verify, re-adjudicate every ruling, check the dice, and draw each player's dice",
            app.action_audit_campaign,
        ),
        ("Report on an entry", "rolls, witnesses, derivation, hash, notes; dispute or rule", app.action_audit),
        ("Receipt", "the head receipt and its QR code, to note down", app.action_receipt),
        ("Seal an order", "a side's hidden order: only its commitment is recorded", app.action_seal),
        ("Reveal a sealed order", "record a sealed order, checked against its commitment", app.action_reveal),
        ("Keys", "the help screen", app.action_help),
    )
    for title, help_text, action in actions:
        if not (app.read_only and action.__name__.removeprefix("action_") in WRITING):
            yield SystemCommand(title, help_text, action)
