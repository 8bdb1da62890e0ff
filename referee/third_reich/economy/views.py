"""What the console shows of the BRP economy: each power's base, total, savings, pending
conquests, strategic-warfare hits and limits, lend lease in transit and wars (drawn by the
console, see referee.common.views; `referee.third_reich.game` lists it after what is owed)."""

from __future__ import annotations

from referee.common.views import TableView, View
from referee.third_reich.common.state import BrpEconomy, ReichState


def _name(economy: BrpEconomy) -> str:
    if not economy.active:
        return f"{economy.power} (not in play)"
    if economy.left_play is not None:
        return f"{economy.power} (left play: {economy.left_play})"
    return economy.power


def _hits(economy: BrpEconomy) -> str:
    """Each year's hits; those already deducted say so (G-61, G-69)."""
    years = [
        f"{year}: "
        + ", ".join(f"{kind} {value}" for kind, value in kinds.items())
        + (" (deducted)" if year in economy.sw_hits_deducted else "")
        for year, kinds in economy.sw_hits.items()
    ]
    return "; ".join(years) or "—"


def _transit(economy: BrpEconomy) -> str:
    """Each route's shipment: what was sent, what the Murmansk box took, when it arrives."""
    shipments = [
        f"{route} {shipment.sent}" + (f" − {shipment.lost} lost" if shipment.lost else "") + f" ({shipment.arrival})"
        for route, shipment in economy.lend_lease_by_route.items()
    ]
    return "; ".join(shipments) or "—"


def _row(economy: BrpEconomy) -> tuple[str, ...]:
    return (
        _name(economy),
        economy.side,
        str(economy.base),
        str(economy.total),
        str(economy.spent_this_turn),
        str(economy.saved),
        ", ".join(f"{k} +{v}" for k, v in economy.conquests_pending.items()) or "—",
        _hits(economy),
        ", ".join(f"{k} {v}" for k, v in economy.sw_limits.items()) or "—",
        _transit(economy),
        ", ".join(f"{enemy} (#{since})" for enemy, since in economy.at_war.items()) or "—",
        "; ".join(economy.force_pool_changes) or "—",
    )


def views(state: ReichState) -> list[View]:
    """Each power's BRP base, total, saved, pending conquests, SW hits, lend lease in transit by
    route and who it is at war with (nothing while the game keeps no BRP accounts)."""
    if not state.brp_economies:
        return []
    columns = (
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
        "at war with",
        "force pool changes",
    )
    rows = [_row(economy) for economy in state.brp_economies.values()]
    economies = TableView("BRP economies", columns, rows, numeric=("base", "total", "spent this turn", "saved"))
    return [economies]
