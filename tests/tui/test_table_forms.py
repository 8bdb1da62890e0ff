"""The hand-made table forms driven through Pilot: combat, losses, isolation attrition.

Each test asserts the ledger (entries, pools, losses owed) and the messages the console posts,
not only what the screen shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from textual.message import Message
from textual.widgets import Checkbox, Label, Select, Static, TextArea

from tests.tui.forms_support import fill, opened, panel, press_or_click, record
from tui import render
from tui.app import TurnledgerApp, make_app
from tui.dialogs.combat import CombatForm
from tui.dialogs.error import ErrorDialog
from tui.dialogs.isolation import IsolationForm
from tui.dialogs.losses import LossesForm
from tui.dialogs.warfare import WarfareForm

from support import TickingClock


def seen_of(kind: type[Message], seen: list[Message]) -> list[Any]:
    return [message for message in seen if isinstance(message, kind)]


async def test_combat_then_losses_through_the_forms(tmp_path: Path) -> None:
    """The surprise-turn attack: odds before the dice, the ruling after, losses owed, then allocated."""
    app = make_app(str(tmp_path / "war.db"), clock=TickingClock())
    seen: list[Message] = []
    async with app.run_test(size=(150, 50), message_hook=seen.append) as pilot:
        await pilot.press("a", "a")  # surprise turn: Air → Movement → Combat
        form = await opened(pilot, CombatForm, "f")
        attack = {"what": "Brest", "zone": "B", "attackers": "7 inf\n9 pz aeca\n2 StuG aeca", "defenders": "4 rifle"}
        await fill(pilot, form, {**attack, "stacks": "1"})
        assert "5-1" in panel(app) and "type the 2D6 faces" in panel(app)  # 18:4 → 4-1, 1R armor
        assert app.service.head() == 3
        await fill(pilot, form, {"faces": "1 2"})
        assert "roll 4 → X1" in panel(app)
        await record(pilot, "#record")
        combat = app.service.head()
        entry = app.service.store.entry(combat)
        assert entry["command"]["kind"] == "ResolveCombat" and entry["rolls"][0]["faces"] == [1, 2]
        assert seen_of(TurnledgerApp.Recorded, seen)[-1].entry["number"] == combat
        assert [(loss.side, loss.amount) for loss in app.service.state().table.losses_due] == [
            ("Axis", 2),
            ("Soviet", 2),
        ]
        assert app.service.state().supply_pools["Axis"].special == 79  # 1 SP for the paying stack, special first
        console = Console(record=True, width=150)
        console.print(render.state_view(app.service.state(), app.service.views(app.service.state())))
        assert f"Loss owed: #{combat} combat Brest: Soviet must lose 2" in console.export_text()

        await opened(pilot, ErrorDialog, "a")  # cannot leave Combat with losses owed
        assert "Axis still owes a loss of 2" in seen_of(TurnledgerApp.Refused, seen)[-1].text
        await pilot.press("escape")

        for side, units in (("Axis", "7 INF to cadre change=4"), ("Soviet", "4 rifle")):
            losses = await opened(pilot, LossesForm, "o")
            if side == "Axis":  # the form names the units that were in the combat
                shown = str(losses.query_one("#in-combat", Static).content)
                assert "Axis units in the combat: inf, pz, StuG" in shown
                await fill(pilot, losses, {"units": "7 rifle"})
                assert "rifle was not in combat" in panel(app)
            if side == "Soviet":
                losses.query_one("#loss", Select).value = 1 if len(losses.owed) > 1 else 0
            await fill(pilot, losses, {"units": units})
            await record(pilot, "#record")
        assert app.service.state().table.losses_due == []
        await pilot.press("a", "y")  # the surprise turn ends; its unspent special SP go (asked first)
        await pilot.pause()
        assert app.service.state().table.calendar.label == "Jun II 1941"


async def test_a_bad_unit_line_is_shown_in_place_and_refused_once(tmp_path: Path) -> None:
    """A typo names the line and the word; Record goes to the one error dialog; nothing is written."""
    app = make_app(str(tmp_path / "typo.db"), clock=TickingClock())
    seen: list[Message] = []
    async with app.run_test(size=(150, 50), message_hook=seen.append) as pilot:
        form = await opened(pilot, CombatForm, "a", "a", "f")
        await fill(pilot, form, {"zone": "B", "attackers": "7 inf\n9 pz aeka/2", "defenders": "4 rifle"})
        assert "attackers, line 2: 'aeka/2' is not a flag here" in panel(app)
        before = app.service.head()
        await pilot.click("#record")
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog)
        assert app.service.head() == before
        form_text = seen_of(TurnledgerApp.Refused, seen)[-1].text
        assert "line 2" in form_text
        await pilot.press("escape")
        await fill(pilot, form, {"attackers": "7 inf"})
        await press_or_click(pilot, "#record")  # no faces yet
        await pilot.pause()
        assert "throw 2D6 at the table and type the faces" in seen_of(TurnledgerApp.Refused, seen)[-1].text
        assert app.service.head() == before
        await pilot.press("escape")
        # refused by the service only when recording (digital dice without the witness word):
        # the form stays open with everything typed (issue 12: it forgot everything)
        await fill(pilot, form, {"faces": "d"})
        await press_or_click(pilot, "#record")  # once the button takes a click again
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog) and app.service.head() == before
        assert "record CommitDice first" in seen_of(TurnledgerApp.Refused, seen)[-1].text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form
        assert form.query_one("#attackers", TextArea).text == "7 inf"
        assert form.query_one("#defenders", TextArea).text == "4 rifle"
        assert form.query_one("#zone", Select).value == "B"


async def test_third_reich_isolation_attrition_through_the_form(tmp_path: Path) -> None:
    """H-40/H-41: the region's weather and the ticked modifiers decide; the roll is recorded with its witness."""
    app = make_app(str(tmp_path / "reich.db"), scenario="revised-third-reich/campaign-1939", clock=TickingClock())
    for _ in range(7):
        app.service.execute_json({"kind": "AdvancePhase"})
    assert app.service.state().table.calendar.phase == "Supply and Isolation"
    app.head = app.service.head()
    async with app.run_test(size=(150, 50)) as pilot:
        form = await opened(pilot, IsolationForm, "i")
        region = next(iter(app.service.state().table.weather))
        await fill(pilot, form, {"hex": "Warsaw", "units": "3-3 inf, 2-3 inf", "region": region, "home_country": True})
        await fill(pilot, form, {"faces": "4 3", "witnesses": "Ivan"})
        assert "modified 8" in panel(app) and "no loss" in panel(app)
        await record(pilot, "#record")
        entry = app.service.store.entry(app.service.head())
        assert entry["command"]["kind"] == "ResolveIsolationAttrition"
        assert entry["rolls"][0]["witnesses"] == ["Ivan"]


