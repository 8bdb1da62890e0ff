"""`turnledger receipt`: the receipts a player takes home (referee/audit/receipts.py, ledger/receipts.py).

What is printed is given (referee/audit/receipts.py `give_receipts`): this machine's receipt log keeps
it, and the next entry states the head receipt as given. With ``--qr`` the head's QR code follows
(tui/qr.py: the campaign id, the entry number and the whole hash)."""

from __future__ import annotations

import argparse

from rich.markup import escape

from referee.audit.receipts import all_receipts, as_json, give_receipts, head_receipt
from referee.service import RefereeService
from tui import cli_output as output
from tui.qr import head_payload, qr_text


def add_receipt_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `turnledger receipt`."""
    p.add_argument(
        "--all",
        action="store_true",
        help="every digital roll's receipt and every head receipt given too, one a line, then the head's",
    )
    p.add_argument("--qr", action="store_true", help="the head's QR code too (campaign id, entry number, whole hash)")
    p.add_argument("--json", action="store_true")


def cmd_receipt(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        receipts = all_receipts(service) if args.all else [head_receipt(service)]
        head = receipts[-1]
        payload = (
            head_payload(service.campaign_id, head.number, str(service.entry(head.number)["hash"])) if args.qr else ""
        )
        # the head's and the rolls' are given; the earlier head receipts listed are already stated in the record
        give_receipts(service, [receipt for receipt in receipts if receipt.kind == "roll"] + [head])
    finally:
        service.close()
    if args.json:
        items = [as_json(receipt) for receipt in receipts]
        if args.qr:
            items[-1]["qr"] = payload
        output.print_json(items)
        return 0
    for receipt in receipts:
        output.out.print(escape(receipt.line()), highlight=False, soft_wrap=True)
    if args.qr:
        output.out.print(qr_text(payload), soft_wrap=True)
        output.out.print(f"QR: {payload}", highlight=False, soft_wrap=True)
    return 0
