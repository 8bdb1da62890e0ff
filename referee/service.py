"""The referee service: the one place where rules meet the store.

It validates a command against the rules of the campaign's game (`Game`, chosen by
``identity.game``) and the current state, computes the ruling, builds the entry draft and hands
it to the ledger in one save. A rejected command raises before anything is written, so the
store is unchanged (DESIGN invariant 3). The rules come from the copy pinned in the campaign,
never from the bundled files as they are now.

Every command goes one way: `execute` parses it, decides it through its handler (the book's own,
`referee.book.handlers.BOOK_HANDLERS`, or the game's) at a `Desk`, and appends the entry. The
service is assembled from referee/book/ as a game's ``game.py`` assembles its `Game`: the
console's reads and the whole-record operations are mixed in from there.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

from ledger.entry import Draft, recompute_hash
from ledger.exchange import import_jsonl
from ledger.location import describe, is_memory
from ledger.receipt_log import ReceiptLog
from ledger.rollback import undone_from
from ledger.store import LedgerStore
from referee import commands as c
from referee.book.console_reads import ConsoleReads
from referee.book.desk import Desk
from referee.book.handlers import decide
from referee.book.opening import opening_events, starting_state
from referee.book.record import WholeRecord
from referee.common import dice_events as dv
from referee.common import events as ev
from referee.common import receipt_events as rv
from referee.common.decision import Decision
from referee.common.dice import DigitalRoller
from referee.common.errors import DiceNeededError, InvalidInputError
from referee.common.game import Game
from referee.common.names import known_names, name_offers, read_choices, spelled_as_known
from referee.common.people import seated_names
from referee.common.ruleset import Ruleset, parse_pinned_ruleset, pinned_ruleset_text
from referee.common.ruling import Ruling, Step
from referee.common.state import BaseState
from referee.dice.secret_keeper import SecretKeeper, secrets_path
from referee.games import commands_of, game_named

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The service's clock: read once per accepted command, stored in the entry."""
    return datetime.now(UTC)


