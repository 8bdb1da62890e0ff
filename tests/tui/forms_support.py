"""The steps a console form test takes, written once (issue 30): open a screen by its keys, type
into a form's fields, record it, read its calculation panel. Each step waits for what it needs (the
screen it opens, the form it closes, a button that takes clicks again), never for a time, so that a
loaded machine makes a test slower, not wrong."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select, Static, TextArea

from tests.tui.pilot_waits import until
from tui.dialogs.command_form import CommandForm

S = TypeVar("S", bound=Screen[Any])


def panel(app: Any) -> str:
    """What the form on top shows in its calculation panel: the assessment before the dice, the
    ruling after, a refusal in place."""
    return str(app.screen.query_one("#calculation-text", Static).content)


async def on_top(pilot: Pilot[Any], kind: type[S]) -> S:
    """The screen an app opens with (a form it starts on), once it is up; it must be a ``kind``."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, kind), f"the app opened on {type(screen).__name__}, not {kind.__name__}"
    return screen


async def opened(pilot: Pilot[Any], kind: type[S], *keys: str) -> S:
    """Press ``keys`` and wait for the screen they put on top, which must be a ``kind``."""
    app = pilot.app
    before = app.screen
    await pilot.press(*keys)
    await pilot.pause()
    await until(pilot, lambda: app.screen is not before)
    screen = app.screen
    assert isinstance(screen, kind), f"{keys} opened {type(screen).__name__}, not {kind.__name__}"
    return screen


def type_into(form: Screen[Any], fields: dict[str, Any]) -> None:
    """Leave each field (by id) as a player would: an Input's or a TextArea's text, a Select's
    choice, a Checkbox's tick; in the order given, since a choice may change the fields after it."""
    for name, value in fields.items():
        widget = form.query_one(f"#{name}")
        if isinstance(widget, TextArea):
            widget.text = value
        elif isinstance(widget, Input | Select | Checkbox):
            widget.value = value
        else:
            raise TypeError(f"#{name} is a {type(widget).__name__}, not a field")


async def fill(pilot: Pilot[Any], form: Screen[Any], fields: dict[str, Any]) -> None:
    """`type_into` the form, then let it take the changes in (its panel calculates again)."""
    type_into(form, fields)
    await pilot.pause()


async def command_form(pilot: Pilot[Any], kind: str, fields: dict[str, str] | None = None) -> CommandForm:
    """`c`, the command's kind chosen (its fields follow it), then ``fields`` typed (by name)."""
    form = await opened(pilot, CommandForm, "c")
    form.query_one("#kind", Select).value = kind
    await pilot.pause()
    type_into(form, {f"field-{name}": value for name, value in (fields or {}).items()})
    return form


async def record(pilot: Pilot[Any], via: str = "f3") -> None:
    """Record the form on top by a key (F3) or a click (``#record``) and wait until it has closed:
    the entry is in the ledger by then (a refusal leaves the form open, and this wait fails)."""
    app = pilot.app
    form = app.screen
    await press_or_click(pilot, via)
    await pilot.pause()
    assert await until(pilot, lambda: app.screen is not form), f"{type(form).__name__} stayed open"


async def press_or_click(pilot: Pilot[Any], via: str) -> None:
    """A button by its selector (``#record``), once it takes clicks again (a button ignores a
    click while it still shows the last one), or else a key."""
    if not via.startswith("#"):
        await pilot.press(via)
        return
    button = pilot.app.screen.query_one(via, Button)
    await until(pilot, lambda: not button.has_class("-active"))
    await pilot.click(via)
