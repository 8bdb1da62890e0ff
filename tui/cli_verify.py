"""`turnledger verify`: recompute the chain, check the dice, compare with the head noted at the
table and with what this machine last saw (referee/audit/verify_record.py says why each)."""

from __future__ import annotations

import argparse
import os
import time

from rich.markup import escape

from referee.audit.receipts import read_receipt_file
from referee.audit.verify_record import RecordVerdict, accept_reason, is_receipt, noted_head, verify_record
from referee.service import RefereeService
from tui import cli_output as output


def add_verify_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `turnledger verify`."""
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--head",
        metavar="HASH-OR-CODE",
        help="the head noted at the table (its hash, its first 8 or more hex digits, or its receipt code): it must "
        "still be there",
    )
    p.add_argument(
        "--receipts",
        metavar="FILE",
        help="receipts the players kept (turnledger receipt --all), one a line: each must be in the record",
    )
    p.add_argument(
        "--accept-rewrite",
        metavar="REASON",
        help="accept a record that ends before, or differs from, what this machine last saw (a backup restored on "
        "purpose); the reason is recorded as a note on the record's head",
    )
    p.add_argument("--actor", default="referee", help="who accepts a rewrite (with --accept-rewrite)")
    p.add_argument(
        "--jobs",
        type=jobs_count,
        default=cores(),
        metavar="N",
        help="processes to check the chain on (default: every core, here %(default)s; 1: one process). A record "
        "of fewer than 40,000 entries, or without cached states to cut it at, is checked on one",
    )


def cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def jobs_count(text: str) -> int:
    """``--jobs``: a whole number, 1 or more."""
    value = int(text) if text.strip().lstrip("+-").isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} processes: give a whole number, 1 or more (1 checks the chain in this process)"
        )
    return value


def cmd_verify(args: argparse.Namespace) -> int:
    head, receipts, source = None, None, "receipts"
    if args.head is not None and is_receipt(args.head):
        receipts, source = [args.head], "--head"
    elif args.head is not None:
        head = noted_head(args.head)
    if args.receipts is not None:
        receipts, source = [*(receipts or []), *read_receipt_file(args.receipts)], args.receipts
    reason = accept_reason(args.accept_rewrite) if args.accept_rewrite is not None else None
    service = RefereeService.open(args.store, check=False)  # a damaged record is what verify reports
    started = time.perf_counter()
    try:
        with output.progress("verifying") as progress:
            verdict = verify_record(
                service,
                head=head,
                receipts=receipts,
                receipts_source=source,
                accept_rewrite=reason,
                actor=args.actor,
                progress=progress,
                jobs=args.jobs,
            )
    finally:
        service.close()
    rate = verdict.chain.entries / max(time.perf_counter() - started, 1e-9)
    if args.json:
        _print_json(verdict, rate)
    else:
        _print(verdict, rate)
    return 0 if verdict.ok else 1


def _print_json(verdict: RecordVerdict, rate: float) -> None:
    chain = verdict.chain
    output.print_json(
        {
            "ok": verdict.ok,
            "entries": chain.entries,
            "entries_per_s": round(rate),
            "jobs": chain.processes,
            "head_hash": chain.head_hash,
            "snapshots": chain.snapshots,
            "first_bad_entry": chain.first_bad_entry,
            "problems": [{"entry": n, "problem": text} for n, text in chain.problems],
            "dice": {
                "checked": verdict.dice.lines,
                "problems": verdict.dice.problems,
                "abandoned": verdict.dice.abandoned,
            },
            "head_noted": {"checked": verdict.head_lines, "problems": verdict.head_problems},
            "replaces": verdict.replaced,
            "receipts_not_held": [lost.describe() for lost in verdict.receipts_lost],
            "accepted_in_entry": verdict.accepted["number"] if verdict.accepted else None,
        }
    )


def _print(verdict: RecordVerdict, rate: float) -> None:
    chain = verdict.chain
    if not chain.ok:
        for number, text in chain.problems:
            output.err.print(f"[bold red]entry #{number}[/]: {escape(text)}", soft_wrap=True)
        return
    output.out.print(
        f"[green]chain intact[/]: {chain.entries} entries, {chain.snapshots} cached states checked "
        f"({rate:,.0f} entries/s on {chain.processes} process{'es' if chain.processes > 1 else ''}); "
        f"head #{chain.entries} {chain.head_hash}",
        soft_wrap=True,
    )
    for line in verdict.dice.lines:
        output.out.print(f"dice: {escape(line)}", soft_wrap=True)
    for problem in verdict.dice.problems:
        output.err.print(f"[bold red]dice[/]: {escape(problem)}", soft_wrap=True)
    for line in verdict.head_lines:
        output.out.print(f"head: {escape(line)}", soft_wrap=True)
    for problem in verdict.head_problems:
        output.err.print(f"[bold red]head[/]: {escape(problem)}", soft_wrap=True)
    for lost in verdict.receipts_lost:
        colour = "yellow" if verdict.accepted is not None else "bold red"
        output.err.print(f"[{colour}]receipt not in the record[/]: {escape(lost.describe())}", soft_wrap=True)
    if verdict.replaced is None and not verdict.receipts_lost:
        return
    replaced = verdict.replaced or "the record lacks receipts given on this machine"
    if verdict.accepted is not None:
        output.out.print(
            f"[yellow]rewrite accepted[/]: {escape(replaced)}; recorded as a note in entry "
            f"#{verdict.accepted['number']}, and this machine vouches for the record from now on",
            soft_wrap=True,
        )
        return
    output.err.print(
        f"[bold red]not the record this machine saw[/]: {escape(replaced)}. If this copy was chosen on "
        "purpose (a backup restored), accept it with --accept-rewrite REASON: the reason is recorded in it",
        soft_wrap=True,
    )
