"""Command-line subcommands that guard the record: rollback, branch, verify, export, import.

`branch --to` and `export --jsonl/--sqlite` name files to write: each is checked by
referee/files/outputs.py before anything is written (never the campaign, a secrets, trust or bookmarks
file, or a file of another kind) and written beside its target, then renamed into place."""

from __future__ import annotations

import argparse

from rich.markup import escape

from referee.common.errors import InvalidInputError
from referee.files import outputs
from referee.service import RefereeService, import_campaign
from tui import cli_output as output
from tui import render
from tui.render import printable


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
    outputs.check_store_target(args.to, campaign=args.store)
    service = RefereeService.open(args.store)
    try:
        with output.progress("copying entries") as progress:
            branch = service.branch(
                args.at, args.to, name=args.name, actor=args.actor, progress=lambda done: progress(done, args.at)
            )
        parent = service.location  # shown without credentials
    finally:
        service.close()
    output.out.print(f"branched {escape(printable(parent))} at #{args.at} into {escape(printable(branch.location))}")
    output.out.print(render.state_view(branch.state(), branch.views(branch.state())))
    branch.close()
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    if not (args.jsonl or args.sqlite):
        output.err.print("say what to export: --jsonl FILE and/or --sqlite FILE")
        return 2
    jsonl = (
        outputs.check_output(args.jsonl, outputs.JSONL_EXPORT, force=args.force, campaign=args.store)
        if args.jsonl
        else None
    )
    read_model = outputs.check_read_model(args.sqlite, campaign=args.store) if args.sqlite else []
    if jsonl is not None and jsonl.path in read_model:
        raise InvalidInputError(
            f"--jsonl {args.jsonl} is also a file --sqlite writes; name two files; nothing was written"
        )
    service = RefereeService.open(args.store)
    try:
        # the read model first: whether an existing one may be replaced is known only against the
        # record, and its refusal must come before the JSONL is written
        models = 0
        if args.sqlite:
            with output.progress("building read model") as progress:
                models = outputs.write_read_model(service, args.sqlite, force=args.force, progress=progress)
        if jsonl is not None:
            with output.progress("exporting JSONL") as progress, jsonl.text() as handle:
                count = service.export_jsonl(handle, progress=progress)
            output.out.print(f"wrote {count} entries to {escape(printable(args.jsonl))}")
        if args.sqlite:
            output.out.print(f"wrote the read model of {models} entries to {escape(printable(args.sqlite))}")
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
