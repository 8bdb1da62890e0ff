"""A Boot Camp turn played through the console as a new player would (issue 16): a new campaign
made from the bundled scenario in the new-campaign form, the replacements taken in the Initial
phase, a combat resolved in the Boot Camp form (odds rounded down and AEC shown before the die),
its losses allocated, the turn replayed and the combat undone; the ledger is checked, not only
the screen."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, Static, TextArea

from referee.service import RefereeService
from tui.app import NewCampaignApp, TurnledgerApp, make_app
from tui.dialogs.boot_camp_combat import BootCampCombatForm
from tui.dialogs.command_form import CommandForm
from tui.dialogs.losses import LossesForm
from tui.dialogs.new_campaign import NewCampaignForm
from tui.dialogs.undo import UndoDialog


def _panel(app: TurnledgerApp) -> str:
    return str(app.screen.query_one("#calculation-text", Static).content)


async def test_a_boot_camp_turn_from_the_new_campaign_form_to_undo(tmp_path: Path) -> None:
    path = tmp_path / "first.db"
    creating = NewCampaignApp(str(path))
    async with creating.run_test(size=(120, 45)) as pilot:
        await pilot.pause()
        form = creating.screen
        assert isinstance(form, NewCampaignForm)
        form.query_one("#scenario", Select).value = "europa-boot-camp/first-battle"
        await pilot.pause()
        assert form.command()["scenario"] == "europa-boot-camp/first-battle"
        await pilot.press("f3")
        await pilot.pause()
    created = creating.return_value
    assert isinstance(created, RefereeService)
    assert created.state().identity.ruleset == "europa-002"
    created.close()

    app = make_app(str(path))
    async with app.run_test(size=(150, 50)) as pilot:
        # Initial phase: the German replacements, through the command form (C-65).
        await pilot.press("c")
        await pilot.pause()
        command = app.screen
        assert isinstance(command, CommandForm)
        command.query_one("#kind", Select).value = "ReceiveBootCampReplacements"
        await pilot.pause()
        command.query_one("#field-nation", Input).value = "Germany"
        await pilot.press("f3")  # the first F3 previews the ruling, the second records it
        await pilot.pause()
        assert "Germany replacements: 1 armor, 2 infantry" in str(command.query_one("#ruling", Static).content)
        await pilot.press("f3")
        await pilot.pause()
        assert app.service.state().replacement_tracks["Germany"].points == {"armor": 1, "artillery": 0, "infantry": 2}

        await pilot.press("a", "a", "a")  # Initial → Movement → Air → Combat
        await pilot.pause()
        assert app.service.state().table.calendar.phase == "Combat"
        before = app.service.head()

        await pilot.press("f")
        await pilot.pause()
        combat = app.screen
        assert isinstance(combat, BootCampCombatForm)
        combat.query_one("#what", Input).value = "Vyazma"
        combat.query_one("#zone", Select).value = "A"
        combat.query_one("#attackers", TextArea).text = "8 1pz div cm\n6 10mot div cm\n7 2inf div"
        combat.query_one("#defenders", TextArea).text = "6 10rif div\n6 11rif div"
        await pilot.pause()
        # 21 against 12 rounds down to 1-1; AEC +2 (two attacking c/m divisions) in Clear
        assert "1-1" in _panel(app) and "DRM +2" in _panel(app) and "1D6" in _panel(app)
        assert app.service.head() == before
        combat.query_one("#faces", Input).value = "5"
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        entry = app.service.store.entry(before + 1)
        assert entry["command"]["kind"] == "ResolveBootCampCombat"
        assert [roll["faces"] for roll in entry["rolls"]] == [[5]]
        owed = {loss.side: loss.amount for loss in app.service.state().table.losses_due}
        assert owed, entry["ruling"]["summary"]

        for _ in owed:  # each side owing a loss gives it up in the losses form
            await pilot.press("o")
            await pilot.pause()
            losses = app.screen
            assert isinstance(losses, LossesForm)
            first = app.service.state().table.losses_due[0]
            units = "7 2inf" if first.side == "Axis" else "6 10rif to cadre\n6 11rif"
            losses.query_one("#units", TextArea).text = units
            await pilot.pause()
            await pilot.press("f3")
            await pilot.pause()
        assert app.service.state().table.losses_due == []

        await pilot.press("left", "left")  # replay: back before the losses
        await pilot.pause()
        assert app.cursor is not None and app.cursor < app.service.head()
        await pilot.press("end")
        await pilot.pause()
        assert app.cursor is None

        combat_entry = before + 1
        while app.cursor is None or app.cursor > combat_entry - 1:  # back to the entry before the combat
            await pilot.press("left")
        await pilot.pause()
        await pilot.press("u")  # undo the combat and its losses: a compensating entry
        await pilot.pause()
        undo = app.screen
        assert isinstance(undo, UndoDialog)
        undo.query_one("#reason", Input).value = "we attacked the wrong hex"
        await pilot.click("#confirm")
        await pilot.pause()
        assert app.service.state().table.losses_due == []
        assert app.service.state().table.calendar.phase == "Combat"
        assert app.service.store.entry(app.service.head())["command"]["to"] == combat_entry - 1
        kinds = [entry["command"]["kind"] for entry in app.service.entries()]
        assert kinds[-1] == "Rollback" and "ResolveBootCampCombat" in kinds  # nothing is deleted
    app.service.close()
