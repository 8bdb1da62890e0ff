"""`turnledger report CAMPAIGN N`: one entry as a Markdown page for a disputed ruling (issue 13,
item 3): the command, who entered it and for whom, the figures it changed, the rolls and how to
check them, the ruling with its rule IDs, what the audit's re-adjudication says of it, the notes
and disputes on it, and the commands that repeat every check.

The page quotes the record as typed (names, notes, reasons): printed or written, it goes through
`tui.render.printable`, so ESC, the C1 set and bidi overrides are shown escaped and a note cannot
steer the reader's terminal. `--out` writes through referee/files/outputs.py: never over the campaign or
a file of another kind, an earlier page only with --force."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from referee.audit.report import audit_entry
from referee.files import outputs
from referee.service import RefereeService
from tui.render import printable

ENTRY_PAGE = outputs.text_kind(
    "a Markdown entry page",
    re.compile(r"# Entry #\d+ of [^\n]*\n\n- recorded [^\n]*\n- entered by [^\n]*\n- hash `[0-9a-f]{64}`;"),
)
"""What `--out` writes (and alone may replace, with --force): the page's first lines."""


def entry_page(service: RefereeService, number: int, *, campaign: str = "CAMPAIGN") -> str:
    """The Markdown page of entry ``number``; ``campaign`` is how the page names the campaign
    file in the commands it gives (the path the reader has)."""
    entry = service.entry(number)
    name = service.current().identity.name
    undone = service.undone().get(number)
    notes = service.notes_on(number)
    command = entry["command"]
    lines = [
        f"# Entry #{number} of {name}: {command.get('kind')}",
        "",
        f"- recorded {entry['recorded_at']}, at {entry['at']}",
        f"- entered by {entry['actor']}"
        + (f" on behalf of {entry['on_behalf_of']}" if entry.get("on_behalf_of") else ""),
        f"- hash `{entry['hash']}`; previous entry's hash `{entry['prev_hash']}`",
    ]
    if undone:
        lines.append(f"- undone by the rollback of entry #{undone} (it stays in the record)")
    lines += [
        "",
        "## The command, as recorded",
        "",
        "```json",
        json.dumps(command, indent=2, sort_keys=True, ensure_ascii=False),
        "```",
        "",
    ]
    lines += _rolls(entry)
    lines += _ruling(entry)
    lines += _figures(service, number)
    lines += _readjudicated(service, number)
    if notes:
        lines += ["## Notes, disputes and rulings on this entry", ""]
        for note in notes:
            label = "ruling" if note.get("settles") else "dispute" if note.get("disputed") else "note"
            lines.append(f"- #{note['entry']} {label} by {note['by']}: {note['text']}")
        lines.append("")
    lines += [
        "## Check it yourself",
        "",
        "```sh",
        f"turnledger verify {campaign}                 # the hash chain, the cached states, the pinned rules",
        f"turnledger audit {campaign}                  # every ruling re-adjudicated, every digital roll recomputed",
        f"turnledger export {campaign} --jsonl campaign.jsonl",
        "python -m referee.dice.digital_dice campaign.jsonl  # the digital rolls alone, from the export",
        "```",
        "",
    ]
    return "\n".join(lines)


def _rolls(entry: dict[str, Any]) -> list[str]:
    rolls = entry.get("rolls", [])
    if not rolls:
        return []
    lines = ["## The rolls", "", "| purpose | dice | faces | total | method | rolled by | witnesses | entered by |"]
    lines.append("|---|---|---|---|---|---|---|---|")
    for roll in rolls:
        lines.append(
            f"| {roll.get('purpose')} | {roll.get('dice')} | {roll.get('faces')} | {roll.get('total')} | "
            f"{roll.get('method', 'physical')} | {roll.get('rolled_by', '')} | "
            f"{', '.join(roll.get('witnesses', []))} | {roll.get('entered_by', '')} |"
        )
    lines.append("")
    for roll in rolls:
        if roll.get("method") == "digital":
            lines.append(
                f"- digital roll {roll.get('period')}.{roll.get('n')}: made from the seed committed in entry "
                f"#{roll.get('period')} (commitment `{roll.get('commitment')}`); once the seed is revealed, anyone "
                "recomputes the faces from the export (docs/dice.md)"
            )
        else:
            lines.append(
                f"- physical roll: the faces as thrown at the table and typed in, by {roll.get('rolled_by', '?')}"
                + (
                    f", watched by {', '.join(roll['witnesses'])}"
                    if roll.get("witnesses")
                    else ", with no witness named"
                )
            )
    lines.append("")
    return lines


def _ruling(entry: dict[str, Any]) -> list[str]:
    ruling = entry.get("ruling") or {}
    lines = ["## The ruling", "", f"**{ruling.get('summary', '')}**", ""]
    for step in ruling.get("steps", []):
        lines.append(f"1. {step.get('text', '')}" + (f" — *{step['rule']}*" if step.get("rule") else ""))
    lines.append("")
    return lines


def _figures(service: RefereeService, number: int) -> list[str]:
    """The figures the entry changed, before and after it (SP pools, RP tracks, BRP figures)."""
    if number < 2:
        return []
    figures = service.game.figures
    before, after = figures(service.state(number - 1)), figures(service.state(number))
    changed = sorted(key for key in set(before) | set(after) if before.get(key) != after.get(key))
    if not changed:
        return ["## The figures it changed", "", "none of the tracked accounts (SP, RP, BRP)", ""]
    lines = ["## The figures it changed", "", "| account | figure | before | after |", "|---|---|---|---|"]
    lines += [
        f"| {account} | {figure} | {before.get((account, figure), '—')} | {after.get((account, figure), '—')} |"
        for account, figure in changed
    ]
    lines.append("")
    return lines


def _readjudicated(service: RefereeService, number: int) -> list[str]:
    report = audit_entry(service, number)
    lines = ["## Re-adjudicated by today's rules", ""]
    if not report.readjudicated:
        lines.append(
            "not re-decided: this command brings in what is outside the record (a new seed, a rules file); "
            "`turnledger audit` checks it another way"
        )
    elif report.differences:
        for found in report.differences:
            lines.append(f"- **problem** ({found.what}): recorded {found.recorded}; the rules give {found.rules_give}")
    else:
        lines.append("the rules give what was recorded")
    for found in report.reworded:
        lines.append(f"- information ({found.what}): {found.rules_give}")
    lines.append("")
    return lines


def cmd_report(args: argparse.Namespace) -> int:
    target = outputs.check_output(args.out, ENTRY_PAGE, force=args.force, campaign=args.store) if args.out else None
    service = RefereeService.open(args.store)
    try:
        page = printable(entry_page(service, args.number, campaign=args.store))
    finally:
        service.close()
    if target is not None:
        target.write_text(page)
    else:
        sys.stdout.write(page)
    return 0
