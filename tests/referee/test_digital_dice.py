"""Digital dice, commit–reveal (DESIGN "Dice: physical and verifiable"): fair, bound, revealed, checkable."""

from __future__ import annotations

import hashlib
import json
import shutil
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ledger.exchange import export_jsonl
from referee.common.dice import DICE
from referee.common.errors import IllegalOrderError
from referee.dice import dice_schemes, digital_dice
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase

SEED = "ab" * 32
ROLL: dict[str, Any] = {
    "kind": "RecordRoll",
    "purpose": "weather",
    "dice": "2D6",
    "faces": "digital",
    "rolled_by": "referee",
    "witness_word": {"by": "Boris", "word": "owl"},
}


def message(n: int, purpose: str = "weather", dice: str = "1D6") -> dict[str, Any]:
    return digital_dice.roll_message(
        campaign="c", period=1, n=n, purpose=purpose, dice=dice, player_seeds={"Anna": "owl"}
    )


def test_the_dice_names_agree_with_the_physical_dice() -> None:
    assert {name: (spec.count, spec.sides) for name, spec in DICE.items()} == digital_dice.SIDES


@pytest.mark.parametrize("dice", ["1D6", "1D10"])
def test_rejection_sampling_gives_every_face_about_equally(dice: str) -> None:
    """6,000 (or 10,000) rolls: each face within 15% of its share; no face outside the die."""
    sides = digital_dice.SIDES[dice][1]
    counts = Counter(face for n in range(1000 * sides) for face in digital_dice.faces(SEED, message(n, dice=dice)))
    assert set(counts) == set(range(1, sides + 1))
    assert all(850 <= count <= 1150 for count in counts.values()), counts


def test_a_roll_is_bound_to_its_purpose_number_and_the_players_seeds() -> None:
    """Relabelling the purpose, renumbering or changing a player's seed gives other faces."""
    base = [digital_dice.faces(SEED, message(n, dice="2D6")) for n in range(20)]
    relabelled = [digital_dice.faces(SEED, message(n, purpose="combat", dice="2D6")) for n in range(20)]
    other_seeds = [
        digital_dice.faces(SEED, {**message(n, dice="2D6"), "player_seeds": {"Anna": "cat"}}) for n in range(20)
    ]
    assert base != relabelled and base != other_seeds
    assert base == [digital_dice.faces(SEED, message(n, dice="2D6")) for n in range(20)]  # and it is deterministic


def test_commit_roll_reveal_and_check_offline(make_service: Any, tmp_path: Path) -> None:
    """The seed stays out of the record until the game turn ends; then every roll recomputes from the export alone."""
    service = make_service(str(tmp_path / "dice.db"))
    commit = service.execute_json({"kind": "CommitDice", "player_seeds": {"Anna": "owl", "Boris": "7"}})
    dice = service.state().table.dice
    assert (dice.period, dice.rolls) == (commit["number"], 0)
    secrets_file = tmp_path / "dice.db.dice-secrets.json"
    assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
    seed = json.loads(secrets_file.read_text())["seeds"][str(dice.period)]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == dice.commitment
    with pytest.raises(IllegalOrderError, match="rolled when the entry is recorded"):
        service.preview(service_command(ROLL))
    first, second = service.execute_json(ROLL), service.execute_json({**ROLL, "purpose": "partisans"})
    assert [(r["method"], r["period"], r["n"]) for r in (first["rolls"][0], second["rolls"][0])] == [
        ("digital", dice.period, 1),
        ("digital", dice.period, 2),
    ]
    assert seed not in json.dumps(list(service.entries()))
    at_phase(service, "Jun II 1941", "Axis", "Initial")  # the surprise turn ends: its dice are revealed
    revealing = next(e for e in service.entries() if any(ev["type"] == "DiceSeedRevealed" for ev in e["events"]))
    assert [ev["seed"] for ev in revealing["events"] if ev["type"] == "DiceSeedRevealed"] == [seed]
    assert service.state().table.dice.period == revealing["number"] and not service.state().table.dice.revealed
    export = tmp_path / "dice.jsonl"
    with export.open("w", encoding="utf-8") as handle:
        export_jsonl(service.store, handle)
    script = alone_with_its_sibling(tmp_path)
    result = run_alone(script, export)
    assert result.returncode == 0, result.stdout
    assert "roll " + f"{dice.period}.1 2D6 {first['rolls'][0]['faces']} (weather) checks" in result.stdout
    lines = export.read_text(encoding="utf-8").splitlines(keepends=True)
    faces = json.dumps(first["rolls"][0]["faces"]).replace(" ", "")
    forged = "[1,1]" if first["rolls"][0]["faces"] == [6, 6] else "[6,6]"  # never the faces rolled (1 in 36)
    lines[first["number"]] = lines[first["number"]].replace(f'"faces":{faces}', f'"faces":{forged}', 1)
    export.write_text("".join(lines), encoding="utf-8")
    result = run_alone(script, export)
    assert result.returncode == 1 and "PROBLEM" in result.stdout


