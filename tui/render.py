"""Rich renderings of state, log and entries for people; scripts use --json instead."""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from referee.audit.receipts import Receipt
from referee.common.state import BaseState
from referee.common.views import Notice, View

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Characters that would steer the terminal (ESC, NUL, the C1 set) or reorder text (bidi
overrides), and lone surrogates (a file name the system could not decode), which no terminal
can be sent: shown escaped, kept as given in the record."""


def printable(text: str) -> str:
    """``text`` with each control character shown as its escape (ESC as \\x1b)."""
    return CONTROL.sub(lambda found: found.group().encode("unicode_escape", "backslashreplace").decode("ascii"), text)


class SafeText(Text):
    """Rich text that never sends a record's control characters to the terminal."""

    def __init__(self, text: str = "", *args: Any, **kwargs: Any) -> None:
        super().__init__(printable(text), *args, **kwargs)

    def append_safe(self, text: str, style: str | None = None) -> SafeText:
        """Append ``text`` with its control characters escaped."""
        self.append(printable(text), style=style)
        return self


def state_view(
    state: BaseState, views: list[View], *, at: int | None = None, full_roster: bool = True
) -> RenderableType:
    """Calendar, weather, markers, the game's accounts (``views``), facts and rosters in one screenful.

    ``full_roster=False`` (the console's dashboard) counts the units instead of listing them: a
    thousand roster rows drawn on every replay step made each key take seconds; the console lists
    them in its roster screen, a table that draws only the rows in view."""
    parts = state_parts(state, views, at=at, full_roster=full_roster)
    return Panel(Group(*(part for _key, part in parts)), title="turnledger", border_style="cyan")


def state_parts(
    state: BaseState, views: list[View], *, at: int | None = None, full_roster: bool = True
) -> list[tuple[Hashable, RenderableType]]:
    """The parts of `state_view`, each with a key that changes whenever the part would look
    different: the console draws a part again only when its key changes (issue 17: a replay step
    redrew every table of the dashboard, most of them as they were)."""
    ident, cal = state.identity, state.table.calendar
    where = f"as of entry #{at} (read-only replay)" if at is not None else f"latest entry #{state.chain.last_number}"
    player = f"{cal.player} player turn, " if cal.player else ""
    header = Text.assemble(
        (ident.name, "bold"),
        f"  ·  {ident.scenario}  ·  ruleset {ident.ruleset}\n",
        (f"{cal.label}", "bold cyan"),
        f"  {player}",
        (cal.phase, "bold"),
        f" phase  ·  {where}",
    )
    if ident.parent:
        header.append(f"\nbranched from {ident.parent.name!r} at #{ident.parent.at_entry} ({ident.parent.store})")
    parts: list[tuple[Hashable, RenderableType]] = [(("header", header.plain), header)]
    weather = Table(title="Weather", title_justify="left", show_edge=False)
    for zone in state.table.weather:
        weather.add_column(zone)
    weather.add_row(*(SafeText(value) for value in state.table.weather.values()))
    parts.append((("weather", tuple(state.table.weather.items())), weather))
    if state.table.markers:
        markers = "Markers: " + ", ".join(f"{k}={v}" for k, v in state.table.markers.items())
        parts.append((("markers", markers), SafeText(markers)))
    parts.extend((_view_key(view), _view(view)) for view in views)
    units = sum(len(roster.units) for roster in state.rosters.values())
    if units and not full_roster:
        summary = roster_summary(state)
        parts.append((("rosters", summary.plain), summary))
    elif units:
        roster = Table(title="Force rosters", title_justify="left")
        for column in ("side", "unit", "name", "type", "size", "status", "location"):
            roster.add_column(column)
        rows = [
            (side.side, unit.unit_id, unit.name, unit.type, unit.size, unit.status, unit.location)
            for side in state.rosters.values()
            for unit in side.units.values()
        ]
        for row in rows:
            roster.add_row(*(SafeText(cell) for cell in row))
        parts.append((("roster", tuple(rows)), roster))
    if state.table.facts:
        facts = "Facts stated: " + "; ".join(
            f"{f.fact} of {f.subject} = {f.value} (#{f.entry})" for f in state.table.facts.values()
        )
        parts.append((("facts", facts), SafeText(facts)))
    chain = f"chain head #{state.chain.last_number}  {state.chain.head_hash}"
    parts.append((("chain", chain), SafeText(chain, style="dim")))
    return parts


