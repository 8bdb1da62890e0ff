"""Applying the territory events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import NegativeBalanceError
from referee.third_reich.common.fold import economy_account, take
from referee.third_reich.common.state import ReichState
from referee.third_reich.territory import events as ec


def _conquest(state: ReichState, e: ec.ConquestRecorded) -> None:
    economy = economy_account(state, e.power)
    economy.conquests_pending[e.territory] = e.value
    economy.conquests_held[e.territory] = state.chain.last_number + 1  # the entry being folded


def _conquest_lost(state: ReichState, e: ec.ConquestLost) -> None:
    economy = economy_account(state, e.power)
    if e.base_loss > economy.base:
        raise NegativeBalanceError(f"{economy.power} base {economy.base} cannot lose {e.base_loss}")
    economy.conquests_pending.pop(e.territory, None)
    economy.conquests_held.pop(e.territory, None)
    economy.base -= e.base_loss


def _city_loss(state: ReichState, e: ec.CityLossRecorded) -> None:
    economy = economy_account(state, e.power)
    take(economy, e.amount, f"loss of {e.city}")
    if e.cause == "captured":
        economy.cities_lost.append(e.city)
    else:
        economy.city_air_hits[e.city] = economy.city_air_hits.get(e.city, 0) + e.amount


APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    ec.ConquestRecorded: _conquest,
    ec.ConquestLost: _conquest_lost,
    ec.CityLossRecorded: _city_loss,
}
