"""Domain events of the Third Reich BRP accounts: charges, year starts, lend lease, strategic
warfare hits, conquests and city losses. Every number was decided by the referee."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from referee.common.event_base import DomainEvent


class BrpTurnStarted(DomainEvent):
    """A new game turn or player turn: per-turn counters start again; the spending base is noted."""

    type: Literal["BrpTurnStarted"] = "BrpTurnStarted"
    power: str
    new_game_turn: bool
    total: int


class BrpCharged(DomainEvent):
    """BRPs paid for something the rules price (options, declarations, builds, recovery, repair …)."""

    type: Literal["BrpCharged"] = "BrpCharged"
    power: str
    amount: int = Field(ge=0)
    category: str
    detail: str
    counters: dict[str, int] = Field(default_factory=dict, description="'turn.x', 'player.x' or 'total.x' increments")
    front: str | None = None
    option: str | None = None


class NavalRepairStarted(DomainEvent):
    """A fleet went into repair."""

    type: Literal["NavalRepairStarted"] = "NavalRepairStarted"
    power: str
    fleet: str
    factors: int = Field(gt=0)
    ready_turn: int


class SwHitsRecorded(DomainEvent):
    """Strategic-warfare hits on a power's economy (deducted at the next year start, or at once in 1945)."""

    type: Literal["SwHitsRecorded"] = "SwHitsRecorded"
    power: str
    kind: Literal["submarines", "bombers"]
    hits: int = Field(ge=0)
    year: int
    immediate: int = Field(default=0, ge=0, description="BRPs taken from the total at once (1945)")


class ForcePoolConverted(DomainEvent):
    """A forced conversion of the force pool (G-64, G-65)."""

    type: Literal["ForcePoolConverted"] = "ForcePoolConverted"
    power: str
    removed: str
    added: str
    reason: str
    limit_kind: str | None = Field(default=None, description="the SW limit the new factors count against")
    limit_brp: int = Field(default=0, ge=0)


SwKind = Literal["submarines", "asw", "bombers", "interceptors"]
"""The strategic-warfare kinds of factor (G-40, G-62 [004])."""


class SwForcesChanged(DomainEvent):
    """A power's strategic-warfare factors of one kind, changed by ``change``: built (G-63),
    converted from a fleet or an air fleet (G-64, G-65), or lost in a round or in the Murmansk box
    (G-62, G-70). Recorded only where the book keeps that count (`SwForcesStated` starts one)."""

    type: Literal["SwForcesChanged"] = "SwForcesChanged"
    power: str
    kind: SwKind
    change: int
    reason: str


class SwForcesStated(DomainEvent):
    """A power's strategic-warfare factors of one kind set to ``factors``: stated where the book did
    not know them (a campaign recorded before it kept them), or the referee's correction of its count
    with a reason (G-62..G-67)."""

    type: Literal["SwForcesStated"] = "SwForcesStated"
    power: str
    kind: SwKind
    factors: int = Field(ge=0)
    reason: str


class ConquestRecorded(DomainEvent):
    """A conquest or minor ally whose BRPs join the base at the next year start."""

    type: Literal["ConquestRecorded"] = "ConquestRecorded"
    power: str
    territory: str
    value: int = Field(ge=0)


class ConquestLost(DomainEvent):
    """A territory conquered again by someone else: the first conqueror loses its BRPs (G-32)."""

    type: Literal["ConquestLost"] = "ConquestLost"
    power: str
    territory: str
    base_loss: int = Field(ge=0)


class CityLossRecorded(DomainEvent):
    """A one-time loss from the total for a city taken or bombed (G-90..G-92)."""

    type: Literal["CityLossRecorded"] = "CityLossRecorded"
    power: str
    city: str
    amount: int = Field(ge=0)
    cause: Literal["captured", "bombed"]


class BrpSavedAtYearEnd(DomainEvent):
    """What a power has unspent at the end of Winter (the base of growth)."""

    type: Literal["BrpSavedAtYearEnd"] = "BrpSavedAtYearEnd"
    power: str
    saved: int = Field(ge=0)