async def test_the_combat_forms_say_when_they_belong_in_a_third_reich_campaign(tmp_path: Path) -> None:
    """f and o are the Third Reich land-combat forms: refused outside the Combat phase and with
    nothing owed, each saying why; t (attrition) belongs to the Third Reich only."""
    app = make_app(str(tmp_path / "reich2.db"), scenario="revised-third-reich/campaign-1939", clock=TickingClock())
    seen: list[Message] = []
    async with app.run_test(size=(150, 50), message_hook=seen.append) as pilot:
        await opened(pilot, ErrorDialog, "f")
        assert "land combat happens in the Axis Combat or Mechanized Combat phase (A-58 [004])" in (
            seen_of(TurnledgerApp.Refused, seen)[-1].text
        )
        await pilot.press("escape", "o")
        await pilot.pause()
        assert "no units are owed and no hexes to name" in seen_of(TurnledgerApp.Refused, seen)[-1].text
        await pilot.press("escape", "t")
        await pilot.pause()
        assert "the attrition step happens in the Axis Combat phase (A-60 [004])" in (
            seen_of(TurnledgerApp.Refused, seen)[-1].text
        )


async def test_the_attrition_form_is_not_a_europa_form(tmp_path: Path) -> None:
    app = make_app(str(tmp_path / "europa.db"), clock=TickingClock())
    seen: list[Message] = []
    async with app.run_test(size=(150, 50), message_hook=seen.append) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert "Revised Europa has no attrition form" in seen_of(TurnledgerApp.Refused, seen)[-1].text


