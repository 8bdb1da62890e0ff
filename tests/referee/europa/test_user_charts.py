"""The referee's own charts (issue 15, K-01, K-02): a user CRT and a user bombardment table are
adopted into a campaign by recorded entries, the rulings read them, and editing (or deleting)
the files afterwards changes nothing in the campaign: what was adopted is pinned in the record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.service import RefereeService
from tests.referee.europa.europa_support import club_chart
from tests.referee.europa.test_bombardment_service import ARTILLERY_2715
from tests.referee.europa.test_logistics_service import at_phase

CHARTS = Path(__file__).resolve().parents[3] / "scenarios" / "charts"

BUNDLED_ROW_7 = '"7"  = ["AR", "AR", "0", "X1", "X1", "DR", "DR", "X1DR", "D1", "D1", "D1DR"]'
MY_ROW_7 = '"7"  = ["AR", "AR", "0", "X1", "X1", "D2", "DR", "X1DR", "D1", "D1", "D1DR"]'
"""Our printed CRT, as this test reads it: a 7 at 2-1 is D2 (the provisional chart says DR)."""
BUNDLED_ROW_8 = '"8"  = ["-",  "1R",   "1R",   "Re",   "Re",   "Re1R", "Re1R"]'
MY_ROW_8 = '"8"  = ["-",  "1R",   "1R",   "Re",   "Re",   "C1R",  "Re1R"]'
"""Our printed bombardment table: an 8 at 17-25 factors is C1R (the provisional one says Re1R)."""

GUNS: dict[str, Any] = {**ARTILLERY_2715, "defenders": ["4-6 rifle", "5-6 rifle", "6-6 rifle"], "faces": [4, 4]}
ATTACK: dict[str, Any] = {
    "kind": "ResolveCombat",
    "side": "Axis",
    "what": "Kiev",
    "zone": "B",
    "attackers": [{"label": "7-6 inf", "attack": 7}, {"label": "7-6 inf b", "attack": 7}],
    "defenders": [{"label": "7-6 rifle", "defense": 7}],
    "faces": [3, 4],
}
"""14:7 = 2-1, roll 7."""


def test_a_user_crt_and_bombardment_table_are_adopted_read_and_unaffected_by_later_edits(
    europa: RefereeService, tmp_path: Path
) -> None:
    crt = club_chart(tmp_path, "europa-combat", BUNDLED_ROW_7, MY_ROW_7)
    table = club_chart(tmp_path, "europa-bombardment", BUNDLED_ROW_8, MY_ROW_8)
    adopted_crt = europa.execute_json({"kind": "AdoptCharts", "charts": str(crt), "reason": "our printed CRT"})
    adopted_table = europa.execute_json({"kind": "AdoptCharts", "charts": str(table), "reason": "our table"})
    assert "our-europa-combat.toml" in adopted_crt["ruling"]["summary"]
    assert "our-europa-bombardment.toml" in adopted_table["ruling"]["summary"]
    pinned = europa.state().identity.pinned
    assert "chart:our-europa-combat.toml" in pinned and "chart:our-europa-bombardment.toml" in pinned
    assert "chart:europa-bombardment-001" in pinned  # the 001 table is another layout: kept

    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    bombarded = europa.execute_json(GUNS)
    assert "roll 8 → C1R" in bombarded["ruling"]["summary"]

    # The files change (or go) after adoption: nothing in the campaign moves.
    crt.write_text((CHARTS / "europa-combat.toml").read_text(encoding="utf-8"), encoding="utf-8")
    table.unlink()
    combat = europa.execute_json(ATTACK)
    assert "2-1, roll 7 → D2" in combat["ruling"]["summary"]

    location = europa.location
    europa.close()
    reopened = RefereeService.open(location)
    try:
        assert reopened.verify().ok
        assert reopened.state().identity.pinned == pinned
        assert reopened.entry(combat["number"])["ruling"]["summary"] == combat["ruling"]["summary"]
    finally:
        reopened.close()