def alone_with_its_sibling(tmp_path: Path) -> Path:
    """digital_dice.py and dice_schemes.py alone in a folder, away from turnledger."""
    folder = tmp_path / "alone"
    folder.mkdir()
    for module in (digital_dice, dice_schemes):
        shutil.copy(str(module.__file__), folder / Path(str(module.__file__)).name)
    return folder / "digital_dice.py"


def run_alone(script: Path, export: Path) -> subprocess.CompletedProcess[str]:
    """The script run without site-packages, user site or environment (turnledger is not importable)."""
    return subprocess.run(
        [sys.executable, "-S", "-s", "-E", str(script), str(export)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=script.parent,
    )


def service_command(data: dict[str, Any]) -> Any:
    from referee.commands import parse_command

    return parse_command(data)


def test_digital_rolls_need_committed_dice_and_a_second_commit_is_refused(europa: RefereeService) -> None:
    with pytest.raises(IllegalOrderError, match="record CommitDice first"):
        europa.execute_json(ROLL)
    europa.execute_json({"kind": "CommitDice"})
    before, head = europa.state().to_json(), europa.head()
    with pytest.raises(IllegalOrderError, match="committed already"):
        europa.execute_json({"kind": "CommitDice"})
    assert (europa.state().to_json(), europa.head()) == (before, head)


def test_a_rollback_across_a_reveal_never_rolls_with_a_revealed_seed(make_service: Any, tmp_path: Path) -> None:
    """Undo past the end of a game turn: the old seed is in the record, so its period is closed for good."""
    service = make_service(str(tmp_path / "undo.db"))
    service.execute_json({"kind": "CommitDice"})
    mark = service.execute_json(ROLL)["number"]
    at_phase(service, "Jun II 1941", "Axis", "Initial")
    service.execute_json({"kind": "Rollback", "to": mark, "reason": "wrong turn"})
    with pytest.raises(IllegalOrderError, match="already in the record"):
        service.execute_json(ROLL)
    commit = service.execute_json({"kind": "CommitDice"})
    assert service.execute_json(ROLL)["rolls"][0]["period"] == commit["number"]
    lines, problems = digital_dice.check_entries(service.entries(), str(service.store.campaign_id))
    assert problems == [] and any("checks" in line for line in lines)


def test_a_copy_without_the_seed_file_abandons_the_period(make_service: Any, tmp_path: Path) -> None:
    """On another machine (no seed file) digital rolls are refused until fresh dice are committed."""
    service = make_service(str(tmp_path / "a.db"))
    service.execute_json({"kind": "CommitDice"})
    service.close()
    shutil.copy(tmp_path / "a.db", tmp_path / "b.db")
    copy = RefereeService.open(str(tmp_path / "b.db"))
    try:
        with pytest.raises(IllegalOrderError, match="not kept on this machine"):
            copy.execute_json(ROLL)
        entry = copy.execute_json({"kind": "CommitDice"})
        assert "abandoned" in json.dumps(entry["ruling"])
        assert copy.execute_json(ROLL)["rolls"][0]["method"] == "digital"
    finally:
        copy.close()


def test_combat_with_digital_dice(europa: RefereeService) -> None:
    from tests.referee.europa.test_combat_service import ATTACK, in_combat

    europa.execute_json({"kind": "CommitDice"})
    in_combat(europa)
    entry = europa.execute_json({**ATTACK, "faces": "digital", "witness_word": {"by": "Soviet player", "word": "7"}})
    roll = entry["rolls"][0]
    assert roll["method"] == "digital" and roll["purpose"] == "combat: Brest" and len(roll["faces"]) == 2
    assert f"roll {max(2, min(12, roll['total'] + 1))} →" in entry["ruling"]["summary"]
