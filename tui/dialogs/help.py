"""The keys of the console, as a table: each key beside what it does, a long line wrapped within
its own column (issue 28: lines wrapped at the dialog's edge broke sentences across the key column)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.dialogs.frame import DialogFrame

KEYS: tuple[tuple[str, str], ...] = (
    ("c", "enter a command (form; preview its ruling, then record it)"),
    (
        "a",
        (
            "advance one phase (the same as the AdvancePhase command); when the advance applies the stockpile cap or "
            "drops unspent special SP it says what goes and asks (y / n)"
        ),
    ),
    (
        "f",
        (
            "combat (Europa; Third Reich land combat): units off the counters, shifts and DRMs, odds before the dice, "
            "the whole ruling and the losses owed once the 2D6 faces are in"
        ),
    ),
    ("t", "Third Reich attrition: the front's factors in contact, the column, the 2D6 result"),
    (
        "o",
        (
            "allocate a loss still owed (Europa combat or isolation; Third Reich: tick the units a land combat cost, "
            "or type the units an attrition step removes or saves, then the hexes)"
        ),
    ),
    ("i", "isolation attrition for one hex (Europa or Third Reich modifiers)"),
    (
        "",
        (
            "in any dice field, d instead of the faces rolls the committed digital dice (command palette: Commit "
            "digital dice); the seed is revealed when the game turn ends"
        ),
    ),
    ("w", "Third Reich strategic warfare: a round of U-boats or bombers with its 1D10 rolls"),
    (
        "e",
        (
            "Third Reich air and naval combat in a hex: each side's factors, the rolls in order, the ruling "
            "(counter-air, interception and air drops: the command form, c)"
        ),
    ),
    ("k", "Third Reich Murmansk box: what each side sent, the rolls it asks for, the fight step by step"),
    (
        "s",
        (
            "seal a side's hidden order (the Murmansk box's face-down counters): typed hidden, only its commitment "
            "recorded"
        ),
    ),
    ("S", "reveal a sealed order (checked against its commitment)"),
    ("y", "Third Reich year start: a power's whole calculation, lend lease, then record"),
    ("l", "the log: every entry; Enter opens one"),
    ("n", "the force rosters: every unit as of the entry shown; / filters"),
    ("left / right", "replay: one entry back / forward"),
    ("[ / ]", "replay: one game turn back / forward"),
    ("{ / }", "replay: one phase back / forward"),
    ("( / )", "replay: one player turn back / forward"),
    ("m", "bookmark the entry under the cursor (kept with the campaign)"),
    ("'", "the next bookmark"),
    ("home", "replay from entry #1"),
    ("end / escape", "back to the live state"),
    ("g", "jump to an entry number or a calendar position (e.g. Aug I 1941)"),
    ("u", "undo: roll back to the replay cursor (asks for a reason)"),
    ("b", "branch a what-if from the replay cursor"),
    ("v", "verify the hash chain"),
    (
        "d",
        (
            "audit the campaign: every ruling decided again, the digital rolls recomputed, disputes, rollbacks, who "
            "entered what, and each player's dice drawn face by face"
        ),
    ),
    (
        "r",
        (
            "report on the entry under the cursor: rolls, witnesses, derivation, hash, notes; flag a dispute (naming "
            "the player who raises it) or rule on it (a ruling settles the open dispute)"
        ),
    ),
    (
        "x",
        (
            "the head receipt and its QR code, for the players to note (shown again as q closes the console: then "
            "any key quits); a digital roll's receipt shows as it is made"
        ),
    ),
    ("pgup / pgdn", "page through a long dashboard (accounts, roster)"),
    (
        "ctrl+p",
        (
            "command palette: every action by name, and New campaign (scenario, rules version, option readings; "
            "opened here in place of this one)"
        ),
    ),
    ("?", "this help"),
    ("q", "quit"),
)
DIALOG_KEYS: tuple[tuple[str, str], ...] = (
    ("Tab", "the next field (Shift+Tab: the one before)"),
    ("Enter", "in a field: on to the next one"),
    ("F2", "preview the ruling (the table forms calculate as you type)"),
    ("F3", "record (the button says so)"),
    ("Escape", "close, recording nothing"),
)
SCREEN_KEYS = "log and units screens: up/down, pgup/pgdn, home/end move; / filters; Enter opens; escape back"


def keys_table(rows: tuple[tuple[str, str], ...]) -> Table:
    """Keys beside what they do; a long text wraps in its own column."""
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0), expand=True)
    table.add_column("key", no_wrap=True, style="bold", min_width=12)
    table.add_column("what it does", ratio=1)
    for key, text in rows:
        table.add_row(Text(key), Text(text))
    return table


def help_text() -> list[RenderableType]:
    """What the help dialog shows, top to bottom."""
    return [
        Text("turnledger console", style="bold"),
        keys_table(KEYS),
        Text("\nIn every dialog", style="bold"),
        keys_table(DIALOG_KEYS),
        Text(f"\n{SCREEN_KEYS}"),
    ]


class HelpDialog(DialogFrame[None]):
    """Lists the keys."""

    BINDINGS = [("escape", "dismiss", "Close"), ("question_mark", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpDialog { align: center middle; }
    HelpDialog > VerticalScroll {
        width: 100%; max-width: 110; height: auto; max-height: 90%; background: $surface; padding: 1 2;
        border: thick $primary;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            for part in help_text():
                yield Static(part, classes="help-part")
