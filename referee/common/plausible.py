"""Values far outside what the rules allow: refused, or recorded with the referee's reason.

The rules bound most figures (a pool never goes below 0, a loss is met from the units in the
combat), and those bounds are refusals. Some commands record what happened at the table without
a bound the text states: a Supply Point credit, a BRP grant, a new place for Resource Points. A
typo there (99999 for 99, "Polnad" for "Poland") would go into the record as if it were play, so
such a value is refused unless the command carries an ``override``: the referee's reason, which
is recorded with the command and shown as a step of the ruling for anyone auditing it later.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

Override = Annotated[
    str | None,
    Field(
        default=None,
        min_length=1,
        max_length=500,
        description="the referee's reason for recording a value the book finds far outside the rules (recorded)",
    ),
]


def beyond_the_rules(problem: str | None, override: str | None, rule: str) -> list[Step]:
    """Nothing when ``problem`` is None; a refusal naming it when there is no override; else the
    step that records the value as the referee's decision over the book's check."""
    if problem is None:
        return []
    if override is None:
        raise IllegalOrderError(
            f"{problem}; if that is really what happened at the table, record it with the reason in "
            '"override" (the console\'s override field)'
        )
    return [Step(text=f"recorded over the book's check: {problem}; the referee's reason: {override}", rule=rule)]
