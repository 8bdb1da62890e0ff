"""Sealed orders in the shared layer (issue 27; docs/sealed-orders.md): the commitment's bytes, the
private file that keeps the order and its salt, sealing and revealing through the service, undo,
and the audit's list of orders never revealed."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest

from referee.audit.report import audit, report_data
from referee.book.sealed_orders import OrderSealing
from referee.common.errors import IllegalOrderError, InvalidInputError, RulesError
from referee.common.sealing import SealSlot, commitment, commitment_bytes, matches
from referee.dice.secret_keeper import SecretKeeper
from referee.service import RefereeService

from support import refused

ROOT = Path(__file__).resolve().parents[2]
SALT = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
ORDER = {"german_air": 3, "german_fleets": 0, "uboats": 4}


def test_the_commitment_test_vector_in_the_doc_equals_the_code() -> None:
    """docs/sealed-orders.md's vector: the order, the salt, the exact bytes and their SHA-256."""
    page = (ROOT / "docs" / "sealed-orders.md").read_text(encoding="utf-8")
    block = re.search(
        r"```text\norder: +(?P<order>.*)\nsalt: +(?P<salt>.*)\nbytes: +(?P<bytes>.*)\n"
        r"commitment: +(?P<commitment>[0-9a-f]{64})\n```",
        page,
    )
    assert block is not None
    order, salt = json.loads(block["order"]), block["salt"]
    assert (order, salt) == (ORDER, SALT)
    assert commitment_bytes(order, salt) == block["bytes"].encode("utf-8")
    assert commitment(order, salt) == block["commitment"]
    assert matches(order, salt, block["commitment"])


def test_the_commitment_is_the_records_canonical_json_whatever_the_key_order() -> None:
    shuffled = {"uboats": 4, "german_air": 3, "german_fleets": 0}
    assert commitment(shuffled, SALT) == commitment(ORDER, SALT)
    assert commitment({**ORDER, "uboats": 5}, SALT) != commitment(ORDER, SALT)
    assert commitment(ORDER, SALT[:-1] + "0") != commitment(ORDER, SALT)
    assert (
        commitment_bytes({"plan": "Nord-Süd"}, SALT) == ('{"order":{"plan":"Nord-Süd"},"salt":"' + SALT + '"}').encode()
    )


def test_a_declared_slot_takes_its_sides_names_and_numbers_only() -> None:
    slot = SealSlot("box", "the box", {"Germany": ("air", "uboats")}, rule="G-72 [004]", maximum=200)
    assert slot.check("Germany", {"uboats": 4}) == {"air": 0, "uboats": 4}
    with pytest.raises(IllegalOrderError, match="the box is sealed by Germany, not USSR"):
        slot.check("USSR", {})
    with pytest.raises(InvalidInputError, match="holds air, uboats; not 'uboat'"):
        slot.check("Germany", {"uboat": 4})
    for bad in (-1, 201, True, "4"):
        with pytest.raises(InvalidInputError, match="a whole number from 0 to 200"):
            slot.check("Germany", {"air": bad})


# -- the private file ---------------------------------------------------------------------------


def test_the_secrets_file_keeps_sealed_orders_beside_the_seeds_privately(tmp_path: Path) -> None:
    path = tmp_path / "game.db.dice-secrets.json"
    keeper = SecretKeeper(path)
    keeper.keep(2, "ab" * 32)
    keeper.keep_sealed("c" * 64, ORDER, SALT)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = json.loads(path.read_text())
    assert data["seeds"] == {"2": "ab" * 32}
    assert data["sealed"] == {"c" * 64: {"order": ORDER, "salt": SALT}}
    again = SecretKeeper(path)
    assert again.sealed("c" * 64) == (ORDER, SALT) and again.seed(2) == "ab" * 32
    assert again.sealed("d" * 64) is None


