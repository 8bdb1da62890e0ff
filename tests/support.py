"""Helpers shared by the tests (importable because pytest puts tests/ on the path)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any


class TickingClock:
    """A deterministic clock: one second later at every reading."""

    def __init__(self) -> None:
        self.now = datetime(1941, 6, 22, 3, 15, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def state_json(capsys: Any, path: str, at: int | None = None) -> dict[str, Any]:
    """`turnledger state PATH --json [--at N]`, run in-process, as a dict."""
    from tui.cli import main

    capsys.readouterr()
    assert main(["state", path, "--json"] + (["--at", str(at)] if at else [])) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]
