"""`turnledger report CAMPAIGN N` (issue 13, item 3): the Markdown page of a disputed combat,
checked against a golden file, and the CLI writing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.service import RefereeService
from tui.cli import main
from tui.cli_report import entry_page

DATA = Path(__file__).resolve().parents[1] / "data"
GOLDEN_PAGE = DATA / "reports" / "europa-barbarossa-0.1.0-entry-144.md"


@pytest.fixture
def golden_campaign(tmp_path: Path) -> str:
    store = tmp_path / "golden.db"
    assert main(["import", str(DATA / "exports" / "europa-barbarossa-0.1.0.jsonl"), str(store)]) == 0
    return str(store)


def test_the_page_of_the_disputed_gomel_combat_is_the_golden_page(golden_campaign: str) -> None:
    """Entry #144 of the golden Barbarossa campaign: a combat, disputed by #148, its ruling noted
    in #149. If the page changes on purpose, write it again with
    `turnledger report golden.db 144 --out tests/data/reports/europa-barbarossa-0.1.0-entry-144.md`
    on an import of the golden export, and read the difference before committing it."""
    service = RefereeService.open(golden_campaign)
    try:
        page = entry_page(service, 144, campaign="golden.db")
    finally:
        service.close()
    assert page == GOLDEN_PAGE.read_text(encoding="utf-8")


def test_the_cli_writes_the_page(golden_campaign: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "entry-7.md"
    assert main(["report", golden_campaign, "7", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("# Entry #7 of Golden Barbarossa: RecordRoll\n")
    assert "## The rolls" in page and "## Re-adjudicated by today's rules" in page
    assert main(["report", golden_campaign, "7"]) == 0
    assert capsys.readouterr().out.endswith(page)
