"""A large synthetic campaign, fast: sealed entries written as a JSONL export, or straight into a store.

Used by bench/console.py and the console's 100,000-entry test. The entries are real (a valid
chain of credits, debits, rolls and notes on a Barbarossa campaign), only not decided one by
one through the referee service, which would take a minute per 100,000.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from uuid import UUID

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from ledger.canonical import GENESIS_HASH, canonical_text
from ledger.entry import Draft, seal
from ledger.exchange import FORMAT, FORMAT_VERSION
from ledger.store import LedgerStore
from referee.common import events as ev
from referee.europa.logistics import events as lg
from referee.service import opening_events, starting_state

CAMPAIGN_ID = "6f1c2f52-2b0e-4c1e-9d7a-6f3b0c1d2e3f"


def sealed_entries(entries: int, seed: int = 1941) -> Iterator[tuple[dict[str, Any], str]]:
    """``entries`` sealed entries of the synthetic campaign, each with its canonical text."""
    rng = random.Random(seed)
    state, _loaded = starting_state("revised-europa/barbarossa", campaign_id=CAMPAIGN_ID, name="synthetic")
    stock = {"Axis": 100, "Soviet": 75}
    clock = datetime(1941, 6, 22, 3, 0, tzinfo=UTC)
    prev = GENESIS_HASH
    for number in range(1, entries + 1):
        clock += timedelta(seconds=1)
        side = rng.choice(["Axis", "Soviet"])
        rolls: list[dict[str, object]] = []
        if number == 1:
            command, events = {"kind": "CreateCampaign"}, [ev.dump_event(event) for event in opening_events(state)]
        elif number % 3 == 0:
            faces = [rng.randint(1, 6), rng.randint(1, 6)]
            command, events = {"kind": "RecordRoll"}, []
            rolls = [
                {
                    "purpose": f"combat {number}",
                    "dice": "2D6",
                    "faces": faces,
                    "total": sum(faces),
                    "method": "physical",
                    "rolled_by": side,
                    "witnesses": [],
                }
            ]
        elif number % 7 == 0:
            command, events = (
                {"kind": "Annotate"},
                [ev.dump_event(ev.EntryAnnotated(target=number - 1, text="checked", disputed=number % 70 == 0))],
            )
        elif stock[side] > 20 and rng.random() < 0.5:
            stock[side] -= 5
            command, events = (
                {"kind": "DebitSupplyPoints"},
                [ev.dump_event(lg.SupplyDebited(side=side, amount=5, reason="attack"))],
            )
        else:
            stock[side] += 5
            command, events = (
                {"kind": "CreditSupplyPoints"},
                [ev.dump_event(lg.SupplyCredited(side=side, amount=5, reason="income"))],
            )
        label = "Jun II 1941" if number > 1 else "Surprise turn 1941"
        entry = seal(
            Draft(
                actor="referee",
                command=command,
                rolls=rolls,
                ruling={"summary": command["kind"], "steps": []},
                events=events,
            ),
            number=number,
            recorded_at=clock.isoformat(),
            at=label,
            prev_hash=prev,
        )
        prev = entry["hash"]
        yield entry, canonical_text(entry)


def write_export(path: Path, entries: int, seed: int = 1941) -> None:
    """Write a valid export of ``entries`` entries to ``path``."""
    lines = [text for _entry, text in sealed_entries(entries, seed)]
    prev = json.loads(lines[-1])["hash"]
    header = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "campaign_id": CAMPAIGN_ID,
        "name": "synthetic",
        "entries": entries,
        "head_hash": prev,
    }
    path.write_text(canonical_text(header) + "\n" + "\n".join(lines) + "\n", encoding="utf-8")


def build_store(folder: Path, entries: int, batch: int = 1000) -> str:
    """A campaign store of ``entries`` entries in ``folder``; returns its path. The sealed entries
    go straight into the store, a batch a transaction, as an import writes them (without the
    export file an import would read and check first)."""
    path = folder / "synthetic.db"
    store = LedgerStore(str(path), create=True)
    pending: list[tuple[dict[str, Any], str]] = []
    for sealed in sealed_entries(entries):
        pending.append(sealed)
        if len(pending) == batch:
            store.append_sealed([e for e, _t in pending], campaign_id=UUID(CAMPAIGN_ID), texts=[t for _e, t in pending])
            pending = []
    store.append_sealed([e for e, _t in pending], campaign_id=UUID(CAMPAIGN_ID), texts=[t for _e, t in pending])
    store.vouch_file_when_closed()
    store.close()
    return str(path)