class YearStartApplied(DomainEvent):
    """A power's new base and total for the year, its SW maximums, and the accounts cleared.

    Version 2 names the years whose strategic-warfare hits this year start deducted; version 1
    (releases before 0.3.0) deducted those of the year before, except in Spring 1940 (G-10)."""

    type: Literal["YearStartApplied"] = "YearStartApplied"
    v: int = 2
    power: str
    base: int = Field(ge=0)
    total: int = Field(ge=0)
    sw_limits: dict[str, int]
    ussr_city_value: int = Field(ge=0)
    sw_hits_deducted: list[str] | None = Field(
        default=None, description="years whose hits came off the base; None: version 1, see above"
    )


class LendLeaseSent(DomainEvent):
    """BRPs sent from one power to another by a route; immediate grants arrive at once.

    Version 2 (``spending_base``): a grant made at a year start moves the totals the half-spend
    limit of the Spring turn counts from (G-42, J-65); version 1 left them as they were."""

    type: Literal["LendLeaseSent"] = "LendLeaseSent"
    v: int = 2
    giver: str
    receiver: str
    amount: int = Field(ge=0)
    route: str
    arrival: Literal["immediate", "murmansk", "summer_i"]
    spending_base: bool = Field(default=True, description="False: version 1, see above")


class LendLeaseIntercepted(DomainEvent):
    """BRP hits on lend lease in the Murmansk box (G-70).

    Version 2 says what came off each northern route (``by_route``); version 1 (None) took the
    hits off the receiver's one amount in transit."""

    type: Literal["LendLeaseIntercepted"] = "LendLeaseIntercepted"
    v: int = 2
    receiver: str
    hits: int = Field(gt=0)
    by_route: dict[str, int] | None = None


class LendLeaseArrived(DomainEvent):
    """What survives of the lend lease in transit reaches the receiver.

    Version 2 says what arrived by each route (``by_route``); version 1 (None) delivered all the
    receiver had in transit."""

    type: Literal["LendLeaseArrived"] = "LendLeaseArrived"
    v: int = 2
    receiver: str
    amount: int = Field(ge=0)
    by_route: dict[str, int] | None = None


class WarDeclared(DomainEvent):
    """A declaration of war and the state of war it creates from ``entry`` on: the declarer is at
    war with each of ``enemies`` (the target, and for a major power its allies, G-34)."""

    type: Literal["WarDeclared"] = "WarDeclared"
    power: str
    target: str
    enemies: list[str] = Field(min_length=1)
    entry: int = Field(ge=1)


class PowerLeftPlay(DomainEvent):
    """A major power left play (France when Vichy forms, G-35): no year start, no BRPs."""

    type: Literal["PowerLeftPlay"] = "PowerLeftPlay"
    power: str
    reason: str


class PowerActivated(DomainEvent):
    """A power enters play (the USA in 1942, G-01)."""

    type: Literal["PowerActivated"] = "PowerActivated"
    power: str


class BrpGranted(DomainEvent):
    """BRPs added to a power's total."""

    type: Literal["BrpGranted"] = "BrpGranted"
    power: str
    amount: int = Field(gt=0)
    category: str
    reason: str


class BrpSpent(DomainEvent):
    """BRPs taken from a power's total."""

    type: Literal["BrpSpent"] = "BrpSpent"
    power: str
    amount: int = Field(gt=0)
    category: str
    reason: str


class BrpBaseAdjusted(DomainEvent):
    """A power's BRP base changed by ``change`` (may be negative)."""

    type: Literal["BrpBaseAdjusted"] = "BrpBaseAdjusted"
    power: str
    change: int
    category: str
    reason: str


def _version_1(**defaults: object) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """An upcaster to version 2 that fills the fields version 1 lacked with what version 1 meant."""

    def upcast(data: dict[str, Any]) -> dict[str, Any]:
        return {**defaults, **data}

    return upcast


UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("YearStartApplied", 1): _version_1(sw_hits_deducted=None),
    ("LendLeaseSent", 1): _version_1(spending_base=False),
    ("LendLeaseIntercepted", 1): _version_1(by_route=None),
    ("LendLeaseArrived", 1): _version_1(by_route=None),
}
"""The BRP events whose shape changed in release 0.3.0, from the version earlier releases stored."""
