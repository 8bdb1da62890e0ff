"""A Revised Third Reich game turn (Spring 1940, the 1939 campaign game) played in the console with
the keyboard only (issue 28's acceptance): the year start of every power, the Axis option
declarations, a land combat and the unit it costs, an attrition step with a unit saved by a replacement (its
cost from the rules, not typed), the units removed and the hexes named, a U-boat round, then the
USSR's and the Western Allies' player turns to the next game turn.

Choices are made in the offered lists (Enter opens one, arrows or a letter choose, Enter takes
it), fields are passed with Tab, F3 records; names in the command form are completed
from what the campaign knows (a letter or two, then →). Unit lines arrive as a paste, as in the
Europa game turn (tests/tui/test_game_turn_by_keyboard.py). The dashboard says what is owed
after each combat (issue 28, item 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from textual.widgets import Input, Static

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.third_reich.test_economy_service import at
from tests.tui.test_game_turn_by_keyboard import advance, paste, tab_to
from tui.app import TurnledgerApp, make_app
from tui.dialogs.attrition import AttritionForm
from tui.dialogs.land_combat import LandCombatForm
from tui.dialogs.land_losses import LandLossesForm
from tui.dialogs.warfare import WarfareForm
from tui.dialogs.year_start import YearStartForm
from tui.widgets import Rendered

from support import TickingClock


def _spring_1940(path: Path) -> str:
    """The 1939 campaign at the Spring 1940 Year Start; Germany declared war on the UK in Fall 1939
    (France, its ally, with it)."""
    service = RefereeService.create(str(path), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="t"))
    at(service, "Fall 1939", "Axis", "Options")
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "UK", "target_kind": "major"})
    at(service, "Spring 1940", None, "Year Start")
    service.close()
    return str(path)


async def command(pilot: Any, app: TurnledgerApp, typed: str, kind: str, values: dict[str, str]) -> None:
    """c; the kind found in the offered list by typing the start of its name; in each field the
    first letters of the value, → to take the name offered, Enter on; Enter previews, Enter records."""
    head = app.service.head()
    await pilot.press("c")
    await pilot.pause()
    await pilot.press("enter", *typed, "enter")
    await pilot.pause()
    assert app.screen.kind == kind
    form = app.screen
    for field in list(form.query("#fields Input").results(Input)):
        assert app.focused is field, f"{kind}: focus on {app.focused!r}, not {field.id}"
        await pilot.press(*values[str(field.id).removeprefix("field-")], "right", "enter")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert app.service.head() == head + 1, f"{kind} not recorded: {form.query_one('#ruling').render()}"


async def record(pilot: Any, app: TurnledgerApp) -> dict[str, Any]:
    """F3 on a table form: one entry recorded, the form closed; the entry."""
    head = app.service.head()
    await pilot.press("f3")
    await pilot.pause()
    refusal = [str(found.render()) for found in app.screen.query("#message")]  # the error dialog's
    assert app.service.head() == head + 1, f"not recorded: {refusal or app.screen}"
    return app.service.entry(head + 1)


async def open_form(pilot: Any, app: TurnledgerApp, key: str, form: type[Any]) -> Any:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, form), app.screen
    return app.screen


def panel(app: TurnledgerApp) -> str:
    return str(app.screen.query_one("#calculation-text", Static).content)


def dashboard(app: TurnledgerApp) -> str:
    console = Console(width=160, record=True)
    console.print(app.dashboard.query_one("#state", Rendered).content)
    return console.export_text()


async def test_a_reich_game_turn_by_keyboard(tmp_path: Path) -> None:
    app = make_app(_spring_1940(tmp_path / "reich.db"), clock=TickingClock())
    start = app.service.head()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        # the year start, power by power in movement order: the first still to do is offered first
        for _ in range(5):
            await open_form(pilot, app, "y", YearStartForm)
            await pilot.press("enter", "down", "enter")
            await pilot.pause()
            await record(pilot, app)
        await advance(pilot, app)  # → the Axis Options phase
        await command(pilot, app, "DeclareO", "DeclareOption", {"power": "G", "front": "w", "option": "o"})
        await command(pilot, app, "DeclareO", "DeclareOption", {"power": "G", "front": "s", "option": "a"})
        for _ in range(4):  # Movement, Air Missions, Interception, Combat
            await advance(pilot, app)

        # a land combat on the western front: the defender and the region chosen from their lists
        await open_form(pilot, app, "f", LandCombatForm)
        await tab_to(pilot, app, "defender")
        await pilot.press("enter", "down", "enter", "tab", *"Sedan", "tab", "enter", "R", "enter")
        await tab_to(pilot, app, "attackers")
        await paste(pilot, app, "5 XIX pz armor\n3 XVI inf")
        await tab_to(pilot, app, "defenders")
        await paste(pilot, app, "2 Fr 9 Army\n1 Fr 2 Army")
        await tab_to(pilot, app, "faces")
        await pilot.press(*"4 4")
        combat = await record(pilot, app)
        assert combat["ruling"]["summary"].endswith("2-1, roll 9 → D1R; Western Allies removes 1")
        assert f"Units owed: #{combat['number']} land combat Sedan: Western Allies must remove 1 unit" in dashboard(app)
        await open_form(pilot, app, "o", LandLossesForm)
        await tab_to(pilot, app, "units")
        await pilot.press("space")  # the first unit that fought
        removed = await record(pilot, app)
        assert removed["command"]["units"] == ["Fr 9 Army"]

        # the attrition step on the southern front: 16 factors in contact (column 3), 7 → X1 D2 H2
        await open_form(pilot, app, "t", AttritionForm)
        await tab_to(pilot, app, "defender")
        await pilot.press("enter", "down", "enter", "tab", *"16")
        await tab_to(pilot, app, "faces")
        await pilot.press(*"3 4")
        attrition = await record(pilot, app)
        number = attrition["number"]
        owed = dashboard(app)
        assert f"Units owed: #{number} attrition southern front: Axis must remove 1 unit" in owed
        assert f"Units owed: #{number} attrition southern front: Western Allies must remove 3 units" in owed
        assert f"Hexes won: #{number} attrition: the attacker names 2 hex(es)" in owed
        # the Axis saves its armor with a replacement; the swap's cost comes from the rules (item 8)
        await open_form(pilot, app, "o", LandLossesForm)
        await tab_to(pilot, app, "attrition-units")
        await paste(pilot, app, "5 XIX pz armor swap")
        await pilot.pause()
        assert "XIX pz: 5 armor factor(s) × 2 = 10 BRPs; 10 − 4 = 6 to save it" in panel(app), panel(app)
        saved = await record(pilot, app)
        assert [event["amount"] for event in saved["events"] if event["type"] == "BrpCharged"] == [6]
        await open_form(pilot, app, "o", LandLossesForm)
        await tab_to(pilot, app, "attrition-units")
        await paste(pilot, app, "4 BEF\n4 Fr 3 Army\n4 Fr 8 Army")
        await record(pilot, app)
        await open_form(pilot, app, "o", LandLossesForm)
        await tab_to(pilot, app, "hexes")
        await pilot.press(*"Derna")
        await record(pilot, app)
        assert "Units owed" not in dashboard(app) and "Hexes won" not in dashboard(app)

        for _ in range(6):  # Mechanized Movement … Strategic Redeployment, Strategic Warfare
            await advance(pilot, app)
        # a U-boat round against the UK economy with the factors held at the start (G-67: Germany 3
        # U-boat factors, the UK no ASW): nothing to fire back, so one 1D10 at the economy, 7: 2 hits
        await open_form(pilot, app, "w", WarfareForm)
        await pilot.press("tab", "3", "tab", "0")
        await tab_to(pilot, app, "rolls")
        await pilot.press("7")
        await record(pilot, app)
        assert app.service.state().brp_economies["UK"].sw_hits["1940"]["submarines"] == 2

        for _ in range(23):  # the rest of the Axis turn, the USSR's and the Western Allies' player turns
            await advance(pilot, app)
    calendar = app.service.state().table.calendar
    assert (calendar.label, calendar.player, calendar.phase) == ("Summer I 1940", "Axis", "Options")
    kinds = [entry["command"]["kind"] for entry in app.service.entries(start + 1)]
    assert kinds.count("PerformYearStart") == 5 and kinds.count("DeclareOption") == 2
    for kind in ("ResolveLandCombat", "RemoveLandLosses", "ResolveAttrition", "ClaimAttritionHexes"):
        assert kinds.count(kind) == 1, kind
    assert kinds.count("RemoveAttritionLosses") == 2 and kinds.count("ResolveStrategicWarfare") == 1
    app.service.close()
