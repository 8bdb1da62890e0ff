"""The console's table forms, as the game describes them: what a form offers and what it shows
before the dice. The console draws the form (tui/dialogs/) and asks the service for these; it
never imports a game package.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FormSpec:
    """One table form of a game.

    Args:
        key: the form's name as the console asks for it (``combat``, ``losses`` ...).
        title: what the form resolves, in table words.
        setup: the choices the form offers now (plain data), or an `IllegalOrderError` saying why
            the form does not belong to this moment of the game.
        hint: what the form shows before the dice are in (odds, the rolls needed), from the
            fields typed so far.
    """

    key: str
    title: str
    setup: Callable[[Any], dict[str, Any]]
    hint: Callable[[Any, dict[str, Any]], str] | None = None
