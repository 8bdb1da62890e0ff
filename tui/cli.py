"""The `turnledger` command line: create, apply, show, undo, branch, verify, export, import.

Every subcommand prints Rich tables for people and, with --json, plain JSON for scripts.
Refusals from the referee or the ledger are printed once, in table language, with exit
code 1; nothing is written when a command is refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ledger.errors import LedgerError
from ledger.exchange import export_jsonl, import_jsonl
from ledger.log import log_rows
from ledger.readmodel import build_read_model
from ledger.rollback import undone_by
from ledger.verify import verify
from referee import commands as c
from referee.batch import apply_lines, read_command_file
from referee.digital_dice import check_entries
from referee.errors import RulesError
from referee.scenario import list_scenarios, load_scenario
from referee.schema import command_schemas
from referee.service import RefereeService
from tui import render

DEFAULT_SCENARIO = "revised-europa/barbarossa"
out = Console()
err = Console(stderr=True)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


@contextmanager
def _progress(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on a terminal; silent when output is piped."""
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total or None)

        yield update


# -- subcommands --------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    command = c.CreateCampaign(scenario=args.scenario, name=args.name or Path(args.store).stem, actor=args.actor,
                               ruleset=args.ruleset, charts=args.charts)
    service = RefereeService.create(args.store, command)
    out.print(f"created {escape(args.store)}: {escape(repr(command.name))} from {escape(args.scenario)}")
    out.print(render.state_view(service.state()))
    service.close()
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    """The main job until the console lands: open (or create) the campaign and show it."""
    if not Path(args.store).exists():
        service = RefereeService.create(args.store, c.CreateCampaign(scenario=args.scenario, name=Path(args.store).stem))
        out.print(f"created {escape(args.store)} from {escape(args.scenario)}")
    else:
        service = RefereeService.open(args.store)
    out.print(render.state_view(service.state()))
    rows = log_rows(service.entries())[-10:]
    out.print(render.log_view(rows))
    service.close()
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    name, lines = read_command_file(args.file)
    service = RefereeService.open(args.store)
    try:
        report = apply_lines(service, lines, name=name, resume=not args.no_resume)
        head = service.head()
    finally:
        service.close()
    if report.skipped:
        err.print(f"{report.skipped} line(s) of {escape(name)} were already recorded; skipped")
    if report.applied:
        out.print(f"recorded {len(report.applied)} entr{'y' if len(report.applied) == 1 else 'ies'} "
                  f"#{report.applied[0]}–#{report.applied[-1]} from {escape(name)}")
    if not report.ok:
        err.print(f"[bold red]refused[/] {escape(name)}, {escape(str(report.reason))}", soft_wrap=True, highlight=False)
        err.print(f"entries up to #{head} are kept; fix line {report.refused_line} and apply again to continue", soft_wrap=True)
        return 1
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        state = service.state(args.at)
    finally:
        service.close()
    if args.json:
        _print_json(state.to_json())
    else:
        out.print(render.state_view(state, at=args.at))
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        rows = log_rows(service.entries())
    finally:
        service.close()
    if args.kind:
        rows = [row for row in rows if row["kind"] == args.kind]
    if args.disputed:
        rows = [row for row in rows if row["disputed"]]
    if args.last:
        rows = rows[-args.last:]
    if args.json:
        _print_json(rows)
    else:
        out.print(render.log_view(rows))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        entry = service.store.entry(args.number)
        undone = undone_by(service.entries()).get(args.number)
    finally:
        service.close()
    if args.json:
        _print_json(entry)
    else:
        out.print(render.entry_view(entry, undone_by=undone))
    return 0


def cmd_preview(args: argparse.Namespace) -> int:
    """Show the ruling and derivation a command would get, writing nothing."""
    try:
        data = json.loads(args.command_json)
    except json.JSONDecodeError as error:
        err.print(f"the command is not JSON: {error.msg} at column {error.colno}")
        return 1
    service = RefereeService.open(args.store)
    try:
        decision, _after = service.preview(c.parse_command(data))
    finally:
        service.close()
    out.print(Text(decision.ruling.summary, style="bold"))
    for step in decision.ruling.steps:
        out.print(Text(f"  · {step.text}" + (f"  [{step.rule}]" if step.rule else "")), highlight=False)
    out.print("(preview only: nothing was recorded)")
    return 0


