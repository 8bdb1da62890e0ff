"""The console's hidden forms for sealed orders (issue 27, tui/dialogs/seal.py): every number typed
in a field that shows dots, only the commitment recorded; the reveal from this machine or typed;
a reveal that does not match is refused and the form stays open. Driven with Textual's Pilot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.widgets import Input, Select

from referee.book.sealed_orders import OrderSealing
from referee.common.sealing import commitment
from tui.app import TurnledgerApp, make_app
from tui.dialogs.error import ErrorDialog
from tui.dialogs.seal import RevealForm, SealForm

SALT = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"


def _reich(tmp_path: Path) -> TurnledgerApp:
    return make_app(str(tmp_path / "reich.db"), scenario="revised-third-reich/campaign-1939")


async def test_sealing_through_the_hidden_form_records_only_the_commitment(tmp_path: Path) -> None:
    app = _reich(tmp_path)
    recorded: list[Any] = []
    async with app.run_test(size=(150, 50), message_hook=recorded.append) as pilot:
        before = app.service.head()
        app.push_screen(SealForm(OrderSealing(app.service), app.actor))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SealForm)
        numbers = {field.id: field for field in form.query(Input) if (field.id or "").startswith("order-")}
        assert set(numbers) == {"order-german_air", "order-german_fleets", "order-uboats"}
        assert all(field.password for field in numbers.values())
        numbers["order-german_air"].value = "3"
        numbers["order-uboats"].value = "4"
        await pilot.press("f3")
        await pilot.pause()
        assert not isinstance(app.screen, SealForm)
        entry = app.service.entry(before + 1)
        assert entry["command"]["kind"] == "SealOrder" and entry["command"]["side"] == "Germany"
        assert "order" not in entry["command"]
        assert any(type(message).__name__ == "Recorded" for message in recorded)
        kept = app.service.secrets.sealed(entry["command"]["commitment"])
        assert kept is not None and kept[0] == {"german_air": 3, "german_fleets": 0, "uboats": 4}
    app.service.close()


async def test_the_allies_form_asks_their_numbers_and_a_bad_number_keeps_it_open(tmp_path: Path) -> None:
    app = _reich(tmp_path)
    async with app.run_test(size=(150, 50)) as pilot:
        before = app.service.head()
        app.push_screen(SealForm(OrderSealing(app.service), app.actor))
        await pilot.pause()
        form = app.screen
        form.query_one("#side", Select).value = "Western Allies"
        await pilot.pause()
        ids = {field.id for field in form.query(Input) if (field.id or "").startswith("order-")}
        assert ids == {"order-allied_fleets", "order-asw"}
        form.query_one("#order-asw", Input).value = "four"
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog)
        assert app.service.head() == before
        assert app.service.secrets.path is not None and not app.service.secrets.path.exists()
    app.service.close()


async def test_revealing_from_this_machine_and_a_typed_reveal_that_does_not_match(tmp_path: Path) -> None:
    app = _reich(tmp_path)
    sealing = OrderSealing(app.service)
    kept = sealing.seal("Germany", "murmansk", {"uboats": 4})
    typed = app.service.execute_json(
        {"kind": "SealOrder", "side": "Western Allies", "slot": "murmansk", "commitment": commitment({"asw": 2}, SALT)}
    )
    app.head = app.service.head()  # recorded before the console opened: it opens on them
    async with app.run_test(size=(150, 50)) as pilot:
        app.push_screen(RevealForm(sealing, app.actor))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RevealForm)
        assert form.query_one("#order", Input).password and form.query_one("#salt", Input).password
        form.query_one("#seal", Select).value = typed["number"]
        form.query_one("#order", Input).value = '{"asw": 3}'
        form.query_one("#salt", Input).value = SALT
        head = app.service.head()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog)
        assert "this is not the order Western Allies sealed" in str(app.screen.message)
        assert app.service.head() == head
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form  # the form stays open with what was typed
        form.query_one("#order", Input).value = '{"asw": 2}'
        await pilot.press("f3")
        await pilot.pause()
        assert app.service.entry(head + 1)["command"]["order"] == {"asw": 2}
        app.push_screen(RevealForm(sealing, app.actor))
        await pilot.pause()
        app.screen.query_one("#seal", Select).value = kept["number"]
        await pilot.press("f3")
        await pilot.pause()
        entry = app.service.entry(head + 2)
        assert entry["command"]["kind"] == "RevealOrder" and entry["command"]["seal"] == kept["number"]
        assert json.dumps(entry["command"]["order"]) == '{"german_air": 0, "german_fleets": 0, "uboats": 4}'
    app.service.close()
