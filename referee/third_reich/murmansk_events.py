"""Events of the Murmansk box read with sealed orders (G-72, J-58, I-65 [004]).

Recorded only by what this release added (a U-boat round that states the factors held, a fight
that reads sealed orders), so an entry of an earlier release decides again to exactly what it
recorded.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from referee.common.event_base import DomainEvent
from referee.third_reich.state import MurmanskSitOut, ReichState, StrategicWarfareHeld


class StrategicWarfareHoldingsStated(DomainEvent):
    """A U-boat round stated the factors of one weapon held in all, and how many fought in it."""

    type: Literal["StrategicWarfareHoldingsStated"] = "StrategicWarfareHoldingsStated"
    turn: int
    weapon: Literal["U-boats", "ASW"]
    held: int = Field(ge=0)
    used: int = Field(ge=0)
    entry: int = Field(ge=1, description="the round's entry")


class MurmanskSitOutMarked(DomainEvent):
    """A sealed Murmansk fight keeps these factors from a later turn's strategic warfare."""

    type: Literal["MurmanskSitOutMarked"] = "MurmanskSitOutMarked"
    turn: int
    weapon: Literal["U-boats", "ASW"]
    factors: int = Field(ge=0)
    player: str
    phase: str
    fight: int = Field(ge=1)
    seal: int | None = None
    rule: str


def held_key(turn: int, weapon: str) -> str:
    """'14:U-boats': the key of a turn's figures for one weapon."""
    return f"{turn}:{weapon}"


def _holdings_stated(state: ReichState, e: StrategicWarfareHoldingsStated) -> None:
    key = held_key(e.turn, e.weapon)
    before = state.table.sw_held.get(key)
    used = e.used + (before.used if before is not None else 0)  # a second round that turn adds its own
    state.table.sw_held[key] = StrategicWarfareHeld(weapon=e.weapon, held=e.held, used=used, entry=e.entry)


def _sit_out_marked(state: ReichState, e: MurmanskSitOutMarked) -> None:
    state.table.murmansk_sit_out[held_key(e.turn, e.weapon)] = MurmanskSitOut(
        weapon=e.weapon, factors=e.factors, player=e.player, phase=e.phase, fight=e.fight, seal=e.seal, rule=e.rule
    )


MURMANSK_APPLIERS: dict[type[Any], Any] = {
    StrategicWarfareHoldingsStated: _holdings_stated,
    MurmanskSitOutMarked: _sit_out_marked,
}