def test_a_secrets_file_of_an_earlier_release_reads_and_writes_as_before(tmp_path: Path) -> None:
    path = tmp_path / "old.db.dice-secrets.json"
    keeper = SecretKeeper(path)
    keeper.keep(5, "ef" * 32)
    assert set(json.loads(path.read_text())) == {"seeds", "revealed"}  # no "sealed" until an order is sealed
    assert SecretKeeper(path).sealed("c" * 64) is None


def test_two_programs_holding_the_secrets_file_never_lose_a_sealed_order(tmp_path: Path) -> None:
    """The console holds the file open while `turnledger seal` keeps an order in it: the console's
    next write (a new dice seed) keeps that order, and the console reads it at the reveal."""
    path = tmp_path / "game.db.dice-secrets.json"
    console, command_line = SecretKeeper(path), SecretKeeper(path)
    command_line.keep_sealed("c" * 64, ORDER, SALT)
    assert console.sealed("c" * 64) == (ORDER, SALT)
    console.keep(9, "01" * 32)
    command_line2 = SecretKeeper(path)
    assert command_line2.sealed("c" * 64) == (ORDER, SALT) and command_line2.seed(9) == "01" * 32
    command_line2.forget_sealed("c" * 64)
    assert SecretKeeper(path).sealed("c" * 64) is None


def test_a_malformed_sealed_entry_is_named_and_refused(tmp_path: Path) -> None:
    from ledger.errors import PrivateFileError

    path = tmp_path / "game.db.dice-secrets.json"
    SecretKeeper(path).keep_sealed("c" * 64, ORDER, SALT)
    data = json.loads(path.read_text())
    data["sealed"]["c" * 64] = {"order": ORDER}
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    os.write(fd, json.dumps(data).encode())
    os.close(fd)
    with pytest.raises(PrivateFileError, match="has no order and salt"):
        SecretKeeper(path)


# -- through the service ------------------------------------------------------------------------


@pytest.fixture
def reich(make_service: Any, tmp_path: Path) -> RefereeService:
    service: RefereeService = make_service(str(tmp_path / "reich.db"), scenario="revised-third-reich/campaign-1939")
    return service


def test_a_seal_records_the_commitment_only_and_the_reveal_the_order(reich: RefereeService, tmp_path: Path) -> None:
    sealing = OrderSealing(reich)
    entry = sealing.seal("germany", "murmansk", {"german_air": 3, "uboats": 4})
    text = json.dumps(entry)
    assert "order" not in entry["command"] and all("order" not in event for event in entry["events"])
    assert "uboats 4" not in text and '"uboats": 4' not in text  # nothing of the order in the record
    (event,) = [e for e in entry["events"] if e["type"] == "OrderSealed"]
    assert (event["side"], event["slot"], event["seal"]) == ("Germany", "murmansk", entry["number"])
    kept = json.loads((tmp_path / "reich.db.dice-secrets.json").read_text())["sealed"][event["commitment"]]
    assert kept["order"] == ORDER  # german_fleets filled in as 0: the slot's every name is sealed
    assert commitment(kept["order"], kept["salt"]) == event["commitment"]
    assert entry["ruling"]["summary"] == f"Germany seals its murmansk order (#{entry['number']}): hidden until revealed"
    revealed = sealing.reveal(entry["number"])
    assert revealed["ruling"]["summary"] == (
        f"Germany reveals its murmansk order sealed in #{entry['number']}: german_air 3, german_fleets 0, uboats 4"
    )
    seal = reich.state().chain.seals[str(entry["number"])]
    assert (seal.revealed_in, seal.order, seal.salt) == (revealed["number"], ORDER, kept["salt"])


