"""Charts pinned into a campaign at creation, read back as their models.

A campaign created before a chart existed has none pinned: it then uses the bundled chart,
and the ruling says so with the chart's hash, so the derivation still names what was used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel

from referee.common.ruling import Step
from referee.common.state import BaseState

Chart = TypeVar("Chart", bound=BaseModel)


def pinned_chart(
    state: BaseState, key: str, model: type[Chart], load_bundled: Callable[[], tuple[Chart, str]], rule: str
) -> tuple[Chart, list[Step]]:
    """The chart under ``identity.tables[key]``, or the bundled one with a step saying so."""
    data = state.identity.tables.get(key)
    if data is not None:
        return model.model_validate(data), []
    chart, digest = load_bundled()
    return chart, [
        Step(text=f"no {key} chart pinned in this campaign: the bundled one (sha256 {digest[:16]}…) is used", rule=rule)
    ]
