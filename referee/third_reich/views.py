"""What the console shows of a Third Reich campaign: each power's BRP economy (drawn by the
console, see referee.common.views)."""

from __future__ import annotations

from referee.common.views import TableView, View
from referee.third_reich.state import BrpEconomy, ReichState


def _row(economy: BrpEconomy) -> tuple[str, ...]:
    hits = (
        "; ".join(
            f"{year}: " + ", ".join(f"{kind} {value}" for kind, value in kinds.items())
            for year, kinds in economy.sw_hits.items()
        )
        or "—"
    )
    transit = (
        f"{economy.lend_lease_in_transit} ({economy.lend_lease_arrival})" if economy.lend_lease_in_transit else "—"
    )
    return (
        economy.power if economy.active else f"{economy.power} (not in play)",
        economy.side,
        str(economy.base),
        str(economy.total),
        str(economy.spent_this_turn),
        str(economy.saved),
        ", ".join(f"{k} +{v}" for k, v in economy.conquests_pending.items()) or "—",
        hits,
        ", ".join(f"{k} {v}" for k, v in economy.sw_limits.items()) or "—",
        transit,
        "; ".join(economy.force_pool_changes) or "—",
    )


def views(state: ReichState) -> list[View]:
    """Each power's BRP base, total, saved, pending conquests, SW hits and lend lease in transit."""
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
        "force pool changes",
    )
    rows = [_row(economy) for economy in state.brp_economies.values()]
    return [TableView("BRP economies", columns, rows, numeric=("base", "total", "spent this turn", "saved"))]
