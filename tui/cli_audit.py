"""`turnledger audit CAMPAIGN`: the audit report (referee/audit/report.py) on a terminal, as JSON, or
as a Markdown page to post to a club's forum. Exit 0 when nothing is wrong, 1 on a problem
(an altered entry, a ruling the rules do not give, a roll that does not check).

Names, notes and reasons come from the record as anyone typed them: the terminal and the page get
them through `tui.render.printable` (ESC, the C1 set and bidi overrides shown escaped, so a note
cannot write to the clipboard or reorder a line); --json keeps them as JSON escapes. The page is
written through referee/files/outputs.py: never over the campaign or a file of another kind.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from rich.markup import escape
from rich.table import Table

from referee.audit.report import audit, dispute_by, report_data
from referee.files import outputs
from referee.service import RefereeService
from tui import cli_output as output
from tui.render import printable

AUDIT_PAGE = outputs.text_kind(
    "a Markdown audit page",
    re.compile(r"# Audit of [^\n]*\n\n- campaign `[0-9a-f-]{36}`, \d+ entries, head `[0-9a-f]{64}`\n"),
)
"""What `--markdown` writes (and alone may replace, with --force): the page's first lines."""


def markdown(data: dict[str, Any]) -> str:
    """The report as a Markdown page."""
    lines = [
        f"# Audit of {data['campaign']['name']}",
        "",
        f"- campaign `{data['campaign']['id']}`, {data['entries']} entries, head `{data['head_hash']}`",
        f"- verdict: **{'nothing wrong found' if data['ok'] else 'PROBLEMS FOUND'}**",
        f"- chain and pinned rules: {'intact' if data['chain']['ok'] else 'broken'}",
        (
            f"- rulings re-adjudicated: {data['rulings']['readjudicated']}, "
            f"differing from the rules: {len(data['rulings']['problems'])}"
        ),
        "",
    ]
    for problem in data["chain"]["problems"]:
        lines.append(f"- **entry #{problem['entry']}**: {problem['problem']}")
    if data["rulings"]["problems"]:
        lines += [
            "## Rulings the rules do not give",
            "",
            "| entry | command | what | recorded | the rules give |",
            "|---|---|---|---|---|",
        ]
        for found in data["rulings"]["problems"]:
            lines.append(
                f"| #{found['entry']} | {found['kind']} | {found['what']} | {_cell(found['recorded'])} | "
                f"{_cell(found['rules_give'])} |"
            )
        lines.append("")
    information = data["rulings"]["information"]
    if information:
        lines += [f"## Information: {len(information)} entries worded or recorded differently today", ""]
        lines += [
            f"- #{found['entry']} {found['kind']} ({found['what']}): {_cell(found['rules_give'])}"
            for found in information[:50]
        ]
        lines.append("")
    dice = data["dice"]
    lines += ["## Dice", ""]
    lines += [f"- **problem**: {problem}" for problem in dice["problems"]]
    if dice["unrevealed_periods"]:
        lines.append(
            f"- periods not revealed yet (their rolls are checked when they are): {dice['unrevealed_periods']}"
        )
    lines += [f"- {period}" for period in dice.get("abandoned_periods", [])]
    for roll in dice["undone_rolls"]:
        lines.append(
            f"- entry #{roll['entry']}: {roll['purpose']} {roll['faces']} rolled by {roll['rolled_by']}, entered by "
            f"{roll['entered_by']}, undone by #{roll['undone_by']}"
        )
    if dice["statistics"]:
        lines += [
            "",
            "| player | purpose | die | method | rolls | counts per face | mean (fair) | χ² (df) | p | verdict |",
        ]
        lines.append("|---|---|---|---|---|---|---|---|---|---|")
        for group in dice["statistics"]:
            chi = "—" if group["chi_square"] is None else f"{group['chi_square']} ({group['freedom']})"
            p_value = "—" if group["p_value"] is None else group["p_value"]
            counts = " ".join(f"{face}:{count}" for face, count in group["counts"].items())
            lines.append(
                f"| {group['player']} | {group['purpose']} | {group['dice']} | {group['method']} | {group['rolls']} | "
                f"{counts} | {group['mean']} ({group['expected_mean']}) | {chi} | {p_value} | {group['verdict']} |"
            )
    unrevealed = data.get("sealed_orders", {}).get("unrevealed", [])
    if unrevealed:
        lines += ["", "## Sealed orders never revealed", ""]
        lines += [f"- {seal['line']}" for seal in unrevealed]
    lines += ["", "## Who entered what", ""]
    lines += [f"- {actor}: {count} entries" for actor, count in sorted(data["actors"].items())]
    lines += [f"- {row['actor']} for {row['for']}: {row['entries']} entries" for row in data["on_behalf_of"]]
    lines += ["", "## Disputes and rollbacks", ""]
    for dispute in data["disputes"]:
        settled = f"settled by #{dispute['ruling']}" if dispute["ruling"] else "open"
        lines.append(f"- dispute #{dispute['dispute']} on #{dispute['on']} {dispute_by(dispute)}: {settled}")
    for rollback in data["rollbacks"]:
        lines.append(
            f"- rollback #{rollback['entry']} to #{rollback['to']} ({rollback['reason']}): took "
            f"{', '.join(f'#{n}' for n in rollback['undid']) or 'nothing'} off the current line"
        )
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")[:400]


