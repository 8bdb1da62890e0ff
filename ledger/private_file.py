"""Files only their owner may read (a campaign's trust file, dice seeds): written 0600 from the
first byte and replaced atomically; refused when others can read them, as ssh refuses a key.

A temporary file created with default permissions and chmod-ed afterwards can be read by
another user in between; here the temporary file is created with mode 0600 (O_EXCL, a unique
name in the same folder), synced, then renamed over the old one, so a reader sees the old file
or the new one, never half of one.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ledger.errors import PrivateFileError


def read_private(path: Path) -> str | None:
    """The file's text, or None when it does not exist.

    Raises:
        PrivateFileError: group or others may read or write it (on systems with POSIX modes).
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None
    if os.name == "posix" and mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise PrivateFileError(
            f"{path} can be read by other users (mode {stat.S_IMODE(mode):04o}); it holds secrets, so it is "
            f"not used: make it private (chmod 600 {path}) if nobody else has read it, or start afresh"
        )
    return path.read_text(encoding="utf-8")


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only, replacing any old file atomically."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:  # mkstemp creates the file O_EXCL with mode 0600 before a byte is written
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
