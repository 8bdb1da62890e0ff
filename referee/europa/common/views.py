"""What the console shows of a Europa campaign: losses owed, SP pools with the last income's
derivation, Resource Points and replacement tracks (drawn by the console, see referee.common.views)."""

from __future__ import annotations

from referee.common.views import Notice, TableView, View
from referee.europa.common.state import EuropaState, SupplyPool


def _breakdown(pool: SupplyPool) -> str:
    """The last income's derivation (base, cities, lend lease, weather), or a dash."""
    last = pool.last_income
    if not last:
        return "—"
    if pool.side == "Axis":
        text = f"base {last.get('base', 0)} − border {last.get('border', 0)} − interior {last.get('interior', 0)}"
    else:
        text = (
            f"base {last.get('base', 0)} + border {last.get('border', 0)} − interior {last.get('interior', 0)}"
            f" + lend lease {last.get('lend_lease', 0)}"
        )
    return (
        text + f" = {last.get('before_weather', 0)}; weather −{last.get('weather_cut', 0)} → {last.get('received', 0)}"
    )


def views(state: EuropaState) -> list[View]:
    """The Europa accounts, in the order a referee reads them."""
    shown: list[View] = []
    for loss in state.table.losses_due:
        armor = ", an armor unit among them" if loss.armor_unit else ""
        shown.append(
            Notice(f"Loss owed: #{loss.combat} {loss.what}: {loss.side} must lose {loss.amount}{armor} (o to allocate)")
        )
    if state.supply_pools:
        shown.append(
            TableView(
                "Supply Point pools",
                ("side", "stockpile SP", "special SP", "income SP/turn", "cap SP", "last income"),
                [
                    (
                        pool.side,
                        str(pool.stockpile),
                        str(pool.special),
                        str(pool.income),
                        "—" if pool.cap is None else str(pool.cap),
                        _breakdown(pool),
                    )
                    for pool in state.supply_pools.values()
                ],
                numeric=("stockpile SP", "special SP", "income SP/turn", "cap SP"),
            )
        )
    if state.resource_points:
        shown.append(
            TableView(
                "Resource Points",
                ("side", "by location", "total", "rail RPs this turn"),
                [
                    (
                        stock.side,
                        ", ".join(f"{k} {v}" for k, v in stock.stock.items()),
                        str(sum(stock.stock.values())),
                        ", ".join(f"{k} {v}" for k, v in stock.rail_bought.items()) or "—",
                    )
                    for stock in state.resource_points.values()
                ],
            )
        )
    if state.replacement_tracks:
        kinds = sorted({kind for track in state.replacement_tracks.values() for kind in track.points})
        rows = []
        for track in state.replacement_tracks.values():
            pending = ", ".join(f"{i.amount} {i.kind} (turn {i.available_turn})" for i in track.pending) or "—"
            losses = ", ".join(f"{k} {v}" for k, v in track.losses.items() if v) or "—"
            points = tuple(str(track.points.get(kind, "—")) for kind in kinds)
            rows.append((track.nation, track.side, *points, pending, losses))
        shown.append(
            TableView(
                "Replacement Points",
                (
                    "nation",
                    "side",
                    *(f"{kind} RP" for kind in kinds),
                    "pending (usable from)",
                    "losses for special RPs",
                ),
                rows,
                numeric=tuple(f"{kind} RP" for kind in kinds),
            )
        )
    return shown
