"""One release, said the same everywhere (issue 30): pyproject.toml's version is what `turnledger
--version`, an export's header and the read model say, the CHANGELOG's newest section is that
release with its date, and each golden export is named by a release the CHANGELOG cut."""

from __future__ import annotations

import json
import re
import sqlite3
import tomllib
from pathlib import Path

import pytest

from referee.release import release, version
from referee.service import RefereeService
from tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
DECLARED = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
SECTIONS = re.findall(r"^## (\S+)(?: \((\d{4}-\d{2}-\d{2})\))?", CHANGELOG, re.M)
"""(release, date) of each CHANGELOG section, newest first."""


def test_the_installed_release_is_the_declared_one() -> None:
    assert version() == DECLARED, "pip install -e . again: the installed metadata is an older release's"
    assert release() == f"turnledger {DECLARED}"


def test_the_changelog_cuts_releases_with_dates_and_the_newest_is_the_declared_one() -> None:
    assert SECTIONS, "CHANGELOG.md has no release sections"
    assert SECTIONS[0][0] == DECLARED, f"the newest CHANGELOG section is {SECTIONS[0][0]}, pyproject says {DECLARED}"
    assert all(date for _, date in SECTIONS), [name for name, date in SECTIONS if not date]
    numbers = [tuple(int(part) for part in name.split(".")) for name, _ in SECTIONS]
    assert numbers == sorted(numbers, reverse=True), "sections newest first"
    dates = [date for _, date in SECTIONS]
    assert dates == sorted(dates, reverse=True)


def test_version_prints_the_release(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"turnledger {DECLARED}"


def test_an_export_and_the_read_model_name_the_release(europa: RefereeService, tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    with out.open("w", encoding="utf-8") as handle:
        europa.export_jsonl(handle)
    header = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert header["exporter"] == f"turnledger {DECLARED}"
    model = tmp_path / "model.db"
    assert main(["export", europa.location, "--sqlite", str(model)]) == 0
    with sqlite3.connect(model) as db:
        assert db.execute("select exporter from campaign").fetchone()[0] == f"turnledger {DECLARED}"


def test_each_golden_export_is_named_by_a_release_the_changelog_cut() -> None:
    """Named by the release that wrote it; one written since headers name their writer says so."""
    cut = {name for name, _ in SECTIONS}
    goldens = sorted((ROOT / "tests" / "data" / "exports").glob("*.jsonl"))
    assert len(goldens) >= 7
    for golden in goldens:
        named = re.fullmatch(r".+-(\d+\.\d+\.\d+)\.jsonl", golden.name)
        assert named is not None and named.group(1) in cut, golden.name
        with golden.open(encoding="utf-8") as lines:
            header = json.loads(lines.readline())
        if "exporter" in header:
            assert header["exporter"] == f"turnledger {named.group(1)}", golden.name
