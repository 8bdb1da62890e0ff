"""The files the command line writes for the referee, through the one helper that may write them
(ledger/output_file.py: refused by name when they would replace a campaign, a secrets, trust or
bookmarks file or a file of another kind; written beside the target and renamed into place).

The console talks to the referee, never to the ledger (import-linter), so it reaches the helper
here; this module adds what the ledger cannot know alone: the JSONL export's kind (its header)
and the read model written with the game's figures.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ledger.exchange import FORMAT
from ledger.output_file import Output, OutputFileError, check_output, check_store_target
from ledger.output_kinds import OutputKind, first_line_kind, json_kind, text_kind
from ledger.readmodel import build_read_model, check_read_model_target
from referee.files.read_model import read_model_hooks
from referee.service import RefereeService

__all__ = [
    "JSONL_EXPORT",
    "Output",
    "OutputFileError",
    "OutputKind",
    "check_output",
    "check_read_model",
    "check_store_target",
    "json_kind",
    "text_kind",
    "write_read_model",
]


JSONL_EXPORT = first_line_kind(
    "a JSONL export", lambda header: isinstance(header, dict) and header.get("format") == FORMAT
)
"""`export --jsonl`: line 1 is the export's header, ``"format": "turnledger-jsonl"``."""


def check_read_model(path: str, *, campaign: str) -> list[Path]:
    """Refuse, before anything is written, a ``--sqlite`` target that is not a read model (or
    whose metadata file would replace another kind of file; ledger/readmodel.py). Returns the two
    files it would write (the database, its metadata), absolute."""
    return [output.path for output in check_read_model_target(path, campaign=campaign)]


def write_read_model(
    service: RefereeService, path: str, *, force: bool, progress: Callable[[int, int], None] | None = None
) -> int:
    """The read model of the campaign with its game's figures (ledger/readmodel.py); ``force``
    replaces a read model of another campaign or history."""
    return build_read_model(service.store, path, hooks=read_model_hooks(service.game), progress=progress, force=force)
