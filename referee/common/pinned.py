"""Charts pinned into a campaign, read back as their models.

A campaign reads its charts only from what it pinned (at creation, or later with
`AdoptCharts`), never from the bundled file as it is now: a campaign without the chart is
refused with what to record, so a rule never silently changes under a campaign.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from referee.common.errors import IllegalOrderError
from referee.common.state import BaseState

Chart = TypeVar("Chart", bound=BaseModel)


def pinned_chart(state: BaseState, key: str, model: type[Chart], bundled: str) -> Chart:
    """The chart under ``identity.tables[key]`` (the opening's ruling cites its pinned hash)."""
    data = state.identity.tables.get(key)
    if data is None:
        raise IllegalOrderError(
            f"this campaign has no {key} chart pinned; record "
            f'{{"kind": "AdoptCharts", "charts": "{bundled}", "reason": "..."}} (or your own chart file) first'
        )
    return model.model_validate(data)