def roster_summary(state: BaseState) -> SafeText:
    """One line per side: how many units, by status (the dashboard; `n` opens the whole roster)."""
    lines = SafeText("Force rosters", style="bold")
    lines.append_safe("  (n: every unit)\n", style="dim")
    for roster in state.rosters.values():
        statuses: dict[str, int] = {}
        for unit in roster.units.values():
            statuses[unit.status] = statuses.get(unit.status, 0) + 1
        counts = ", ".join(f"{count} {status}" for status, count in sorted(statuses.items()))
        lines.append_safe(f"  {roster.side}: {len(roster.units)} units ({counts})\n")
    return lines


def roster_rows(state: BaseState) -> list[tuple[str, ...]]:
    """Every registered unit as a row: side, unit, name, nation, type, size, status, location."""
    return [
        (roster.side, unit.unit_id, unit.name, unit.nation, unit.type, unit.size, unit.status, unit.location or "")
        for roster in state.rosters.values()
        for unit in roster.units.values()
    ]


def _view_key(view: View) -> Hashable:
    """What a game's table or notice looks like, as a key (`state_parts`)."""
    if isinstance(view, Notice):
        return ("notice", view.text)
    rows = tuple(tuple(row) for row in view.rows)
    return ("view", view.title, tuple(view.columns), tuple(view.numeric), rows)


def _view(view: View) -> RenderableType:
    """A game's table or notice (referee.common.views), drawn with Rich."""
    if isinstance(view, Notice):
        return SafeText(view.text, style="bold yellow")
    table = Table(title=view.title, title_justify="left")
    for column in view.columns:
        table.add_column(column, justify="right" if column in view.numeric else "left")
    for row in view.rows:
        table.add_row(*(SafeText(cell) for cell in row))
    return table


def roll_line(roll: dict[str, Any], *, undone_by: int | None = None, receipt: str = "") -> str:
    """One recorded roll: faces, purpose, how it was made, who entered, threw and watched it, its
    fate, and (a digital roll, given ``receipt``: its entry's receipt code) the receipt to check.

    A field the roll does not hold is said to be absent, never an internal error: an imported
    record may come from a release whose rolls had no commitment or scheme (issue 26), and the
    roll is what an audit of it needs to see."""
    if not isinstance(roll, dict):
        return f"roll: (not a roll record: {str(roll)[:60]})\n"

    def recorded(key: str) -> str:
        return "(absent)" if roll.get(key) is None else str(roll[key])

    if roll.get("method") == "digital":
        commitment = roll.get("commitment")
        bound = f"commitment {str(commitment)[:16]}…" if commitment else "no commitment recorded (the field is absent)"
        how = (
            f"digital, dice period {recorded('period')} roll {recorded('n')}, {bound}, asked by {recorded('rolled_by')}"
        )
        witness = roll.get("witness")
        if isinstance(witness, dict):
            how += f", witness word {witness.get('word')!r} from {witness.get('by', '(absent)')}"
    else:
        how = f"{recorded('method')}, by {recorded('rolled_by')}"
    if roll.get("entered_by"):
        how += f", entered by {roll['entered_by']}"
    fate = f"; rolled, then undone by #{undone_by}" if undone_by else ""
    if receipt and roll.get("method") == "digital":
        fate += f"; receipt {receipt}"
    witnesses = roll.get("witnesses")
    watched = ", ".join(str(name) for name in witnesses) if isinstance(witnesses, list) else recorded("witnesses")
    return (
        f"roll: {recorded('dice')} {recorded('faces')} = {recorded('total')} for {recorded('purpose')} "
        f"({how}; witnesses {watched or 'none'}{fate})\n"
    )