def test_a_reveal_that_does_not_match_its_seal_is_refused_and_the_store_is_unchanged(reich: RefereeService) -> None:
    sealing = OrderSealing(reich)
    entry = sealing.seal("Germany", "murmansk", ORDER)
    before_state, before_head = reich.state().to_json(), reich.head()
    for order, salt in (({**ORDER, "uboats": 5}, SALT), (ORDER, SALT), ({"german_air": 3, "uboats": 4}, SALT)):
        with pytest.raises(RulesError, match=rf"this is not the order Germany sealed in #{entry['number']}"):
            reich.execute_json({"kind": "RevealOrder", "seal": entry["number"], "order": order, "salt": salt})
    assert (reich.state().to_json(), reich.head()) == (before_state, before_head)
    assert reich.state().chain.seals[str(entry["number"])].revealed_in is None


def test_an_order_sealed_on_another_machine_is_revealed_by_typing_it(reich: RefereeService) -> None:
    """A commitment computed elsewhere is recorded as it is; this machine keeps nothing, so the
    side brings its order and salt."""
    seal = reich.execute_json(
        {"kind": "SealOrder", "side": "Western Allies", "slot": "murmansk", "commitment": commitment(ORDER, SALT)}
    )
    with pytest.raises(IllegalOrderError, match="is not kept on this machine"):
        OrderSealing(reich).reveal(seal["number"])
    entry = OrderSealing(reich).reveal(seal["number"], order=ORDER, salt=SALT)
    assert entry["command"]["order"] == ORDER and entry["command"]["salt"] == SALT
    step = "it does not fit the Murmansk box: Western Allies' order for the Murmansk box holds allied_fleets, asw"
    assert any(s["text"].startswith(step) for s in entry["ruling"]["steps"])  # shown, and no rule will read it


def test_a_seal_is_revealed_once_and_an_unknown_one_never(reich: RefereeService) -> None:
    sealing = OrderSealing(reich)
    entry = sealing.seal("Germany", "murmansk", ORDER)
    unknown = {"kind": "RevealOrder", "seal": 999, "order": ORDER, "salt": SALT}
    refused(reich, unknown, r"entry #999 sealed no order; sealed orders: Germany's murmansk order")
    with pytest.raises(IllegalOrderError, match="entry #999 sealed no order"):
        sealing.reveal_command(999)
    data = sealing.reveal_command(entry["number"])
    reich.execute_json(data)
    refused(
        reich,
        data,
        rf"Germany's murmansk order \(#{entry['number']}\) was revealed in #\d+; a sealed order is revealed once",
    )


def test_one_open_order_per_side_and_slot_and_a_commitment_is_never_sealed_twice(reich: RefereeService) -> None:
    sealing = OrderSealing(reich)
    first = sealing.seal("Germany", "murmansk", ORDER)
    head = reich.head()
    with pytest.raises(IllegalOrderError, match="Germany has a sealed murmansk order already"):
        sealing.seal("Germany", "murmansk", {"uboats": 1})
    assert reich.head() == head
    sealing.seal("Western Allies", "murmansk", {"asw": 2})  # the other side may
    sealing.reveal(first["number"])
    again = reich.state().chain.seals[str(first["number"])].commitment
    refused(reich, {"kind": "SealOrder", "side": "Germany", "slot": "murmansk", "commitment": again}, "sealed already")
    sealing.seal("Germany", "murmansk", {"uboats": 1})  # revealed: a new one may be sealed


@pytest.mark.parametrize(
    ("side", "slot", "order", "message"),
    [
        ("USSR", "murmansk", {}, "the Murmansk box is sealed by Germany or Western Allies, not USSR"),
        ("Germany", "murmansk", {"uboat": 4}, "holds german_air, german_fleets, uboats; not 'uboat'"),
        ("Germany", "murmansk", {"uboats": 900}, "uboats in Germany's order for the Murmansk box is a whole number"),
        ("Narnia", "plans", {"x": 1}, "there is no side 'Narnia' to seal an order"),
        ("Axis", "plans", {"plan": "x" * 300}, "plan: give a whole number or a short text"),
    ],
)
def test_a_refused_seal_records_nothing_and_keeps_nothing(
    reich: RefereeService, tmp_path: Path, side: str, slot: str, order: dict[str, Any], message: str
) -> None:
    before, head = reich.state().to_json(), reich.head()
    with pytest.raises(RulesError, match=re.escape(message)):
        OrderSealing(reich).seal(side, slot, order)
    assert (reich.state().to_json(), reich.head()) == (before, head)
    assert not (tmp_path / "reich.db.dice-secrets.json").exists()


