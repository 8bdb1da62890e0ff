"""Pieces the hand-made table forms share: reading dice and names, live preview, recording."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.errors import InvalidInputError

Preview = Callable[[dict[str, Any]], str]


def words(text: str) -> list[str]:
    """'Anna, Boris' → ['Anna', 'Boris']."""
    return [word.strip() for word in text.replace(",", " ").split() if word.strip()]


def faces_of(text: str, key: str = "faces") -> dict[str, Any]:
    """'3 5' → {'faces': [3, 5]}; nothing typed → {} (the referee checks the faces, not the form)."""
    faces = words(text)
    if not faces:
        return {}
    return {key: [int(face) if face.isdigit() and len(face) < 3 else face for face in faces]}


def live_text(form: Any, ready: Callable[[dict[str, Any]], bool]) -> str | None:
    """What the calculation panel shows now: the full ruling with dice, the assessment without."""
    try:
        data = form.command()
        if not ready(data):
            return None
        return str(form.preview(data) if "faces" in data else form.assess(data))
    except Exception as error:  # noqa: BLE001 - shown in place while the referee is still typing
        return f"[b]would be refused:[/b] {error}"


def record_checked(form: Any, dice: str) -> None:
    """Record: the faces must be in and the command must pass the referee, else the error dialog."""
    try:
        data = form.command()
        if "faces" not in data:
            raise InvalidInputError(f"throw {dice} at the table and type the faces before recording")
        form.preview(data)
    except Exception as error:  # noqa: BLE001 - the console's funnel shows every refusal once
        form.app.show_error(error)
        return
    form.dismiss(data)
