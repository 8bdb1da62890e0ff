"""Second Front minimum-dice-roll AA fire (Optional Rule 37L, RULES F.1 [003]) through the referee
service, on a Second Front campaign starting Jul I 43 with the pinned provisional AA table (K-30):
a preview without dice shows the strength, the column and every shift; the ruling gives each drawn
unit's fate; refusals (AA 0, escorts, other missions) change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.europa_support import texts
from tests.support import TickingClock, refused

P47S = [{"label": f"P-47 {n}", "type": "F", "df": 9} for n in range(1, 5)]
FIRE: dict[str, Any] = {
    "kind": "ResolveMinimumRollAA",
    "side": "Axis",
    "hex": "Caen",
    "mission": "ground_support",
    "aa_nationality": "German",
    "aa": 14,
    "air_units": P47S,
    "faces": [4, 4],
}
"""I-45's P-47s in 1943: a German 14 starts on "14" and the German +1 (AA ≥ 7, after Dec II 42)
reaches "17", as I-45's 11 does in 1944 with the 1944 +1."""


def second_front(tmp_path: Path, name: str, options: dict[str, str] | None = None) -> RefereeService:
    return RefereeService.create(
        str(tmp_path / f"{name}.db"),
        CreateCampaign(scenario="second-front/1943", name="sf", options=options or {}),
        clock=TickingClock(),
    )


def test_K30_the_campaign_pins_the_provisional_aa_table(sf: RefereeService) -> None:
    state = sf.state()
    assert state.table.calendar.label == "Jul I 1943"
    table = state.identity.tables["aa_min_roll"]
    assert table["provisional"] is True and "17" in table["columns"]


def test_F05_F11_a_preview_shows_the_column_and_shifts_then_the_p47s_fates(sf: RefereeService) -> None:
    before, _ = sf.preview(sf.parse({key: value for key, value in FIRE.items() if key != "faces"}))
    assert before.ruling.summary == "before the dice: AA over Caen (Jul I 1943): strength 14, column 17, DRM +0"
    shown = [step.text for step in before.ruling.steps]
    assert "AA strength 14 → column 14 (the largest not above it)" in shown
    assert "German AA 14 ≥ 7, only after Dec II 42 (A-41): +1" in shown
    assert "against 4 air unit(s): +0" in shown
    head = sf.head()
    entry = sf.execute_json(FIRE)
    assert entry["ruling"]["summary"] == (
        "AA over Caen (Jul I 1943): strength 14, column 17, DRM +0, roll 8 → 19: "
        "P-47 1 returned, P-47 2 aborted, P-47 3 returned, P-47 4 unaffected"
    )
    assert "P-47 1 (F, DF 9): a fighter counts as 6, no mission modification (J-53)" in texts(entry)
    assert "draw 2: P-47 2 aborted, 13 − 6 = 7 left" in texts(entry)
    assert "1 left is below P-47 4's DF 6: it and any later draw are unaffected" in texts(entry)
    assert [roll["dice"] for roll in entry["rolls"]] == ["2D6"] and entry["events"] == []
    assert sf.head() != head


def test_F10_dedicated_p47s_abort_and_are_eliminated_after_the_mission(sf: RefereeService) -> None:
    entry = sf.execute_json({**FIRE, "dedicated": True})
    assert entry["ruling"]["summary"].endswith("P-47 1 aborted, P-47 2 eliminated, P-47 3 aborted, P-47 4 unaffected")


def test_F07_aa_fired_from_a_unit_without_aa_is_refused_and_the_store_unchanged(sf: RefereeService) -> None:
    refused(sf, {**FIRE, "aa": 0}, r"AA fired from a unit without AA")
    refused(
        sf,
        {**FIRE, "mission": "DAS", "aa": None, "adjacent_aa": [0, 0, 0]},
        r"AA fired from a unit without AA",
    )


def test_F03_F07_das_at_night_against_one_bomber_reads_the_minus_1_column_with_a_drm(sf: RefereeService) -> None:
    entry = sf.execute_json(
        {
            "kind": "ResolveMinimumRollAA",
            "side": "Allies",
            "hex": "Caen",
            "mission": "DAS",
            "aa_nationality": "Allied",
            "night": True,
            "adjacent_aa": [4, 0, 2],
            "air_units": [{"label": "Ju88A", "type": "B", "df": 5}],
            "faces": [6, 6],
        }
    )
    assert entry["ruling"]["summary"] == (
        "AA over Caen (Jul I 1943): strength 2, column -1, DRM -3, roll 12 → 1: Ju88A unaffected"
    )
    assert "DAS: 4 + 0 + 2 = 6 AA over 3 hex(es), / 3 = 2" in texts(entry)
    assert "column 2 -6 passes the leftmost column: column -1 with DRM -3" in texts(entry)
    assert "Ju88A (B on DAS): DF 5 -1 = 4; light and heavy AA may fire" in texts(entry)


def test_F01_aa_never_fires_at_escorts_or_at_other_missions(sf: RefereeService) -> None:
    escorted = [*P47S[:2], {"label": "Spitfire", "type": "F", "df": 6, "escort": True}]
    entry = sf.execute_json({**FIRE, "air_units": escorted})
    assert "escort(s) Spitfire: AA never fires at escorts" in texts(entry)
    assert "against 2 air unit(s): -2" in texts(entry)
    assert "Spitfire" not in entry["ruling"]["summary"]
    refused(sf, {**FIRE, "air_units": escorted[2:]}, r"AA may not fire at escorts \(F-01 \[003\]\)")
    refused(
        sf,
        {**FIRE, "mission": "interception"},
        r"AA fires only at air units flying air transport or bombing missions; P-47 1 flies interception",
    )


def test_F02_naval_aa_at_sea_at_most_one_naval_unit_per_attacker(sf: RefereeService) -> None:
    naval = {**FIRE, "mission": "naval_bombing", "aa": None, "naval_aa": [3, 3, 3, 3, 3]}
    refused(sf, naval, r"5 naval units may not fire AA at 4 attacking air unit\(s\)")
    refused(sf, {**naval, "naval_aa": [3, 3], "aa": 4}, r"AA against naval_bombing does not use aa")
    entry = sf.execute_json({**naval, "naval_aa": [3, 3], "aa": 4, "in_port": True})
    assert "2 naval unit(s) of 4 allowed fire 6 + 4 non-naval AA in port = 10 (cargo never fires)" in texts(entry)


def test_J52_the_other_reading_puts_a_german_16_of_1943_on_the_14_column(tmp_path: Path) -> None:
    sixteen = {key: value for key, value in FIRE.items() if key != "faces"} | {"aa": 16}
    default = second_front(tmp_path, "p47")
    other = second_front(tmp_path, "other", {"aa_sixteen_example": "plus_1_from_1944"})
    try:
        assert default.preview(default.parse(sixteen))[0].ruling.summary.endswith("strength 16, column 17, DRM +0")
        before = other.preview(other.parse(sixteen))[0].ruling
        assert before.summary.endswith("strength 16, column 14, DRM +0")
        assert any("from 1944 (option aa_sixteen_example=plus_1_from_1944, J-52)" in step.text for step in before.steps)
    finally:
        default.close()
        other.close()
