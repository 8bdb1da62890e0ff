"""Issue 28, 9: a dispute names the player who raised it (a seated one, once players are seated),
and the audit says so; disputes recorded before keep their entries and re-decide as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input

from referee.commands import ALL
from referee.common.commands import Annotate
from tui.app import make_app
from tui.cli import main
from tui.dialogs.entry import EntryDialog
from tui.dialogs.error import ErrorDialog

from support import TickingClock

SEATS = [
    {"kind": "SeatPlayer", "name": "Hans", "side": "Axis"},
    {"kind": "SeatPlayer", "name": "Ivan", "side": "Soviet"},
]
MARK = {"kind": "SetMarker", "name": "bridge", "value": "blown"}
DISPUTE = {"kind": "Annotate", "entry": 4, "text": "the bridge stood", "disputed": True, "raised_by": "Ivan"}


def apply(store: str, folder: Path, *commands: dict[str, object]) -> int:
    orders = folder / f"orders{len(list(folder.glob('orders*')))}.jsonl"
    orders.write_text("".join(json.dumps(command) + "\n" for command in commands), encoding="utf-8")
    return main(["apply", store, str(orders)])


def test_a_dispute_is_raised_by_a_seated_player_and_the_audit_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = str(tmp_path / "game.db")
    assert main(["new", store]) == 0
    assert apply(store, tmp_path, *SEATS, MARK) == 0
    capsys.readouterr()
    assert apply(store, tmp_path, {**DISPUTE, "raised_by": "Iwan"}) == 1
    refused = capsys.readouterr().err
    assert "raised_by: 'Iwan' is not seated at this table (did you mean Ivan?)" in refused
    assert apply(store, tmp_path, {**DISPUTE, "disputed": False}) == 1
    assert "raised_by names who raised a dispute" in capsys.readouterr().err
    old_style = {key: value for key, value in DISPUTE.items() if key != "raised_by"}
    assert apply(store, tmp_path, DISPUTE, old_style) == 0
    capsys.readouterr()
    markdown = tmp_path / "audit.md"
    assert main(["audit", store, "--json", "--markdown", str(markdown)]) == 0
    disputes = json.loads(capsys.readouterr().out)["disputes"]
    assert [(d["dispute"], d["raised_by"], d["by"]) for d in disputes] == [(5, "Ivan", "referee"), (6, None, "referee")]
    page = markdown.read_text(encoding="utf-8")
    assert "- dispute #5 on #4 raised by Ivan (entered by referee): open" in page
    assert "- dispute #6 on #4 by referee (who raised it was not recorded): open" in page
    assert main(["audit", store]) == 0
    assert "dispute #5 on #4 raised by Ivan (entered by referee): open" in capsys.readouterr().out
    assert main(["show", store, "5"]) == 0
    assert "note on #4 (disputed, raised by Ivan): the bridge stood" in capsys.readouterr().out


def test_a_dispute_of_an_earlier_release_reads_as_raised_by_nobody_recorded() -> None:
    """The stored shape changed (Annotate version 2): a version 1 command is upcast, not refused."""
    recorded = {"kind": "Annotate", "entry": 2, "text": "odd", "disputed": True, "actor": "referee"}
    command = ALL.parse_stored(recorded)
    assert isinstance(command, Annotate) and command.raised_by is None and Annotate.version == 2


async def test_the_report_dialog_names_who_raised_the_dispute_and_stays_open_when_refused(tmp_path: Path) -> None:
    """r: the dispute's player typed beside it; a name not seated is refused with the one meant,
    and the dialog keeps what was typed."""
    app = make_app(str(tmp_path / "seated.db"), clock=TickingClock())
    for command in SEATS:
        app.service.execute_json(command)
    app.head = app.service.head()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        report = app.screen
        assert isinstance(report, EntryDialog)
        await pilot.press(*"the bridge stood", "enter", *"Iwan", "f3")
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog) and "did you mean Ivan?" in app.screen.message
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is report and report.query_one("#text", Input).value == "the bridge stood"
        report.query_one("#raised_by", Input).value = "Ivan"
        await pilot.press("f3")
        await pilot.pause()
        assert app.screen is not report
        command = app.service.entry(app.service.head())["command"]
        assert (command["disputed"], command["raised_by"], command["entry"]) == (True, "Ivan", 3)
