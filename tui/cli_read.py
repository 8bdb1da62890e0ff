"""Command-line subcommands that read a campaign: state, log, one entry, a preview, the scenarios, the schema."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator
from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from referee.audit.receipts import entry_roll_receipts
from referee.book.console_reads import scenario_options
from referee.common.errors import InvalidInputError
from referee.common.log import log_marks, log_rows, marked_rows
from referee.common.scenario import list_scenarios, load_scenario
from referee.files.batch import read_json
from referee.schema import command_schemas, part_schemas, schema_named
from referee.service import RefereeService
from tui import cli_output as output
from tui import log_table, render


def cmd_state(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        state = service.state(args.at)
    finally:
        service.close()
    if args.json:
        output.print_json(state.to_json())
    else:
        output.out.print(render.state_view(state, service.views(state), at=args.at))
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    """The log. A part of it (``--last``, ``--disputed``) is gathered, then printed; the whole log
    is printed as it is read, never held (issue 17): a first pass over the record gathers what later
    entries decide about earlier rows (undo marks, notes), a second makes and prints the rows (a
    table: one more pass before, to measure the columns)."""
    service = RefereeService.open(args.store)
    try:
        kinds = service.command_kinds()
        kind = None
        if args.kind:
            kind = next((known for known in kinds if known.lower() == args.kind.lower()), None)
            if kind is None:
                raise InvalidInputError(
                    f"there is no command kind {args.kind!r} in this campaign's game; kinds: {', '.join(kinds)}"
                )
        if args.last and not args.disputed:  # read once, keeping only the rows shown
            last = min(args.last, service.head())  # "the last 10**20": all of them (the count sizes a buffer)
            _print_rows(args, service, log_rows(service.entries(), kind=kind, last=last))
            return 0
        marks = log_marks(service.entries())

        def rows() -> Iterator[dict[str, Any]]:
            return marked_rows(service.entries(1, marks.last), marks, kind=kind)

        if args.disputed:  # the disputed rows alone are kept
            disputed = [row for row in rows() if row["disputed"]]
            _print_rows(args, service, disputed[-args.last :] if args.last else disputed)
        elif args.json:
            output.print_json_items(rows())
        else:

            def receipted() -> Iterator[dict[str, Any]]:
                found: dict[int, list[str]] = {}
                entries = _noting_receipts(service.campaign_id, service.entries(1, marks.last), found, kind)
                for row in marked_rows(entries, marks, kind=kind):
                    yield _with_receipts(row, found)

            widths = log_table.LogWidths(output.out)
            for row in receipted():
                widths.add(row)
            log_table.print_log(output.out, receipted(), widths)
    finally:
        service.close()
    return 0


def _print_rows(args: argparse.Namespace, service: RefereeService, rows: list[dict[str, Any]]) -> None:
    if args.json:
        output.print_json(rows)
        return
    for row in rows:
        if row["rolls"]:  # a few rows shown: each entry with rolls read again for its receipts
            row["receipts"] = _receipt_words(service.campaign_id, service.entry(row["number"]))
    output.out.print(log_table.log_view(rows))


def _receipt_words(campaign_id: str, entry: dict[str, Any]) -> list[str]:
    """What the log's status says of each digital roll of ``entry``: its receipt."""
    return [f"roll {receipt.roll} receipt {receipt.code}" for receipt, _roll in entry_roll_receipts(campaign_id, entry)]


def _noting_receipts(
    campaign_id: str, entries: Iterable[dict[str, Any]], found: dict[int, list[str]], kind: str | None
) -> Iterator[dict[str, Any]]:
    """``entries`` as they are read, the roll receipts of each one listed (of command kind
    ``kind``, when given) noted in ``found`` by number."""
    for entry in entries:
        if kind is None or entry["command"].get("kind", "") == kind:
            words = _receipt_words(campaign_id, entry)
            if words:
                found[int(entry["number"])] = words
        yield entry


