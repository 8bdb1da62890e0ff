"""Rich renderings of state, log and entries for people; scripts use --json instead."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from referee.common.state import GameState


def state_view(state: GameState, *, at: int | None = None) -> RenderableType:
    """Calendar, weather, pools, tracks, BRP economies and rosters in one screenful."""
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
    parts: list[RenderableType] = [header]
    weather = Table(title="Weather", title_justify="left", show_edge=False)
    for zone in state.table.weather:
        weather.add_column(zone)
    weather.add_row(*(Text(value) for value in state.table.weather.values()))
    parts.append(weather)
    if state.table.markers:
        parts.append(Text("Markers: " + ", ".join(f"{k}={v}" for k, v in state.table.markers.items())))
    for loss in state.table.losses_due:
        armor = ", an armor unit among them" if loss.armor_unit else ""
        parts.append(
            Text(
                f"Loss owed: #{loss.combat} {loss.what}: {loss.side} must lose {loss.amount}{armor} (o to allocate)",
                style="bold yellow",
            )
        )
    if state.supply_pools:
        parts.append(_pools(state))
    if state.resource_points:
        resources = Table(title="Resource Points", title_justify="left")
        for column in ("side", "by location", "total", "rail RPs this turn"):
            resources.add_column(column)
        for stock in state.resource_points.values():
            resources.add_row(
                stock.side,
                ", ".join(f"{k} {v}" for k, v in stock.stock.items()),
                str(sum(stock.stock.values())),
                ", ".join(f"{k} {v}" for k, v in stock.rail_bought.items()) or "—",
            )
        parts.append(resources)
    if state.replacement_tracks:
        kinds = sorted({kind for track in state.replacement_tracks.values() for kind in track.points})
        tracks = Table(title="Replacement Points", title_justify="left")
        tracks.add_column("nation")
        tracks.add_column("side")
        for kind in kinds:
            tracks.add_column(f"{kind} RP", justify="right")
        tracks.add_column("pending (usable from)")
        tracks.add_column("losses for special RPs")
        for track in state.replacement_tracks.values():
            pending = (
                ", ".join(f"{item.amount} {item.kind} (turn {item.available_turn})" for item in track.pending) or "—"
            )
            losses = ", ".join(f"{k} {v}" for k, v in track.losses.items() if v) or "—"
            tracks.add_row(
                track.nation, track.side, *(str(track.points.get(kind, "—")) for kind in kinds), pending, losses
            )
        parts.append(tracks)
    if state.brp_economies:
        parts.append(_economies(state))
    units = sum(len(roster.units) for roster in state.rosters.values())
    if units:
        roster = Table(title="Force rosters", title_justify="left")
        for column in ("side", "unit", "name", "type", "size", "status", "location"):
            roster.add_column(column)
        for side in state.rosters.values():
            for unit in side.units.values():
                roster.add_row(
                    *(
                        Text(cell)
                        for cell in (
                            side.side,
                            unit.unit_id,
                            unit.name,
                            unit.type,
                            unit.size,
                            unit.status,
                            unit.location,
                        )
                    )
                )
        parts.append(roster)
    parts.append(Text(f"chain head #{state.chain.last_number}  {state.chain.head_hash}", style="dim"))
    return Panel(Group(*parts), title="turnledger", border_style="cyan")


def _economies(state: GameState) -> RenderableType:
    """Each power's BRP base, total, saved, pending conquests, SW hits and lend lease in transit."""
    brp = Table(title="BRP economies", title_justify="left")
    for column in (
        "power",
        "side",
        "base",
        "total",
        "spent this turn",
        "saved",
        "conquests pending",
        "SW hits",
        "SW limits",
        "lend lease in transit",
        "force pool changes",
    ):
        brp.add_column(column, justify="right" if column in ("base", "total", "spent this turn", "saved") else "left")
    for economy in state.brp_economies.values():
        name = economy.power if economy.active else f"{economy.power} (not in play)"
        hits = (
            "; ".join(
                f"{year}: " + ", ".join(f"{kind} {value}" for kind, value in kinds.items())
                for year, kinds in economy.sw_hits.items()
            )
            or "—"
        )
        limits = ", ".join(f"{k} {v}" for k, v in economy.sw_limits.items()) or "—"
        transit = (
            f"{economy.lend_lease_in_transit} ({economy.lend_lease_arrival})" if economy.lend_lease_in_transit else "—"
        )
        brp.add_row(
            name,
            economy.side,
            str(economy.base),
            str(economy.total),
            str(economy.spent_this_turn),
            str(economy.saved),
            ", ".join(f"{k} +{v}" for k, v in economy.conquests_pending.items()) or "—",
            hits,
            limits,
            transit,
            "; ".join(economy.force_pool_changes) or "—",
        )
    return brp


