"""A QR code of a head receipt, drawn as terminal text (issue 27).

The code holds the whole head, not the ten-character receipt: a phone that scans it keeps the
campaign id, the entry's number and its full hash (docs/verifying.md "Receipts"). The text is
upper case so that QR's alphanumeric mode holds it: version 5 (37 modules a side) instead of
version 7 in byte mode, small enough for a terminal of 24 lines.

Each character is two modules, one above the other (Unicode half blocks), so the square code is
as high as it is wide on screen; four light modules of quiet zone surround it, as QR asks.
Dark modules are the block characters: printed without colour on a dark terminal the code is
drawn light on dark, which most phone cameras read too; with colour it is black on white.
"""

from __future__ import annotations

import segno
from rich.text import Text

PAYLOAD_FORM = "TURNLEDGER:{campaign}:{number}:{hash}"
"""The text a head receipt's QR code holds, all upper case (the hash in upper-case hex)."""
ERROR_LEVEL = "m"
"""QR error correction M: about 15% of the modules may be misread or hidden and the code still reads."""
QUIET_ZONE = 4
"""Light modules around the code (the QR standard's quiet zone)."""
HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""(top dark, bottom dark) -> the character drawing those two modules."""
STYLE = "#000000 on #ffffff"
"""Dark modules black on white, whatever the terminal's colours (a code drawn light on dark is
read by fewer scanners)."""


def head_payload(campaign_id: str, number: int, entry_hash: str) -> str:
    """What a head receipt's QR code holds: ``TURNLEDGER:<CAMPAIGN ID>:<NUMBER>:<HASH>``, upper case."""
    return PAYLOAD_FORM.format(campaign=campaign_id, number=number, hash=entry_hash).upper()


def qr_matrix(payload: str) -> list[list[bool]]:
    """The modules of the QR code of ``payload``, row by row, True for dark, without quiet zone."""
    code = segno.make_qr(payload, error=ERROR_LEVEL)
    return [[bool(module) for module in row] for row in code.matrix]


def qr_lines(payload: str, *, quiet: int = QUIET_ZONE) -> list[str]:
    """The QR code of ``payload`` as lines of half blocks, ``quiet`` light modules around it: a
    code of n modules a side is n + 2·quiet characters wide and (n + 2·quiet + 1) // 2 lines high
    (an odd last row drawn over one more light row)."""
    matrix = qr_matrix(payload)
    width = len(matrix) + 2 * quiet
    light = [False] * width
    rows = [light] * quiet + [light[:quiet] + row + light[:quiet] for row in matrix] + [light] * quiet
    if len(rows) % 2:
        rows.append(light)
    return [
        "".join(HALF_BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]


def qr_text(payload: str) -> Text:
    """The QR code of ``payload`` as Rich text, black on white."""
    return Text("\n".join(qr_lines(payload)), style=STYLE, no_wrap=True, overflow="crop")
