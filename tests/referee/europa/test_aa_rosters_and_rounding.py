"""Issue 29, Second Front AA: a divided AA strength rounds as the campaign's option says (J-54); only
heavy AA fires at an HB on other missions (F-08); the AA command reads the units' AA strengths and
the air units' types and DFs off the rosters, and a club's corrected order of battle changes the
fire (K-31); a club's printed AA table replaces the provisional one and changes the result (K-30)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.ruleset import scenarios_root
from referee.service import RefereeService
from tests.referee.europa.europa_support import texts
from tests.support import TickingClock, refused

DAS: dict[str, Any] = {
    "kind": "ResolveMinimumRollAA",
    "side": "Allies",
    "hex": "Caen",
    "mission": "DAS",
    "aa_nationality": "Allied",
    "adjacent_aa": [4, 0, 3],
    "air_units": [{"label": "Ju88A", "type": "B", "df": 5}],
    "faces": [4, 3],
}
"""7 AA over 3 hexes: 2 rounded down or to the nearest, 3 rounded up."""
B17_FIRE: dict[str, Any] = {
    "kind": "ResolveMinimumRollAA",
    "side": "Axis",
    "hex": "Schweinfurt",
    "mission": "bombing",
    "aa_nationality": "German",
    "aa": 14,
    "faces": [4, 4],
}


def campaign(scenario: str = "second-front/1943", **options: str) -> RefereeService:
    return RefereeService.create(
        ":memory:", CreateCampaign(scenario=scenario, name="sf", options=options), clock=TickingClock()
    )


@pytest.fixture
def sf() -> Iterator[RefereeService]:
    with closing(campaign()) as service:
        yield service


@pytest.mark.parametrize(("reading", "strength"), [("down", 2), ("nearest", 2), ("up", 3)])
def test_J54_a_divided_aa_rounds_as_the_campaigns_option_says(reading: str, strength: int) -> None:
    service = campaign(divided_aa_rounding=reading)
    try:
        assert service.state().identity.options["divided_aa_rounding"] == reading
        entry = service.execute_json(DAS)
        assert f"DAS: 4 + 0 + 3 = 7 AA over 3 hex(es), / 3 = {strength} (J-54: the fraction is rounded {reading})" in (
            texts(entry)
        )
        assert f"strength {strength}," in entry["ruling"]["summary"]
    finally:
        service.close()


def test_J54_a_campaign_created_before_the_option_rounds_down(sf: RefereeService) -> None:
    state = sf.state()
    del state.identity.options["divided_aa_rounding"]
    from referee.europa.common.context import opt_since
    from referee.europa.second_front.aa_handlers import ROUNDING

    assert opt_since(state, ROUNDING, "down") == "down"


def test_F08_only_heavy_aa_fires_at_an_hb_on_other_missions(sf: RefereeService) -> None:
    b17 = {"label": "B-17G", "type": "HB", "df": 6}
    entry = sf.execute_json({**B17_FIRE, "air_units": [b17], "heavy_aa": 8})
    assert "only heavy AA fires at B-17G: heavy AA 8 (light AA given is not fired)" in texts(entry)
    assert "strength 8, column 6" in entry["ruling"]["summary"]
    assert "B-17G (HB on bombing): DF 6 +0 = 6; only heavy AA may fire" in texts(entry)
    refused(
        sf,
        {**B17_FIRE, "air_units": [b17, {"label": "B-26", "type": "B", "df": 4}], "heavy_aa": 8},
        r"only heavy AA fires at B-17G \(HB on other missions\), light and heavy AA at B-26: fire at the HBs apart",
    )
    refused(
        sf,
        {**B17_FIRE, "air_units": [{"label": "B-26", "type": "B", "df": 4}], "heavy_aa": 8},
        r"heavy_aa is the AA fired at an HB flying other missions.*no unit fired at here is one",
    )
    harassing = sf.execute_json(
        {**B17_FIRE, "mission": "harassment", "adjacent_aa": [6], "aa": 4, "air_units": [b17], "faces": [3, 3]}
    )
    assert "B-17G (HB on harassment): DF 6 -2 = 4; light and heavy AA may fire" in texts(harassing)


def test_K31_the_aa_command_reads_aa_strengths_and_air_units_off_the_rosters(sf: RefereeService) -> None:
    entry = sf.execute_json(
        {**B17_FIRE, "mission": "ground_support", "aa": None, "aa_units": ["4flak"], "roster_air_units": ["p47-a"]}
    )
    assert "4th Flak Division (4flak): AA 11, its roster rating" in texts(entry)
    assert "P-47D25 a (p47-a): F, DF 9" in texts(entry)
    assert "P-47D25 a (F, DF 9): a fighter counts as 6, no mission modification (J-53)" in texts(entry)
    assert entry["ruling"]["summary"].startswith(
        "AA over Schweinfurt (Jul I 1943): strength 11, column 7, DRM +0, roll 8 → 8: P-47D25 a aborted"
    )
    heavy = sf.execute_json({**B17_FIRE, "roster_air_units": ["b17-a"], "aa": None, "aa_units": ["4flak"]})
    assert "B-17G a (HB on bombing): DF 6 +0 = 6; only heavy AA may fire" in texts(heavy)
    refused(sf, {**B17_FIRE, "aa": None, "aa_units": ["246vg"], "roster_air_units": ["p47-a"]}, r"no whole-number aa")
    refused(sf, {**B17_FIRE, "aa_units": ["4flak"], "roster_air_units": ["p47-a"]}, r"not both")
    refused(sf, {**B17_FIRE, "roster_air_units": ["4flak"]}, r"Allies's roster has no unit '4flak'")
    refused(sf, {**B17_FIRE}, r"name the air units fired at")


def test_K31_a_clubs_corrected_order_of_battle_changes_the_fire(tmp_path: Path) -> None:
    text = (scenarios_root() / "second-front" / "1943.toml").read_text(encoding="utf-8")
    assert 'ratings = { aa = "11" }' in text
    ours = tmp_path / "our-1943.toml"
    ours.write_text(text.replace('ratings = { aa = "11" }', 'ratings = { aa = "7" }'), encoding="utf-8")
    service = campaign(str(ours))
    try:
        entry = service.execute_json(
            {**B17_FIRE, "mission": "ground_support", "aa": None, "aa_units": ["4flak"], "roster_air_units": ["p47-a"]}
        )
        assert "4th Flak Division (4flak): AA 7, its roster rating" in texts(entry)
        assert entry["ruling"]["summary"].startswith(
            "AA over Schweinfurt (Jul I 1943): strength 7, column 5, DRM +0, roll 8 → 6: P-47D25 a aborted"
        )
    finally:
        service.close()


def test_K30_a_clubs_printed_aa_table_replaces_the_provisional_one_and_changes_the_result(
    sf: RefereeService, tmp_path: Path
) -> None:
    p47s = [{"label": f"P-47 {n}", "type": "F", "df": 9} for n in range(1, 5)]
    fire = {**B17_FIRE, "mission": "ground_support", "air_units": p47s}
    assert sf.execute_json(fire)["ruling"]["summary"].endswith(
        "roll 8 → 19: P-47 1 returned, P-47 2 aborted, P-47 3 returned, P-47 4 unaffected"
    )
    text = (scenarios_root() / "charts" / "second-front-aa.toml").read_text(encoding="utf-8")
    row = '"8"  = [ "-",  "1",  "2",  "3",  "4",  "5",  "6",  "7",  "8",  "9", "11", "16", "19", "23", "27", "32"]'
    assert row in text
    ours = tmp_path / "our-aa.toml"
    ours.write_text(
        text.replace(row, row.replace('"9", "11", "16"', '"9", "11", "15"')).replace(
            "provisional = true", "provisional = false"
        ),
        encoding="utf-8",
    )
    sf.execute_json({"kind": "AdoptCharts", "charts": str(ours), "reason": "our printed table"})
    assert sf.state().identity.tables["aa_min_roll"]["provisional"] is False
    shifted = sf.execute_json({**fire, "aa": 11})
    assert "column 14" in shifted["ruling"]["summary"] and "roll 8 → 15" in shifted["ruling"]["summary"]
