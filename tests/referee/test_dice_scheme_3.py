"""Dice scheme 3 (issue 27, docs/dice.md "How a digital roll is made (dice scheme 3)"): a digital
roll is bound to its entry, its command's rule-relevant fields and the witness word, never to free
text, so that nobody who has heard the word can choose the faces by choosing a wording."""

from __future__ import annotations

import ast
import hashlib
import hmac
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ledger.canonical import canonical_text
from ledger.entry import recompute_hash
from referee.audit import verify_export
from referee.audit.report import audit
from referee.commands import ALL, RecordRoll, ResolveIsolationAttrition, command_json
from referee.common.command_base import FREE_TEXT_NAMES, Command, WitnessWord, free_text_fields
from referee.common.dice import DigitalRoller
from referee.common.state import DiceState
from referee.dice import dice_schemes, digital_dice
from referee.dice import periods as dice_periods
from referee.dice.binding import free_text_of
from referee.service import RefereeService
from referee.third_reich.attrition.commands import ResolveAttrition
from tests.independent import verifier as independent
from tests.referee.europa.test_logistics_service import at_phase
from tests.referee.test_digital_dice import ROLL
from tests.tui.cli_support import run
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
SEED = "11" * 32
CAMPAIGN = "00000000-0000-4000-8000-000000000e01"
WORD = ROLL["witness_word"]

# -- what is bound -------------------------------------------------------------------------------

NAMES = st.text(st.characters(codec="utf-8"), min_size=1, max_size=80)
PROSE = st.text(st.characters(codec="utf-8"), min_size=1, max_size=500)


def rolled(command: Command, *, entry: int = 12, word: str | None = None) -> dict[str, Any]:
    """The roll record the service's roller makes for ``command`` (roll 7.3 of a scheme-3 period)."""
    recorded = command_json(command)
    witness = dict(recorded["witness_word"])
    if word is not None:
        witness["word"] = word
    dice = DiceState(
        period=7, commitment=dice_schemes.commitment(SEED), player_seeds={"Ivan": "snow"}, rolls=2, scheme=3
    )
    bound = {"command": recorded, "witness": witness, "unbound": free_text_of(recorded) or []}
    roller = DigitalRoller(campaign=CAMPAIGN, dice=dice, seed=SEED, entry=entry, **bound)
    return roller.roll("any purpose", "2D6")


def message_of(roll: dict[str, Any], *, entry: int = 12) -> dict[str, Any]:
    return dice_schemes.scheme_3_message(
        campaign=CAMPAIGN,
        period=roll["period"],
        n=roll["n"],
        entry=entry,
        command_digest=roll["command_digest"],
        dice=roll["dice"],
        word=roll["witness"]["word"],
        player_seeds={"Ivan": "snow"},
    )


def isolation(**free: Any) -> ResolveIsolationAttrition:
    fields: dict[str, Any] = {"side": "Axis", "hex": "2715", "units": ["3 inf"], "strength": 6, "faces": "digital"}
    return ResolveIsolationAttrition(**{**fields, **free})


@settings(max_examples=60, deadline=None)
@given(
    purpose=PROSE,
    rolled_by=NAMES,
    witnesses=st.lists(NAMES, max_size=4),
    actor=NAMES,
    on_behalf_of=st.none() | NAMES,
    by=NAMES,
    what=st.text(st.characters(codec="utf-8"), max_size=80),
)
def test_free_text_never_changes_a_scheme_3_roll_but_a_rule_field_the_word_or_the_entry_does(
    purpose: str, rolled_by: str, witnesses: list[str], actor: str, on_behalf_of: str | None, by: str, what: str
) -> None:
    """Any wording of who and why gives the faces of the plain command; a rule field, the word or
    the entry gives another message (docs/dice.md, threat "Purpose choice")."""
    assume(by != actor and by != "referee")
    free: dict[str, Any] = {
        "rolled_by": rolled_by,
        "witnesses": witnesses,
        "actor": actor,
        "on_behalf_of": on_behalf_of,
        "witness_word": WitnessWord(by=by, word="owl"),
    }
    plain_word = WitnessWord(by="Boris", word="owl")
    attrition: dict[str, Any] = {"power": "Germany", "front": "eastern", "defender": "USSR", "factors_in_contact": 20}
    for plain, worded in (
        (RecordRoll(**{**ROLL, "witness_word": plain_word}), RecordRoll(**{**ROLL, **free, "purpose": purpose})),
        (isolation(rolled_by="referee", witness_word=plain_word), isolation(**free)),
        (
            ResolveAttrition(**attrition, faces="digital", witness_word=plain_word),
            ResolveAttrition(**attrition, **free, faces="digital", what=what),
        ),
    ):
        before, after = rolled(plain), rolled(worded)
        assert (after["command_digest"], after["faces"]) == (before["command_digest"], before["faces"])
        assert message_of(after) == message_of(before)
    reference = message_of(rolled(isolation(**free)))
    for changed in (isolation(**free, hex="2716"), isolation(**free, strength=7), isolation(**free, units=["3 Inf"])):
        assert message_of(rolled(changed)) != reference
    assert message_of(rolled(isolation(**free), word="cat")) != reference
    assert message_of(rolled(isolation(**free), entry=13), entry=13) != reference


