"""A non-editable install ships the scenarios (pyproject's package data)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_contains_packages_scenarios_and_the_console_script(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--quiet",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    wheel = next(tmp_path.glob("turnledger-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in (
        "ledger/store.py",
        "referee/service.py",
        "tui/cli.py",
        "scenarios/revised-europa/barbarossa.toml",
        "scenarios/revised-third-reich/campaign-1939.toml",
        "scenarios/rulesets/europa-000.toml",
    ):
        assert required in names
    modules = {
        path.relative_to(ROOT).as_posix()
        for room in ("ledger", "referee", "tui")
        for path in (ROOT / room).rglob("*.py")
    }
    assert modules - names == set(), "modules of the tree left out of the wheel"
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    assert "turnledger = tui.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
    assert not any(name.startswith("tests/") for name in names)


def test_installed_scenarios_are_found_from_another_directory(tmp_path: Path) -> None:
    code = "from referee.common.scenario import list_scenarios; print(list_scenarios())"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert "revised-europa/barbarossa" in result.stdout
