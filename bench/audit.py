"""Audit benchmark (docs/PERFORMANCE.md): `turnledger audit` against one `verify` of the same
campaign, in the same run.

The audit verifies the chain itself, then decides every entry's command again against the state
before it and compares, and checks the dice; issue 13 asks that it take at most three times one
verify (``audit_vs_verify``). The campaign is bench/ledger.py's (about 1,000 units registered at
100,000 entries), built here or given with ``--campaign`` (copied and verified first: a copy is not
trusted on this machine until it is).

Run: ``.venv/bin/python bench/audit.py [--entries N] [--campaign FILE]``. The last line holds the
figures as ``name=value`` pairs.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse
import shutil
import time

from bench.common import report, scratch_folder, sibling
from referee.audit.report import audit
from referee.service import RefereeService

TARGETS = {"audit_vs_verify": ("<=", 3.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000, help="entries of the campaign built")
    parser.add_argument("--campaign", help="a campaign built before by bench/ledger.py, instead of building one")
    args = parser.parse_args(argv)
    with scratch_folder("turnledger-audit-") as folder:
        path = str(folder / "campaign.db")
        if args.campaign:
            shutil.copyfile(args.campaign, path)
            RefereeService.open(path).close()
        else:
            sibling("ledger").build(path, args.entries, 1941)
        service = RefereeService.open(path)
        started = time.perf_counter()
        verified = service.verify()
        verify_s = time.perf_counter() - started
        started = time.perf_counter()
        audited = audit(service)
        audit_s = time.perf_counter() - started
        service.close()
        assert verified.ok and audited.ok, (verified.problems, audited.differences[:3])
        figures = {
            "entries": audited.entries,
            "readjudicated": audited.readjudicated,
            "verify_s": verify_s,
            "audit_s": audit_s,
            "audit_vs_verify": audit_s / verify_s,
        }
        report(figures, TARGETS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
