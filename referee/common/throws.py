"""The dice a command brings to the table, thrown in its own name.

Every command that rolls carries who threw the dice and who watched (``rolled_by``,
``witnesses``: referee/common/commands.py); the roll record names both (`throw`). The handlers
differ only in what the roll is for, which dice and which faces, so they name only those.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from referee.common.decision import Context
from referee.common.dice import Faces, faces_or_preview, throw


class Thrower(Protocol):
    """A command that rolls: who threw the dice and who watched."""

    @property
    def rolled_by(self) -> str: ...

    @property
    def witnesses(self) -> Sequence[str]: ...


def throw_for(command: Thrower, ctx: Context[Any], *, purpose: str, dice: str, faces: Faces) -> dict[str, Any]:
    """`throw` for ``command``: the faces it typed in (or the service's digital roll), recorded with
    the command's thrower and witnesses."""
    return throw(
        ctx.roller,
        purpose=purpose,
        dice=dice,
        faces=faces,
        rolled_by=command.rolled_by,
        witnesses=list(command.witnesses),
    )


def throw_or_preview(
    command: Thrower, ctx: Context[Any], *, purpose: str, dice: str, faces: Faces | None, head: str, steps: list[Any]
) -> dict[str, Any]:
    """`throw_for` once the faces are in; before that, what is decided before the dice (``head``
    and the derivation ``steps``) as a `DiceNeededError`: recording is refused, a preview shows it
    (`faces_or_preview`)."""
    ready = faces_or_preview(faces, dice=dice, head=head, steps=steps)
    return throw_for(command, ctx, purpose=purpose, dice=dice, faces=ready)
