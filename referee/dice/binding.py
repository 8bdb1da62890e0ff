"""What a scheme-3 digital roll leaves unbound of a recorded command: its free text, by its model.

DESIGN revision 3, "A roll binds only what is fixed before the word"; docs/dice.md "How a digital
roll is made (dice scheme 3)". The service rolls with this list and records it with the roll;
`turnledger verify` and `audit` hand this function to the dice check (referee/dice/digital_dice.py,
which knows no command model) so that a roll whose recorded list is not exactly its command's
free text is named: software that left a rule field out of a roll cannot pass unseen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import commands as c
from referee.common.command_base import unbound_fields


def free_text_of(command: Mapping[str, Any]) -> list[str] | None:
    """The free-text fields a command as recorded holds, sorted (referee/common/command_base.py
    `unbound_fields`); None when no game has a command of its kind."""
    model = c.ALL.by_kind.get(str(command.get("kind")))
    return None if model is None else unbound_fields(model, command)
