"""Command-line subcommands that guard the record: rollback, branch, verify, export, import."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.markup import escape

from referee.common.errors import InvalidInputError
from referee.digital_dice import check_entries
from referee.service import RefereeService, import_campaign
from tui import cli_output as output
from tui import render


def cmd_rollback(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        # parsed like a command line, so that a bad value is refused naming its field
        command = service.parse({"kind": "Rollback", "to": args.to, "reason": args.reason, "actor": args.actor})
        entry = service.execute(command)
    finally:
        service.close()
    output.out.print(render.entry_view(entry))
    return 0


def cmd_branch(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        with output.progress("copying entries") as progress:
            branch = service.branch(
                args.at, args.to, name=args.name, actor=args.actor, progress=lambda done: progress(done, args.at)
            )
        parent = service.location  # shown without credentials
    finally:
        service.close()
    output.out.print(f"branched {escape(parent)} at #{args.at} into {escape(branch.location)}")
    output.out.print(render.state_view(branch.state(), branch.views(branch.state())))
    branch.close()
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store, check=False)  # a damaged record is what verify reports
    try:
        with output.progress("verifying") as progress:
            report = service.verify(progress=progress)
        verified = service.entries(1, report.entries)  # the same view as the chain check
        dice_lines, dice_problems = check_entries(verified, service.campaign_id) if report.ok else ([], [])
    finally:
        service.close()
    if args.json:
        output.print_json(
            {
                "ok": report.ok and not dice_problems,
                "entries": report.entries,
                "head_hash": report.head_hash,
                "snapshots": report.snapshots,
                "first_bad_entry": report.first_bad_entry,
                "problems": [{"entry": n, "problem": text} for n, text in report.problems],
                "dice": {"checked": dice_lines, "problems": dice_problems},
            }
        )
    elif report.ok:
        output.out.print(
            f"[green]chain intact[/]: {report.entries} entries, {report.snapshots} cached states checked; "
            f"head #{report.entries} {report.head_hash}"
        )
        for line in dice_lines:
            output.out.print(f"dice: {escape(line)}")
        for problem in dice_problems:
            output.err.print(f"[bold red]dice[/]: {escape(problem)}")
    else:
        for number, text in report.problems:
            output.err.print(f"[bold red]entry #{number}[/]: {escape(text)}")
    return 0 if report.ok and not dice_problems else 1


def cmd_export(args: argparse.Namespace) -> int:
    if not (args.jsonl or args.sqlite):
        output.err.print("say what to export: --jsonl FILE and/or --sqlite FILE")
        return 2
    for target in filter(None, (args.jsonl, args.sqlite)):
        folder = Path(target).resolve().parent
        if not folder.is_dir():
            raise InvalidInputError(f"cannot write {target}: the folder {folder} does not exist; nothing was written")
    service = RefereeService.open(args.store)
    try:
        if args.jsonl:
            with output.progress("exporting JSONL") as progress, open(args.jsonl, "w", encoding="utf-8") as handle:
                count = service.export_jsonl(handle, progress=progress)
            output.out.print(f"wrote {count} entries to {escape(args.jsonl)}")
        if args.sqlite:
            with output.progress("building read model") as progress:
                count = service.build_read_model(args.sqlite, progress=progress)
            output.out.print(f"wrote the read model of {count} entries to {escape(args.sqlite)}")
    finally:
        service.close()
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    with output.progress("importing") as progress:
        service = import_campaign(args.file, args.store, progress=progress)
    state, shown = service.state(), service.location
    service.close()
    output.out.print(f"imported {state.chain.last_number} entries into {escape(shown)}; head {state.chain.head_hash}")
    return 0
