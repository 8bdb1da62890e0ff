"""What the service does with the whole record: verify it, export it, build the read model from
it, and branch a what-if campaign off it. Mixed into `RefereeService`, which provides ``store``,
``clock``, ``game``, ``state``, ``entries``, ``head``, ``ruleset_text``, ``_now`` and
``_opened`` (a service for another store, on the same clock)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any

from ledger.entry import Draft
from ledger.exchange import export_jsonl
from ledger.location import describe
from ledger.readmodel import build_read_model
from ledger.store import LedgerStore
from ledger.verify import VerifyReport, verify
from ledger.verify_parallel import verify_parallel
from referee import commands as c
from referee.common import events as ev
from referee.common.errors import IllegalOrderError, ScenarioError
from referee.common.game import Game
from referee.common.ruling import Ruling, Step
from referee.common.state import BaseState, ParentLink
from referee.files.read_model import read_model_hooks
from referee.release import release

if TYPE_CHECKING:
    from referee.service import RefereeService

BRANCH_BATCH = 500
"""Entries copied per transaction when branching."""
GAME_MODULES = ("referee.games",)
"""What a process verifying a stretch of the record imports: every game, each registering its fold."""


class WholeRecord:
    """Verify, export, read model and branch, for `RefereeService`."""

    store: LedgerStore

    if TYPE_CHECKING:  # what RefereeService provides

        @property
        def game(self) -> Game: ...

        def state(self, at: int | None = None) -> Any: ...
        def entries(self, start: int = 1, stop: int | None = None) -> Iterator[dict[str, Any]]: ...
        def head(self) -> int: ...
        def ruleset_text(self, state: BaseState | None = None, *, fresh: bool = False) -> str: ...
        def _now(self) -> str: ...
        def _opened(self, store: LedgerStore) -> RefereeService: ...

    def verify(
        self, *, progress: Callable[[int, int], None] | None = None, vouch: bool = True, jobs: int = 1
    ) -> VerifyReport:
        """Recompute the chain and the cached states, then check the pinned rules are at hand.

        Args:
            vouch: move this machine's checkpoint to a clean record's head (False: the caller
                decides, as `referee.audit.verify_record` does once it has compared the record with it).
            jobs: processes to verify on (ledger/verify_parallel.py: the same report; 1, serial).
        """
        if jobs > 1:
            report = verify_parallel(self.store, jobs=jobs, games=GAME_MODULES, progress=progress)
        else:
            report = verify(self.store, progress=progress)
        if report.ok and report.state is not None:
            named = str(report.state.identity.campaign_id)
            if named != str(self.store.campaign_id):  # rows re-keyed: the entries record another campaign
                kept = self.store.campaign_id
                why = f"the store keeps its entries under campaign id {kept}, but they record campaign {named}"
                report.problems.append((1, f"{why}: the rows' campaign id was changed"))
            try:
                self.ruleset_text(report.state, fresh=True)
            except ScenarioError as error:
                report.problems.append((report.entries, str(error)))
        if vouch and report.ok and report.entries:
            self.store.vouch_verified(report.entries, report.head_hash)
        return report

    def export_jsonl(self, out: IO[str], *, progress: Callable[[int, int], None] | None = None) -> int:
        """Write the whole record as JSONL (see `ledger.exchange`)."""
        return export_jsonl(
            self.store, out, name=self.store.peek().identity.name, exporter=release(), progress=progress
        )

    def build_read_model(self, path: str, *, progress: Callable[[int, int], None] | None = None) -> int:
        """Write the SQLite read model with the game's figures (see `ledger.readmodel`)."""
        return build_read_model(self.store, path, hooks=read_model_hooks(self.game), progress=progress)

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
        shown = describe(self.store.location)
        command = c.BranchCampaign(at=at, name=branch_name, parent_store=shown, actor=actor)
        link = ParentLink(
            campaign_id=parent.identity.campaign_id,
            name=parent.identity.name,
            store=shown,
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
        target.append(draft, recorded_at=self._now(), at=parent_at.table.calendar.label)
        return self._opened(target)
