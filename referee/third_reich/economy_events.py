"""Domain events of the Third Reich BRP accounts: charges, year starts, lend lease, strategic
warfare hits, conquests and city losses. Every number was decided by the referee."""

from __future__ import annotations

from typing import Literal

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
    """A power's new base and total for the year, its SW maximums, and the accounts cleared."""

    type: Literal["YearStartApplied"] = "YearStartApplied"
    power: str
    base: int = Field(ge=0)
    total: int = Field(ge=0)
    sw_limits: dict[str, int]
    ussr_city_value: int = Field(ge=0)


class LendLeaseSent(DomainEvent):
    """BRPs sent from one power to another; immediate grants arrive at once."""

    type: Literal["LendLeaseSent"] = "LendLeaseSent"
    giver: str
    receiver: str
    amount: int = Field(ge=0)
    route: str
    arrival: Literal["immediate", "murmansk", "summer_i"]


class LendLeaseIntercepted(DomainEvent):
    """BRP hits on lend lease in transit (the Murmansk box)."""

    type: Literal["LendLeaseIntercepted"] = "LendLeaseIntercepted"
    receiver: str
    hits: int = Field(gt=0)


class LendLeaseArrived(DomainEvent):
    """What survives of the lend lease in transit reaches the receiver."""

    type: Literal["LendLeaseArrived"] = "LendLeaseArrived"
    receiver: str
    amount: int = Field(ge=0)


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
