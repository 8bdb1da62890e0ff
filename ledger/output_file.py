"""Every file a command writes at a path the user names: checked before a byte is written,
written beside its target and renamed into place whole.

Why: one wrong argument destroyed a campaign. `audit g.db --markdown g.db` replaced the campaign
with a Markdown page, `export g.db --jsonl g.db` truncated it, and `--jsonl g.db.dice-secrets.json`
overwrote the seeds of rolls not yet revealed. So an output is refused, by name and with nothing
written, when (checked in this order by `check_output`):

1. its name is one turnledger keeps for a campaign, whether or not the file exists (a file put
   there would later be read as seeds, bookmarks or a key): a side file beside a campaign
   (``*.dice-secrets.json``, ``*.bookmarks.json``, ``*.log-index.sqlite``: referee/dice/secret_keeper.py,
   referee/files/bookmarks.py, referee/common/log_index.py),
   a file kept by campaign id (``<campaign id>.json``, ``<campaign id>-<place>.json``), or anything
   in this user's trust folder (ledger/trust.py) or in ``~/.turnledger``;
2. it is the campaign itself (by any path to the same file);
3. its folder does not exist;
4. it exists and is not a regular file, or is a campaign store (an SQLite file with the library's
   ``stored_events``/``stored_snapshots``: ledger/foreign.py), even with ``--force``;
5. it exists, is not empty and is not what the command writes (even with ``--force``), or is what
   the command writes and ``--force`` was not given ("add --force to replace it").

Each kind of output is recognised by what its writer puts first, never by the file's name
(ledger/output_kinds.py lists them). A new campaign store (`new`, `branch --to`, `run` and `tui`
creating one, `import`) takes no ``--force``, ever: `check_store_target` applies rules 1 to 4 and
ledger/foreign.py's `check_new_file` (an empty file, or the empty tables a killed `new` left, may
hold a new campaign).

An empty file holds nothing to lose and is replaced without ``--force``.

Writing (`Output.replacing`, `Output.text`): a temporary file with a hidden name is created
beside the target (``O_EXCL``, the user's usual mode), filled, flushed and synced; the target is
checked again (a file may have appeared meanwhile), then the temporary file is renamed over it
with `os.replace`. On any error the temporary file is removed: a crash or a refusal leaves the
old file, or no file, never half of one. A write that fails (a full disk, a folder such as
/proc that takes no files) is a refusal naming the file, not an internal error.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import sqlite3
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ledger.errors import LedgerError, StoreExistsError
from ledger.foreign import check_new_file
from ledger.location import is_memory, is_postgres
from ledger.output_kinds import OutputKind, describe, holds_campaign, sqlite_tables
from ledger.receipt_log import receipts_dir
from ledger.trust import trust_dir


class OutputFileError(LedgerError):
    """An output cannot be written where it was asked (the message names the file and why);
    nothing was written."""


class OutputInTheWayError(OutputFileError, StoreExistsError):
    """An existing file stands where the output would go and the command may not replace it."""


SECRETS_SUFFIX = ".dice-secrets.json"
"""What a campaign file's dice secrets file adds to its name (referee/dice/secret_keeper.py)."""
BOOKMARKS_SUFFIX = ".bookmarks.json"
"""What a campaign file's bookmarks file adds to its name (referee/files/bookmarks.py)."""
LOG_INDEX_SUFFIX = ".log-index.sqlite"
"""What a campaign file's log index adds to its name (referee/common/log_index.py)."""
SIDE_FILES = {
    SECRETS_SUFFIX: "the name of a campaign's dice secrets file (the seeds of rolls not yet revealed)",
    BOOKMARKS_SUFFIX: "the name of a campaign's bookmarks file",
    LOG_INDEX_SUFFIX: "the name of a campaign's log index (the console's log filter)",
}
"""Names of the files kept beside a campaign file (referee/files/side_files.py `side_path`)."""