async def test_digital_dice_from_the_combat_form_then_checked_in_the_report(tmp_path: Path) -> None:
    """'d' for the faces: the panel says the service will roll; the report recomputes the roll once revealed."""
    app = make_app(str(tmp_path / "digital.db"), clock=TickingClock())
    seen: list[Message] = []
    async with app.run_test(size=(150, 50), message_hook=seen.append) as pilot:
        app.record({"kind": "CommitDice", "player_seeds": {"Hans": "eagle", "Ivan": "bear"}})
        form = await opened(pilot, CombatForm, "a", "a", "f")
        await fill(pilot, form, {"zone": "B", "attackers": "30 army", "defenders": "4 rifle", "faces": "d Ivan:bear"})
        assert "digital dice" in panel(app) and "7-1" in panel(app)
        await record(pilot, "#record")
        combat = app.service.store.entry(app.service.head())
        roll = combat["rolls"][0]
        assert (roll["method"], roll["n"], roll["rolled_by"]) == ("digital", 1, "referee")
        assert (roll["scheme"], roll["witness"]) == (3, {"by": "Ivan", "word": "bear"})
        await pilot.press("r")
        await pilot.pause()
        assert "its seed is revealed when its game turn ends" in str(app.screen.query_one("#check", Static).content)
        await pilot.press("escape")
        for loss in list(app.service.state().table.losses_due):
            app.record(
                {
                    "kind": "AllocateLosses",
                    "combat": loss.combat,
                    "side": loss.side,
                    "units": [{"label": loss.units[0], "counted": loss.amount}],
                }
            )
        await pilot.press("a", "y")  # the surprise turn ends (its special SP go: y): its seed is revealed
        await pilot.pause()
        app.cursor = combat["number"]
        await pilot.press("r")
        await pilot.pause()
        assert "recomputed from the revealed seed: matches" in str(app.screen.query_one("#check", Static).content)
        await pilot.press("escape", "end", "v")
        await pilot.pause()
        assert not seen_of(TurnledgerApp.Refused, seen)


async def test_strategic_warfare_through_the_form(tmp_path: Path) -> None:
    """G-61/G-62: the rolls needed are listed before the dice; the hits land on the UK's account."""
    from tests.referee.third_reich.test_economy_service import at
    from tests.referee.third_reich.test_sw_forces import hold

    app = make_app(str(tmp_path / "sw.db"), scenario="revised-third-reich/campaign-1939", clock=TickingClock())
    at(app.service, "Fall 1939", "Axis", "Options")
    app.service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "UK", "target_kind": "major"})
    hold(app.service, "Germany", submarines=5)  # issue 29: over the book's 3 U-boats and 0 ASW
    hold(app.service, "UK", asw=4)
    at(app.service, "Spring 1940", "Axis", "Strategic Warfare")
    app.head = app.service.head()
    async with app.run_test(size=(150, 50)) as pilot:
        form = await opened(pilot, WarfareForm, "w")
        await fill(pilot, form, {"offensive": "5", "defensive": "4"})
        assert "1. 1D10: ASW fire at the U-boats" in panel(app)
        await fill(pilot, form, {"rolls": "6 9 6"})
        assert "UK takes 3 BRP hits" in panel(app)
        await record(pilot, "#record")
        assert app.service.state().brp_economies["UK"].sw_hits == {"1940": {"submarines": 3}}


async def test_europa_isolation_attrition_through_the_form_leaves_a_loss_to_allocate(tmp_path: Path) -> None:
    """D-104..D-106: strength and unsupplied turns typed, modifiers ticked; the 50% loss is then owed."""
    from tests.referee.europa.test_logistics_service import at_phase

    app = make_app(str(tmp_path / "pocket.db"), clock=TickingClock())
    at_phase(app.service, "Jun II 1941", "Soviet", "Initial")
    app.head = app.service.head()
    async with app.run_test(size=(150, 50)) as pilot:
        form = await opened(pilot, IsolationForm, "i")
        # issue 12: every modifier is on screen (at 100 columns the last ones were hidden), and
        # the turns-unsupplied field is labelled even when filled in
        for box in form.query(Checkbox):
            assert box.region.width > 0 and box.region.right <= 150, box.id
            assert box.region.width >= len(str(box.label)), f"{box.id} is cut"
        labels = [str(label.content) for label in form.query(Label)]
        assert any(text.startswith("turns unsupplied") for text in labels)
        await fill(pilot, form, {"hex": "Bialystok", "strength": "9", "adjacent_enemy": True, "remote_region": True})
        await fill(pilot, form, {"faces": "4 3"})
        assert "modified 5" in panel(app) and "= 5 (rounded up)" in panel(app)
        await record(pilot, "#record")
        assert [(loss.side, loss.amount, loss.isolated) for loss in app.service.state().table.losses_due] == [
            ("Soviet", 5, True)
        ]
