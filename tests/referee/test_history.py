"""A history that outlives the code: rules pinned per campaign, events upcast on reading, and the
rules changed only by a recorded command."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger.errors import TamperedError
from ledger.store import LedgerStore
from referee.commands import CreateCampaign
from referee.common import ruleset as ruleset_module
from referee.common import scenario as scenario_module
from referee.common.errors import IllegalOrderError
from referee.common.events import EventCatalog, events_of
from referee.europa.combat import events as combat_events
from referee.europa.events import CATALOG, LEGACY
from referee.europa.game import FOLD
from referee.europa.logistics import events as lg
from referee.service import RefereeService, import_campaign
from tests.referee.europa.test_logistics_service import at_phase

from support import TickingClock, golden_figures

EXPORTS = Path(__file__).parents[1] / "data" / "exports"


@pytest.fixture
def scenarios(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the bundled scenarios/ folder that the test may edit, as a later release would."""
    copy = tmp_path / "scenarios"
    shutil.copytree(ruleset_module.scenarios_root(), copy)
    monkeypatch.setattr(ruleset_module, "scenarios_root", lambda: copy)
    monkeypatch.setattr(scenario_module, "scenarios_root", lambda: copy)
    yield copy


def _create(path: Path, scenario: str = "revised-europa/barbarossa") -> RefereeService:
    return RefereeService.create(str(path), CreateCampaign(scenario=scenario, name="pinned"), clock=TickingClock())


def test_editing_the_bundled_ruleset_changes_nothing_in_a_started_campaign(scenarios: Path, tmp_path: Path) -> None:
    service = _create(tmp_path / "c.db")
    at_phase(service, "Jun II 1941", "Axis", "Air")
    ruleset = scenarios / "rulesets" / "europa-000.toml"
    ruleset.write_text(ruleset.read_text().replace('"Air", "Movement", "Combat"', '"Air", "Combat"'), "utf-8")
    service.close()
    service = RefereeService.open(str(tmp_path / "c.db"), clock=TickingClock())
    try:
        service.execute_json({"kind": "AdvancePhase"})
        assert service.state().table.calendar.phase == "Movement"  # the pinned sequence, not the edited file
        report = service.verify()
        assert report.ok, report.problems
    finally:
        service.close()


def test_moving_to_the_installed_ruleset_is_a_recorded_command_that_lists_the_changes(
    scenarios: Path, tmp_path: Path
) -> None:
    service = _create(tmp_path / "c.db")
    ruleset = scenarios / "rulesets" / "europa-000.toml"
    ruleset.write_text(ruleset.read_text().replace('"Air", "Movement", "Combat"', '"Air", "Combat"'), "utf-8")
    try:
        entry = service.execute_json({"kind": "AdoptRuleset", "reason": "the club plays the corrected phases"})
        texts = [step["text"] for step in entry["ruling"]["steps"]]
        assert any(text.startswith("calendar.special_turns") or "Movement" in text for text in texts), texts
        with pytest.raises(IllegalOrderError, match="already plays under exactly the installed europa-000"):
            service.execute_json({"kind": "AdoptRuleset", "reason": "twice"})
        with pytest.raises(IllegalOrderError, match="is for third_reich, not for this Revised Europa campaign"):
            service.execute_json({"kind": "AdoptRuleset", "ruleset": "third-reich-revised", "reason": "wrong game"})
        before = service.state(entry["number"] - 1).identity.ruleset_toml
        assert '"Movement"' in before and service.state().identity.ruleset_toml == ruleset.read_text()
    finally:
        service.close()


def test_a_user_chart_is_adopted_by_a_recorded_command(tmp_path: Path) -> None:
    service = _create(tmp_path / "c.db")
    chart = tmp_path / "my-crt.toml"
    bundled = ruleset_module.scenarios_root() / "charts" / "europa-combat.toml"
    chart.write_text(bundled.read_text().replace("provisional = true", "provisional = false"), "utf-8")
    try:
        entry = service.execute_json({"kind": "AdoptCharts", "charts": str(chart), "reason": "our printed CRT"})
        assert "chart:my-crt.toml" in service.state().identity.pinned
        assert "chart:europa-combat" not in service.state().identity.pinned
        assert "my-crt.toml sha256" in entry["ruling"]["steps"][0]["text"]
        with pytest.raises(IllegalOrderError, match="already plays with this chart"):
            service.execute_json({"kind": "AdoptCharts", "charts": str(chart), "reason": "again"})
    finally:
        service.close()