def _with_receipts(row: dict[str, Any], found: dict[int, list[str]]) -> dict[str, Any]:
    """``row`` with its entry's roll receipts from ``found``; the receipts of entries up to it are
    dropped (rows come as their entries are read, so ``found`` holds one or two entries at a time)."""
    number = row["number"]
    row["receipts"] = found.pop(number, [])
    for older in [known for known in found if known < number]:
        del found[older]
    return row


def entry_in_record(service: RefereeService, number: int) -> int:
    """``number`` when the record holds that entry, else a refusal naming the record's range.
    Checked before the store is asked: a number beyond what SQLite can hold ended in an
    internal error (issue 26)."""
    head = service.head()
    if not 1 <= number <= head:
        raise InvalidInputError(f"there is no entry #{number}; the record runs #1 to #{head}")
    return number


def cmd_show(args: argparse.Namespace) -> int:
    service = RefereeService.open(args.store)
    try:
        entry = service.entry(entry_in_record(service, args.number))
        undone = service.undone()
        notes = service.notes_on(args.number)
        rolled = entry_roll_receipts(service.campaign_id, entry)
    finally:
        service.close()
    if args.json:
        output.print_json(entry)
    else:
        receipt = rolled[0][0].code if rolled else ""
        output.out.print(render.entry_view(entry, undone_by=undone.get(args.number), receipt=receipt))
        for note in notes:  # notes and rulings are about the record: a rollback of the game does not undo them
            output.out.print(render.note_line(note), highlight=False)
    return 0


def cmd_preview(args: argparse.Namespace) -> int:
    """Show the ruling and derivation a command would get, writing nothing. The command is read
    as `apply` reads a line: a key given twice (or NaN, or a lone surrogate) is refused, and its
    names and choices are read by the service's one reader (any case, the nearest name offered)."""
    data = read_json(args.command_json, "the command given")
    service = RefereeService.open(args.store)
    try:
        decision, _after = service.preview_json(data)
    finally:
        service.close()
    output.out.print(Text(decision.ruling.summary, style="bold"))
    for step in decision.ruling.steps:
        output.out.print(Text(f"  · {step.text}" + (f"  [{step.rule}]" if step.rule else "")), highlight=False)
    output.out.print("(preview only: nothing was recorded)")
    return 0


def cmd_options(args: argparse.Namespace) -> int:
    """The ruleset options of a campaign (its pinned readings) or of a new campaign of a scenario."""
    if args.store:
        service = RefereeService.open(args.store)
        try:
            rows = service.options()
        finally:
            service.close()
    else:
        rows = scenario_options(args.scenario)
    if args.json:
        output.print_json(rows)
        return 0
    table = Table("option", "readings (default first)", "default", "rule", *(["campaign"] if args.store else []))
    for row in rows:
        readings = ", ".join(row["readings"])
        chosen = [row["chosen"] + (" (default)" if row["chosen"] == row["default"] else "")] if args.store else []
        table.add_row(row["option"], readings, row["default"], row["source"], *chosen)
    output.out.print(table)
    output.out.print("choose at creation: turnledger new game.db --option NAME=READING (docs/options.md)")
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    rows = []
    for name in list_scenarios():
        loaded = load_scenario(name)
        rows.append({"name": name, "title": loaded.scenario.title, "ruleset": loaded.ruleset.id})
    if args.json:
        output.print_json(rows)
    else:
        for row in rows:
            output.out.print(f"[bold]{escape(row['name'])}[/]  {escape(row['title'])}  (ruleset {row['ruleset']})")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    schemas = command_schemas()
    if args.kind:
        found = schema_named(args.kind)
        if found is None:
            known = f"kinds: {', '.join(schemas)}; parts: {', '.join(part_schemas())}"
            output.err.print(f"no command or part {escape(repr(args.kind))}; {known}")
            return 1
        schemas = dict([found])
    output.print_json(schemas)
    return 0