def cmd_audit(args: argparse.Namespace) -> int:
    page = (
        outputs.check_output(args.markdown, AUDIT_PAGE, force=args.force, campaign=args.store)
        if args.markdown
        else None
    )
    service = RefereeService.open(args.store, check=False)  # a damaged record is what the audit reports
    try:
        with output.progress("auditing") as progress:
            report = audit(service, progress=progress)
    finally:
        service.close()
    data = report_data(report)
    if page is not None:
        page.write_text(printable(markdown(data)))
    if args.json:
        output.print_json(data)
    else:
        _show(_printable_data(data))
    return 0 if report.ok else 1


def _printable_data(value: Any) -> Any:
    """``value`` with every text in it passed through `printable` (for the terminal)."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {_printable_data(key): _printable_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_printable_data(item) for item in value]
    return value


def _show(data: dict[str, Any]) -> None:
    verdict = "[green]nothing wrong found[/]" if data["ok"] else "[bold red]PROBLEMS FOUND[/]"
    output.out.print(
        f"audit of {escape(data['campaign']['name'])}: {verdict} · {data['entries']} entries · "
        f"{data['rulings']['readjudicated']} rulings re-adjudicated · head {data['head_hash'][:16]}…"
    )
    for problem in data["chain"]["problems"]:
        output.out.print(f"[bold red]entry #{problem['entry']}[/]: {escape(problem['problem'])}")
    for found in data["rulings"]["problems"]:
        output.out.print(
            f"[bold red]entry #{found['entry']}[/] {escape(found['kind'])}: {escape(found['what'])} recorded "
            f"{escape(found['recorded'][:300])} · the rules give {escape(found['rules_give'][:300])}"
        )
    for problem in data["dice"]["problems"]:
        output.out.print(f"[bold red]dice[/]: {escape(problem)}")
    information = data["rulings"]["information"]
    if information:
        output.out.print(f"{len(information)} entries worded or recorded differently by today's release (information)")
    if data["dice"]["unrevealed_periods"]:
        output.out.print(f"dice periods not revealed yet: {escape(str(data['dice']['unrevealed_periods']))}")
    for period in data["dice"].get("abandoned_periods", []):
        output.out.print(f"[yellow]dice[/]: {escape(period)}", soft_wrap=True)
    for seal in data.get("sealed_orders", {}).get("unrevealed", []):
        output.out.print(f"[yellow]sealed order[/]: {escape(printable(seal['line']))}", soft_wrap=True)
    for roll in data["dice"]["undone_rolls"]:
        output.out.print(
            f"undone roll: #{roll['entry']} {escape(str(roll['purpose']))} {escape(str(roll['faces']))} "
            f"by {escape(str(roll['rolled_by']))}, undone by #{roll['undone_by']}"
        )
    table = Table("player", "purpose", "die", "method", "rolls", "mean (fair)", "p", "verdict", title="dice")
    for group in data["dice"]["statistics"]:
        p_value = "—" if group["p_value"] is None else str(group["p_value"])
        table.add_row(
            *(escape(str(group[name])) for name in ("player", "purpose", "dice", "method", "rolls")),
            f"{group['mean']} ({group['expected_mean']})",
            p_value,
            escape(group["verdict"]),
        )
    output.out.print(table)
    output.out.print("entries by: " + ", ".join(f"{escape(a)} {n}" for a, n in sorted(data["actors"].items())))
    for row in data["on_behalf_of"]:
        output.out.print(f"on behalf: {escape(row['actor'])} for {escape(row['for'])}: {row['entries']}")
    for dispute in data["disputes"]:
        settled = f"settled by #{dispute['ruling']}" if dispute["ruling"] else "open"
        output.out.print(f"dispute #{dispute['dispute']} on #{dispute['on']} {escape(dispute_by(dispute))}: {settled}")
    for rollback in data["rollbacks"]:
        undid = ", ".join(f"#{n}" for n in rollback["undid"]) or "nothing"
        output.out.print(f"rollback #{rollback['entry']} to #{rollback['to']}: took {undid} off the current line")