def note_line(note: dict[str, Any], *, undone_by: int | None = None) -> SafeText:
    """A note or dispute recorded on an entry by a later one."""
    what = "dispute" if note.get("disputed") else "note"
    if note.get("settles"):
        what = f"ruling on the dispute of #{note['settles']}"
    fate = f" (undone by #{undone_by})" if undone_by else ""
    style = "bold yellow" if note.get("disputed") and not undone_by else None
    return SafeText(f"{what} in #{note['entry']} by {note['by']}: {note['text']}{fate}", style=style)


def field_text(value: Any) -> str:
    """A command field as the table reads it: a unit as 'label=9-10 pz, attack=9, aeca=full' (fields
    left at nothing or no are left out), a list one item per line, a list of numbers on one line."""
    if isinstance(value, dict):
        shown = {key: item for key, item in value.items() if item not in (None, False, "", [])}
        return ", ".join(f"{key}={field_text(item)}" for key, item in shown.items())
    if isinstance(value, list):
        if all(not isinstance(item, dict | list) for item in value):
            return ", ".join(str(item) for item in value) if value else "none"
        return "".join(f"\n    - {field_text(item)}" for item in value)
    return str(value)


def roll_receipt_line(receipt: Receipt, roll: dict[str, Any]) -> str:
    """A digital roll's receipt as the console shows it after the roll: roll number, faces, entry,
    code and, when the roll record has it, the first 16 hex digits of the command digest it was
    bound to (dice scheme 3), so that the witness sees what was bound."""
    faces = "+".join(map(str, receipt.faces)) or "no faces recorded"
    line = f"roll {receipt.roll}: {faces} · entry #{receipt.number} · receipt {receipt.code}"
    digest = roll.get("command_digest")
    if isinstance(digest, str) and digest:
        line += f" · bound to command {printable(digest[:16])}…"
    return line


def entry_view(entry: dict[str, Any], *, undone_by: int | None = None, receipt: str = "") -> RenderableType:
    """Everything recorded for one entry: command, rolls (each digital one with ``receipt``, the
    entry's receipt code, when given), ruling with derivation, events, hash."""
    lines = SafeText()
    lines.append_safe(f"#{entry['number']}  {entry['at']}  {entry['recorded_at']}\n", style="bold")
    who = entry["actor"] + (f" for {entry['on_behalf_of']}" if entry.get("on_behalf_of") else "")
    lines.append_safe(f"entered by {who}\n")
    if undone_by:
        lines.append_safe(f"undone by #{undone_by} (kept in the record)\n", style="yellow")
    lines.append_safe(f"command: {entry['command'].get('kind')}\n", style="bold")
    for key, value in entry["command"].items():  # a field left empty is not shown (issue 28: "hex: None")
        if key not in ("kind", "actor", "on_behalf_of", "v") and value is not None:
            lines.append_safe(f"  {key}: {field_text(value)}\n")
    for roll in entry["rolls"]:
        lines.append_safe(roll_line(roll, undone_by=undone_by, receipt=receipt))
    lines.append_safe(f"ruling: {entry['ruling'].get('summary', '')}\n", style="bold")
    for step in entry["ruling"].get("steps", []):
        rule = f"  [{step['rule']}]" if step.get("rule") else ""
        lines.append_safe(f"  · {step['text']}{rule}\n")
    lines.append_safe("events: " + ", ".join(event["type"] for event in entry["events"]) + "\n")
    for event in entry["events"]:
        if event.get("type") == "ReceiptGiven":  # issue 27: the head receipt shown before this entry
            lines.append_safe(f"receipt given at #{event['entry']}: {event['code']} ({event['given_at']})\n")
    if entry.get("source"):
        lines.append_safe(f"from {entry['source']['file']} line {entry['source']['line']}\n")
    lines.append_safe(f"hash {entry['hash']}\nprev {entry['prev_hash']}", style="dim")
    return Panel(lines, title=f"entry #{entry['number']}", expand=False)
