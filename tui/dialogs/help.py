"""The keys of the console."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = """[b]turnledger console[/b]

  c        enter a command (form; preview its ruling, then record it)
  a        advance one phase (the same as the AdvancePhase command); when the advance applies the
           stockpile cap or drops unspent special SP it says what goes and asks (y / n)
  f        combat (Europa; Third Reich land combat): units off the counters, shifts and DRMs,
           odds before the dice, the whole ruling and the losses owed once the 2D6 faces are in
  t        Third Reich attrition: the front's factors in contact, the column, the 2D6 result
  o        allocate a loss still owed (Europa combat or isolation; Third Reich: tick the units a
           land combat cost, or type the units an attrition step removes or saves, then the hexes)
  i        isolation attrition for one hex (Europa or Third Reich modifiers)
           in any dice field, d instead of the faces rolls the committed digital dice
           (command palette: Commit digital dice); the seed is revealed when the game turn ends
  w        Third Reich strategic warfare: a round of U-boats or bombers with its 1D10 rolls
  e        Third Reich air and naval combat in a hex: each side's factors, the rolls in order, the ruling
           (counter-air, interception and air drops: the command form, c)
  k        Third Reich Murmansk box: what each side sent, the rolls it asks for, the fight step by step
  s        seal a side's hidden order (the Murmansk box's face-down counters): typed hidden, only
           its commitment recorded;   S   reveal a sealed order (checked against its commitment)
  y        Third Reich year start: a power's whole calculation, lend lease, then record
  l        the log: every entry; Enter opens one
  n        the force rosters: every unit as of the entry shown; / filters
  left     replay: one entry back          right    one entry forward
  [        replay: one game turn back       ]        one game turn forward
  {        replay: one phase back           }        one phase forward
  (        replay: one player turn back     )        one player turn forward
  m        bookmark the entry under the cursor (kept with the campaign)   '    next bookmark
  home     replay from entry #1             end / escape   back to the live state
  g        jump to an entry number or a calendar position (e.g. Aug I 1941)
  u        undo: roll back to the replay cursor (asks for a reason)
  b        branch a what-if from the replay cursor
  v        verify the hash chain
  d        audit the campaign: every ruling decided again, the digital rolls recomputed, disputes,
           rollbacks, who entered what, and each player's dice drawn face by face
  r        report on the entry under the cursor: rolls, witnesses, derivation, hash, notes;
           flag a dispute or rule on it (a ruling settles the open dispute)
  x        the head receipt and its QR code, for the players to note (shown again as q closes
           the console: then any key quits); a digital roll's receipt shows as it is made
  pgup / pgdn   page through a long dashboard (accounts, roster)
  ctrl+p   command palette: every action by name, and New campaign (scenario, rules version,
           option readings; opened here in place of this one)
  ?        this help        q   quit
  (log and units screens: up/down, pgup/pgdn, home/end move; / filters; Enter opens; escape back)
"""


class HelpDialog(ModalScreen[None]):
    """Lists the keys."""

    BINDINGS = [("escape", "dismiss", "Close"), ("question_mark", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpDialog { align: center middle; }
    HelpDialog > VerticalScroll {
        width: 90; height: auto; max-height: 90%; background: $surface; padding: 1 2; border: thick $primary;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(KEYS)