EXTRA_FREE_TEXT = {
    "RecordRoll": {"purpose"},
    "ResolveCombat": {"what", "override"},
    "ResolveBombardment": {"what"},
    "ResolveBootCampCombat": {"what"},
    "ResolveLandCombat": {"what"},
    "ResolveAttrition": {"what"},
    "ResolveStrategicWarfare": {"override"},
}
"""Beyond who entered, threw, watched and gave the word: the prose each dice command carries."""


DICE_COMMANDS = (
    "RecordRoll",
    "ResolveIsolationAttrition",
    "ResolveCombat",
    "ResolveBombardment",
    "ResolveStrategicBombing",
    "ResolveInterdiction",
    "ResolveAirSurprise",
    "ResolveAirCombat",
    "ResolveFlak",
    "RepairAirUnit",
    "ResolveMinimumRollAA",
    "ResolveBootCampCombat",
    "ResolveStrategicWarfare",
    "ResolveLandCombat",
    "ResolveAttrition",
    "ResolveMurmanskFight",
    "ResolveAirNavalCombat",
    "ResolveCounterAir",
    "ResolveInterception",
    "ResolveAirDrop",
    "TriageAirGroup",
    "ResolveCityBombing",
    "RollWeather",
    "RollFrenchColonies",
    "ResolveSuccess",
)
"""Every command that takes "digital" for its dice, each classified here."""


def _takes_digital_dice(model: type[Command]) -> bool:
    return any("'digital'" in repr(info.annotation) for info in model.model_fields.values())


@pytest.mark.parametrize("kind", DICE_COMMANDS)
def test_every_command_that_takes_digital_dice_has_its_free_text_marked(kind: str) -> None:
    """Each field of a dice command is free text or bound, by decision: the names every command
    has, and the prose listed here; every other field (a hex, a unit, a side: names a rule reads)
    binds the roll."""
    model = ALL.by_kind[kind]
    assert free_text_fields(model) == (FREE_TEXT_NAMES & set(model.model_fields)) | EXTRA_FREE_TEXT.get(kind, set())
    assert {"rolled_by", "witnesses", "witness_word", "actor", "on_behalf_of"} <= free_text_fields(model)


def test_a_new_command_that_takes_digital_dice_must_be_classified() -> None:
    """A command taking "digital" that is not in DICE_COMMANDS: decide which of its fields are free
    text (mark them FreeText, FreeLabel or FREE_TEXT) and list it here."""
    taking = {kind for kind, model in ALL.by_kind.items() if _takes_digital_dice(model)}
    assert taking == set(DICE_COMMANDS) and set(EXTRA_FREE_TEXT) <= taking


# -- the service ---------------------------------------------------------------------------------


def _two_copies(make_service: Any, tmp_path: Path) -> tuple[RefereeService, RefereeService]:
    """One campaign with digital dice committed, and a copy of it with its secrets file."""
    service = make_service(str(tmp_path / "real.db"))
    service.execute_json({"kind": "CommitDice", "player_seeds": {"Boris": "snow"}})
    service.close()
    for suffix in ("", ".dice-secrets.json"):
        shutil.copy(tmp_path / f"real.db{suffix}", tmp_path / f"copy.db{suffix}")
    return RefereeService.open(str(tmp_path / "real.db")), RefereeService.open(str(tmp_path / "copy.db"))


