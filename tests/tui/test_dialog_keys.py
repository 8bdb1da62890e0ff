"""Issue 28, items 10-12: every dialog of the console answers the same keys and looks the same.

One console walks them all: those the Europa dashboard opens by their key, the other games'
forms pushed with a set-up of their shape. In each: Tab moves (a burst of Tabs goes round the
whole chain), Enter in a field moves on, F3 records or is refused through the one funnel where
the dialog records, Escape closes; the focused field is drawn in the accent border, buttons say
their keys, nothing reads 'None' and no text is cut. Keys typed faster than a slow preview keep
their order, and faces typed on a checkbox go to the field after it.
"""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from textual import events
from textual.app import App
from textual.containers import ScrollableContainer
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static
from textual.widgets._select import SelectCurrent

from tui.app import TurnledgerApp, make_app
from tui.dialogs.aa_fire import AAFireForm, AAFireSetup
from tui.dialogs.air_naval import AirNavalForm
from tui.dialogs.attrition import AttritionForm, AttritionSetup
from tui.dialogs.boot_camp_combat import BootCampCombatForm, BootCampCombatSetup
from tui.dialogs.combat import CombatForm
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.error import ErrorDialog
from tui.dialogs.frame import BUTTON_KEYS, DialogFrame
from tui.dialogs.isolation import IsolationForm, IsolationSetup
from tui.dialogs.land_combat import LandCombatForm, LandCombatSetup
from tui.dialogs.land_losses import LandLossesForm
from tui.dialogs.losses import LossesForm
from tui.dialogs.murmansk import MurmanskForm
from tui.dialogs.receipt import ReceiptDialog
from tui.dialogs.undo import UndoDialog
from tui.dialogs.warfare import WarfareForm, WarfareSetup
from tui.dialogs.year_start import YearStartForm

from support import TickingClock

CHARACTERS = {" ": "space", "\t": "tab", "\r": "enter"}


def burst(app: App[Any], *keys: str) -> None:
    """Keys arriving faster than the console handles them (a referee typing ahead of a busy
    console): all of them are queued before the first is handled."""
    for key in keys:
        if len(key) == 1:
            event = events.Key(CHARACTERS.get(key, key), key)
        else:
            event = events.Key(key, {"tab": "\t", "enter": "\r", "space": " "}.get(key))
        app.post_message(event)


def drawn_focused(widget: Widget) -> bool:
    """The frame's focus look: a thick accent border (on a choice, around its current value; a
    scrolling panel without a border is tinted)."""
    target = widget.query_one(SelectCurrent) if isinstance(widget, Select) else widget
    tinted = isinstance(widget, ScrollableContainer) and widget.styles.background_tint.a > 0
    return target.styles.border_top[0] == "thick" or tinted


def in_scroll(widget: Widget) -> bool:
    return any(isinstance(node, ScrollableContainer) for node in widget.ancestors)


def text_of(widget: Widget) -> str:
    if isinstance(widget, Input):
        return f"{widget.value} {widget.placeholder}"
    if isinstance(widget, Button | Checkbox):
        return str(widget.label)
    if isinstance(widget, Static):
        shown = widget.content
        if isinstance(shown, str | Content):
            return str(shown)
        console = Console(width=160, record=True, file=io.StringIO())
        console.print(shown)  # a report's panel, the help's tables
        return console.export_text()
    return ""


def looks_whole(dialog: DialogFrame[Any]) -> None:
    """Nothing reads 'None'; no field, label, checkbox or button is cut by the dialog's edge; a
    placeholder fits its field; a button says its key."""
    for widget in dialog.query("*"):
        assert "None" not in text_of(widget).split(), f"{type(dialog).__name__}: {widget!r} shows None"
        shown = widget.region.area > 0  # not in a part the dialog hides
        if not shown or in_scroll(widget) or not isinstance(widget, Input | Label | Checkbox | Button):
            continue
        placed = dialog._compositor.full_map.get(widget)
        if placed is not None:
            assert placed.clip.contains_region(placed.region), f"{type(dialog).__name__}: {widget!r} is cut"
        if isinstance(widget, Input) and not widget.value:
            assert cell_len(widget.placeholder) <= widget.content_size.width, f"{widget!r}: placeholder cut"
        if isinstance(widget, Input) and widget.border_title:
            assert cell_len(str(widget.border_title)) + 4 <= widget.region.width, f"{widget!r}: border title cut"
        if isinstance(widget, Checkbox):
            assert cell_len(str(widget.label)) + 4 <= widget.content_size.width, f"{widget!r}: label cut"
        if isinstance(widget, Button) and str(widget.id) in BUTTON_KEYS:
            assert f"({BUTTON_KEYS[str(widget.id)]})" in str(widget.label), widget


