"""The `turnledger` command line: create, apply, show, undo, branch, verify, export, import.

This module creates and records (new, run, apply, tui) and wires every subcommand; reading
subcommands live in `tui/cli_read.py`, the record's guards in `tui/cli_record.py`, and where
output goes in `tui/cli_output.py`.

Every subcommand prints Rich tables for people and, with --json, plain JSON for scripts.
Refusals from the referee or the ledger are printed once, in table language, with exit
code 1; nothing is written when a command is refused. Every file a command writes is typed
`output_file` or `new_store` in the parser and checked by referee/files/outputs.py first (one wrong
argument must never replace a campaign, its secrets or a file of another kind).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

from rich.markup import escape

from referee import commands as c
from referee.audit.receipts import give_receipts, head_receipt
from referee.common.errors import REFUSALS
from referee.common.log import log_rows
from referee.files import outputs
from referee.files.batch import apply_lines, read_command_file
from referee.files.locations import check_location
from referee.release import release
from referee.service import RefereeService
from tui import cli_output as output
from tui import log_table, render
from tui.cli_audit import cmd_audit
from tui.cli_charts import add_charts_parser
from tui.cli_facts import add_facts_arguments, cmd_facts
from tui.cli_read import cmd_log, cmd_options, cmd_preview, cmd_scenarios, cmd_schema, cmd_show, cmd_state
from tui.cli_receipt import add_receipt_arguments, cmd_receipt
from tui.cli_record import cmd_branch, cmd_export, cmd_import, cmd_rollback
from tui.cli_report import cmd_report
from tui.cli_seal import add_seal_commands
from tui.cli_serve import add_serve_arguments, cmd_serve
from tui.cli_verify import add_verify_arguments, cmd_verify
from tui.render import printable

DEFAULT_SCENARIO = "revised-europa/barbarossa"


# -- subcommands --------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    outputs.check_store_target(args.store)
    fields = {
        "kind": "CreateCampaign",
        "scenario": args.scenario,
        "name": args.name or Path(args.store).stem[:80],
        "actor": args.actor,
        "ruleset": args.ruleset,
        "charts": args.charts,
        "options": dict(args.option or []),
    }
    command = c.parse_command({key: value for key, value in fields.items() if value is not None})
    service = RefereeService.create(args.store, command)
    where, scenario = escape(printable(service.location)), escape(printable(args.scenario))
    output.out.print(f"created {where}: {escape(repr(command.name))} from {scenario}")
    output.out.print(render.state_view(service.state(), service.views(service.state())))
    service.close()
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    """The main job until the console lands: open (or create) the campaign and show it."""
    if "://" not in args.store and not os.path.exists(args.store):
        outputs.check_store_target(args.store)
        # parsed like a command line, so that a bad scenario is refused naming its field
        command = c.parse_command(
            {"kind": "CreateCampaign", "scenario": args.scenario, "name": Path(args.store).stem[:80]}
        )
        service = RefereeService.create(args.store, command)
        output.out.print(f"created {escape(printable(service.location))} from {escape(printable(args.scenario))}")
    else:
        service = RefereeService.open(args.store)
    output.out.print(render.state_view(service.state(), service.views(service.state())))
    rows = log_rows(service.entries())[-10:]
    output.out.print(log_table.log_view(rows))
    service.close()
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    file = read_command_file(args.file)
    name = file.name
    service = RefereeService.open(args.store)
    try:
        report = apply_lines(service, file, resume=not args.no_resume)
        head = service.head()
        receipt = head_receipt(service) if report.applied else None
        if receipt is not None:
            give_receipts(service, [receipt])  # shown at the table: the next entry states it
    finally:
        service.close()
    if report.skipped:
        output.err.print(f"{report.skipped} line(s) of {escape(name)} were already recorded; skipped")
    for note in report.notes:
        output.err.print(escape(note), soft_wrap=True, highlight=False)
    if report.applied:
        first, last = report.applied[0], report.applied[-1]
        count = len(report.applied)
        numbers = f"#{first}" if count == 1 else f"#{first}–#{last}"
        output.out.print(f"recorded {count} entr{'y' if count == 1 else 'ies'} {numbers} from {escape(name)}")
    if receipt is not None:
        output.out.print(f"receipt: {escape(receipt.line())}", highlight=False, soft_wrap=True)
    if not report.ok:
        output.err.print(
            f"[bold red]refused[/] {escape(name)}, {escape(str(report.reason))}", soft_wrap=True, highlight=False
        )
        if report.conflict:
            advice = (
                f"line {report.refused_line} is fine: another referee recorded an entry while it was being decided; "
                "apply the file again to record it and the lines after it"
            )
        else:
            advice = f"fix line {report.refused_line} and apply again to continue"
        output.err.print(f"entries up to #{head} are kept; {advice}", soft_wrap=True)
        return 1
    return 0


def cmd_tui(args: argparse.Namespace) -> int:
    """Open the Textual console. A campaign that does not exist yet is created from --scenario
    when one is given, else from what the referee chooses in the new-campaign form."""
    from tui.app import NewCampaignApp, TurnledgerApp, make_app

    creating = not args.read_only and "://" not in args.store and not os.path.exists(args.store)
    if creating:
        outputs.check_store_target(args.store)  # before the form: a name kept for side files is refused at once
    if args.scenario is None and creating:
        service = NewCampaignApp(args.store).run()
        if service is None:
            output.out.print(f"no campaign created; {escape(printable(args.store))} does not exist")
            return 0
        app = TurnledgerApp(service, actor=args.actor)
    else:
        if args.read_only and "://" not in args.store and not os.path.exists(args.store):
            output.err.print(
                f"{escape(printable(args.store))} does not exist: a read-only view opens an existing campaign"
            )
            return 1
        app = make_app(
            args.store, scenario=args.scenario or DEFAULT_SCENARIO, actor=args.actor, read_only=args.read_only
        )
    try:
        app.run()
    finally:
        app.service.close()
    return 0


# -- wiring -------------------------------------------------------------------------------


def positive(text: str) -> int:
    """A count of 1 or more, for options such as ``log --last``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} entries: give 1 or more")
    return value


