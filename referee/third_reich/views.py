"""What the console shows of a Third Reich campaign: the units and hexes still owed after a land
combat or an attrition step, then each power's BRP economy (drawn by the console, see
referee.common.views)."""

from __future__ import annotations

from referee.common.views import Notice, TableView, View
from referee.third_reich import warfare_views
from referee.third_reich.state import BrpEconomy, ReichState


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


def owed(state: ReichState) -> list[View]:
    """What must be settled before the phase ends, one line each: the units a land combat or an
    attrition step left a side to remove (H-01, H-11 [004]) and the hexes an attrition step won
    that the attacker has not named (H-12 [004]); `o` opens the form for them."""
    shown: list[View] = []
    for loss in state.table.losses_due:
        units = f"{loss.units} unit" + ("" if loss.units == 1 else "s")
        shown.append(Notice(f"Units owed: #{loss.combat} {loss.what}: {loss.side} must remove {units} (o to remove)"))
    for entry, hexes in state.table.attrition_hexes.items():
        shown.append(Notice(f"Hexes won: #{entry} attrition: the attacker names {hexes} hex(es) (o to name them)"))
    return shown


def views(state: ReichState) -> list[View]:
    """What is still owed (`owed`), then each power's BRP base, total, saved, pending conquests,
    SW hits, lend lease in transit by route and who it is at war with."""
    shown = owed(state)
    if not state.brp_economies:
        return shown
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
    return [*shown, economies, *warfare_views.views(state)]
