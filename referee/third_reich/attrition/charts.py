"""The attrition table as the game registers it (`referee.common.game.Chart`; provisional, K-41:
`referee.third_reich.attrition.attrition` reads and validates it)."""

from __future__ import annotations

from typing import Any

from referee.common.game import Chart
from referee.third_reich.attrition import attrition


def _attrition_table(name: str) -> tuple[dict[str, Any], str]:
    table, digest = attrition.load_attrition_table(name)
    return table.model_dump(mode="json"), digest


CHART = Chart("attrition", attrition.BUNDLED, _attrition_table, attrition.AttritionChart)
