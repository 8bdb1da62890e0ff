"""The state every game shares, as rebuilt from a campaign's entries.

A game's state (``referee/<game>/state.py``) extends `BaseState` with its own accounts (supply
pools, replacement tracks, BRP economies ...) and may extend `TableState`. Each top-level
account is restorable on its own (a rollback restores each account that differs, see
`referee.common.accounts`).

These models are mutable so that folding 100,000 entries does not copy the whole state per
event; anything handed out of the service is a deep copy (`BaseState.frozen_copy`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.sealing import SealedOrder

UnitStatus = Literal["full", "cadre", "eliminated", "out_of_supply", "isolated"]


class StateModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ParentLink(StateModel):
    """Where a branched campaign came from."""

    campaign_id: str
    name: str
    store: str
    at_entry: int
    head_hash: str


class CampaignIdentity(StateModel):
    """Who the campaign is and which rules and tables it was pinned to at creation."""

    campaign_id: str
    name: str
    game: str = Field(description="the game package that referees this campaign")
    ruleset: str
    options: dict[str, str] = Field(default_factory=dict)
    scenario: str
    sides: list[str] = Field(default_factory=list)
    players: list[str] = Field(default_factory=list, description="player-turn order")

    @property
    def seats(self) -> list[str]:
        """The sides and the players of the turn order, each once: what a person plays for."""
        return list(dict.fromkeys([*self.sides, *self.players]))

    weather_zones: list[str] = Field(default_factory=list)
    ruleset_toml: str = Field(
        default="", description="the pinned ruleset file's text (empty: release 0.1.0, found by its pinned hash)"
    )
    pinned: dict[str, str] = Field(default_factory=dict, description="data file name -> sha256 of its content")
    tables: dict[str, Any] = Field(
        default_factory=dict, description="scenario data copied in at creation (opaque to the ledger)"
    )
    parent: ParentLink | None = None


class CalendarPosition(StateModel):
    """Where the game stands: game turn, player turn and phase, plus steps done in the phase."""

    turn: int = Field(description="game-turn index (Europa: Jun II 1941 = 1; 3R: Fall 1939 = 1)")
    label: str = Field(description="the turn as printed, e.g. 'Jun II 1941' or 'Spring 1940'")
    player: str | None = Field(description="whose player turn; None for game-level phases")
    player_index: int
    phase: str
    phase_index: int
    steps_done: list[str] = Field(default_factory=list)


class DiceState(StateModel):
    """The open period of digital dice: its commitment, the players' seeds, the rolls made so far."""

    period: int = Field(ge=1)
    commitment: str
    player_seeds: dict[str, str] = Field(default_factory=dict)
    rolls: int = Field(default=0, ge=0, description="digital rolls made in this period (the next is rolls + 1)")
    revealed: bool = Field(default=False, description="the seed is in the record: no more rolls with it")
    scheme: int = Field(default=1, ge=1, le=3, description="the dice scheme of the period (docs/dice.md)")


class StatedFact(StateModel):
    """A fact the referee read off the map and stated for the record (it can be disputed)."""

    fact: str = Field(description="the fact's name, as the game declares it")
    subject: str = Field(description="what it is about: a hex, a stack, a unit")
    value: str
    entry: int = Field(description="the entry that stated it")
    stated_by: str


class TableState(StateModel):
    """The 'table' account every game has: calendar, weather by zone or region, markers, dice and facts."""

    calendar: CalendarPosition
    weather: dict[str, str] = Field(default_factory=dict)
    weather_turns: dict[str, int] = Field(
        default_factory=dict, description="the game turn each zone's weather was last set in (SetWeather)"
    )
    markers: dict[str, str] = Field(default_factory=dict)
    facts: dict[str, StatedFact] = Field(
        default_factory=dict, description="referee-stated facts by 'fact:subject' (the latest statement of each)"
    )
    dice: DiceState | None = Field(default=None, description="digital dice, once committed")


class Unit(StateModel):
    """A unit the referee registered, with the strengths the rules will ask for."""

    unit_id: str
    name: str
    nation: str
    type: str
    size: str
    attack: int | None = None
    defense: int | None = None
    movement: int | None = None
    cadre_attack: int | None = None
    cadre_defense: int | None = None
    ratings: dict[str, str] = Field(default_factory=dict)
    status: UnitStatus = "full"
    location: str = ""


class ForceRoster(StateModel):
    """A side's registered units, by unit id."""

    side: str
    units: dict[str, Unit] = Field(default_factory=dict)


class ChainHead(StateModel):
    """The last entry folded into this state and its hash."""

    last_number: int = 0
    head_hash: str = "0" * 64
    rollbacks: list[list[int]] = Field(
        default_factory=list, description="[rollback entry, entry it went back to], so undone marks need no scan"
    )
    disputes: list[list[int]] = Field(
        default_factory=list,
        description="the open disputes, [entry raising a dispute, entry disputed]; part of the record, "
        "not of the game, so a rollback never undoes them. A ruling removes its dispute: the state "
        "holds what is open, the record keeps every dispute and ruling (a state bounded by the "
        "game, not by the length of the record: issue 17's state scaling)",
    )
    people: dict[str, str] = Field(
        default_factory=dict, description="person -> the side they play (SeatPlayer); a rollback never unseats"
    )
    seals: dict[str, SealedOrder] = Field(
        default_factory=dict,
        description="sealed orders by the entry that sealed them (SealOrder, RevealOrder); part of the record: a "
        "rollback never unseals or hides one again (referee/common/sealing_events.py)",
    )


class BaseState(StateModel):
    """What every campaign holds; a game's state class adds its accounts.

    ``ACCOUNTS`` names the game's restorable collections: prefix -> attribute name (e.g.
    ``{"supply": "supply_pools"}``); ``table`` and each roster are restorable in every game.
    """

    ACCOUNTS: ClassVar[dict[str, str]] = {"roster": "rosters"}

    identity: CampaignIdentity
    table: TableState
    rosters: dict[str, ForceRoster] = Field(default_factory=dict)
    chain: ChainHead = Field(default_factory=ChainHead)

    def frozen_copy(self) -> Any:
        """A deep copy callers may keep: later folds never change it."""
        return self.model_copy(deep=True)

    def to_json(self) -> dict[str, object]:
        """Plain JSON types, as exported, compared in tests and shown by `state --json`."""
        return self.model_dump(mode="json")
