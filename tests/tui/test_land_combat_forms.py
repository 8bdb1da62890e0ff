"""Third Reich land combat through the console's forms (issue 14, item 7): odds before the dice,
the ruling after, the units owed, then removed by ticking them; the ledger is checked, not the screen alone."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, SelectionList, Static, TextArea

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.third_reich.test_economy_service import at
from tui.app import TurnledgerApp, make_app
from tui.dialogs.error import ErrorDialog
from tui.dialogs.land_combat import LandCombatForm
from tui.dialogs.land_losses import LandLossesForm


def _panel(app: TurnledgerApp) -> str:
    return str(app.screen.query_one("#calculation-text", Static).content)


def _combat_phase(path: Path) -> str:
    service = RefereeService.create(
        str(path), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="forms")
    )
    at(service, "Fall 1939", "Axis", "Options")
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "offensive"})
    at(service, "Fall 1939", "Axis", "Combat")
    service.close()
    return str(path)


async def test_a_land_combat_and_its_losses_through_the_forms(tmp_path: Path) -> None:
    app = make_app(_combat_phase(tmp_path / "reich.db"))
    async with app.run_test(size=(150, 50)) as pilot:
        before = app.service.head()
        await pilot.press("f")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, LandCombatForm)
        assert form.query_one("#power", Select).value == "Germany"
        assert form.query_one("#front", Select).value == "eastern"
        form.query_one("#hex", Input).value = "Warsaw"
        form.query_one("#region", Select).value = "Eastern Europe"
        form.query_one("#defender", Select).value = "Western Allies"
        form.query_one("#attackers", TextArea).text = "4 XXIV pz armor\n3 VII inf"
        form.query_one("#defenders", TextArea).text = "2 Pol 1\n1 Pol 2"
        await pilot.pause()
        # 7 against 2 + 1 + 1 (Clear) → 3-2; armor 4 ≥ 4 and no defending armor: +1
        assert "3-2" in _panel(app) and "DRM +1" in _panel(app) and "type the 2D6 faces" in _panel(app)
        assert app.service.head() == before
        form.query_one("#faces", Input).value = "3 4"
        await pilot.pause()
        assert "roll 8 → D1" in _panel(app)
        await pilot.press("f3")
        await pilot.pause()
        combat = app.service.head()
        assert combat == before + 1
        assert app.service.store.entry(combat)["command"]["kind"] == "ResolveLandCombat"
        assert [(loss.side, loss.units) for loss in app.service.state().table.losses_due] == [("Western Allies", 1)]

        await pilot.press("a")  # the Combat phase is not left with units owed
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog)
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("o")
        await pilot.pause()
        removal = app.screen
        assert isinstance(removal, LandLossesForm)
        units = removal.query_one("#units", SelectionList)
        units.select("Pol 2")
        await pilot.pause()
        assert "Pol 2 removed to the force pool" in _panel(app)
        await pilot.press("f3")
        await pilot.pause()
        assert app.service.head() == combat + 1
        state = app.service.state()
        assert not state.table.losses_due
        assert state.table.lost_units["Pol 2"].cause == "defender_in_enemy_offensive"
