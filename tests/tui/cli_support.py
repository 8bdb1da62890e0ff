"""Running the `turnledger` command line in-process, as a script would."""

from __future__ import annotations

import pytest

from tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The exit code and everything printed (standard output, then standard error)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out + captured.err
