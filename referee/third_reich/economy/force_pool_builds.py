"""What a build reads of the force pools: the campaign's pinned chart and its reading of J-70
(G-02, J-70, K-44 [004]; the pure checks are `force_pools`).

A build that names its counters is checked against the pool of the current year; a build that
names none is priced by its factors as before (the campaigns of releases without the chart, and
builds the referee does not tie to counters, are decided as they were).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.common.options import option
from referee.common.pinned import pinned_chart
from referee.common.ruling import Step
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy import force_pools as fp


def force_pools_of(state: ReichState) -> fp.ForcePoolChart:
    """The force pool chart pinned into the campaign (K-44), or a refusal saying to adopt one."""
    return pinned_chart(state, "force_pools", fp.ForcePoolChart, fp.BUNDLED)


def uk_tank_corps(state: ReichState) -> str:
    """The campaign's reading of J-70 (the text's reading for campaigns pinned before the option)."""
    return option(state.identity.options, "uk_tank_corps", before=fp.UK_TANK_CORPS[0])


def check_counters(
    state: ReichState, *, power: str, category: str, factors: int, year: int, counters: Sequence[fp.BuiltCounter]
) -> list[Step]:
    """G-02, J-70, K-44 [004]: the counters a build names against the pinned pool of ``year``;
    no counters named, no check (and no step)."""
    if not counters:
        return []
    return fp.check_build(
        force_pools_of(state),
        power=power,
        category=category,
        factors=factors,
        year=year,
        counters=counters,
        uk_tank_corps=uk_tank_corps(state),
    )
