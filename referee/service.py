"""The referee service: the one place where rules meet the store.

It validates a command against the rules and the current state, computes the ruling,
builds the entry draft and hands it to the ledger in one save. A rejected command raises
before anything is written, so the store is unchanged (DESIGN invariant 3).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

from referee.common import dice_events as dv
from referee.common import events as ev
from ledger.entry import Draft
from ledger.rollback import restore_events
from referee.common.state import GameState, ParentLink
from ledger.store import LedgerStore
from referee import commands as c
from referee import dice_periods
from referee.dice_secrets import SecretKeeper, secrets_path
from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.handlers import HANDLERS, Context, Decision
from referee.common.ruling import Ruling, Step
from referee.scenario import Ruleset, load_ruleset, load_scenario
from referee.setup import initial_state

Clock = Callable[[], datetime]

BRANCH_BATCH = 500
"""Entries copied per transaction when branching."""


def utc_now() -> datetime:
    """The service's clock: read once per accepted command, stored in the entry."""
    return datetime.now(UTC)


class RefereeService:
    """Commands in, entries out, for one campaign store."""

    def __init__(self, store: LedgerStore, *, clock: Clock = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._ruleset: Ruleset | None = None
        self._secrets: SecretKeeper | None = None
        self._new_seed: tuple[int, str] | None = None

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(cls, location: str, *, clock: Clock = utc_now) -> RefereeService:
        """Open an existing campaign store."""
        return cls(LedgerStore(location), clock=clock)

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
        loaded = load_scenario(command.scenario, ruleset_id=command.ruleset)
        try:
            campaign_uuid = uuid.UUID(command.campaign_id) if command.campaign_id else uuid.uuid4()
        except ValueError:
            raise InvalidInputError(f"campaign_id {command.campaign_id!r} is not a UUID") from None
        state = initial_state(
            loaded,
            campaign_id=str(campaign_uuid),
            name=command.name,
            options=dict(command.options),
            charts=command.charts,
        )
        store = LedgerStore(location, create=True)
        service = cls(store, clock=clock)
        ruling = Ruling(
            summary=f"campaign {command.name!r} created from {loaded.scenario.title}",
            steps=[
                Step(
                    text=f"ruleset {loaded.ruleset.title}; starts {state.table.calendar.label}, "
                    f"{state.table.calendar.player or ''} {state.table.calendar.phase}".replace("  ", " "),
                    rule=loaded.ruleset.source,
                )
            ]
            + [Step(text=f"pinned {name} sha256 {digest[:16]}…") for name, digest in state.identity.pinned.items()],
        )
        draft = Draft(
            actor=command.actor,
            on_behalf_of=command.on_behalf_of,
            command=c.command_json(command),
            ruling=ruling.to_json(),
            events=[ev.dump_event(ev.CampaignOpened(state=state))],
            source=source,
        )
        store.open_campaign(campaign_uuid, draft, recorded_at=service._now(), at=state.table.calendar.label)
        return service

    # -- reading ------------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The campaign's ruleset (loaded from scenarios/ by the id pinned at creation)."""
        if self._ruleset is None:
            self._ruleset, _raw = load_ruleset(self.store.peek().identity.ruleset)
        return self._ruleset

    def state(self, at: int | None = None) -> GameState:
        """State as of entry ``at`` (default: now)."""
        return self.store.state(at)

    def head(self) -> int:
        """The last entry number."""
        return self.store.head()

    def entries(self, start: int = 1, stop: int | None = None) -> Iterator[dict[str, Any]]:
        """Entries in order."""
        return self.store.entries(start, stop)

    # -- deciding and recording -----------------------------------------------------------

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

    def _decide(self, command: Any, state: GameState, *, live: bool = False) -> Decision:
        if isinstance(command, c.CreateCampaign):
            raise IllegalOrderError("this store already holds a campaign; create a new one with 'turnledger new'")
        if isinstance(command, c.BranchCampaign):
            raise IllegalOrderError("a branch is made with 'turnledger branch', not recorded by hand")
        if isinstance(command, c.Rollback):
            return self._decide_rollback(command, state)
        if isinstance(command, c.CommitDice):
            decision, self._new_seed = dice_periods.commit(command, state, self.secrets)
            return decision
        handler = HANDLERS[type(command)]
        roller = dice_periods.roller(state, self.secrets, live=live)
        decision = handler(
            command, Context(state=state, ruleset=self.ruleset, head=state.chain.last_number, roller=roller)
        )
        if roller.made and roller.dice is not None:
            decision.events.append(dv.DigitalRollsMade(period=roller.dice.period, count=roller.made))
        if not live:
            return decision
        decision, fresh = dice_periods.period_end(decision, state, self.secrets)
        self._new_seed = fresh or self._new_seed
        return decision

    def _decide_rollback(self, command: c.Rollback, state: GameState) -> Decision:
        head = state.chain.last_number
        if command.to >= head:
            raise IllegalOrderError(f"roll back to #{command.to}: the record ends at #{head}; choose an earlier entry")
        target = self.store.state(command.to)
        raw = restore_events(state, target, to=command.to, reason=command.reason)
        restored = [r["account"] for r in raw if r["type"] == "AccountRestored"]
        return Decision(
            Ruling(
                summary=f"rolled back to #{command.to}: entries #{command.to + 1}–#{head} undone ({command.reason})",
                steps=[Step(text=f"restore {account} as of #{command.to}") for account in restored]
                + [
                    Step(
                        text="undone entries and their rolls stay in the record, marked undone", rule="DESIGN: rollback"
                    )
                ],
            ),
            [ev.parse_event(r) for r in raw],
        )

    def execute(self, command: Any, *, source: dict[str, Any] | None = None) -> dict[str, Any]:
        """Decide and record ``command`` as one entry; returns the sealed entry.

        Raises:
            RulesError: refused by the rules (nothing written).
            ConflictError: another writer recorded an entry meanwhile (nothing written).
        """
        state = self.store.peek()
        self._new_seed = None
        decision = self._decide(command, state, live=True)
        revealing = [event.period for event in decision.events if isinstance(event, dv.DiceSeedRevealed)]
        if self._new_seed is not None:
            self.secrets.keep(
                *self._new_seed
            )  # kept before the commitment is written: never a commitment without its seed
        draft = Draft(
            actor=command.actor,
            on_behalf_of=command.on_behalf_of,
            command=c.command_json(command),
            rolls=decision.rolls,
            ruling=decision.ruling.to_json(),
            events=[ev.dump_event(event) for event in decision.events],
            source=source,
        )
        entry = self.store.append(draft, recorded_at=self._now(), expected_head=state.chain.last_number)
        for period in revealing:
            self.secrets.mark_revealed(period)
        return entry

    def execute_json(self, data: Any, *, source: dict[str, Any] | None = None) -> dict[str, Any]:
        """Parse a command given as JSON data, then execute it."""
        return self.execute(c.parse_command(data), source=source)

    def preview(self, command: Any) -> tuple[Decision, GameState]:
        """The ruling and the state the command would produce, without writing."""
        decision = self.decide(command)
        draft = Draft(
            actor=command.actor,
            command=c.command_json(command),
            events=[ev.dump_event(event) for event in decision.events],
        )
        return decision, self.store.preview(draft, recorded_at=self._now())

    # -- branching ----------------------------------------------------------------------

    def branch(
        self,
        at: int,
        location: str,
        *,
        name: str | None = None,
        actor: str = "referee",
        progress: Callable[[int], None] | None = None,
    ) -> RefereeService:
        """A new campaign at ``location`` whose history is entries 1..at of this one."""
        head = self.head()
        if not 1 <= at <= head:
            raise IllegalOrderError(f"branch at #{at}: the record runs #1 to #{head}")
        parent = self.state()
        new_id = uuid.uuid4()
        target = LedgerStore(location, create=True)
        batch: list[dict[str, Any]] = []
        copied = 0
        for entry in self.entries(1, at):
            batch.append(entry)
            if len(batch) == BRANCH_BATCH:
                target.append_sealed(batch, campaign_id=new_id)
                copied += len(batch)
                batch = []
                if progress:
                    progress(copied)
        target.append_sealed(batch, campaign_id=new_id)
        if progress:
            progress(at)
        parent_at = self.state(at)
        branch_name = name or f"{parent.identity.name} (what-if from #{at})"
        command = c.BranchCampaign(at=at, name=branch_name, parent_store=self.store.location, actor=actor)
        link = ParentLink(
            campaign_id=parent.identity.campaign_id,
            name=parent.identity.name,
            store=self.store.location,
            at_entry=at,
            head_hash=parent_at.chain.head_hash,
        )
        draft = Draft(
            actor=actor,
            command=c.command_json(command),
            ruling=Ruling(
                summary=f"branched from {parent.identity.name!r} at #{at}",
                steps=[Step(text=f"entries #1–#{at} copied with their hashes; parent head {link.head_hash[:16]}…")],
            ).to_json(),
            events=[ev.dump_event(ev.CampaignBranched(campaign_id=str(new_id), name=branch_name, parent=link))],
        )
        target.append(draft, recorded_at=self._now())
        return RefereeService(target, clock=self.clock)

    def _now(self) -> str:
        return self.clock().astimezone(UTC).isoformat()

    def close(self) -> None:
        """Close the store."""
        self.store.close()
