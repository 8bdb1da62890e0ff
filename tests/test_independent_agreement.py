"""An independent verifier written from docs/verifying.md alone (tests/independent/verifier.py)
agrees with `turnledger verify` and the standalone verifier on every golden export and on every
kind of tampered copy the tests make (issue 26): the page is complete enough to write one from.

Each tampering is made at the level of the entry texts, then written both as an export and into
a campaign store (the rows of a copy of the golden campaign, its cached states removed, since a
verifier ignores them and turnledger would rebuild them): `turnledger verify` (on a machine that
never saw the campaign), the standalone verifier and the independent one must give one verdict.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee.audit import verify_export as standalone
from tests.independent.verifier import verify_export as independent_export
from tests.independent.verifier import verify_store as independent_store
from tui.cli import main

EXPORTS = Path(__file__).resolve().parent / "data" / "exports"
GOLDEN = sorted(path.stem for path in EXPORTS.glob("*.jsonl"))
Texts = list[str]


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _quiet(argv: list[str]) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(argv)


@pytest.fixture(autouse=True)
def a_machine_that_never_saw_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chain alone is compared: no checkpoint of this machine's takes part."""
    monkeypatch.setenv("TURNLEDGER_TRUST_DIR", str(tmp_path / "trust"))


@pytest.fixture(scope="module")
def golden_stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("golden-stores")
    stores = {}
    for name in GOLDEN:
        stores[name] = folder / f"{name}.db"
        assert _quiet(["import", str(EXPORTS / f"{name}.jsonl"), str(stores[name])]) == 0
    return stores


def _verdicts(export: Path, store: Path, head: str | None = None) -> dict[str, bool]:
    flags = ["--head", head] if head else []
    lines = export.read_bytes().split(b"\n")
    _checked, problems = standalone.check_lines(line + b"\n" for line in lines if line)
    if head is not None:
        _checked, problems = standalone.check_lines((line + b"\n" for line in lines if line), head=head)
    return {
        "turnledger verify": _quiet(["verify", str(store), *flags]) == 0,
        "standalone verifier": not problems,
        "independent, export": independent_export(export, head=head).ok,
        "independent, store": independent_store(store, head=head).ok,
    }


def _written(texts: Texts, original: Path, folder: Path, golden: Path) -> tuple[Path, Path]:
    """``texts`` as an export (header redone from the last text) and as a copy of the golden store."""
    header = json.loads(original.read_text(encoding="utf-8").split("\n", 1)[0])
    with contextlib.suppress(ValueError, KeyError, TypeError):
        header.update(entries=len(texts), head_hash=json.loads(texts[-1])["hash"])
    export = folder / "tampered.jsonl"
    export.write_text("".join(line + "\n" for line in [_canonical(header), *texts]), encoding="utf-8")
    store = folder / "tampered.db"
    shutil.copyfile(golden, store)
    db = sqlite3.connect(store)
    with db:
        db.execute("delete from stored_snapshots")
        rows = dict(db.execute("select originator_version, state from stored_events").fetchall())
        db.execute("delete from stored_events where originator_version > ?", (len(texts),))
        for number, text in enumerate(texts, 1):
            row = json.loads(rows[number])
            row["entry_json"] = text
            with contextlib.suppress(ValueError, KeyError, TypeError):
                row["timestamp"]["_data_"] = json.loads(text)["recorded_at"]
            state = json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass")
            db.execute("update stored_events set state = ? where originator_version = ?", (state, number))
    db.close()
    return export, store


def _rehash(entries: list[dict[str, Any]], start: int = 0) -> Texts:
    """Entries renumbered from 1 and every hash from index ``start`` on redone, as a forger would."""
    prev = entries[start - 1]["hash"] if start else "0" * 64
    for number, entry in enumerate(entries, 1):
        if number - 1 < start:
            continue
        entry["number"], entry["prev_hash"] = number, prev
        content = {key: value for key, value in entry.items() if key != "hash"}
        entry["hash"] = prev = hashlib.sha256(prev.encode("ascii") + _canonical(content).encode()).hexdigest()
    return [_canonical(entry) for entry in entries]


def _entries(texts: Texts) -> list[dict[str, Any]]:
    return [json.loads(text) for text in texts]


def _middle(texts: Texts) -> int:
    return len(texts) // 2


def _edit_byte(texts: Texts) -> Texts:
    k = _middle(texts)
    return [*texts[:k], texts[k].replace('"actor":"', '"actor":"X', 1), *texts[k + 1 :]]