def option_choice(text: str) -> tuple[str, str]:
    """'weather_rounding=received_up' -> ('weather_rounding', 'received_up')."""
    name, sign, reading = text.partition("=")
    if not sign or not name.strip() or not reading.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: write NAME=READING, e.g. weather_rounding=received_up")
    return name.strip(), reading.strip()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used to document the CLI)."""
    parser = argparse.ArgumentParser(prog="turnledger", description="The referee's book for face-to-face wargames.")
    parser.add_argument("--version", action="version", version=release())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(
        name: str,
        handler: Callable[[argparse.Namespace], int],
        help_text: str,
        store: bool = True,
        store_type: Callable[[str], str] = str,
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        if store:
            p.add_argument("store", type=store_type, help="campaign file (SQLite) or postgresql:// URL")
        p.set_defaults(handler=handler)
        return p

    p = add("new", cmd_new, "create a campaign from a scenario", store_type=output.new_store)
    p.add_argument("--scenario", default=DEFAULT_SCENARIO)
    p.add_argument("--name")
    p.add_argument("--ruleset", help="another rules version of the same game, e.g. europa-001")
    p.add_argument("--charts", help="Europa: your own combat chart (layout of scenarios/charts/europa-combat.toml)")
    p.add_argument("--actor", default="referee")
    p.add_argument(
        "--option",
        action="append",
        type=option_choice,
        metavar="NAME=READING",
        help="a reading of a ruleset option (repeat for several); `turnledger options` lists them",
    )
    p = add("run", cmd_run, "open the campaign (creating it from a scenario the first time) and show it")
    p.add_argument("--scenario", default=DEFAULT_SCENARIO)
    p = add("tui", cmd_tui, "open the referee's console (Textual)")
    p.add_argument(
        "--scenario",
        help="a new campaign's scenario (without it, a file that does not exist opens the new-campaign form)",
    )
    p.add_argument("--actor", default="referee")
    p.add_argument("--read-only", action="store_true", help="the players' view: nothing can be recorded from it")
    add_serve_arguments(
        add(
            "serve",
            cmd_serve,
            "serve the console read-only to the players' browsers (localhost; --host opens it to the table's network)",
        )
    )
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
    p.add_argument("--last", type=positive, help="only the last N entries (1 or more)")
    p = add("show", cmd_show, "show one entry: command, rolls, ruling, derivation, hash")
    p.add_argument("number", type=int)
    p.add_argument("--json", action="store_true")
    p = add("preview", cmd_preview, "show the ruling and derivation of a command without recording it")
    p.add_argument("command_json", help='the command as JSON, e.g. \'{"kind": "PerformYearStart", "power": "UK"}\'')
    p = add("rollback", cmd_rollback, "undo every entry after #N (they stay in the record)")
    p.add_argument("--to", type=int, required=True)
    p.add_argument("--reason", required=True)
    p.add_argument("--actor", default="referee")
    add_seal_commands(add)
    p = add("branch", cmd_branch, "start a what-if campaign from entries 1..N")
    p.add_argument("--at", type=int, required=True)
    p.add_argument("--to", required=True, type=output.new_store, help="the new campaign's file (a new file)")
    p.add_argument("--name")
    p.add_argument("--actor", default="referee")
    p = add(
        "audit",
        cmd_audit,
        "verify the chain, re-adjudicate every ruling, check the dice and report disputes and rollbacks",
    )
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--markdown", metavar="FILE", type=output.output_file, help="also write the report as a Markdown page"
    )
    p.add_argument("--force", action="store_true", help="replace FILE if it is an earlier audit page")
    p = add("report", cmd_report, "one entry as a Markdown page for a dispute: command, rolls, ruling, figures, checks")
    p.add_argument("number", type=int)
    p.add_argument(
        "--out", metavar="FILE", type=output.output_file, help="write the page to FILE instead of printing it"
    )
    p.add_argument("--force", action="store_true", help="replace FILE if it is an earlier entry page")
    add_verify_arguments(add("verify", cmd_verify, "recompute the hash chain and name the first bad entry"))
    add_receipt_arguments(
        add("receipt", cmd_receipt, "the receipt of the head (and, with --all, of every digital roll) to note down")
    )
    p = add("export", cmd_export, "write the record as JSONL and/or an SQLite read model")
    p.add_argument("--jsonl", metavar="FILE", type=output.output_file, help="write the record as JSONL to FILE")
    p.add_argument(
        "--sqlite",
        metavar="FILE",
        type=output.output_file,
        help="write the read model to FILE (and FILE's .metadata.json); one of this campaign is brought up to date",
    )
    p.add_argument(
        "--force", action="store_true", help="replace an earlier export, or a read model of another campaign or history"
    )
    p = sub.add_parser("import", help="rebuild a campaign from a JSONL export (resumes if interrupted)")
    p.add_argument("file")
    p.add_argument("store")
    p.set_defaults(handler=cmd_import)
    p = sub.add_parser(
        "options",
        help="list the ruleset options: readings, default, rule, and a campaign's choice",
        description="Each ruleset option (a contradiction between rule versions), its readings, the "
        "default, the rule it settles and, given a campaign, the reading the campaign pinned.",
    )
    p.add_argument("store", nargs="?", help="a campaign (else the options a new campaign of --scenario offers)")
    p.add_argument("--scenario", default=DEFAULT_SCENARIO)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_options)
    add_charts_parser(sub)
    add_facts_arguments(
        add(
            "facts",
            cmd_facts,
            "list each game's facts the referee states: meaning, value, rules, the commands that read them",
            store=False,
        )
    )
    p = add("scenarios", cmd_scenarios, "list the bundled scenarios", store=False)
    p.add_argument("--json", action="store_true")
    p = add("schema", cmd_schema, "print the JSON Schema of every command", store=False)
    p.add_argument("--kind", help="one command, or one part of a command (e.g. LendLeaseGrant), in any case")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `turnledger` command."""
    for stream in (sys.stdout, sys.stderr):  # a lone surrogate from a file name is shown, never an error
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    try:
        for value in (getattr(args, "store", None), getattr(args, "to", None)):
            if isinstance(value, str):
                check_location(value)  # a path the system cannot look at is refused by name, never exit 3
        return int(args.handler(args))
    except REFUSALS as error:
        output.err.print(f"[bold red]refused[/]: {escape(printable(str(error)))}", highlight=False, soft_wrap=True)
        return 1
    except KeyboardInterrupt:
        output.err.print("interrupted; every entry recorded so far is complete")
        return 130
    except Exception as error:
        if os.environ.get("TURNLEDGER_DEBUG"):
            raise
        output.err.print(
            f"[bold red]internal error[/]: {type(error).__name__}: {escape(str(error))} (set TURNLEDGER_DEBUG=1 for "
            "details)",
            soft_wrap=True,
            highlight=False,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