def test_two_wordings_of_one_roll_in_two_copies_of_a_campaign_give_the_same_faces(
    make_service: Any, tmp_path: Path
) -> None:
    """The same seed, entry, roll number and word: a RecordRoll worded, thrown and entered
    differently gives the same faces and binds the same digest."""
    real, copy = _two_copies(make_service, tmp_path)
    try:
        said = real.execute_json(ROLL)["rolls"][0]
        reworded = copy.execute_json(
            {
                **ROLL,
                "purpose": "weather in the north, as Boris asked for it",
                "rolled_by": "Anna",
                "witnesses": ["Clara", "Dora"],
                "actor": "Clara",
                "on_behalf_of": "Axis",
            }
        )["rolls"][0]
        other_word = copy.execute_json({**ROLL, "witness_word": {**WORD, "word": "cat"}})["rolls"][0]
    finally:
        real.close()
        copy.close()
    assert (said["scheme"], said["n"], reworded["n"]) == (3, 1, 1)
    assert said["faces"] == reworded["faces"] and said["command_digest"] == reworded["command_digest"]
    assert said["unbound"] == ["actor", "on_behalf_of", "purpose", "rolled_by", "witness_word", "witnesses"]
    assert said["purpose"] == "weather" and reworded["purpose"].startswith("weather in the north")
    assert other_word["command_digest"] == said["command_digest"] and other_word["n"] == 2


def _revealed_export(make_service: Any, tmp_path: Path, *, unbound: Any = None) -> tuple[Path, dict[str, Any], str]:
    """A campaign with one scheme-3 RecordRoll whose period is revealed, exported; the roll's entry
    and the campaign's location. ``unbound``: a replacement for the service's free-text lookup
    (software that binds something else)."""
    location = str(tmp_path / "dice.db")
    service = make_service(location)
    service.execute_json({"kind": "CommitDice"})
    with pytest.MonkeyPatch.context() as patch:
        if unbound is not None:
            patch.setattr(dice_periods, "free_text_of", unbound)
        entry = service.execute_json(ROLL)
    at_phase(service, "Jun II 1941", "Axis", "Initial")  # the turn ends: its seed is revealed
    service.close()
    export = tmp_path / "dice.jsonl"
    assert main(["export", location, "--jsonl", str(export)]) == 0
    return export, entry, location