def _pools(state: GameState) -> RenderableType:
    """SP pools with the last income's derivation (base, cities, lend lease, weather, cap)."""
    pools = Table(title="Supply Point pools", title_justify="left")
    for column in ("side", "stockpile SP", "special SP", "income SP/turn", "cap SP", "last income"):
        pools.add_column(column, justify="left" if column in ("side", "last income") else "right")
    for pool in state.supply_pools.values():
        last = pool.last_income
        if last:
            breakdown = (
                f"base {last.get('base', 0)} − border {last.get('border', 0)} − interior {last.get('interior', 0)}"
                if pool.side == "Axis"
                else f"base {last.get('base', 0)} + border {last.get('border', 0)} − interior {last.get('interior', 0)}"
                f" + lend lease {last.get('lend_lease', 0)}"
            )
            breakdown += (
                f" = {last.get('before_weather', 0)}; weather −{last.get('weather_cut', 0)} → {last.get('received', 0)}"
            )
        else:
            breakdown = "—"
        pools.add_row(
            pool.side,
            str(pool.stockpile),
            str(pool.special),
            str(pool.income),
            "—" if pool.cap is None else str(pool.cap),
            breakdown,
        )
    return pools


def log_view(rows: list[dict[str, Any]]) -> RenderableType:
    """One line per entry: number, calendar position, actor, kind, summary, status."""
    table = Table(title="Campaign log", title_justify="left")
    for column in ("#", "at", "actor", "command", "summary", "status"):
        table.add_column(column, justify="right" if column == "#" else "left")
    for row in rows:
        status = f"undone by #{row['undone_by']}" if row.get("undone_by") else ""
        if row.get("notes"):
            status = (
                (status + " " if status else "")
                + f"{row['notes']} note(s)"
                + (" · disputed" if row.get("disputed") else "")
            )
        style = "dim strike" if row.get("undone_by") else None
        table.add_row(
            *(
                Text(str(cell))
                for cell in (row["number"], row["at"], row["actor"], row["kind"], row["summary"], status)
            ),
            style=style,
        )
    return table


def entry_view(entry: dict[str, Any], *, undone_by: int | None = None) -> RenderableType:
    """Everything recorded for one entry: command, rolls, ruling with derivation, events, hash."""
    lines = Text()
    lines.append(f"#{entry['number']}  {entry['at']}  {entry['recorded_at']}\n", style="bold")
    who = entry["actor"] + (f" for {entry['on_behalf_of']}" if entry.get("on_behalf_of") else "")
    lines.append(f"entered by {who}\n")
    if undone_by:
        lines.append(f"undone by #{undone_by} (kept in the record)\n", style="yellow")
    lines.append(f"command: {entry['command'].get('kind')}\n", style="bold")
    for key, value in entry["command"].items():
        if key not in ("kind", "actor", "on_behalf_of"):
            lines.append(f"  {key}: {value}\n")
    for roll in entry["rolls"]:
        how = (
            f"digital, dice period {roll['period']} roll {roll['n']}, commitment {roll['commitment'][:16]}…, asked by {roll['rolled_by']}"
            if roll["method"] == "digital"
            else f"{roll['method']}, by {roll['rolled_by']}"
        )
        lines.append(
            f"roll: {roll['dice']} {roll['faces']} = {roll['total']} for {roll['purpose']} "
            f"({how}; witnesses {', '.join(roll['witnesses']) or 'none'})\n"
        )
    lines.append(f"ruling: {entry['ruling'].get('summary', '')}\n", style="bold")
    for step in entry["ruling"].get("steps", []):
        rule = f"  [{step['rule']}]" if step.get("rule") else ""
        lines.append(f"  · {step['text']}{rule}\n")
    lines.append("events: " + ", ".join(event["type"] for event in entry["events"]) + "\n")
    if entry.get("source"):
        lines.append(f"from {entry['source']['file']} line {entry['source']['line']}\n")
    lines.append(f"hash {entry['hash']}\nprev {entry['prev_hash']}", style="dim")
    return Panel(lines, title=f"entry #{entry['number']}")
