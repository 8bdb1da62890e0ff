"""What the command-line tests share: a wide, colourless console, so that assertions do not
depend on wrapping or colour codes."""

from __future__ import annotations

import pytest
from rich.console import Console
from textual import _wait

from tui import cli_output


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_output, "out", Console(width=250, no_color=True, highlight=False))
    monkeypatch.setattr(cli_output, "err", Console(width=250, no_color=True, highlight=False, stderr=True))


# Pilot waits for the app to go idle after each key press and pause: it sleeps in slices of 20 ms
# (textual._wait) and calls the app idle when a slice cost less than 1 ms of CPU, so every key a
# test presses cost at least 40 ms of sleep (the Third Reich turn by keyboard: 18 s of wall clock
# for 7 s of CPU). Slices of 4 ms with the same ratio judge idleness the same way, five times as often.
_wait.SLEEP_GRANULARITY = 0.004
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20
