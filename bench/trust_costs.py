"""What issue 26's defences cost: import, the first open after it, verify, and reading the whole chain.

Run from the project root, at any two commits, on the same export (any `turnledger export`):
``.venv/bin/python bench/trust_costs.py EXPORT.jsonl``. Three times, into fresh folders (a machine
that never saw the campaign): import the export, open the copy, verify it, then open a copy of that
file (its whole chain is read); prints the medians. docs/PERFORMANCE.md "Issue 26: what the
defences cost" gives the figures.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.getcwd())

import referee.games  # noqa: F401 - registers the games the folds read
from ledger.exchange import import_jsonl
from ledger.store import LedgerStore
from ledger.verify import verify


def main(export: str) -> None:
    imported, opened, verified, scanned = [], [], [], []
    for _ in range(3):
        folder = tempfile.mkdtemp()
        os.environ["TURNLEDGER_TRUST_DIR"] = os.path.join(folder, "trust")
        start = time.perf_counter()
        import_jsonl(export, os.path.join(folder, "copy.db")).close()
        imported.append(time.perf_counter() - start)
        start = time.perf_counter()
        store = LedgerStore(os.path.join(folder, "copy.db"))
        opened.append(time.perf_counter() - start)
        start = time.perf_counter()
        report = verify(store)
        verified.append(time.perf_counter() - start)
        store.close()
        assert report.ok, report.problems[:2]
        copy = os.path.join(folder, "elsewhere.db")  # a copy this machine never saw: its whole chain is read
        shutil.copyfile(os.path.join(folder, "copy.db"), copy)
        start = time.perf_counter()
        LedgerStore(copy).close()
        scanned.append(time.perf_counter() - start)
    print(
        f"import {statistics.median(imported):.2f} s, first open after it {statistics.median(opened):.3f} s, "
        f"verify {statistics.median(verified):.2f} s, open of a copy never seen here (the whole chain read) "
        f"{statistics.median(scanned):.3f} s"
    )


if __name__ == "__main__":
    main(sys.argv[1])
