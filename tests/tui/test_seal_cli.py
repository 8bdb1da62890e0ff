"""`turnledger seal`, `reveal` and `sealed` (issue 27, docs/sealed-orders.md): the order typed on the
command line or at a prompt that does not echo, only the commitment recorded, the reveal from this
machine or typed, and every bad input refused with exit 1 and nothing changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.sealing import commitment
from referee.service import RefereeService
from tests.tui.cli_support import run
from tui import cli_seal

SALT = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    path = str(tmp_path / "reich.db")
    RefereeService.create(path, CreateCampaign(scenario="revised-third-reich/campaign-1939", name="reich")).close()
    return path


def _unchanged(path: str) -> tuple[int, str]:
    service = RefereeService.open(path)
    try:
        return service.head(), json.dumps(service.state().to_json(), sort_keys=True)
    finally:
        service.close()


def test_seal_then_reveal_from_this_machine(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    order = '{"german_air": 3, "uboats": 4}'
    code, out = run(capsys, "seal", campaign, "--side", "Germany", "--for", "murmansk", "--order", order)
    assert code == 0, out
    assert "sealed #2: Germany seals its murmansk order (#2): hidden until revealed" in out
    assert f"turnledger reveal {campaign} --seal 2" in out
    secrets = json.loads(Path(f"{campaign}.dice-secrets.json").read_text())["sealed"]
    (kept,) = secrets.values()
    assert kept["order"] == {"german_air": 3, "german_fleets": 0, "uboats": 4}
    code, out = run(capsys, "sealed", campaign)
    assert code == 0 and "#2 Germany murmansk (Fall 1939, Axis Options): sealed, kept on this machine" in out
    code, out = run(capsys, "reveal", campaign, "--seal", "2", "--json")
    assert code == 0, out
    assert json.loads(out) == {"entry": 3, "seal": 2, "order": {"german_air": 3, "german_fleets": 0, "uboats": 4}}
    code, out = run(capsys, "sealed", campaign, "--json")
    assert json.loads(out)[0]["revealed_in"] == 3


def test_the_order_is_asked_without_echo(
    campaign: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["3", "", "4"])
    prompts: list[str] = []

    def hidden(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr(cli_seal.getpass, "getpass", hidden)
    monkeypatch.setattr(cli_seal.sys.stdin, "isatty", lambda: True)
    code, out = run(capsys, "seal", campaign, "--side", "germany", "--for", "murmansk")
    assert code == 0, out
    assert prompts == [
        "german_air (not shown; empty = 0): ",
        "german_fleets (not shown; empty = 0): ",
        "uboats (not shown; empty = 0): ",
    ]
    assert "3" not in out.split("commitment")[0].replace("#2", "")  # the numbers are never printed


def test_a_typed_reveal_brings_the_order_and_salt_from_another_machine(
    campaign: str, capsys: pytest.CaptureFixture[str]
) -> None:
    order = {"allied_fleets": 9, "asw": 4}
    promised = commitment(order, SALT)
    code, out = run(capsys, "seal", campaign, "--side", "Western Allies", "--for", "murmansk", "--commitment", promised)
    assert code == 0, out
    code, out = run(capsys, "reveal", campaign, "--seal", "2")
    assert code == 1 and "is not kept on this machine" in out
    code, out = run(capsys, "reveal", campaign, "--seal", "2", "--order", json.dumps(order), "--salt", SALT)
    assert code == 0, out
    assert "Western Allies reveals its murmansk order sealed in #2: allied_fleets 9, asw 4" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["seal", "@", "--side", "USSR", "--for", "murmansk", "--order", "{}"],
            "is sealed by Germany or Western Allies",
        ),
        (["seal", "@", "--side", "Germany", "--for", "murmansk", "--order", '{"uboat": 4}'], "not 'uboat'"),
        (["seal", "@", "--side", "Germany", "--for", "murmansk", "--order", '{"uboats": 4'], "the order"),
        (["seal", "@", "--side", "Germany", "--for", "murmansk", "--order", '{"uboats": 4, "uboats": 5}'], "uboats"),
        (["seal", "@", "--side", "Germany", "--for", "murmansk", "--order", "[4]"], "a JSON object of names"),
        (["seal", "@", "--side", "Germany", "--for", "murmansk"], "no terminal to ask for it"),
        (["seal", "@", "--side", "Germany", "--for", "murmansk", "--commitment", "abc"], "commitment"),
        (["reveal", "@", "--seal", "2"], "entry #2 sealed no order"),
        (["reveal", "@", "--seal", "2", "--order", "{}"], "gives both --order and --salt"),
        (["reveal", "@", "--seal", "2", "--order", '{"uboats": 4}', "--salt", "zz"], "salt"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    campaign: str, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    before = _unchanged(campaign)
    code, out = run(capsys, *[campaign if word == "@" else word for word in argv])
    assert code == 1, out
    assert "refused" in out and message in out, out
    assert _unchanged(campaign) == before
    assert not Path(f"{campaign}.dice-secrets.json").exists()


def test_a_reveal_that_does_not_match_is_refused_and_changes_nothing(
    campaign: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "seal", campaign, "--side", "Germany", "--for", "murmansk", "--order", '{"uboats": 4}')[0] == 0
    before = _unchanged(campaign)
    wrong: Any = {"german_air": 0, "german_fleets": 0, "uboats": 5}
    code, out = run(capsys, "reveal", campaign, "--seal", "2", "--order", json.dumps(wrong), "--salt", SALT)
    assert code == 1 and "this is not the order Germany sealed in #2" in out
    assert _unchanged(campaign) == before


def test_the_audit_names_an_order_never_revealed(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "seal", campaign, "--side", "Germany", "--for", "murmansk", "--order", '{"uboats": 4}')[0] == 0
    code, out = run(capsys, "audit", campaign)
    assert code == 0, out  # information, not a problem
    assert "sealed order: #2 Germany's murmansk order, sealed in Fall 1939, Axis Options: never revealed" in out
    code, out = run(capsys, "audit", campaign, "--json")
    assert [seal["seal"] for seal in json.loads(out)["sealed_orders"]["unrevealed"]] == [2]
    assert run(capsys, "reveal", campaign, "--seal", "2")[0] == 0
    code, out = run(capsys, "audit", campaign)
    assert "never revealed" not in out
