"""What the command-line tests share: a wide, colourless console, so that assertions do not
depend on wrapping or colour codes."""

from __future__ import annotations

import pytest
from rich.console import Console

from tui import cli_output


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_output, "out", Console(width=250, no_color=True, highlight=False))
    monkeypatch.setattr(cli_output, "err", Console(width=250, no_color=True, highlight=False, stderr=True))
