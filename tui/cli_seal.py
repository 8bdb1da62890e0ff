"""`turnledger seal`, `reveal` and `sealed`: hidden orders recorded as commitments (docs/sealed-orders.md).

    turnledger seal game.db --side Germany --for murmansk --order '{"german_air": 3, "uboats": 4}'
    turnledger seal game.db --side Germany --for murmansk          # asks each number, not echoed
    turnledger reveal game.db --seal 112                           # the order kept on this machine
    turnledger reveal game.db --seal 112 --order '{...}' --salt HEX  # brought from another machine
    turnledger sealed game.db                                      # every seal and whether it is revealed

Sealing draws a salt, keeps the order and the salt in the campaign's private secrets file and
records only the commitment (referee/book/sealed_orders.py). Anything refused (a side or a name the
slot does not take, a number out of range, malformed JSON, a reveal that does not match) is
said once, with exit 1, and nothing is recorded or kept.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Callable
from typing import Any

from rich.markup import escape

from referee.book.sealed_orders import OrderSealing
from referee.common.errors import InvalidInputError
from referee.service import RefereeService
from tui import cli_output as output
from tui.render import printable

Add = Callable[..., argparse.ArgumentParser]


def add_seal_commands(add: Add) -> None:
    """Register `seal`, `reveal` and `sealed` with the parser's ``add`` (tui/cli.py)."""
    p = add("seal", cmd_seal, "seal a side's order: only its commitment is recorded until the reveal")
    p.add_argument("--side", required=True, help="who seals it (Germany, Western Allies, a side of the campaign)")
    p.add_argument("--for", dest="slot", required=True, metavar="SLOT", help="what it is for, e.g. murmansk")
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--order", help='the order as JSON, e.g. \'{"german_air": 3, "uboats": 4}\' (without it: asked, not echoed)'
    )
    how.add_argument(
        "--commitment",
        metavar="SHA256",
        help="a commitment computed elsewhere (docs/sealed-orders.md): recorded as it is, revealed by typing",
    )
    p.add_argument("--actor", default="referee")
    p.add_argument("--json", action="store_true")
    p = add("reveal", cmd_reveal, "reveal a sealed order: recorded only if it matches its commitment")
    p.add_argument("--seal", type=int, required=True, metavar="N", help="the entry that sealed it")
    p.add_argument("--order", help="the order as sealed (JSON), when it was sealed on another machine")
    p.add_argument("--salt", help="its salt (hex), with --order")
    p.add_argument("--actor", default="referee")
    p.add_argument("--json", action="store_true")
    p = add("sealed", cmd_sealed, "list the sealed orders: who, what for, when, revealed or not, kept here or not")
    p.add_argument("--json", action="store_true")


def _hidden(prompt: str) -> str:
    """One answer typed at the terminal without echo (refused where there is no terminal)."""
    if not sys.stdin.isatty():
        raise InvalidInputError("no --order given, and no terminal to ask for it without showing it: give --order")
    try:
        return getpass.getpass(prompt)
    except EOFError:
        raise InvalidInputError("the order was not typed (end of input); nothing was sealed") from None


def _asked(sealing: OrderSealing, side: str, slot: str) -> dict[str, Any]:
    """The order typed at a prompt that does not echo: each number of a declared slot, else JSON."""
    declared = sealing.slots().get(slot)
    if declared is None:
        return sealing.parse_order(_hidden(f"{side}'s {slot} order (JSON, not shown): "))
    order: dict[str, Any] = {}
    for key in declared.keys_of(side):
        text = _hidden(f"{key} (not shown; empty = 0): ").strip() or "0"
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            raise InvalidInputError(f"{key}: give a whole number from 0 to {declared.maximum}")
        order[key] = int(text)
    return order


def cmd_seal(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        sealing = OrderSealing(service)
        if args.commitment is not None:
            data = {"kind": "SealOrder", "actor": args.actor, "side": args.side, "slot": args.slot}
            entry = service.execute_json({**data, "commitment": args.commitment.strip().lower()})
            kept = "the side keeps the order and salt itself"
        else:
            side = sealing.spelled(args.side, args.slot)
            order = sealing.parse_order(args.order) if args.order is not None else _asked(sealing, side, args.slot)
            entry = sealing.seal(args.side, args.slot, order, actor=args.actor)
            kept = f"its order and salt are kept in {service.secrets.path or 'memory'} until the reveal"
    finally:
        service.close()
    event = _event(entry, "OrderSealed")
    if args.json:
        output.print_json({"seal": entry["number"], "side": event["side"], "slot": event["slot"], **_commitment(event)})
        return 0
    output.out.print(
        f"sealed #{entry['number']}: {escape(printable(entry['ruling']['summary']))}; commitment "
        f"{event['commitment']}; {escape(printable(kept))}",
        highlight=False,
        soft_wrap=True,
    )
    output.out.print(f"reveal it with: turnledger reveal {escape(printable(args.store))} --seal {entry['number']}")
    return 0


def _event(entry: dict[str, Any], kind: str) -> dict[str, Any]:
    """The entry's event of ``kind`` (a receipt given may follow it)."""
    return next(event for event in entry["events"] if event.get("type") == kind)


def _commitment(event: dict[str, Any]) -> dict[str, Any]:
    return {"commitment": event["commitment"], "at": event.get("at", "")}


def cmd_reveal(args: argparse.Namespace) -> int:
    if (args.order is None) != (args.salt is None):
        raise InvalidInputError(
            "a typed reveal gives both --order and --salt; without them the order kept here is used"
        )
    service = RefereeService.open(args.store)
    try:
        sealing = OrderSealing(service)
        order = sealing.parse_order(args.order) if args.order is not None else None
        salt = args.salt.strip().lower() if args.salt is not None else None
        entry = sealing.reveal(args.seal, order=order, salt=salt, actor=args.actor)
    finally:
        service.close()
    event = _event(entry, "OrderRevealed")
    if args.json:
        output.print_json({"entry": entry["number"], "seal": event["seal"], "order": event["order"]})
        return 0
    output.out.print(
        f"#{entry['number']}: {escape(printable(entry['ruling']['summary']))}", highlight=False, soft_wrap=True
    )
    return 0


def cmd_sealed(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        seals = OrderSealing(service).seals()
    finally:
        service.close()
    if args.json:
        output.print_json([vars(seal) for seal in seals])
        return 0
    if not seals:
        output.out.print("no order has been sealed in this campaign")
    for seal in seals:
        output.out.print(escape(printable(seal.line())), highlight=False, soft_wrap=True)
    return 0