KEPT_BY_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-[0-9a-f]{16})?\.json")
"""``<campaign id>.json`` (a PostgreSQL campaign's dice secrets or bookmarks) and
``<campaign id>-<place>.json`` (a trust file)."""


@dataclass(frozen=True)
class Output:
    """A checked output: write it with `replacing` or `text` (each checks it again before the
    rename). ``path`` is absolute; ``name`` is the path as the user gave it, for messages."""

    path: Path
    name: str
    kind: OutputKind
    force: bool
    campaign: str | None

    def check(self) -> None:
        """Raise `OutputFileError` (`OutputInTheWayError` for a file in the way) unless it may be written."""
        refuse = _refusal(self.name, f"cannot write {self.kind.what} to")
        _check_place(self.path, self.campaign, refuse)
        found = _existing(self.path, refuse)
        if found is None or found.st_size == 0:
            return
        if holds_campaign(self.path):
            raise OutputInTheWayError(refuse("it is a turnledger campaign; a campaign is never replaced"))
        if not self.kind.recognise(self.path):
            raise OutputInTheWayError(refuse(f"it is {describe(self.path)}, not {self.kind.what}; choose another file"))
        if not self.force:
            raise OutputInTheWayError(refuse(f"it is {self.kind.what} already; add --force to replace it"))

    @contextmanager
    def replacing(self, *, from_old: bool = False) -> Iterator[Path]:
        """A temporary file beside the target (empty, or a copy of the old target with
        ``from_old``) to fill; renamed over the target, synced, when the block ends cleanly."""
        temporary = _new_temporary(self)
        try:
            if from_old:
                shutil.copyfile(self.path, temporary)
            yield temporary
            _sync(temporary)
            self.check()
            os.replace(temporary, self.path)
        except BaseException as error:
            for leftover in (temporary, *(Path(f"{temporary}{tail}") for tail in ("-journal", "-wal", "-shm"))):
                with contextlib.suppress(OSError):
                    leftover.unlink()
            if isinstance(error, OSError | sqlite3.Error):
                raise OutputFileError(
                    f"could not write {self.kind.what} to {self.name} ({_reason(error)}); nothing was written"
                    + (" and the old file is kept" if self.path.exists() else "")
                ) from None
            raise
        _sync_folder(self.path.parent)

    @contextmanager
    def text(self) -> Iterator[IO[str]]:
        """A text handle on a temporary file beside the target, renamed into place when done."""
        with self.replacing() as temporary, open(temporary, "w", encoding="utf-8") as handle:
            yield handle

    def write_text(self, text: str) -> None:
        with self.text() as handle:
            handle.write(text)


def check_output(path: str | Path, kind: OutputKind, *, force: bool = False, campaign: str | None = None) -> Output:
    """The output ``path`` of ``kind``, checked (see the module's rules); ``campaign`` is the
    location of the campaign the command reads, refused as a target.

    Raises:
        OutputFileError: the target may not be written; the message names it and says why.
    """
    output = Output(Path(os.path.abspath(path)), str(path), kind, force, campaign)
    output.check()
    return output


def check_store_target(location: str, *, campaign: str | None = None, resume: bool = False) -> None:
    """Refuse, untouched, a location where a new campaign store may not be made: a name kept for
    a campaign's side files, the campaign ``campaign`` itself, a missing folder, something that is
    not a regular file, or an existing file that holds anything (ledger/foreign.py). With
    ``resume`` (an import resuming), an existing campaign store is let through for the caller to
    check it is the same campaign. PostgreSQL and in-memory locations have nothing to check here.

    Raises:
        OutputFileError / StoreExistsError: the message names the file and says why.
    """
    if is_postgres(location) or is_memory(location):
        return
    path = Path(os.path.abspath(location))
    refuse = _refusal(location, "cannot create a campaign at")
    _check_place(path, campaign, refuse)
    found = _existing(path, refuse)
    if found is None or found.st_size == 0:
        return
    if resume and holds_campaign(path):
        return
    if sqlite_tables(path) is None:
        raise OutputInTheWayError(refuse(f"it is {describe(path)}; a campaign is created only in a new file"))
    check_new_file(Path(location))


