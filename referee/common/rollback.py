"""Rollback as compensation: the events that set each account back to its state as of #N.

Undo to #N never deletes (DESIGN invariant 4): it appends one entry with one `AccountRestored`
for each account that differs from #N, then the `RolledBack` marker the book reads to know what
was undone. The account documents are versioned by the event (see `AccountRestored`).
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.accounts import list_accounts
from referee.common.state import BaseState


def restore_events(current: BaseState, target: BaseState, *, to: int, reason: str) -> list[dict[str, Any]]:
    """The events of a rollback entry that make ``current`` equal ``target`` (as of #to)."""
    now = list_accounts(current)
    then = list_accounts(target)
    restored: list[dict[str, Any]] = []
    for account in sorted(set(now) | set(then)):
        if now.get(account) != then.get(account):
            restored.append(ev.dump_event(ev.AccountRestored(account=account, state=then.get(account))))
    restored.append(ev.dump_event(ev.RolledBack(to=to, reason=reason)))
    return restored