async def walk(app: TurnledgerApp, pilot: Any, seen: list[Message], *, records: bool = True) -> None:
    """The keys every dialog shares, on the dialog shown."""
    dialog = app.screen
    assert isinstance(dialog, DialogFrame), dialog
    name = type(dialog).__name__
    looks_whole(dialog)
    first = app.focused
    assert first is not None and (drawn_focused(first) or not isinstance(first, Input | Select | Button)), name
    # Enter in the first field moves on, and Tabs take it round the chain back to that field
    chain = dialog.focus_chain
    fields = [widget for widget in chain if isinstance(widget, Input)]
    start = fields[0] if fields else chain[0]
    dialog.set_focus(start)
    enters = isinstance(start, Input) and name != "JumpDialog"  # the jump dialog's one field jumps on Enter
    steps = min(len(chain), 12)
    burst(app, "enter" if enters else "tab", *["tab"] * (steps - 1))
    await pilot.pause()
    expected = chain[(chain.index(start) + steps) % len(chain)]
    assert app.focused is expected, f"{name}: Enter and {steps - 1} Tabs went to {app.focused!r}, not {expected!r}"
    assert drawn_focused(expected), f"{name}: {expected!r} does not look focused"
    if records:
        before = len(seen)
        await pilot.press("f3")  # the funnel posts what it answered as it answers
        answers = TurnledgerApp.Refused | TurnledgerApp.Recorded
        answered = [message for message in seen[before:] if isinstance(message, answers)]
        assert answered, f"{name}: F3 recorded nothing and was refused nothing"
        if isinstance(app.screen, ErrorDialog):
            await pilot.press("escape")
    if app.screen is dialog:
        await pilot.press("escape")
    assert app.screen is not dialog, f"{name}: Escape did not close it"


async def opened(app: TurnledgerApp, pilot: Any, key: str | None = None, dialog: Any = None) -> None:
    if key is not None:
        await pilot.press(key)
    else:
        app.push_screen(dialog)
    await pilot.pause()