def test_any_game_seals_any_order(make_service: Any) -> None:
    """A slot no game declares takes any side of the campaign and any names (Europa here)."""
    europa = make_service()
    sealing = OrderSealing(europa)
    entry = sealing.seal("axis", "Fall Blau", {"objective": "Stalingrad", "reserve": 2})
    revealed = sealing.reveal(entry["number"])
    assert revealed["command"]["order"] == {"objective": "Stalingrad", "reserve": 2}


# -- undo ----------------------------------------------------------------------------------------


def test_a_reveal_undone_stays_revealed_and_a_seal_undone_binds_nothing(reich: RefereeService) -> None:
    """As a dice seed revealed in an undone entry stays revealed: what the table saw cannot be
    hidden again; a seal itself undone stays in the record, marked undone, and may be sealed anew."""
    sealing = OrderSealing(reich)
    seal = sealing.seal("Germany", "murmansk", ORDER)
    reveal = sealing.reveal(seal["number"])
    reich.execute_json({"kind": "Rollback", "to": seal["number"], "reason": "the reveal came too early"})
    kept = reich.state().chain.seals[str(seal["number"])]
    assert kept.revealed_in == reveal["number"] and kept.order == ORDER
    refused(reich, sealing.reveal_command(seal["number"]), "revealed once")
    reich.execute_json({"kind": "Rollback", "to": seal["number"] - 1, "reason": "sealed in the wrong turn"})
    assert [view.seal for view in sealing.seals()] == []  # undone: not offered any more
    second = sealing.seal("Germany", "murmansk", {"uboats": 2})  # the side may seal again
    assert second["number"] != seal["number"]
    plans = {"kind": "SealOrder", "side": "USSR", "slot": "plans", "commitment": commitment(ORDER, SALT)}
    shown = reich.execute_json(plans)
    reich.execute_json({"kind": "Rollback", "to": shown["number"] - 1, "reason": "not now"})
    entry = sealing.reveal(shown["number"], order=ORDER, salt=SALT)  # shows what had been sealed
    note = (
        f"#{shown['number']} was undone by #{shown['number'] + 1}: the order is shown for the record, no rule reads it"
    )
    assert note in [step["text"] for step in entry["ruling"]["steps"]]


# -- the audit -----------------------------------------------------------------------------------


def test_the_audit_names_every_sealed_order_never_revealed(reich: RefereeService) -> None:
    sealing = OrderSealing(reich)
    shown = sealing.seal("Germany", "murmansk", ORDER)
    sealing.reveal(shown["number"])
    hidden = sealing.seal("Western Allies", "murmansk", {"asw": 2})
    undone = sealing.seal("USSR", "plans", {"front": "north"})
    reich.execute_json({"kind": "Rollback", "to": undone["number"] - 1, "reason": "changed its mind"})
    report = audit(reich)
    assert report.ok, report.differences  # sealing and revealing decide again to what they recorded
    unrevealed = report_data(report)["sealed_orders"]["unrevealed"]
    assert [(seal["seal"], seal["side"], seal["slot"], seal["undone_by"]) for seal in unrevealed] == [
        (hidden["number"], "Western Allies", "murmansk", None),
        (undone["number"], "USSR", "plans", undone["number"] + 1),
    ]
    assert unrevealed[0]["line"] == (
        f"#{hidden['number']} Western Allies' murmansk order, sealed in Fall 1939, Axis Options: never revealed"
    )
    assert f"undone by #{undone['number'] + 1}: never revealed" in unrevealed[1]["line"]
