"""Reading a file a person named, within bounds: never more than a file of its kind can hold.

`turnledger apply g.db /dev/zero` and `charts check /dev/zero` read until the machine ran out
of memory (24 GB, issue 26): a reader trusted the file to end. Here every file named by a user
is opened without waiting (opening a FIFO that has no writer would block), must be a regular
file (a device, a FIFO or a socket may never end, and is never where a referee keeps commands
or charts), and is read no further than the limit of its kind. Each refusal names the file,
the line where there is one, and the limit.

The limits are generous: the largest real files are far below them.
"""

from __future__ import annotations

import itertools
import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

from ledger.errors import LedgerError

MIB = 1024 * 1024

COMMAND_FILE_LIMIT = 64 * MIB
"""A file of commands (`apply`): a whole campaign's commands are a few MiB."""

DATA_FILE_LIMIT = 16 * MIB
"""A chart, scenario or ruleset (TOML): the bundled ones are a few KiB each."""

LINE_LIMIT = 1 * MIB
"""A line of a line-based file: a command is far shorter (`referee.files.batch` refuses one over 64 KiB)."""

SHOWN_PATH = 120
"""Characters of a path shown in a refusal; a longer one is cut in the middle."""

_CHUNK = 1 * MIB

Where = str | os.PathLike[str]


class InputFileError(LedgerError):
    """A named file cannot be read, is not a regular file, or is larger than its kind may be.
    The message is the file (and line) then ``reason``, which a caller that puts the file first
    its own way may show alone."""

    def __init__(self, path: Where, reason: str, *, line: int | None = None) -> None:
        where = shown_path(path) + (f", line {line}" if line is not None else "")
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.line = line


def shown_path(path: Where) -> str:
    """A path as a refusal shows it: control characters escaped, a very long one cut in the middle."""
    text = "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii") for char in os.fspath(path)
    )
    if len(text) > SHOWN_PATH:
        text = f"{text[: SHOWN_PATH // 2]}…{text[-SHOWN_PATH // 2 :]}"
    return text


def read_bounded_bytes(path: Where, *, max_bytes: int, what: str) -> bytes:
    """The bytes of the regular file ``path``; refused (`InputFileError`) when it cannot be
    opened or read, is not a regular file, or holds more than ``max_bytes``. ``what`` names its
    kind ("command file", "chart file") in the refusal."""
    chunks: list[bytes] = []
    left = max_bytes + 1
    with _opened(path, what) as handle:
        while left > 0:  # in chunks: memory grows with what the file holds, not with the limit
            chunk = _read(path, what, handle.read, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    if left <= 0:
        raise _too_large(path, what, max_bytes)
    return b"".join(chunks)


def read_bounded_text(path: Where, *, max_bytes: int, what: str) -> str:
    """`read_bounded_bytes` decoded as UTF-8 (a byte-order mark some editors write is skipped);
    text that is not UTF-8 is refused naming the line and the byte."""
    data = read_bounded_bytes(path, max_bytes=max_bytes, what=what).removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputFileError(path, f"the {what} is not UTF-8 text (byte {error.start + 1})", line=line) from None


def bounded_lines(
    path: Where, *, max_line: int = LINE_LIMIT, max_bytes: int | None = None, what: str
) -> Iterator[tuple[int, bytes]]:
    """(number, line without its ``\\n``) for each line of the regular file ``path``, read as
    they come, never the whole file at once. A line longer than ``max_line`` bytes, or a file
    longer than ``max_bytes`` (None: no limit on the whole), is refused naming the line and the
    limit; a byte-order mark before the first line is skipped."""
    with _opened(path, what) as handle:
        total = 0
        for number in itertools.count(1):
            line = _read(path, what, handle.readline, max_line + 6)  # with a BOM, "\r\n" and a byte more
            if not line:
                return
            total += len(line)
            if max_bytes is not None and total > max_bytes:
                raise _too_large(path, what, max_bytes)
            body = line.removesuffix(b"\n")
            if number == 1:
                body = body.removeprefix(b"\xef\xbb\xbf")
            if len(body.removesuffix(b"\r")) > max_line:
                raise InputFileError(
                    path, f"longer than {_size(max_line)}, the most a line of a {what} may hold", line=number
                )
            yield number, body


@contextmanager
def _opened(path: Where, what: str) -> Iterator[BinaryIO]:
    """``path`` opened for reading without blocking on a FIFO, refused unless a regular file."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        raise InputFileError(path, f"{what} cannot be read ({error.strerror})") from None
    except ValueError:  # a NUL in the path, or a character the file system cannot name
        raise InputFileError(path, "no file can have this name (it holds a NUL or an unencodable character)") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise InputFileError(
                path, f"not a regular file but {_kind(mode)}; a {what} is read only from a regular file"
            )
        os.set_blocking(descriptor, True)
        handle = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with handle:
        yield handle


def _read(path: Where, what: str, read: Callable[[int], bytes], size: int) -> bytes:
    """``read(size)``, refusing an I/O failure by name (``/proc/self/mem`` gives EIO)."""
    try:
        return read(size)
    except OSError as error:
        raise InputFileError(path, f"{what} cannot be read ({error.strerror})") from None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO), which may never end"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, which may never end"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def _too_large(path: Where, what: str, limit: int) -> InputFileError:
    return InputFileError(path, f"larger than {_size(limit)}, the most a {what} may hold")


def _size(count: int) -> str:
    return f"{count // MIB} MiB" if count % MIB == 0 else f"{count:,} bytes"
