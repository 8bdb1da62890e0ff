"""A Barbarossa game turn (Jun II 1941, both player turns) played in the console with the keyboard
only: commands chosen from the offered list by typing, fields passed with Enter, values typed
only where the table has something to say, the phasing side filled in, Enter to preview and
Enter to record; the combat and losses forms with Tab, Enter and F3 (issue 12's acceptance).
Longer text (unit lines) arrives as a paste into the focused field, as from a referee's notes:
key by key it is the same text, at 45 ms a key in the test driver."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.widgets import Input

from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock
from tui.app import TurnledgerApp, make_app
from tui.dialogs.combat import CombatForm
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.losses import LossesForm


async def command(pilot: Any, app: TurnledgerApp, kind: str, values: dict[str, str] | None = None) -> None:
    """c; the kind picked from the offered list by typing the start of its name; Enter through
    every field, typing only the given values; Enter previews, Enter records."""
    head = app.service.head()
    await pilot.press("c")
    await pilot.pause()
    await pilot.press("enter", *TYPED[kind], "enter")  # open the list, type to find, choose
    await pilot.pause()
    assert app.screen.kind == kind
    form = app.screen
    for field in list(form.query("#fields Input").results(Input)):
        assert app.focused is field, f"{kind}: focus on {app.focused!r}, not {field.id}"
        name = str(field.id).removeprefix("field-")
        if values and name in values:
            await pilot.press(*values[name])
        await pilot.press("enter")
    await pilot.pause()
    await pilot.press("enter")  # the values previewed: record them
    await pilot.pause()
    assert app.service.head() == head + 1, f"{kind} not recorded: {form.query_one('#ruling').render()}"


TYPED = {
    "ReceiveSupplyIncome": "ReceiveSu",
    "ReceiveResourceIncome": "ReceiveRes",
    "PayAirSupply": "PayAi",
    "ActivateMechanized": "Acti",
}
"""What the referee types to find each command in the offered list."""


async def advance(pilot: Any, app: TurnledgerApp) -> None:
    """a; when the advance takes something away the console asks: y."""
    head = app.service.head()
    await pilot.press("a")
    await pilot.pause()
    if isinstance(app.screen, ConfirmDialog):
        await pilot.press("y")
        await pilot.pause()
    assert app.service.head() == head + 1


async def paste(pilot: Any, app: TurnledgerApp, text: str) -> None:
    """Paste ``text`` into the focused field (a terminal paste: one event, not one per key)."""
    assert app.focused is not None
    app.post_message(events.Paste(text))  # as the terminal driver does: the app hands it to the focus
    await pilot.pause()


async def tab_to(pilot: Any, app: TurnledgerApp, widget_id: str) -> None:
    for _ in range(30):
        if app.focused is not None and app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}")


async def test_a_barbarossa_game_turn_by_keyboard(tmp_path: Path) -> None:
    app = make_app(str(tmp_path / "turn.db"), clock=TickingClock())
    at_phase(app.service, "Jun II 1941", "Axis", "Initial")
    app.head = app.service.head()
    start = app.head
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        # the Axis player turn
        await command(pilot, app, "ReceiveSupplyIncome")
        await command(pilot, app, "ReceiveResourceIncome")
        await advance(pilot, app)  # → Air
        await command(pilot, app, "PayAirSupply", {"fighters": "14", "others": "20"})
        await advance(pilot, app)  # → Movement
        await command(pilot, app, "ActivateMechanized", {"cm_divisions": "17", "motorized": "9"})
        await advance(pilot, app)  # → Combat
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, CombatForm)
        await paste(pilot, app, "Brest")
        await pilot.press("enter")  # Enter moves on to the zone
        await pilot.press("enter", *"zone B", "enter")  # the zone from the offered list
        await tab_to(pilot, app, "attackers")
        await paste(pilot, app, "9 pz aeca\n7 inf")
        await tab_to(pilot, app, "defenders")
        await paste(pilot, app, "4 rifle")
        await tab_to(pilot, app, "stacks")
        await pilot.press("1", "enter", "4", "space", "5", "enter")
        await pilot.press("f3")
        await pilot.pause()
        combat = app.service.entry(app.service.head())
        assert combat["command"]["kind"] == "ResolveCombat" and combat["rolls"][0]["faces"] == [4, 5]
        for loss in list(app.service.state().table.losses_due):
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, LossesForm)
            await tab_to(pilot, app, "units")
            await paste(pilot, app, f"{loss.amount} {loss.units[0]}")
            await pilot.press("f3")
            await pilot.pause()
        assert app.service.state().table.losses_due == []
        await advance(pilot, app)  # → Exploitation
        await advance(pilot, app)  # → the Soviet player turn
        # the Soviet player turn: the side is filled in as Soviet now
        await command(pilot, app, "ReceiveSupplyIncome")
        assert app.service.entry(app.service.head())["command"]["side"] == "Soviet"
        await advance(pilot, app)  # leaving Initial over the cap: asked, y
        await command(pilot, app, "PayAirSupply", {"others": "6"})
        for _ in range(4):  # Movement, Combat, Exploitation (nothing to record), then Jul I 1941
            await advance(pilot, app)
    calendar = app.service.state().table.calendar
    assert (calendar.label, calendar.player, calendar.phase) == ("Jul I 1941", "Axis", "Initial")
    kinds = [entry["command"]["kind"] for entry in app.service.entries(start + 1)]
    assert kinds.count("ResolveCombat") == 1 and kinds.count("AllocateLosses") >= 1
    pool = app.service.state().supply_pools["Soviet"]
    assert pool.stockpile <= 120  # the cap applied when the Soviet Initial phase ended (B-05)
    app.service.close()
