"""One reader of names for every entry point (issue 28, item 6).

`turnledger preview` and the console refused ``"side": "axis"`` and SeatPlayer ``soviet`` while
`turnledger apply` took them; a city ``minsk`` got no "did you mean Minsk"; choices were read in
one case only (``Eastern``, ``Besieged``, ``Build`` refused). Every typed command is now read by
the referee service's ``parse`` (referee/common/names.py): names and choices in any case, recorded
as the campaign and the command spell them, a misspelling refused with the nearest name.

The matrix runs every command kind of each game with a name or choice field, its names and
choices typed in the wrong case (and, once per field, misspelt), through three entry points:
`turnledger apply` and `turnledger preview` on one campaign, the console's record
(`execute_json`, what its command form and table forms record through) on a second one, which
the same outcomes keep in step; each must give the same outcome. The console's own forms are
driven once, by keyboard, with the words of the issue.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from textual.widgets import Input, Static

from referee.common.errors import RulesError
from referee.common.names import CLOSED_FIELDS, NAME_FIELDS, OPEN_NAMES, field_choices
from referee.files.batch import CommandFile, apply_lines
from referee.games import commands_of, game_named
from referee.schema import _example
from referee.service import RefereeService
from tests.conftest import MakeService
from tests.referee.third_reich.reich_support import WARSAW, declared
from tests.referee.third_reich.test_economy_service import at
from tests.tui.forms_support import command_form
from tui.app import make_app
from tui.cli_read import cmd_preview
from tui.dialogs.command_form import CommandForm

from support import TickingClock

SKIPPED = {"CreateCampaign", "BranchCampaign"}
DICE = ("faces", "group_die")


def name_fields(model: type[BaseModel], offers: dict[str, list[str]]) -> list[str]:
    """The model's top-level name fields the campaign offers names for (text, not choices)."""
    properties = model.model_json_schema()["properties"]

    def text(field: str) -> bool:
        return "string" in {option.get("type") for option in properties[field].get("anyOf", [properties[field]])}

    return [
        field
        for field in NAME_FIELDS
        if field in properties and field in offers and text(field) and not field_choices(model, field)
    ]


def choice_fields(model: type[BaseModel]) -> list[str]:
    """The model's top-level fields that take one of their choices and nothing else."""
    return [name for name in model.model_fields if name != "kind" and field_choices(model, name)]


def example(model: type[BaseModel]) -> dict[str, Any]:
    """The command as docs/commands.md shows it, with its dice thrown (a preview without them
    shows what is decided before the dice, which recording refuses)."""
    schema = model.model_json_schema()
    defs, properties = schema.get("$defs", {}), schema["properties"]
    thrown = {field: _example(properties[field], defs) for field in DICE if field in properties}
    return {"kind": model.model_fields["kind"].default, **_example(schema, defs), **thrown}


def misspelt(word: str) -> str:
    """One letter dropped: 'Axis' → 'Axs', 'besieged' → 'besieed'."""
    return word[:-2] + word[-1]


def cases(service: RefereeService) -> list[tuple[str, dict[str, Any], dict[str, str]]]:
    """(id, command, the fields' spelling as the campaign and the command spell them): every kind
    with a name or choice field, typed in the wrong case; then one misspelling per field."""
    offers = service.name_offers()
    found, misspelt_fields = [], set()
    for model in commands_of(game_named(service.current().identity.game)).classes:
        kind = model.model_fields["kind"].default
        names, choices = name_fields(model, offers), choice_fields(model)
        if kind in SKIPPED or not names + choices:
            continue
        data = example(model)
        spelled = {field: offers[field][0] for field in names}
        spelled |= {field: field_choices(model, field)[0] for field in choices}
        found.append((kind, {**data, **{field: word.swapcase() for field, word in spelled.items()}}, spelled))
        for field, word in spelled.items():
            closed = field in choices or (field in CLOSED_FIELDS and (kind, field) not in OPEN_NAMES)
            if closed and len(word) > 3 and field not in misspelt_fields:
                misspelt_fields.add(field)
                found.append((f"{kind}-{field}-misspelt", {**data, **spelled, field: misspelt(word)}, {field: word}))
    return found


def outcome_of_apply(service: RefereeService, name: str, data: dict[str, Any]) -> str:
    report = apply_lines(service, CommandFile(f"{name}.jsonl", "here", [json.dumps(data).encode() + b"\n"]))
    if report.ok:
        return str(service.entry(report.applied[0])["ruling"]["summary"])
    return str(report.reason).removeprefix("line 1: ")


def outcome_of_preview(capsys: pytest.CaptureFixture[str], store: str, data: dict[str, Any]) -> str:
    """`turnledger preview STORE JSON` (its subcommand, without building the argument parser each time)."""
    try:
        cmd_preview(argparse.Namespace(store=store, command_json=json.dumps(data)))
    except RulesError as error:
        return str(error)
    return capsys.readouterr().out.splitlines()[0]


def outcome_of_record(service: RefereeService, data: dict[str, Any]) -> str:
    try:
        return str(service.execute_json(data)["ruling"]["summary"])
    except RulesError as error:
        return str(error)