async def test_every_dialog_answers_the_same_keys(tmp_path: Path) -> None:
    app = make_app(str(tmp_path / "walk.db"), clock=TickingClock())
    seen: list[Message] = []
    preview, actor = app._preview, app.actor
    async with app.run_test(size=(150, 50), message_hook=seen.append) as pilot:
        await opened(app, pilot, "o")  # no loss owed: the one error dialog
        assert isinstance(app.screen, ErrorDialog)
        await walk(app, pilot, seen, records=False)
        for key in ("c", "g", "question_mark", "s", "S"):
            await opened(app, pilot, key)
            await walk(app, pilot, seen, records=key in ("c", "s", "S"))
        await opened(app, pilot, "x")  # the receipt: no fields; Escape closes it
        assert isinstance(app.screen, ReceiptDialog)
        await pilot.press("escape")
        app.action_new()
        await pilot.pause()
        await walk(app, pilot, seen, records=False)  # F3 there says in the form what is missing

        await opened(app, pilot, "r")  # the report: F3 flags the dispute, naming who raised it
        app.screen.query_one("#text", Input).value = "the die fell off the table"
        app.screen.query_one("#raised_by", Input).value = "Ivan"
        await walk(app, pilot, seen)
        assert app.service.entry(app.service.head())["command"]["raised_by"] == "Ivan"

        await pilot.press("left")
        await opened(app, pilot, "u")
        undo = app.screen
        assert isinstance(undo, UndoDialog)
        assert "1 entry will be undone (0 die rolls among them)" in str(undo.query_one("#undoing", Static).render())
        await pilot.press("f3")  # no reason yet: said in the field, nothing undone
        assert app.screen is undo and undo.query_one("#reason", Input).border_title == "a reason is required"
        await walk(app, pilot, seen, records=False)
        await pilot.press("end", "a", "a")
        await opened(app, pilot, "f")
        assert isinstance(app.screen, CombatForm)
        await walk(app, pilot, seen)
        app.record(
            {
                "kind": "ResolveCombat",
                "side": "Axis",
                "what": "Brest",
                "zone": "B",
                "attackers": [{"label": "inf", "attack": 7}],
                "defenders": [{"label": "rifle", "defense": 4}],
                "faces": [1, 2],
            }
        )
        await opened(app, pilot, "o")
        assert isinstance(app.screen, LossesForm)
        await walk(app, pilot, seen)

        for dialog in (
            ConfirmDialog("Advance? This advance takes something away.", "· 12 special SP are lost"),
            IsolationForm(IsolationSetup("Axis", "D-106: 2D6", True, {}), preview, actor),
            AttritionForm(AttritionSetup("Axis", {"Germany": ["eastern"]}, ["Allies"]), preview, preview, actor),
            WarfareForm(WarfareSetup("submarines"), preview, preview, actor),
            AirNavalForm("Axis", {"Germany": ["western"]}, preview, preview, actor),
            MurmanskForm({"USSR": {"Murmansk": 20}}, "Summer 1942", preview, preview, actor),
            YearStartForm(["Germany", "Italy"], {}, preview, actor),
            LandCombatForm(
                LandCombatSetup(
                    "land_combat", "Axis", {"Germany": ["eastern"]}, ["Allies"], {"Poland": "clear"}, False
                ),
                preview,
                preview,
                actor,
            ),
            LandLossesForm(
                [{"combat": 9, "what": "Warsaw", "side": "Allies", "units": 2, "fought": ["Pol 1"]}], preview, actor
            ),
            BootCampCombatForm(
                BootCampCombatSetup("boot_camp_combat", "Axis", {"B": "clear"}, ["clear", "woods"], ["river"]),
                preview,
                preview,
                actor,
            ),
            AAFireForm(AAFireSetup("aa_fire", ["Allied"], ["bombing"], ["German"]), preview, actor),
        ):
            await opened(app, pilot, dialog=dialog)
            await walk(app, pilot, seen, records=not isinstance(dialog, ConfirmDialog))


async def test_a_tab_typed_ahead_of_a_slow_preview_keeps_the_order_of_the_keys(tmp_path: Path) -> None:
    """Issue 28, 11: the faces, Tab, a name, Tab, two names, typed while each preview takes long:
    each field holds exactly what was typed into it."""
    app = make_app(str(tmp_path / "slow.db"), clock=TickingClock())
    previews: list[dict[str, Any]] = []

    def slow_preview(data: dict[str, Any]) -> str:
        previews.append(data)
        time.sleep(0.05)  # a busy machine
        return "a slow ruling"

    async with app.run_test(size=(150, 50)) as pilot:
        await pilot.press("a", "a", "f")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CombatForm)
        form.preview = form.assess = slow_preview
        form.set_focus(form.query_one("#faces", Input))
        burst(app, *"3 5", "tab", *"Hans", "tab", *"Ivan Olga")
        await pilot.pause()
        assert form.query_one("#faces", Input).value == "3 5"
        assert form.query_one("#rolled_by", Input).value == "Hans"  # "referee" was there: typing replaced it
        assert form.query_one("#witnesses", Input).value == "Ivan Olga"
        assert len(previews) < 12, "a preview for each of the 15 keys"


async def test_faces_typed_on_a_checkbox_go_to_the_faces_field(tmp_path: Path) -> None:
    """Issue 28, 10: one Tab short, the faces landed on the last modifier, whose space ticked it."""
    app = make_app(str(tmp_path / "boxes.db"), clock=TickingClock())
    async with app.run_test(size=(150, 50)) as pilot:
        form = IsolationForm(IsolationSetup("Axis", "D-106: 2D6", True, {}), app._preview, app.actor)
        await opened(app, pilot, dialog=form)
        winter = form.query_one("#winter", Checkbox)
        form.set_focus(winter)
        burst(app, *"4 3")
        await pilot.pause()
        assert form.query_one("#faces", Input).value == "4 3" and winter.value is False
        form.set_focus(winter)
        await pilot.press("space")  # the checkbox keeps its own key
        assert winter.value is True and app.focused is winter
