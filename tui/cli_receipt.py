"""`turnledger receipt`: the receipts a player takes home (referee/receipts.py, ledger/receipts.py)."""

from __future__ import annotations

import argparse

from rich.markup import escape

from referee.receipts import all_receipts, as_json, head_receipt
from referee.service import RefereeService
from tui import cli_output as output


def add_receipt_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `turnledger receipt`."""
    p.add_argument(
        "--all",
        action="store_true",
        help="every receipt given so far (each digital roll's, each head receipt stated in the record), then the head's",
    )
    p.add_argument("--json", action="store_true")


def cmd_receipt(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        receipts = all_receipts(service) if args.all else [head_receipt(service)]
    finally:
        service.close()
    if args.json:
        output.print_json([as_json(receipt) for receipt in receipts])
        return 0
    for receipt in receipts:
        output.out.print(escape(receipt.line()), highlight=False, soft_wrap=True)
    return 0
