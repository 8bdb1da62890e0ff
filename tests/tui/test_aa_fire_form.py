"""Second Front AA fire through the console (issue 16, item 5): `e` in an Air phase of a Second
Front campaign opens the minimum-dice-roll form; the panel shows the AA strength, the column and
the shifts before the dice, the fates of the drawn air units after; the ledger is checked."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.tui.forms_support import fill, opened, panel, record
from tui.app import make_app
from tui.dialogs.aa_fire import AAFireForm, parse_air_units


def _air_phase(path: Path) -> str:
    service = RefereeService.create(str(path), CreateCampaign(scenario="second-front/1943", name="sf"))
    while service.state().table.calendar.phase != "Air":
        service.execute_json({"kind": "AdvancePhase"})
    service.close()
    return str(path)


def test_air_unit_lines_are_label_type_and_df_in_the_order_drawn() -> None:
    assert parse_air_units("P-47D25 a F 9\nJu88A B 5 code=T\nP-51 F 8 escort") == [
        {"label": "P-47D25 a", "type": "F", "df": 9},
        {"codes": "T", "label": "Ju88A", "type": "B", "df": 5},
        {"escort": True, "label": "P-51", "type": "F", "df": 8},
    ]


async def test_an_aa_fire_through_the_form(tmp_path: Path) -> None:
    app = make_app(_air_phase(tmp_path / "sf.db"))
    async with app.run_test(size=(150, 50)) as pilot:
        before = app.service.head()
        form = await opened(pilot, AAFireForm, "e")
        air_units = "\n".join(f"P-47D25 {n} F 9" for n in "abcd")
        await fill(pilot, form, {"side": "Axis", "hex": "0910", "mission": "ground_support"})
        await fill(pilot, form, {"aa_nationality": "German", "aa": "14", "air_units": air_units})
        # 14 → "14"; German with AA ≥ 7 after Dec II 42: +1 → "17" (4 air units: no shift)
        assert "before the dice" in panel(app) and "17" in panel(app)
        assert app.service.head() == before
        await fill(pilot, form, {"faces": "4 4"})
        assert "19" in panel(app)
        assert not form.query_one("#dedicated", Checkbox).value
        await record(pilot)
        entry = app.service.store.entry(before + 1)
        assert entry["command"]["kind"] == "ResolveMinimumRollAA"
        assert [roll["faces"] for roll in entry["rolls"]] == [[4, 4]]
        summary = entry["ruling"]["summary"]
        assert "returned" in summary and "aborted" in summary
    app.service.close()
