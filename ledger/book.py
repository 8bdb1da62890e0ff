"""The eventsourcing aggregate that holds a campaign's entries, and its snapshot transcoding.

One `CampaignBook` per campaign store; its version is the entry number (#1 opens it). Each
stored event carries one whole entry, so one entry is exactly one stored row written in one
transaction, and ``repository.get(id, version=N)`` is the state as of entry #N, rebuilt from
the nearest snapshot. The event's library timestamp is set to the entry's ``recorded_at`` so
that every byte of a stored row is covered by verification.

Topics are explicit so that moving this module never breaks a stored campaign (invariant 7).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import Transcoding

from referee.common.fold import apply_entry
from referee.common.state import GameState


class CampaignBook(Aggregate):
    """A campaign's record: the folded state plus nothing that grows with the entries."""

    TOPIC = "turnledger:CampaignBook"
    class_version = 1

    class Created(Aggregate.Created):
        """Entry #1: the campaign was created."""

        TOPIC = "turnledger:CampaignBook.Opened"
        entry_json: str

        @property
        def entry(self) -> dict[str, Any]:
            """The entry as a dict."""
            return json.loads(self.entry_json)  # type: ignore[no-any-return]

    class EntryRecorded(Aggregate.Event):
        """Entry #2 onwards."""

        TOPIC = "turnledger:CampaignBook.EntryRecorded"
        entry_json: str

        @property
        def entry(self) -> dict[str, Any]:
            """The entry as a dict."""
            return json.loads(self.entry_json)  # type: ignore[no-any-return]

        def apply(self, aggregate: Any) -> None:
            aggregate.state = apply_entry(aggregate.state, aggregate.pending_entry(self))

    def __init__(self, entry_json: str) -> None:
        self.state: GameState = apply_entry(None, json.loads(entry_json))

    @classmethod
    def open(cls, campaign_id: Any, entry: dict[str, Any], entry_json: str) -> CampaignBook:
        """Create the book from entry #1 (the campaign's creation)."""
        return cls._create(cls.Created, id=campaign_id, entry_json=entry_json, timestamp=_timestamp(entry))

    def record(self, entry: dict[str, Any], entry_json: str) -> None:
        """Append one sealed entry; raises a LedgerError (and records nothing) if it does not fold.

        ``entry_json`` is the entry's canonical JSON (stored as is); ``entry`` must be that JSON
        decoded (same key order, so that folding live and replaying give identical states).
        """
        self._entry_in_hand = entry
        try:
            self.trigger_event(self.EntryRecorded, entry_json=entry_json, timestamp=_timestamp(entry))
        finally:
            self.__dict__.pop("_entry_in_hand", None)

    def pending_entry(self, event: Any) -> dict[str, Any]:
        """The entry being recorded (already a dict) or, on replay, decoded from the event."""
        in_hand = self.__dict__.get("_entry_in_hand")
        return in_hand if in_hand is not None else event.entry


def _timestamp(entry: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(entry["recorded_at"])


class GameStateTranscoding(Transcoding):
    """Lets library snapshots carry the typed `GameState`."""

    type = GameState
    name = "turnledger_game_state"

    def encode(self, obj: GameState) -> dict[str, Any]:
        return obj.model_dump(mode="json")

    def decode(self, data: dict[str, Any]) -> GameState:
        return GameState.model_validate(data)