def test_a_release_0_1_0_campaign_reads_its_ruleset_from_the_archive_and_verify_names_a_missing_copy(
    scenarios: Path, tmp_path: Path
) -> None:
    service = import_campaign(str(EXPORTS / "europa-barbarossa-0.1.0.jsonl"), str(tmp_path / "old.db"))
    try:
        assert service.verify().ok
        archived = next((scenarios / "rulesets" / "archive").glob("europa-000-*.toml"))
        archived.write_text(archived.read_text() + "\n# edited\n", "utf-8")
        report = service.verify()
        assert not report.ok
        assert "ruleset europa-000 sha256 10239ad475bd5d8b" in report.problems[0][1]
        assert "missing or altered" in report.problems[0][1]
    finally:
        service.close()


def test_an_altered_pinned_ruleset_in_the_record_is_named_by_verify(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    _create(path).close()
    db = sqlite3.connect(path)
    with db:
        row = db.execute("select state from stored_events where originator_version = 1").fetchone()[0]
        db.execute(
            "update stored_events set state = ? where originator_version = 1",
            (row.replace(b"Revised Europa, latest revision", b"Revised Europa, later revision", 1),),
        )
    db.close()
    with pytest.raises(TamperedError, match="entry #1 has been altered"):  # the file changed: opening reads it all
        LedgerStore(str(path))
    with LedgerStore(str(path), check=False) as store:  # as `verify` opens it
        report = RefereeService(store).verify()
    assert not report.ok and report.problems[0][0] == 1
    assert "entry #1 has been altered" in report.problems[0][1]


def test_every_option_is_pinned_with_its_default(make_service) -> None:
    reich = make_service(scenario="revised-third-reich/campaign-1939")
    assert reich.state().identity.options["sw_start"] == "spring_1940"  # J-61, pinned though not chosen


def test_an_event_whose_shape_changed_is_upcast_and_old_campaigns_open_verify_and_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A later release adds a required field to SupplySpent (version 2) with an upcaster from
    version 1: the golden 0.1.0 export still imports, verifies, replays to its figures, and plays on."""

    class SupplySpentV2(lg.SupplySpent):
        v: int = 2
        paid_from: str  # the new required field

    def v1_to_v2(data: dict[str, object]) -> dict[str, object]:
        return {**data, "paid_from": "pool"}

    events = tuple(SupplySpentV2 if cls is lg.SupplySpent else cls for cls in events_of(lg, combat_events))
    catalog = EventCatalog(
        events,
        upcasters={**CATALOG.upcasters, ("SupplySpent", 1): v1_to_v2},
        expanders=dict(CATALOG.expanders),
    )
    monkeypatch.setattr(FOLD, "catalog", catalog)
    monkeypatch.setitem(FOLD.appliers, SupplySpentV2, FOLD.appliers[lg.SupplySpent])
    assert LEGACY.collections  # the 0.1.0 expanders still apply under the new catalog

    store = tmp_path / "old.db"
    service = import_campaign(str(EXPORTS / "europa-barbarossa-0.1.0.jsonl"), str(store))
    try:
        assert service.verify().ok
        stockpile = service.state().supply_pools["Axis"].stockpile
        service.execute_json({"kind": "ReceiveSupplyIncome", "side": "Axis"})
        service.execute_json({"kind": "AdvancePhase"})
        service.execute_json({"kind": "PayAirSupply", "side": "Axis", "fighters": 2, "others": 2})
        assert service.state().supply_pools["Axis"].stockpile < stockpile + 200
        assert service.verify().ok
    finally:
        service.close()
    golden = json.loads((EXPORTS / "europa-barbarossa-0.1.0.figures.json").read_text("utf-8"))
    figures = golden_figures(str(store), golden["head"]["head"]["number"])
    assert figures["figures"] == golden["head"]["figures"]
