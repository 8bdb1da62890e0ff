"""`turnledger charts`: a referee's own chart file is checked before it goes into a campaign, each
mistake named by file, line, row and field (issue 15: "charts check on a chart with a wrong row
names the file, row and field"); every layout has a JSON Schema kept in docs/charts/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.files import chart_check
from tests.tui.cli_support import run

ROOT = Path(__file__).resolve().parents[2]
CHARTS = ROOT / "scenarios" / "charts"


def _edited(tmp_path: Path, bundled: str, old: str, new: str) -> Path:
    text = (CHARTS / f"{bundled}.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_charts_check_names_the_file_row_and_field_of_a_wrong_crt_row(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _edited(tmp_path, "europa-combat", '"7"  = ["AR", "AR", "0"', '"7"  = ["AR", "XX", "0"')
    line = 1 + (CHARTS / "europa-combat.toml").read_text(encoding="utf-8").splitlines().index(
        next(row for row in (CHARTS / "europa-combat.toml").read_text().splitlines() if row.startswith('"7"'))
    )
    code, out = run(capsys, "charts", "check", str(path))
    assert code == 1
    assert f"{path}, line {line}, row crt.7, field crt.7.1:" in out
    assert "'XX' is not a result code" in out
    assert "closest layout: Revised Europa combat chart" in out


def test_charts_check_names_a_terrain_row_and_its_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (CHARTS / "europa-combat.toml").read_text(encoding="utf-8")
    woods = text.index("[terrain.woods]")
    attack = text.index('attack = "full"', woods)
    path = tmp_path / "mine.toml"
    path.write_text(text[:attack] + 'attack = "double"' + text[attack + len('attack = "full"') :], encoding="utf-8")
    code, out = run(capsys, "charts", "check", str(path))
    assert code == 1
    assert "row terrain.woods, field terrain.woods.attack: Input should be 'full' or 'half' (value 'double')" in out
    assert out.count("problem") == 1 and "1 problem(s)" in out


def test_charts_check_accepts_every_bundled_chart(capsys: pytest.CaptureFixture[str]) -> None:
    for layout in chart_check.layouts():
        code, out = run(capsys, "charts", "check", str(CHARTS / f"{layout.bundled}.toml"))
        assert code == 0, out
        assert f"a valid {layout.title}" in out


def test_charts_check_on_a_file_that_is_not_toml_names_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("provisional = true\ntitle = my own chart\n", encoding="utf-8")
    code, out = run(capsys, "charts", "check", str(path))
    assert code == 1 and f"{path}, line 2, field (file): not valid TOML" in out


def test_every_layout_has_its_json_schema_in_docs(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/charts/NAME.schema.json is what `turnledger charts schema NAME` prints; regenerate
    with `make docs` when a layout changes."""
    for layout in chart_check.layouts():
        code, out = run(capsys, "charts", "schema", layout.bundled)
        assert code == 0
        kept = (ROOT / "docs" / "charts" / f"{layout.bundled}.schema.json").read_text(encoding="utf-8")
        assert json.loads(out) == json.loads(kept), f"docs/charts/{layout.bundled}.schema.json is out of date"
        assert json.loads(kept)["title"] == layout.title
