"""The audit in the console (issue 13, item 7): what `turnledger audit` finds, and the dice of
each player drawn face by face against what fair dice would have given."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header

from referee.audit.report import dispute_by
from tui.key_bar import KeyBar
from tui.widgets import Rendered

BAR = 30
"""Characters of the longest bar in a dice drawing."""


def findings(data: dict[str, Any]) -> RenderableType:
    """The verdict, the problems and what is only information."""
    lines: list[RenderableType] = []
    verdict = "[green]nothing wrong found[/]" if data["ok"] else "[bold red]PROBLEMS FOUND[/]"
    lines.append(
        Text.from_markup(
            f"[b]Audit of {escape(data['campaign']['name'])}[/b]: {verdict} · {data['entries']} entries · "
            f"{data['rulings']['readjudicated']} rulings re-adjudicated · head {data['head_hash'][:16]}…"
        )
    )
    problems = [
        *(f"[bold red]entry #{found['entry']}[/]: {escape(found['problem'])}" for found in data["chain"]["problems"]),
        *(
            f"[bold red]entry #{found['entry']}[/] {found['kind']} ({found['what']}): recorded "
            f"{escape(found['recorded'][:200])} · the rules give {escape(found['rules_give'][:200])}"
            for found in data["rulings"]["problems"]
        ),
        *(f"[bold red]dice[/]: {escape(problem)}" for problem in data["dice"]["problems"]),
    ]
    lines.extend(Text.from_markup(problem) for problem in problems)
    information = data["rulings"]["information"]
    if information:
        lines.append(
            Text(f"{len(information)} entries worded or recorded differently by today's release (information)")
        )
    for roll in data["dice"]["undone_rolls"]:
        lines.append(
            Text(
                f"undone roll: #{roll['entry']} {roll['purpose']} {roll['faces']} by {roll['rolled_by']}, "
                f"entered by {roll['entered_by']}, undone by #{roll['undone_by']}"
            )
        )
    if data["dice"]["unrevealed_periods"]:
        lines.append(Text(f"dice periods not revealed yet: {data['dice']['unrevealed_periods']}"))
    for period in data["dice"].get("abandoned_periods", []):
        lines.append(Text(f"abandoned dice period: {period}"))
    for seal in data.get("sealed_orders", {}).get("unrevealed", []):
        lines.append(Text.from_markup(f"[yellow]sealed order never revealed[/]: {escape(seal['line'])}"))
    for dispute in data["disputes"]:
        settled = f"settled by #{dispute['ruling']}" if dispute["ruling"] else "open"
        lines.append(Text(f"dispute #{dispute['dispute']} on #{dispute['on']} {dispute_by(dispute)}: {settled}"))
    for rollback in data["rollbacks"]:
        undid = ", ".join(f"#{n}" for n in rollback["undid"]) or "nothing"
        lines.append(Text(f"rollback #{rollback['entry']} to #{rollback['to']}: took {undid} off the current line"))
    people = ", ".join(f"{actor} {count}" for actor, count in sorted(data["actors"].items()))
    lines.append(Text(f"entries by: {people}"))
    for row in data["on_behalf_of"]:
        lines.append(Text(f"on behalf: {row['actor']} for {row['for']}: {row['entries']}"))
    return Group(*lines)


def dice_drawing(group: dict[str, Any]) -> RenderableType:
    """One group's counts per face as bars, each beside the count fair dice would give."""
    counts: dict[Any, int] = group["counts"]
    throws = sum(counts.values())
    expected = throws / len(counts) if counts else 0.0
    longest = max([*counts.values(), expected, 1])
    table = Table.grid(padding=(0, 1))
    for face, count in counts.items():
        bar = "█" * round(BAR * count / longest)
        mark = round(BAR * expected / longest)
        line = Text(bar.ljust(BAR + 1))
        if mark < len(line):
            line.stylize("reverse", mark, mark + 1)  # where fair dice would reach
        table.add_row(f"{face:>2}", line, f"{count} (fair {expected:.1f})")
    p_value = "—" if group["p_value"] is None else f"{group['p_value']}"
    rolls = f"{group['rolls']} roll" + ("" if group["rolls"] == 1 else "s")
    title = (
        f"[b]{escape(group['player'])}[/b] · {group['purpose']} · {group['dice']} {group['method']} · {rolls} · "
        f"mean {group['mean']} (fair {group['expected_mean']}) · p {p_value} · {group['verdict']}"
    )
    return Group(Text.from_markup(title), table, Text(""))


class AuditScreen(Screen[None]):
    """The audit's findings and the dice drawn; built from `referee.audit.report.report_data`."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape", "app.pop_screen", "Back")]

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__()
        self.data = data

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Rendered(findings(self.data), id="findings")
            drawings = [dice_drawing(group) for group in self.data["dice"]["statistics"]]
            yield Rendered(Group(Text.from_markup("\n[b]Dice, face by face[/b]"), *drawings), id="dice")
        yield KeyBar()
