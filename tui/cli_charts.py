"""`turnledger charts`: check a chart file of your own, list the layouts, print a layout's JSON Schema.

A chart goes into a campaign at creation (`turnledger new --charts FILE`) or later with the
recorded `AdoptCharts` command; `charts check` says beforehand what is wrong with it, naming the
file, the line, the row and the field of every mistake.

`charts schema --out FILE` writes through referee/files/outputs.py: never over a campaign or a file of
another kind; an earlier schema (a JSON object whose ``$id`` is one of turnledger's chart layouts)
only with --force.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.markup import escape
from rich.text import Text

from referee.files import chart_check, outputs
from tui import cli_output as output
from tui.render import printable

SCHEMA_ID = "https://turnledger.invalid/charts/"
"""Where `chart_check.schema` places every layout's ``$id``."""


def _is_chart_schema(data: Any) -> bool:
    return isinstance(data, dict) and str(data.get("$id", "")).startswith(SCHEMA_ID)


CHART_SCHEMA = outputs.json_kind("a chart layout's JSON Schema", _is_chart_schema)
"""What `charts schema --out` writes (and alone may replace, with --force)."""


def cmd_charts_check(args: argparse.Namespace) -> int:
    """Exit 0 when the file fits a chart layout, 1 (with every mistake listed) when not."""
    report = chart_check.check(args.file)
    shown = printable(args.file)  # a file name may hold control characters or undecodable bytes
    if report.ok:
        for layout in report.fits:
            output.out.print(Text(f"{shown}: a valid {layout.title}", style="bold green"), highlight=False)
        output.out.print(f"sha256 {report.sha256}", highlight=False)
        output.out.print(
            'adopt it with `turnledger new ... --charts FILE` or the command {"kind": "AdoptCharts", '
            '"charts": "FILE", "reason": "..."}',
            highlight=False,
        )
        return 0
    if report.closest is not None:
        output.err.print(
            f"{escape(shown)}: not a valid chart; closest layout: {report.closest.title}; "
            f"{len(report.problems)} problem(s):",
            highlight=False,
        )
    for problem in report.problems:
        output.err.print(f"  {escape(printable(problem.render(args.file)))}", highlight=False)
    return 1


def cmd_charts_list(args: argparse.Namespace) -> int:
    for layout in chart_check.layouts():
        output.out.print(f"{layout.bundled:26} {layout.title}", highlight=False)
    return 0


def cmd_charts_schema(args: argparse.Namespace) -> int:
    try:
        layout = chart_check.layout_named(args.name)
    except KeyError as error:
        output.err.print(str(error.args[0]), highlight=False)
        return 1
    text = json.dumps(chart_check.schema(layout), indent=2, sort_keys=True) + "\n"
    if args.out:
        outputs.check_output(args.out, CHART_SCHEMA, force=args.force).write_text(text)
    else:
        output.out.print(text, highlight=False, markup=False, end="")
    return 0


def add_charts_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `charts` command and its three subcommands."""
    charts = sub.add_parser(
        "charts", help="check your own chart file, list the chart layouts, print a layout's JSON Schema"
    )
    actions = charts.add_subparsers(dest="charts_command", required=True, metavar="ACTION")
    p = actions.add_parser("check", help="check a chart file: every mistake with its file, line, row and field")
    p.add_argument("file")
    p.set_defaults(handler=cmd_charts_check)
    p = actions.add_parser("list", help="the chart layouts (bundled files) a campaign can read")
    p.set_defaults(handler=cmd_charts_list)
    p = actions.add_parser("schema", help="a layout's JSON Schema (docs/charts/NAME.schema.json)")
    p.add_argument("name", help="a layout, e.g. europa-combat")
    p.add_argument("--out", metavar="FILE", type=output.output_file, help="write it to FILE")
    p.add_argument("--force", action="store_true", help="replace FILE if it is an earlier chart schema")
    p.set_defaults(handler=cmd_charts_schema)