def _edit_and_rehash_one(texts: Texts) -> Texts:
    entries = _entries(texts)
    k = _middle(texts)
    entries[k]["actor"] = "someone else"
    content = {key: value for key, value in entries[k].items() if key != "hash"}
    entries[k]["hash"] = hashlib.sha256(entries[k]["prev_hash"].encode() + _canonical(content).encode()).hexdigest()
    return [_canonical(entry) for entry in entries]


def _delete_and_rehash(texts: Texts) -> Texts:
    entries = _entries(texts)
    del entries[_middle(texts) // 2]
    return _rehash(entries, _middle(texts) // 2)


def _swap(texts: Texts) -> Texts:
    k = _middle(texts)
    return [*texts[:k], texts[k + 1], texts[k], *texts[k + 2 :]]


def _spaced(texts: Texts) -> Texts:
    k = _middle(texts)
    return [*texts[:k], texts[k].replace(",", ", ", 1), *texts[k + 1 :]]


def _key_twice(texts: Texts) -> Texts:
    k = _middle(texts)
    return [*texts[:k], texts[k].replace('{"actor":', '{"actor":"x","actor":', 1), *texts[k + 1 :]]


def _extra_key_rehashed(texts: Texts) -> Texts:
    entries = _entries(texts)
    entries[_middle(texts)]["note"] = "added later"
    return _rehash(entries, _middle(texts))


def _forged_roll(texts: Texts) -> Texts:
    entries = _entries(texts)
    roll = {"method": "digital", "scheme": 2, "period": 999, "n": 1, "purpose": "weather", "dice": "2D6"}
    entries[_middle(texts)]["rolls"].append({**roll, "faces": [6, 6], "total": 12})
    return _rehash(entries, _middle(texts))


def _cut_short(texts: Texts) -> Texts:
    return texts[:-3]


TAMPERINGS: dict[str, Callable[[Texts], Texts]] = {
    "a byte edited": _edit_byte,
    "an entry edited and its own hash redone": _edit_and_rehash_one,
    "an entry deleted and the chain rehashed": _delete_and_rehash,
    "two entries swapped": _swap,
    "a line spaced": _spaced,
    "a key given twice": _key_twice,
    "a key added and the chain rehashed": _extra_key_rehashed,
    "a roll forged in a period never committed": _forged_roll,
    "the record cut short": _cut_short,
}


@pytest.mark.parametrize("name", GOLDEN)
def test_every_golden_export_verifies_with_all_three(name: str, golden_stores: dict[str, Path]) -> None:
    verdicts = _verdicts(EXPORTS / f"{name}.jsonl", golden_stores[name])
    assert all(verdicts.values()), verdicts


DICE_TAMPERINGS = ("an entry deleted and the chain rehashed", "a roll forged in a period never committed")
"""Made on both dice schemes' campaigns; the others on the scheme-2 one alone (the suite's time)."""


@pytest.mark.parametrize(
    ("golden", "tampering"),
    [("reich-1941-0.3.0", name) for name in TAMPERINGS]
    + [("europa-barbarossa-0.1.0", name) for name in DICE_TAMPERINGS],
)
def test_every_tampered_copy_gets_one_verdict(
    golden: str, tampering: str, golden_stores: dict[str, Path], tmp_path: Path
) -> None:
    original = EXPORTS / f"{golden}.jsonl"
    texts = original.read_text(encoding="utf-8").splitlines()[1:]
    export, store = _written(TAMPERINGS[tampering](texts), original, tmp_path, golden_stores[golden])
    verdicts = _verdicts(export, store)
    assert len(set(verdicts.values())) == 1, verdicts
    if tampering == "the record cut short":  # the chain alone cannot tell; the head noted at the table can
        head = json.loads(texts[-1])["hash"][:12]
        assert not any(_verdicts(export, store, head=head).values())


@pytest.mark.parametrize(
    "rekeyed",
    ["upper(originator_id)", "'ffffffffffff4fff8fffffffffffffff'"],
    ids=["the id upper-cased", "another campaign's id"],
)
def test_a_store_whose_rows_were_given_another_campaign_id_gets_one_verdict(
    rekeyed: str, golden_stores: dict[str, Path], tmp_path: Path
) -> None:
    store = tmp_path / "rekeyed.db"
    assert _quiet(["new", str(store)]) == 0
    assert _quiet(["verify", str(store)]) == 0 and independent_store(store).ok
    db = sqlite3.connect(store)
    with db:
        db.execute(f"update stored_events set originator_id = {rekeyed}")
        db.execute(f"update stored_snapshots set originator_id = {rekeyed}")
    db.close()
    assert _quiet(["verify", str(store)]) == 1
    assert not independent_store(store).ok
