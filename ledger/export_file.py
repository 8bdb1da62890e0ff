"""The framing of an export file, before any line is read as an entry (ledger/entry_line.py, its
companion, says what a valid line is; docs/verifying.md specifies both byte for byte).

A regular file of at most `MAX_FILE_BYTES` (a device or a FIFO may never end: ``/dev/zero``);
UTF-8; every line, the last included, ends with LF alone (no CR, no line without its end: a file
cut short mid-line is named); no blank line; no line longer than `entry_line.MAX_LINE_BYTES`. A
UTF-8 byte-order mark before the header is skipped (some editors write one, and the header is not
hashed); anywhere else it is a character that is not JSON.

Standard library and ledger/entry_line.py only: the standalone verifier carries a copy of both
(tests/test_three_readers.py checks it). Split from entry_line.py in issue 30 (one module, one
responsibility, under 400 lines); the line's limit stays there, read at each call.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from typing import BinaryIO

try:
    from ledger import entry_line
except ImportError:  # the standalone verifier's folder: its copy beside this one
    import entry_line  # type: ignore[no-redef,import-not-found]  # the sibling file: mypy sees the package one

MAX_FILE_BYTES = 64 * 1024 * 1024 * 1024
"""The largest export read: a million entries take about 0.7 GB (docs/PERFORMANCE.md)."""

SQLITE_MAGIC = b"SQLite format 3\x00"
BOM = b"\xef\xbb\xbf"


def open_export(path: str) -> BinaryIO:
    """``path`` opened for reading as bytes; refused unless a regular file of at most
    `MAX_FILE_BYTES` (a device or a FIFO may never end: ``/dev/zero``). Opened without blocking,
    since opening a FIFO that has no writer would wait for ever."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise entry_line.LineError(f"cannot be read ({error.strerror})", kind="file") from None
    except ValueError:  # a NUL in the path
        raise entry_line.LineError("no file can have this name (it holds a NUL character)", kind="file") from None
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode):
            what = "a folder" if stat.S_ISDIR(found.st_mode) else "a device, pipe or socket, which may never end"
            raise entry_line.LineError(
                f"not a regular file but {what}; an export is read only from a file", kind="file"
            )
        if found.st_size > MAX_FILE_BYTES:
            raise entry_line.LineError(_too_large(), kind="file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def raw_lines(handle: BinaryIO) -> Iterator[bytes]:
    """The file's lines as bytes, each with its line end, never more than a line's limit at a time."""
    total = 0
    while True:
        try:
            raw = handle.readline(entry_line.MAX_LINE_BYTES + 2)  # the line, "\r\n" ... one byte more than allowed
        except OSError as error:  # /proc/self/mem, a disk that fails: refused, not an internal error
            raise entry_line.LineError(f"cannot be read ({error.strerror})", kind="file") from None
        if not raw:
            return
        total += len(raw)
        if total > MAX_FILE_BYTES:
            raise entry_line.LineError(_too_large(), kind="file")
        yield raw


def framed_lines(lines: Iterable[bytes | str]) -> Iterator[tuple[int, str]]:
    """(number, text without its line end) for each line, numbered from 1, framing checked.

    Raises:
        LineError: an empty file, an SQLite file, a line that is too long, blank, not UTF-8, ends
            in CR LF or has no line end (the file may be cut short); it names the line.
    """
    number = 0
    for line in lines:
        number += 1
        raw = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
        if number == 1:
            if raw.startswith(SQLITE_MAGIC):
                raise entry_line.LineError(
                    "an SQLite database (a campaign file?), not a JSONL export: a campaign file is copied as it "
                    "is, and an export is made with 'turnledger export CAMPAIGN --jsonl FILE'",
                    kind="file",
                )
            raw = raw.removeprefix(BOM)
        body = raw.removesuffix(b"\n")
        if len(body) > entry_line.MAX_LINE_BYTES:
            raise entry_line.LineError(
                f"longer than {entry_line.MAX_LINE_BYTES:,} bytes, the most an export line may hold",
                kind="file",
                line=number,
            )
        if body == raw:
            raise entry_line.LineError(
                "does not end with a line end (LF): the file is cut short, or was saved without its last line end",
                kind="file",
                line=number,
            )
        if body.endswith(b"\r"):
            raise entry_line.LineError(
                "ends with CR LF: an export's lines end with LF alone (an editor or a transfer changed its line "
                "ends; export the campaign again)",
                kind="file",
                line=number,
            )
        if not body:
            raise entry_line.LineError("is blank: an export holds no blank line", kind="file", line=number)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as error:
            raise entry_line.LineError(
                f"not UTF-8 text (byte {error.start + 1} of the line is 0x{body[error.start]:02x})",
                kind="file",
                line=number,
            ) from None
        yield number, text
    if number == 0:
        raise entry_line.LineError("the file is empty: an export starts with its header line", kind="file")


def export_lines(handle: BinaryIO) -> Iterator[tuple[int, str]]:
    """`framed_lines` of an open export file."""
    return framed_lines(raw_lines(handle))


def _too_large() -> str:
    return f"larger than {MAX_FILE_BYTES // 1024**3} GiB, the most an export may hold"