# -- the checks ------------------------------------------------------------------------------


def _refusal(name: str, doing: str) -> Callable[[str], str]:
    return lambda why: f"{doing} {name}: {why}; nothing was written"


def _check_place(path: Path, campaign: str | None, refuse: Callable[[str], str]) -> None:
    """Rules 1 to 3: names kept for a campaign's files, the campaign itself, the folder."""
    if "\x00" in str(path):
        raise OutputFileError(refuse("no file can have this name (it holds a NUL character)"))
    try:
        os.fsencode(path)
    except UnicodeError:
        raise OutputFileError(refuse("no file can have this name (it holds a character no file name can)")) from None
    for name in {path, Path(os.path.realpath(path))}:
        reason = _kept_name(name)
        if reason:
            raise OutputFileError(refuse(f"that is {reason}; choose another file"))
    if campaign and not is_postgres(campaign) and not is_memory(campaign) and _same_file(path, Path(campaign)):
        raise OutputInTheWayError(refuse("it is the campaign itself; choose another file"))
    folder = path.parent
    try:
        found = folder.stat()
    except OSError as error:
        if isinstance(error, FileNotFoundError | NotADirectoryError):
            raise OutputFileError(refuse(f"the folder {folder} does not exist")) from None
        raise OutputFileError(refuse(f"its folder cannot be used ({_reason(error)})")) from None
    if not stat.S_ISDIR(found.st_mode):
        raise OutputFileError(refuse(f"{folder} is not a folder"))


def _kept_name(path: Path) -> str | None:
    name = path.name
    for suffix, reason in SIDE_FILES.items():
        if name.endswith(suffix):
            return reason
    if KEPT_BY_ID.fullmatch(name):
        return "the name of a file turnledger keeps for a campaign (trust, dice secrets or bookmarks)"
    for folder in _private_folders():
        if path.is_relative_to(folder):
            return f"in {folder}, where turnledger keeps this user's private files"
    return None


def _private_folders() -> list[Path]:
    folders = [Path(os.path.realpath(trust_dir())), Path(os.path.realpath(receipts_dir()))]
    with contextlib.suppress(RuntimeError):
        folders.append(Path(os.path.realpath(Path.home() / ".turnledger")))
    return folders


def _same_file(path: Path, campaign: Path) -> bool:
    if Path(os.path.abspath(campaign)) == path:
        return True
    try:
        return os.path.samefile(path, campaign)
    except OSError:
        return False


def _existing(path: Path, refuse: Callable[[str], str]) -> os.stat_result | None:
    """The target's status (None: it does not exist), refusing what is not a regular file."""
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise OutputFileError(refuse(f"it cannot be looked at ({_reason(error)})")) from None
    if stat.S_ISDIR(found.st_mode):
        raise OutputInTheWayError(refuse("it is a folder"))
    if not stat.S_ISREG(found.st_mode):
        raise OutputInTheWayError(refuse("it is not a regular file (a device, pipe or socket)"))
    return found


# -- writing ---------------------------------------------------------------------------------


def _new_temporary(output: Output) -> Path:
    """A new, empty, hidden file beside the target, created exclusively with the usual mode."""
    path, name = output.path, output.name
    for _attempt in range(100):
        candidate = path.with_name(f".{path.name[:120]}.{secrets.token_hex(4)}.tmp")
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        except OSError as error:
            raise OutputFileError(
                f"cannot write {output.kind.what} to {name}: the folder {path.parent} takes no new file "
                f"({_reason(error)}); nothing was written"
            ) from None
        return candidate
    raise OutputFileError(f"cannot write {output.kind.what} to {name}: no free temporary name beside it")


def _sync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows syncing a folder)."""
    with contextlib.suppress(OSError):
        _sync(folder)


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__
