"""Keeping a large campaign's loaded record out of the garbage collector's way.

Once the log rows of a long campaign are read (hundreds of thousands of dicts that live as long
as the console), CPython's full collections walk them again and again: on the 100,000-entry
bench campaign each took 100-130 ms and landed on a random key press (bench/console_keys.py,
issue 12). Freezing what is loaded moves it out of the collector's generations
(`gc.freeze`), and a larger first generation makes collections rarer while the console makes
its short-lived drawing objects.
"""

from __future__ import annotations

import gc

LARGE = 10_000
"""Entries from which a campaign's loaded record is frozen (small ones gain nothing)."""
FIRST_GENERATION = 50_000
"""Allocations between young collections (CPython's default is 700)."""


def settle_loaded_record(entries: int) -> bool:
    """After a campaign of ``entries`` entries is loaded: freeze what is alive now; whether it did."""
    if entries < LARGE:
        return False
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(FIRST_GENERATION, middle, old)
    return True
