"""What the console shows of the strategic-warfare boxes: each power's U-boats, ASW, bombers and
interceptors as the book keeps them, and this year's SW spending against its maximums (G-63, G-67
[004]; `referee.third_reich.strategic_warfare.sw_forces`). Listed by `referee.third_reich.game.views`."""

from __future__ import annotations

from referee.common.views import TableView, View
from referee.third_reich.common.state import BrpEconomy, ReichState
from referee.third_reich.strategic_warfare import sw_forces as swf

COLUMNS = swf.PLURALS
NOT_KNOWN = "not known"
"""A kind the book keeps no count of: a campaign recorded before it kept the boxes (StateStrategicForces)."""


def _cell(economy: BrpEconomy, kind: str) -> str:
    if kind not in swf.WIELDS.get(economy.power, ()):
        return "—"
    return str(economy.sw_forces[kind]) if kind in economy.sw_forces else NOT_KNOWN


def _spending(economy: BrpEconomy) -> str:
    """'submarines 9 of 17' for each kind with a maximum this year (BRPs, G-63)."""
    spent = [
        f"{kind} {economy.counts.get(f'sw_{kind}', 0)} of {limit}" for kind, limit in economy.sw_limits.items() if limit
    ]
    return ", ".join(spent) or "—"


def views(state: ReichState) -> list[View]:
    """One row per power that wages strategic warfare (Germany, the UK, the USA once in play)."""
    rows = [
        (
            economy.power,
            *(_cell(economy, kind) for kind in COLUMNS),
            _spending(economy),
        )
        for power in swf.WIELDS
        if (economy := state.brp_economies.get(power)) is not None and economy.active
    ]
    if not rows:
        return []
    columns = ("power", *COLUMNS.values(), "SW BRPs spent this year")
    return [TableView("Strategic-warfare forces", columns, rows, numeric=tuple(COLUMNS.values()))]