@pytest.mark.parametrize("scenario", ["revised-europa/barbarossa", "revised-third-reich/campaign-1939"])
def test_every_kind_reads_its_names_alike_through_every_entry_point(
    scenario: str, make_service: MakeService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`apply` and `turnledger preview` on one campaign, the console's record on another: the same
    refusal or ruling for every kind, its names and choices recorded as the campaign spells them,
    and a misspelling refused naming the field, the word and the nearest name, writing nothing."""
    store = str(tmp_path / "applied.db")
    applied, recorded = make_service(store, scenario), make_service(":memory:", scenario)
    checked = cases(applied)
    assert len(checked) > 20
    for case, data, spelled in checked:
        heads = applied.head(), recorded.head()
        preview = outcome_of_preview(capsys, store, data)
        applying = outcome_of_apply(applied, case, data)
        recording = outcome_of_record(recorded, data)
        assert preview == applying == recording, case
        if case.endswith("-misspelt"):
            ((field, word),) = spelled.items()
            assert f"{field}: {data[field]!r} is not " in applying and f"(did you mean {word}?)" in applying
            assert (applied.head(), recorded.head()) == heads, f"{case}: a refusal writes nothing"
            continue
        assert not [field for field in spelled if repr(data[field]) in applying], f"{case}: read as typed"
        if applied.head() > heads[0]:
            stored = applied.entry(applied.head())["command"]
            assert stored == recorded.entry(recorded.head())["command"], case
            assert {field: stored[field] for field in spelled} == spelled, f"{case}: recorded as typed"


async def test_the_console_forms_read_names_and_choices_as_apply_does(tmp_path: Path) -> None:
    """The command form (c) shows a misspelt city refused with the nearest name and records
    nothing; typed again as 'minsk' and 'Besieged' it previews and records Minsk and besieged;
    SeatPlayer 'soviet' as the README has it. The table forms preview through the same reader."""
    app = make_app(str(tmp_path / "console.db"), clock=TickingClock())
    async with app.run_test(size=(140, 45)) as pilot:

        async def typed(shown: CommandForm, **fields: str) -> str:
            for name, value in fields.items():
                shown.query_one(f"#field-{name}", Input).value = value
            await pilot.pause()  # the fields' changes handled (they clear a shown preview) before F2 previews
            await pilot.press("f2")
            await pilot.pause()
            return str(shown.query_one("#ruling", Static).content)

        shown = await command_form(pilot, "SetCityStatus")
        refusal = await typed(shown, city="Minks", status="axis")
        assert refusal.startswith("[b]would be refused:[/b] city: 'Minks' is not a city of this campaign")
        assert "(did you mean Minsk?)" in refusal
        await pilot.press("f3")  # previewed as refused: previewed again, not recorded
        await pilot.pause()
        assert app.service.head() == 1 and app.screen is shown
        assert (await typed(shown, city="minsk", status="Besieged")).startswith("[b]Minsk: soviet → besieged[/b]")
        await pilot.press("f3")
        await pilot.pause()
        recorded = app.service.entry(2)["command"]
        assert (recorded["kind"], recorded["city"], recorded["status"]) == ("SetCityStatus", "Minsk", "besieged")

        await typed(await command_form(pilot, "SeatPlayer"), name="Ivan", side="soviet")
        await pilot.press("f3")
        await pilot.pause()
        assert app.service.entry(3)["ruling"]["summary"] == "Ivan plays Soviet"
        credit = {"kind": "CreditSupplyPoints", "side": "axis", "amount": 3, "reason": "found"}
        assert app._preview(credit).startswith("[b]Axis SP pool 100 → 103[/b]")


def test_a_table_forms_hint_reads_names_and_choices_as_parse_does(tmp_path: Path) -> None:
    """What a table form shows before the dice (`form_hint`) read the fields as typed: 'Eastern',
    'Clear' or 'Armor' refused by the hint that `apply` and `preview` accept. It now goes through
    the same reader: any case reads alike, a misspelling is refused with the nearest word."""
    service = declared(tmp_path, "hint", file="hint.db")
    at(service, "Fall 1939", "Axis", "Combat")
    combat = {
        **WARSAW,
        "terrain": "clear",
        "attackers": [{"unit": "XXIV pz", "strength": 4, "type": "armor"}],
        "defenders": [{"unit": "Pol 1", "strength": 2}],
        "rolled_by": "Karl",
    }
    spelled = service.form_hint("combat", combat)
    assert spelled.startswith("[b]")
    typed = {
        **combat,
        "power": "GERMANY",
        "front": "Eastern",
        "defender": "western allies",
        "region": "eastern europe",
        "terrain": "Clear",
        "attackers": [{"unit": "XXIV pz", "strength": 4, "type": "Armor"}],
    }
    assert service.form_hint("combat", typed) == spelled
    with pytest.raises(
        RulesError, match=r"defender: 'Westren Allies' is not a side .*\(did you mean Western Allies\?\)"
    ):
        service.form_hint("combat", {**typed, "defender": "Westren Allies"})
    with pytest.raises(
        RulesError, match=r"terrain: 'Clera' is not one of clear, swamp, mountain \(did you mean clear\?\)"
    ):
        service.form_hint("combat", {**typed, "terrain": "Clera"})