def _standalone_script(export: Path) -> subprocess.CompletedProcess[str]:
    """`python referee/dice/digital_dice.py export.jsonl`, as docs/dice.md says."""
    return subprocess.run(
        [sys.executable, "referee/dice/digital_dice.py", str(export)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def _tampered(export: Path, number: int, change: Any, out: Path) -> Path:
    """The export with entry #number changed by ``change`` and the chain rehashed from there, as a
    forger would: every hash and link checks."""
    lines = [json.loads(line) for line in export.read_text(encoding="utf-8").splitlines()]
    change(lines[number])
    for entry in lines[number:]:
        if entry["number"] > number:
            entry["prev_hash"] = lines[entry["number"] - 1]["hash"]
        entry["hash"] = recompute_hash(entry)
    lines[0]["head_hash"] = lines[-1]["hash"]
    out.write_text("".join(canonical_text(line) + "\n" for line in lines), encoding="utf-8")
    return out


def test_the_export_checks_and_a_bound_field_changed_afterwards_is_named(make_service: Any, tmp_path: Path) -> None:
    """digital_dice.py and verify_export.py recompute the scheme-3 roll; the command's dice changed
    and the chain rehashed is named as a bound field changed; its purpose changed is not a dice
    problem (free text: the chain, the head noted at the table and the receipts guard it)."""
    export, entry, _location = _revealed_export(make_service, tmp_path)
    roll = entry["rolls"][0]
    result = _standalone_script(export)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"roll {roll['period']}.1 2D6 {roll['faces']} (weather) checks" in result.stdout
    assert verify_export.check_file(str(export))[1] == []

    def other_dice(line: dict[str, Any]) -> None:
        line["command"]["dice"] = "1D6"

    changed = _tampered(export, entry["number"], other_dice, tmp_path / "dice-changed.jsonl")
    named = f"entry #{entry['number']}: roll {roll['period']}.1: the command's bound fields digest to"
    result = _standalone_script(changed)
    assert result.returncode == 1 and named in result.stdout, result.stdout
    assert any(named in problem for problem in verify_export.check_file(str(changed))[1])

    def other_purpose(line: dict[str, Any]) -> None:
        line["command"]["purpose"] = "partisans"

    reworded = _tampered(export, entry["number"], other_purpose, tmp_path / "reworded.jsonl")
    assert _standalone_script(reworded).returncode == 0


def test_a_roll_that_left_a_rule_field_unbound_is_named_by_verify_and_audit(
    make_service: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Software that leaves the command's dice out of the roll (and says so in the roll's unbound
    list) makes a record every digest of which checks: the standard-library check cannot tell;
    `turnledger verify` and `audit`, which know the command's free text, name it."""

    def leaves_dice_unbound(command: dict[str, Any]) -> list[str] | None:
        return sorted([*(free_text_of(command) or []), "dice"])

    export, entry, location = _revealed_export(make_service, tmp_path, unbound=leaves_dice_unbound)
    assert "dice" in entry["rolls"][0]["unbound"]
    assert _standalone_script(export).returncode == 0
    named = f"entry #{entry['number']}: roll {entry['rolls'][0]['period']}.1 left rule field(s) dice unbound"
    code, printed = run(capsys, "verify", location)
    assert code == 1 and named in printed, printed
    service = RefereeService.open(location)
    try:
        assert any(named in problem for problem in audit(service).dice_problems)
    finally:
        service.close()


def test_an_unbound_list_edited_in_the_export_is_named(
    make_service: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The roll's unbound list edited (purpose bound, dice left out) and the chain rehashed: the
    digest no longer checks anywhere, and turnledger also names the list itself."""
    export, entry, _location = _revealed_export(make_service, tmp_path)

    def rebound(line: dict[str, Any]) -> None:
        line["rolls"][0]["unbound"] = sorted({*line["rolls"][0]["unbound"], "dice"} - {"purpose"})

    edited = _tampered(export, entry["number"], rebound, tmp_path / "rebound.jsonl")
    label = f"entry #{entry['number']}: roll {entry['rolls'][0]['period']}.1"
    assert any(f"{label}: the command's bound fields digest to" in p for p in verify_export.check_file(str(edited))[1])
    store = tmp_path / "imported.db"
    assert run(capsys, "import", str(edited), str(store))[0] == 0
    code, printed = run(capsys, "verify", str(store))
    assert code == 1
    assert f"{label} left rule field(s) dice unbound and bound free text purpose" in printed, printed


def test_a_scheme_2_period_open_when_upgraded_rolls_on_under_scheme_2_until_its_turn_ends(
    make_service: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A period committed by the release before keeps its scheme; the next one is scheme 3; both
    check."""
    service = make_service(str(tmp_path / "upgraded.db"))
    with monkeypatch.context() as older:
        older.setattr(dice_periods, "SCHEME", 2)
        service.execute_json({"kind": "CommitDice"})
    old = service.execute_json(ROLL)["rolls"][0]
    assert (old["scheme"], "command_digest" in old) == (2, False)
    at_phase(service, "Jun II 1941", "Axis", "Initial")
    assert service.state().table.dice.scheme == 3
    new = service.execute_json(ROLL)["rolls"][0]
    assert (new["scheme"], new["n"]) == (3, 1)
    at_phase(service, "Jul I 1941", "Axis", "Initial")
    lines, problems = digital_dice.check_entries(service.entries(), service.campaign_id, free_text_of)
    assert problems == []
    assert sum(" checks" in line for line in lines) == 2


def test_the_dice_check_needs_nothing_but_the_standard_library() -> None:
    """digital_dice.py and dice_schemes.py travel with the standalone verifier (docs/verifying.md):
    they import only the standard library, and digital_dice.py its sibling."""
    sibling = {"referee.dice": {"dice_schemes"}, "dice_schemes": set()}  # the package's copy, or the folder's
    for name, allowed in (("digital_dice.py", sibling), ("dice_schemes.py", {})):
        tree = ast.parse((ROOT / "referee" / "dice" / name).read_text(encoding="utf-8"))
        found: dict[str, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update({alias.name: set() for alias in node.names})
            elif isinstance(node, ast.ImportFrom):
                found.setdefault(str(node.module), set()).update(alias.name for alias in node.names)
        outside = {module: names for module, names in found.items() if module.split(".")[0] not in STANDARD}
        assert outside == allowed, (name, outside)


STANDARD = set(sys.stdlib_module_names) | {"__future__"}


# -- the vectors of the docs ---------------------------------------------------------------------

VECTOR_COMMAND: dict[str, Any] = {
    "kind": "RecordRoll",
    "actor": "referee",
    "on_behalf_of": None,
    "purpose": "weather",
    "dice": "2D6",
    "faces": "digital",
    "rolled_by": "referee",
    "witnesses": [],
    "witness_word": {"by": "Ivan", "word": "owl"},
    "v": 1,
}


def _vector(command: dict[str, Any]) -> tuple[list[str], str, dict[str, Any]]:
    unbound = free_text_of(command) or []
    digest = dice_schemes.bound_digest(command, unbound)
    message = dice_schemes.scheme_3_message(
        campaign=CAMPAIGN,
        period=7,
        n=3,
        entry=12,
        command_digest=digest,
        dice=command["dice"],
        word="owl",
        player_seeds={"Ivan": "snow"},
    )
    return unbound, digest, message


def _hmac(message: dict[str, Any]) -> str:
    return hmac.new(bytes.fromhex(SEED), dice_schemes.canonical({**message, "block": 0}), hashlib.sha256).hexdigest()


def test_the_scheme_3_vectors_of_the_docs_are_what_the_code_computes() -> None:
    """docs/dice.md "Test vectors (scheme 3)" and docs/verifying.md "Test vectors", recomputed."""
    dice_md = (ROOT / "docs" / "dice.md").read_text(encoding="utf-8")
    verifying = (ROOT / "docs" / "verifying.md").read_text(encoding="utf-8")
    assert command_json(ALL.parse({k: v for k, v in VECTOR_COMMAND.items() if k != "v"})) == VECTOR_COMMAND
    unbound, digest, message = _vector(VECTOR_COMMAND)
    bound = dice_schemes.canonical(dice_schemes.bound_fields(VECTOR_COMMAND, unbound)).decode()
    block = dice_schemes.canonical({**message, "block": 0}).decode()
    faces = dice_schemes.faces(SEED, message)
    assert f"commitment `{dice_schemes.commitment(SEED)}`" in dice_md
    assert f"unbound        {json.dumps(unbound)}" in dice_md
    assert f"bound fields   {bound}" in dice_md and f"scheme 3 bound fields {bound}" in verifying
    assert f"command_digest {digest}" in dice_md and f"scheme 3 command_digest {digest}" in verifying
    assert f"block 0 message {block}" in dice_md and f"scheme 3 block 0 message {block}" in verifying
    assert f"HMAC   {_hmac(message)}" in dice_md and f"scheme 3 HMAC   {_hmac(message)}" in verifying
    assert f"faces  2D6 {faces}" in dice_md and f"scheme 3 faces  2D6 {faces}" in verifying
    assert f"`unbound` is `{json.dumps(unbound)}`" in re.sub(r"\s+", " ", verifying)
    reworded = {**VECTOR_COMMAND, "purpose": "weather in the north", "rolled_by": "Anna", "actor": "Clara"}
    assert _vector({**reworded, "on_behalf_of": "Axis"})[1:] == (digest, message)
    _unbound, ten_digest, ten = _vector({**VECTOR_COMMAND, "dice": "1D10"})
    assert f"command_digest {ten_digest}\n    HMAC   {_hmac(ten)}\n    faces  1D10 {dice_schemes.faces(SEED, ten)}" in (
        dice_md
    )


def test_the_independent_verifier_computes_the_scheme_3_vector() -> None:
    """The clean-room verifier, written from docs/verifying.md, gets the page's scheme-3 vector."""
    unbound, digest, message = _vector(VECTOR_COMMAND)
    assert independent.bound_digest(VECTOR_COMMAND, unbound) == digest
    theirs = independent.roll_message(
        scheme=3,
        campaign=CAMPAIGN,
        period=7,
        n=3,
        purpose="weather",
        dice="2D6",
        player_seeds={"Ivan": "snow"},
        entry=12,
        command=digest,
        witness={"by": "Ivan", "word": "owl"},
    )
    assert theirs == message
    assert independent.roll_faces(bytes.fromhex(SEED), theirs, "2D6") == dice_schemes.faces(SEED, message)


def test_the_three_verifiers_agree_on_a_scheme_3_campaign(
    make_service: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """turnledger verify, the standalone verifier and the independent one pass the export, and all
    three fail it with a bound field changed and the chain rehashed."""
    export, entry, location = _revealed_export(make_service, tmp_path)
    assert run(capsys, "verify", location)[0] == 0
    assert verify_export.check_file(str(export))[1] == []
    assert independent.verify_export(export).ok, independent.verify_export(export).problems

    def other_dice(line: dict[str, Any]) -> None:
        line["command"]["dice"] = "1D6"

    changed = _tampered(export, entry["number"], other_dice, tmp_path / "changed.jsonl")
    store = tmp_path / "changed.db"
    assert run(capsys, "import", str(changed), str(store))[0] == 0
    assert run(capsys, "verify", str(store))[0] == 1
    assert verify_export.check_file(str(changed))[1] != []
    assert not independent.verify_export(changed).ok