class RefereeService(ConsoleReads, WholeRecord):
    """Commands in, entries out, for one campaign store."""

    def __init__(self, store: LedgerStore, *, clock: Clock = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._secrets: SecretKeeper | None = None
        self._ruleset_parsed: tuple[str, Ruleset] | None = None
        self._receipt_log: ReceiptLog | None = None

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(cls, location: str, *, clock: Clock = utc_now, check: bool = True) -> RefereeService:
        """Open an existing campaign store (``check`` False only to verify a damaged one: see `LedgerStore`)."""
        return cls(LedgerStore(location, check=check), clock=clock)

    @classmethod
    def create(
        cls,
        location: str,
        command: c.CreateCampaign,
        *,
        clock: Clock = utc_now,
        source: dict[str, Any] | None = None,
    ) -> RefereeService:
        """Create a new campaign store from a scenario; entry #1 opens it."""
        try:
            campaign_uuid = uuid.UUID(command.campaign_id) if command.campaign_id else uuid.uuid4()
        except ValueError:
            raise InvalidInputError(f"campaign_id {command.campaign_id!r} is not a UUID") from None
        state, loaded = starting_state(
            command.scenario,
            campaign_id=str(campaign_uuid),
            name=command.name,
            ruleset=command.ruleset,
            options=dict(command.options),
            charts=command.charts,
        )
        identity = state.identity
        calendar = state.table.calendar
        ruling = Ruling(
            summary=f"campaign {command.name!r} created from {loaded.scenario.title}",
            steps=[
                Step(
                    text=f"ruleset {loaded.ruleset.title}; starts {calendar.label}, "
                    f"{calendar.player or ''} {calendar.phase}".replace("  ", " "),
                    rule=loaded.ruleset.source,
                )
            ]
            + [Step(text=f"pinned {name} sha256 {digest[:16]}…") for name, digest in identity.pinned.items()],
        )
        draft = Draft(
            actor=command.actor,
            on_behalf_of=command.on_behalf_of,
            command=c.command_json(command),
            ruling=ruling.to_json(),
            events=[ev.dump_event(event) for event in opening_events(state)],
            source=source,
        )
        store = LedgerStore(location, create=True)
        service = cls(store, clock=clock)
        store.open_campaign(campaign_uuid, draft, recorded_at=service._now(), at=calendar.label)
        return service

    # -- reading ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The campaign's game."""
        return game_named(self.store.peek().identity.game)

    def ruleset_text(self, state: BaseState | None = None, *, fresh: bool = False) -> str:
        """The pinned ruleset's text (raises `ScenarioError` when the pinned copy is missing)."""
        identity = (state or self.store.peek()).identity
        return pinned_ruleset_text(identity.ruleset, identity.ruleset_toml, identity.pinned, fresh=fresh)

    def state(self, at: int | None = None) -> Any:
        """State as of entry ``at`` (default: now), a copy the caller may keep."""
        return self.store.state(at)

    # The console's read interface: plain values and copies, never the store itself.

    @property
    def location(self) -> str:
        """Where the campaign is stored, safe to show (no password)."""
        return describe(self.store.location)

    @property
    def campaign_id(self) -> str:
        """The campaign's id (the book's storage id; a branch has its own)."""
        return str(self.store.campaign_id)

    def current(self) -> Any:
        """The latest state without copying it: to read for display, never to change or keep."""
        return self.store.peek()

    def entry(self, number: int) -> dict[str, Any]:
        """One entry by number (raises `EntryNotFoundError` outside the record)."""
        return self.store.entry(number)

    @staticmethod
    def hash_checks(entry: dict[str, Any]) -> bool:
        """True when the entry's own hash recomputes from its content."""
        return recompute_hash(entry) == entry.get("hash")

    def undone(self, at: int | None = None) -> dict[int, int]:
        """Each undone entry up to ``at`` (default: the head) -> the rollback entry that undid it."""
        state = self.store.peek() if at is None else self.store.state(at)
        return undone_from(state.chain.rollbacks, state.chain.last_number)

    def head(self) -> int:
        """The last entry number."""
        return self.store.head()

    def entries(self, start: int = 1, stop: int | None = None) -> Iterator[dict[str, Any]]:
        """Entries in order."""
        return self.store.entries(start, stop)

    # -- deciding and recording -----------------------------------------------------------

    def parse(self, data: Any) -> Any:
        """A command of this campaign's game from its JSON form (refused with the field named):
        the one reader of typed commands (apply, preview, the console's forms). Its choices are
        read in any case (`read_choices`), then its names (`named`).

        Raises:
            InvalidInputError: malformed, or a choice none of its field's (the nearest named).
            IllegalOrderError: a misspelt name (the nearest named), or a person not seated.
        """
        state = self.store.peek()  # one read of the head for all: each read asks the store what is new
        commands = commands_of(game_named(state.identity.game))
        return self._named(commands.parse(read_choices(commands, data)), state)

    def named(self, command: Any) -> Any:
        """``command`` with side, power, nation, zone, city and weather names spelled as the
        campaign spells them (any case typed; a misspelling refused with the nearest name) and,
        once players are seated, every person it names a seated one (`referee.common.people`).
        What ``parse`` does to names, for a command made in code: `execute` and `preview` apply it."""
        return self._named(command, self.store.peek())

    def _named(self, command: Any, state: BaseState) -> Any:
        ruleset = self._pinned_ruleset(state)
        command = spelled_as_known(command, known_names(state, ruleset), name_offers(state, ruleset))
        return seated_names(command, state.chain.people, state.identity.seats)

    def _pinned_ruleset(self, state: BaseState) -> Ruleset:
        """The campaign's pinned ruleset, parsed once per text (it changes only by AdoptRuleset)."""
        text = self.ruleset_text(state)
        if self._ruleset_parsed is None or self._ruleset_parsed[0] != text:
            self._ruleset_parsed = (text, parse_pinned_ruleset(text, f"ruleset {state.identity.ruleset} (pinned)"))
        return self._ruleset_parsed[1]

    def decide(self, command: Any) -> Decision:
        """The ruling and events for ``command`` against the current state (nothing written).

        Raises:
            RulesError: the rules or the state forbid the command.
        """
        return self._decide(command, self.store.peek())

    @property
    def secrets(self) -> SecretKeeper:
        """The seeds of this campaign's digital dice (kept beside the store, never in it)."""
        if self._secrets is None:
            self._secrets = SecretKeeper(secrets_path(self.store.location, str(self.store.campaign_id)))
        return self._secrets

    @property
    def receipt_log(self) -> ReceiptLog:
        """The receipts this machine showed the players for this campaign (ledger/receipt_log.py)."""
        if self._receipt_log is None:
            self._receipt_log = ReceiptLog.of(str(self.store.campaign_id), in_memory=is_memory(self.store.location))
        return self._receipt_log

    def decide_as_recorded(self, command: Any, state: BaseState, roller: DigitalRoller) -> Decision:
        """The ruling and events for an entry's ``command`` against the ``state`` before it, its
        digital rolls handed back by ``roller`` as recorded (the audit's re-adjudication)."""
        return self._decide(command, state, roller=roller)

    def _decide(
        self, command: Any, state: BaseState, *, live: bool = False, roller: DigitalRoller | None = None
    ) -> Decision:
        return decide(command, self._desk(state, live=live, roller=roller))

    def _desk(self, state: BaseState, *, live: bool = False, roller: DigitalRoller | None = None) -> Desk:
        """The desk a command against ``state`` is decided at (`referee.book.handlers.decide`)."""
        return Desk(self, state, self._pinned_ruleset, live=live, roller=roller)

    def execute(self, command: Any, *, source: dict[str, Any] | None = None) -> dict[str, Any]:
        """Decide and record ``command`` as one entry; returns the sealed entry.

        Raises:
            RulesError: refused by the rules (nothing written).
            ConflictError: another writer recorded an entry meanwhile (nothing written).
        """
        with self.store.one_look():
            return self._execute(self.named(command), source=source)

    def _execute(self, command: Any, *, source: dict[str, Any] | None) -> dict[str, Any]:
        state = self.store.peek()
        desk = self._desk(state, live=True)
        decision = decide(command, desk)
        revealing = [event.period for event in decision.events if isinstance(event, dv.DiceSeedRevealed)]
        if desk.new_seed is not None:
            self.secrets.keep(*desk.new_seed)  # kept before the commitment is written: never one without its seed
        given = self.receipt_log.waiting(state.chain.last_number, self.store.hash_at)
        decision.events.extend(rv.ReceiptGiven(entry=r.number, code=r.code, given_at=r.given_at) for r in given)
        draft = Draft(
            actor=command.actor,
            on_behalf_of=command.on_behalf_of,
            command=c.command_json(command),
            rolls=decision.rolls,
            ruling=decision.ruling.to_json(),
            events=[ev.dump_event(event) for event in decision.events],
            source=source,
        )
        entry = self.store.append(
            draft, recorded_at=self._now(), at=state.table.calendar.label, expected_head=state.chain.last_number
        )
        for period in revealing:
            self.secrets.mark_revealed(period)
        self.receipt_log.mark_recorded(given)
        return entry

    def execute_json(self, data: Any, *, source: dict[str, Any] | None = None) -> dict[str, Any]:
        """Parse a command given as JSON data, then execute it (the store asked once what is new)."""
        with self.store.one_look():
            return self._execute(self.parse(data), source=source)

    def preview_json(self, data: Any) -> tuple[Decision, Any]:
        """Parse a command given as JSON data as `execute_json` does, then preview it."""
        with self.store.one_look():
            return self._preview(self.parse(data))

    def preview(self, command: Any) -> tuple[Decision, Any]:
        """The ruling and the state the command would produce, without writing."""
        with self.store.one_look():
            return self._preview(self.named(command))

    def _preview(self, command: Any) -> tuple[Decision, Any]:
        try:
            decision = self.decide(command)
        except DiceNeededError as need:
            decision = Decision(need.before, [])
        draft = Draft(
            actor=command.actor,
            command=c.command_json(command),
            events=[ev.dump_event(event) for event in decision.events],
        )
        label = self.store.peek().table.calendar.label
        return decision, self.store.preview(draft, recorded_at=self._now(), at=label)

    def _opened(self, store: LedgerStore) -> RefereeService:
        """A service for another store (a branch), on this service's clock."""
        return RefereeService(store, clock=self.clock)

    def _now(self) -> str:
        return self.clock().astimezone(UTC).isoformat()

    def close(self) -> None:
        """Close the store."""
        self.store.close()


def import_campaign(
    path: str, location: str, *, progress: Callable[[int, int], None] | None = None, clock: Clock = utc_now
) -> RefereeService:
    """Import a JSONL export into a new store (or resume an interrupted import) and open it."""
    return RefereeService(import_jsonl(path, location, progress=progress), clock=clock)
