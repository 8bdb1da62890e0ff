"""A Boot Camp turn played through the console as a new player would (issue 16): a new campaign
made from the bundled scenario in the new-campaign form, the replacements taken in the Initial
phase, a combat resolved in the Boot Camp form (odds rounded down and AEC shown before the die),
its losses allocated, the turn replayed and the combat undone; the ledger is checked, not only
the screen."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from referee.service import RefereeService
from tests.tui.forms_support import command_form, fill, on_top, opened, panel, record
from tui.app import NewCampaignApp, make_app
from tui.dialogs.boot_camp_combat import BootCampCombatForm
from tui.dialogs.losses import LossesForm
from tui.dialogs.new_campaign import NewCampaignForm
from tui.dialogs.undo import UndoDialog


async def test_a_boot_camp_turn_from_the_new_campaign_form_to_undo(tmp_path: Path) -> None:
    path = tmp_path / "first.db"
    creating = NewCampaignApp(str(path))
    async with creating.run_test(size=(120, 45)) as pilot:
        form = await on_top(pilot, NewCampaignForm)
        await fill(pilot, form, {"scenario": "europa-boot-camp/first-battle"})
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
        command = await command_form(pilot, "ReceiveBootCampReplacements", {"nation": "Germany"})
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

        combat = await opened(pilot, BootCampCombatForm, "f")
        attackers = "8 1pz div cm\n6 10mot div cm\n7 2inf div"
        await fill(
            pilot,
            combat,
            {"what": "Vyazma", "zone": "A", "attackers": attackers, "defenders": "6 10rif div\n6 11rif div"},
        )
        # 21 against 12 rounds down to 1-1; AEC +2 (two attacking c/m divisions) in Clear
        assert "1-1" in panel(app) and "DRM +2" in panel(app) and "1D6" in panel(app)
        assert app.service.head() == before
        await fill(pilot, combat, {"faces": "5"})
        await record(pilot)
        entry = app.service.store.entry(before + 1)
        assert entry["command"]["kind"] == "ResolveBootCampCombat"
        assert [roll["faces"] for roll in entry["rolls"]] == [[5]]
        owed = {loss.side: loss.amount for loss in app.service.state().table.losses_due}
        assert owed, entry["ruling"]["summary"]

        for _ in owed:  # each side owing a loss gives it up in the losses form
            losses = await opened(pilot, LossesForm, "o")
            first = app.service.state().table.losses_due[0]
            units = "7 2inf" if first.side == "Axis" else "6 10rif to cadre\n6 11rif"
            await fill(pilot, losses, {"units": units})
            await record(pilot)
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
        undo = await opened(pilot, UndoDialog, "u")  # undo the combat and its losses: a compensating entry
        undo.query_one("#reason", Input).value = "we attacked the wrong hex"
        await pilot.click("#confirm")
        await pilot.pause()
        assert app.service.state().table.losses_due == []
        assert app.service.state().table.calendar.phase == "Combat"
        assert app.service.store.entry(app.service.head())["command"]["to"] == combat_entry - 1
        kinds = [entry["command"]["kind"] for entry in app.service.entries()]
        assert kinds[-1] == "Rollback" and "ResolveBootCampCombat" in kinds  # nothing is deleted
    app.service.close()