def cmd_rollback(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        entry = service.execute(c.Rollback(to=args.to, reason=args.reason, actor=args.actor))
    finally:
        service.close()
    out.print(render.entry_view(entry))
    return 0


def cmd_branch(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        with _progress("copying entries") as progress:
            branch = service.branch(args.at, args.to, name=args.name, actor=args.actor,
                                    progress=lambda done: progress(done, args.at))
    finally:
        service.close()
    out.print(f"branched {escape(args.store)} at #{args.at} into {escape(args.to)}")
    out.print(render.state_view(branch.state()))
    branch.close()
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        with _progress("verifying") as progress:
            report = verify(service.store, progress=progress)
        dice_lines, dice_problems = check_entries(service.entries(), str(service.store.campaign_id)) if report.ok else ([], [])
    finally:
        service.close()
    if args.json:
        _print_json({"ok": report.ok and not dice_problems, "entries": report.entries, "head_hash": report.head_hash,
                     "snapshots": report.snapshots, "first_bad_entry": report.first_bad_entry,
                     "problems": [{"entry": n, "problem": text} for n, text in report.problems],
                     "dice": {"checked": dice_lines, "problems": dice_problems}})
    elif report.ok:
        out.print(f"[green]chain intact[/]: {report.entries} entries, {report.snapshots} cached states checked; "
                  f"head #{report.entries} {report.head_hash}")
        for line in dice_lines:
            out.print(f"dice: {escape(line)}")
        for problem in dice_problems:
            err.print(f"[bold red]dice[/]: {escape(problem)}")
    else:
        for number, text in report.problems:
            err.print(f"[bold red]entry #{number}[/]: {escape(text)}")
    return 0 if report.ok and not dice_problems else 1


def cmd_export(args: argparse.Namespace) -> int:
    if not (args.jsonl or args.sqlite):
        err.print("say what to export: --jsonl FILE and/or --sqlite FILE")
        return 2
    service = RefereeService.open(args.store)
    try:
        if args.jsonl:
            with _progress("exporting JSONL") as progress, open(args.jsonl, "w", encoding="utf-8") as handle:
                count = export_jsonl(service.store, handle, progress=progress)
            out.print(f"wrote {count} entries to {escape(args.jsonl)}")
        if args.sqlite:
            with _progress("building read model") as progress:
                count = build_read_model(service.store, args.sqlite, progress=progress)
            out.print(f"wrote the read model of {count} entries to {escape(args.sqlite)}")
    finally:
        service.close()
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    with _progress("importing") as progress:
        store = import_jsonl(args.file, args.store, progress=progress)
    state = store.state()
    store.close()
    out.print(f"imported {state.chain.last_number} entries into {escape(args.store)}; head {state.chain.head_hash}")
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    rows = []
    for name in list_scenarios():
        loaded = load_scenario(name)
        rows.append({"name": name, "title": loaded.scenario.title, "ruleset": loaded.ruleset.id})
    if args.json:
        _print_json(rows)
    else:
        for row in rows:
            out.print(f"[bold]{escape(row['name'])}[/]  {escape(row['title'])}  (ruleset {row['ruleset']})")
    return 0


def cmd_tui(args: argparse.Namespace) -> int:
    """Open the Textual console (creating the campaign from the scenario the first time)."""
    from tui.app import make_app  # noqa: PLC0415 - Textual loads only for the console

    app = make_app(args.store, scenario=args.scenario, actor=args.actor)
    try:
        app.run()
    finally:
        app.service.close()
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    schemas = command_schemas()
    if args.kind:
        if args.kind not in schemas:
            err.print(f"no command {escape(repr(args.kind))}; kinds: {', '.join(schemas)}")
            return 1
        schemas = {args.kind: schemas[args.kind]}
    _print_json(schemas)
    return 0


# -- wiring -------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used to document the CLI)."""
    parser = argparse.ArgumentParser(prog="turnledger", description="The referee's book for face-to-face wargames.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, handler: Callable[[argparse.Namespace], int], help_text: str, store: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        if store:
            p.add_argument("store", help="campaign file (SQLite) or postgresql:// URL")
        p.set_defaults(handler=handler)
        return p

    p = add("new", cmd_new, "create a campaign from a scenario")
    p.add_argument("--scenario", default=DEFAULT_SCENARIO)
    p.add_argument("--name")
    p.add_argument("--ruleset", help="another rules version of the same game, e.g. europa-001")
    p.add_argument("--charts", help="Europa: your own combat chart (layout of scenarios/charts/europa-combat.toml)")
    p.add_argument("--actor", default="referee")
    p = add("run", cmd_run, "open the campaign (creating it from a scenario the first time) and show it")
    p.add_argument("--scenario", default=DEFAULT_SCENARIO)
    p = add("tui", cmd_tui, "open the referee's console (Textual)")
    p.add_argument("--scenario", default=DEFAULT_SCENARIO)
    p.add_argument("--actor", default="referee")
    p = add("apply", cmd_apply, "record a JSONL file of commands, one entry per line")
    p.add_argument("file")
    p.add_argument("--no-resume", action="store_true", help="record every line even if recorded before")
    p = add("state", cmd_state, "show the state now or as of an entry")
    p.add_argument("--at", type=int, help="entry number")
    p.add_argument("--json", action="store_true")
    p = add("log", cmd_log, "list the entries")
    p.add_argument("--json", action="store_true")
    p.add_argument("--kind", help="only entries of this command kind")
    p.add_argument("--disputed", action="store_true", help="only entries flagged as disputed")
    p.add_argument("--last", type=int, help="only the last N entries")
    p = add("show", cmd_show, "show one entry: command, rolls, ruling, derivation, hash")
    p.add_argument("number", type=int)
    p.add_argument("--json", action="store_true")
    p = add("preview", cmd_preview, "show the ruling and derivation of a command without recording it")
    p.add_argument("command_json", help="the command as JSON, e.g. '{\"kind\": \"PerformYearStart\", \"power\": \"UK\"}'")
    p = add("rollback", cmd_rollback, "undo every entry after #N (they stay in the record)")
    p.add_argument("--to", type=int, required=True)
    p.add_argument("--reason", required=True)
    p.add_argument("--actor", default="referee")
    p = add("branch", cmd_branch, "start a what-if campaign from entries 1..N")
    p.add_argument("--at", type=int, required=True)
    p.add_argument("--to", required=True, help="the new campaign's file")
    p.add_argument("--name")
    p.add_argument("--actor", default="referee")
    p = add("verify", cmd_verify, "recompute the hash chain and name the first bad entry")
    p.add_argument("--json", action="store_true")
    p = add("export", cmd_export, "write the record as JSONL and/or an SQLite read model")
    p.add_argument("--jsonl")
    p.add_argument("--sqlite")
    p = sub.add_parser("import", help="rebuild a campaign from a JSONL export (resumes if interrupted)")
    p.add_argument("file")
    p.add_argument("store")
    p.set_defaults(handler=cmd_import)
    p = add("scenarios", cmd_scenarios, "list the bundled scenarios", store=False)
    p.add_argument("--json", action="store_true")
    p = add("schema", cmd_schema, "print the JSON Schema of every command", store=False)
    p.add_argument("--kind")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `turnledger` command."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except (RulesError, LedgerError) as error:
        err.print(f"[bold red]refused[/]: {escape(str(error))}", highlight=False, soft_wrap=True)
        return 1
    except KeyboardInterrupt:
        err.print("interrupted; every entry recorded so far is complete")
        return 130
    except Exception as error:  # noqa: BLE001 - the edge: never show a traceback to the referee
        if os.environ.get("TURNLEDGER_DEBUG"):
            raise
        err.print(f"[bold red]internal error[/]: {type(error).__name__}: {escape(str(error))} (set TURNLEDGER_DEBUG=1 for details)",
                  soft_wrap=True, highlight=False)
        return 3


if __name__ == "__main__":
    sys.exit(main())
