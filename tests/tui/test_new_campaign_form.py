"""The new-campaign form (issue 12: options could be chosen nowhere in the console): scenario,
name, rules version, own chart and option readings, as `turnledger new` takes them."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Input, Label, Select, Static

from referee.service import RefereeService
from tests.tui.cli_support import THIRD_REICH_OPTIONS
from tests.tui.forms_support import on_top
from tui.app import NewCampaignApp, TurnledgerApp, make_app
from tui.dialogs.new_campaign import NewCampaignForm


def option_select(form: NewCampaignForm, option: str) -> Select[str]:
    return next(select for select in form.query("#options Select").results(Select) if select.name == option)


async def test_a_file_that_does_not_exist_opens_the_form_and_its_choices_are_pinned(tmp_path: Path) -> None:
    """Chosen by keys: the Third Reich scenario from the offered list, then one option reading;
    F3 creates the campaign with exactly the changed reading pinned."""
    path = tmp_path / "club.db"
    app = NewCampaignApp(str(path))
    async with app.run_test(size=(120, 45)) as pilot:
        form = await on_top(pilot, NewCampaignForm)
        assert form.query_one("#name", Input).value == "club"
        assert form.focused is form.query_one("#scenario", Select)
        await pilot.press("enter", "down", "enter")  # the list of scenarios: the next one
        await pilot.pause()
        assert form.scenario == "revised-third-reich/campaign-1939"
        assert [str(select.name) for select in form.query("#options Select").results(Select)] == THIRD_REICH_OPTIONS
        option_select(form, "us_growth").value = "60"
        await pilot.pause()
        assert form.command() == {
            "kind": "CreateCampaign",
            "scenario": "revised-third-reich/campaign-1939",
            "name": "club",
            "options": {"us_growth": "60"},
        }
        await pilot.press("f3")
        await pilot.pause()
    service = app.return_value
    assert isinstance(service, RefereeService) and path.exists()
    chosen = {row["option"]: row["chosen"] for row in service.options()}
    assert chosen["us_growth"] == "60" and chosen["murmansk_timing"] == "summer_i"
    assert service.current().identity.scenario == "revised-third-reich/campaign-1939"
    service.close()


async def test_a_refused_creation_stays_in_the_form_and_writes_no_file(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    app = NewCampaignApp(str(path))
    async with app.run_test(size=(120, 45)) as pilot:
        form = await on_top(pilot, NewCampaignForm)
        form.query_one("#charts", Input).value = str(tmp_path / "no-such-chart.toml")
        await pilot.press("f3")
        await pilot.pause()
        assert app.screen is form
        message = str(form.query_one("#message", Static).content)
        assert message.startswith("[b]not created:[/b]") and "no-such-chart.toml" in message
        form.query_one("#charts", Input).value = ""
        await pilot.pause()
        assert str(form.query_one("#message", Static).content) == ""  # the refusal does not outlive its cause
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_value is None and not path.exists()


async def test_the_earlier_rules_version_is_offered_and_recorded(tmp_path: Path) -> None:
    app = NewCampaignApp(str(tmp_path / "old-rules.db"))
    async with app.run_test(size=(120, 45)) as pilot:
        form = await on_top(pilot, NewCampaignForm)
        rulesets = form.query_one("#ruleset", Select)
        assert rulesets.value == "europa-000"
        rulesets.value = "europa-001"
        await pilot.pause()
        assert form.command()["ruleset"] == "europa-001"
        await pilot.press("f3")
        await pilot.pause()
    service = app.return_value
    assert isinstance(service, RefereeService)
    assert 'id = "europa-001"' in service.ruleset_text()
    service.close()


async def test_a_new_campaign_made_from_the_console_replaces_the_open_one(tmp_path: Path) -> None:
    """The command palette's New campaign: the form asks for the file too; the campaign it makes
    is shown live, and the one open before is closed, untouched."""
    first = tmp_path / "first.db"
    app: TurnledgerApp = make_app(str(first))
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await app.workers.wait_for_complete()
        app.action_new()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewCampaignForm)
        assert form.focused is form.query_one("#location", Input)
        await pilot.press("f3")  # no file named yet
        await pilot.pause()
        assert "name the campaign file" in str(form.query_one("#message", Static).content)
        second = tmp_path / "second.db"
        form.query_one("#location", Input).value = str(second)
        await pilot.press("enter", "f3")
        await pilot.pause()
        assert app.screen is app.dashboard, str(form.query_one("#message", Static).content)
        assert Path(app.service.location) == second and app.head == 1 and app.cursor is None
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.query_one("#count", Static).content is not None
        assert "1 entries match" in str(app.screen.query_one("#count", Static).content)
    app.service.close()
    reopened = RefereeService.open(str(first))
    assert reopened.head() == 2
    reopened.close()


async def test_every_option_is_visible_and_choosable_by_keyboard_at_80_by_24(tmp_path: Path) -> None:
    """Issue 28, 1: Boot Camp's 38 options at 80×24. The list held 2 visible rows and Tab walked
    into hidden ones (the options box clipped them, so the form could not scroll to them); now each
    option, with its name, its default and the rule it settles, comes into view as Tab reaches it,
    End and Home scroll the list, and the last option's reading is chosen with the keyboard."""
    app = NewCampaignApp(str(tmp_path / "boot.db"))
    async with app.run_test(size=(80, 24)) as pilot:
        form = await on_top(pilot, NewCampaignForm)
        form.query_one("#scenario", Select).value = "europa-boot-camp/first-battle"
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        selects = list(form.query("#options Select").results(Select))
        assert len(selects) == len(form.defaults) >= 38
        fields = form.query_one("#fields", VerticalScroll)
        screen = app.screen.region
        seen: set[str] = set()
        for _ in range(len(selects) + 10):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            if not isinstance(focused, Select) or focused not in selects:
                continue
            label = focused.parent.query_one(Label) if focused.parent is not None else None
            assert label is not None
            for widget in (focused, label):
                assert fields.region.contains_region(widget.region), (focused.name, widget.region, fields.region)
                assert screen.contains_region(widget.region)
            text = str(label.content)
            assert str(focused.name) in text and f"default {form.defaults[str(focused.name)]}" in text
            seen.add(str(focused.name))
        assert seen == set(form.defaults)
        first = selects[0]
        first.focus()
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()  # End scrolls smoothly; read the list where it settles
        await pilot.pause()
        assert fields.scroll_y == fields.max_scroll_y > 0
        await pilot.press("home")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert fields.scroll_y == 0
        last = selects[-1]
        last.focus()
        await pilot.pause()
        readings = [value for _, value in last._options if value != last.value]
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert last.value in readings
        assert form.command()["options"] == {str(last.name): last.value}
