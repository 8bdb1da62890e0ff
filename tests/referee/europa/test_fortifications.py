"""Second Front fortifications (Rule 30A4): the effects chart F-20 / D-47 row by row, combined
hexside and fortress effects, forts and fortresses changing hands (F-21, F-22), port
fortifications (F-23), unimprovable hexsides and ouvrages (F-24), and the Westwall (F-25): its
once-per-game emergency restoration and hex-by-hex improvement for 2 Resource Points.

The handlers run here on a second-front/1943 campaign's state with the chart pinned into it and
their events applied by the fortification (and logistics) appliers, so they need no wiring;
tests/referee/europa/test_fortification_service.py runs them through the service."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.common.calendar import turn_label
from referee.common.chart_files import chart_path
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError, ScenarioError
from referee.common.state import StatedFact
from referee.europa.common.state import EuropaState, ResourceStock
from referee.europa.game import GAME
from referee.europa.logistics.fold import LOGISTICS_APPLIERS
from referee.europa.second_front import commands as fc
from referee.europa.second_front import events as fe
from referee.europa.second_front import fortifications as ft
from referee.europa.second_front.fold import FORTIFICATION_APPLIERS
from referee.europa.second_front.fortification_handlers import FORTIFICATION_HANDLERS
from referee.europa.second_front.westwall_handlers import resource_reinforcements_forfeited
from referee.service import RefereeService
from tests.conftest import MakeService

CHART, _DIGEST = ft.load_fortification_chart()


def effect(*names: str) -> ft.FortEffect:
    return ft.fortification_effects(list(names), CHART)


# F-20, D-47: the chart ----------------------------------------------------------------------------------


def test_D47_the_bundled_chart_is_the_printed_F20_chart_not_provisional() -> None:
    """D-47, F-20 [003]: the chart is printed in the text: thirteen rows, not provisional."""
    assert CHART.provisional is False
    assert tuple(CHART.types) == ft.ROWS
    data, digest = ft.fortification_chart_data(ft.BUNDLED)
    assert data["types"]["ouvrage"]["label"] == "Ouvrage" and len(digest) == 64


@pytest.mark.parametrize(
    ("row", "drm", "no_aec", "halved", "exempt", "ground_support", "ignores_retreat"),
    [
        ("fort", -1, True, False, (), False, False),
        ("fortified_area", -1, True, False, (), False, False),
        ("port_fortification", -1, True, True, ("artillery", "engineer"), True, False),
        ("unimproved_fortified_hexside", 0, True, False, (), False, False),
        ("improved_fortified_hexside", 0, True, True, ("artillery", "engineer"), False, False),
        ("unimproved_fortress", -1, True, False, (), False, False),
        ("improved_fortress", -1, True, True, ("artillery", "engineer"), True, False),
        ("unimproved_westwall", -1, True, False, (), False, False),
        ("westwall_1", -1, True, False, (), False, True),
        ("westwall_2", -2, True, False, (), False, True),
        ("westwall_3", -3, True, False, (), False, True),
        ("ouvrage", -1, True, True, (), True, True),
        ("destroyed_ouvrage", -1, True, False, (), False, False),
    ],
)
def test_F20_each_row_of_the_chart(
    row: str,
    drm: int,
    no_aec: bool,
    halved: bool,
    exempt: tuple[str, ...],
    ground_support: bool,
    ignores_retreat: bool,
) -> None:
    """F-20 [003]: each row's DRM, No AEC, attacker halving (and whom it spares), ground-support
    halving and retreat."""
    found = effect(row)
    assert (found.drm, found.no_aec, found.attacker_halved, found.halved_exempt) == (drm, no_aec, halved, exempt)
    assert (found.ground_support_halved, found.defender_ignores_retreat) == (ground_support, ignores_retreat)
    assert found.steps[0].rule.startswith("F-20")


def test_F20_the_ouvrage_halves_engineers_and_artillery_too() -> None:
    """F-20 [003]: the Ouvrage row prints "Attacker halved" with no engineer/artillery exception."""
    ouvrage, fortress = effect("ouvrage"), effect("improved_fortress")
    assert ouvrage.halves("engineer") and ouvrage.halves("artillery") and ouvrage.halves("infantry")
    assert not fortress.halves("engineer") and not fortress.halves("Artillery") and fortress.halves("infantry")
    assert "attackers halved (all attackers)" in ouvrage.steps[0].text


def test_F20_hexside_into_fortress_combines_both_drms_add_flags_or() -> None:
    """F-20 [003]: an attack through an improved fortified hexside into a Westwall [3] hex takes
    both: −3 + 0, no AEC, attackers (but engineers and artillery) halved, defender ignores retreat."""
    found = effect("improved_fortified_hexside", "westwall_3")
    assert (found.drm, found.no_aec, found.attacker_halved, found.defender_ignores_retreat) == (-3, True, True, True)
    assert found.halved_exempt == ("artillery", "engineer") and not found.ground_support_halved
    assert "DRMs add" in found.steps[-1].text and "F-20 [003]" in found.steps[-1].rule


def test_F20_combined_halving_spares_only_what_both_rows_spare() -> None:
    """F-20 [003] with D-40 [000]: halved once; the ouvrage spares nobody, so engineers are halved."""
    found = effect("improved_fortified_hexside", "ouvrage")
    assert (found.drm, found.halved_exempt, found.ground_support_halved) == (-1, (), True)
    assert found.halves("engineer")


def test_F20_only_a_hexside_and_a_hex_fortification_combine() -> None:
    """F-20 [003]: the combination is for an attack across a fortified hexside into another fortification."""
    with pytest.raises(IllegalOrderError, match=r"combine only .* hexside .*F-20"):
        effect("fort", "improved_fortress")
    with pytest.raises(IllegalOrderError, match="no fortification 'moat'"):
        effect("moat")


def test_F20_a_chart_without_a_row_is_refused_naming_it(tmp_path: Path) -> None:
    """A referee's replacement chart must hold every F-20 row; the error names the missing one."""
    raw = chart_path(ft.BUNDLED).read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(raw.replace("[types.destroyed_ouvrage]", "[types.ruined_ouvrage]"), encoding="utf-8")
    with pytest.raises(ScenarioError, match="destroyed_ouvrage"):
        ft.load_fortification_chart(str(bad))


def test_F23_port_fortification_acts_as_an_improved_fortress() -> None:
    """F-23 [003]: 1 RE, MA 0, outside the stacking limit, self-supporting, the improved fortress's effects."""
    port = ft.PORT_FORTIFICATION
    assert (port.res, port.movement, port.counts_for_stacking, port.self_supporting) == (1, 0, False, True)
    as_port, as_fortress = effect("port_fortification"), effect(port.acts_as)
    assert (as_port.drm, as_port.attacker_halved, as_port.ground_support_halved) == (
        as_fortress.drm,
        as_fortress.attacker_halved,
        as_fortress.ground_support_halved,
    )


def test_F25_westwall_rows_by_level_and_condition() -> None:
    """F-20, F-25 [003]: an improved Westwall hex fights at its level [1]-[3]; unimproved at −1."""
    assert [ft.westwall_row(level, True) for level in (1, 2, 3)] == ["westwall_1", "westwall_2", "westwall_3"]
    assert ft.westwall_row(3, False) == "unimproved_westwall"
    assert ft.read_westwall(ft.westwall_value(2, True)) == (2, True)
    with pytest.raises(IllegalOrderError, match="level 1, 2 or 3"):
        ft.westwall_row(4, True)


# The handlers on a campaign's state ---------------------------------------------------------------------

APPLIERS = {**LOGISTICS_APPLIERS, **FORTIFICATION_APPLIERS}


class Table:
    """A second-front/1943 campaign's state with the chart pinned; each command's events applied."""

    def __init__(self, service: RefereeService) -> None:
        state = service.state().model_copy(deep=True)
        assert isinstance(state, EuropaState)
        tables = {**state.identity.tables, ft.KEY: ft.fortification_chart_data(ft.BUNDLED)[0]}
        self.state = state.model_copy(update={"identity": state.identity.model_copy(update={"tables": tables})})
        self.ruleset = service._pinned_ruleset(state)

    def at(self, turn: int, player: str, phase: str) -> None:
        calendar = self.state.table.calendar.model_copy(
            update={"turn": turn, "label": turn_label(turn, self.ruleset), "player": player, "phase": phase}
        )
        self.state = self.state.model_copy(update={"table": self.state.table.model_copy(update={"calendar": calendar})})

    def fact(self, name: str, subject: str, value: str) -> None:
        facts = {
            **self.state.table.facts,
            f"{name}:{subject}": StatedFact(fact=name, subject=subject, value=value, entry=2, stated_by="Anna"),
        }
        self.state = self.state.model_copy(update={"table": self.state.table.model_copy(update={"facts": facts})})

    def resource_points(self, **stock: int) -> None:
        points = {"Axis": ResourceStock(side="Axis", stock=dict(stock))}
        self.state = self.state.model_copy(update={"resource_points": points})

    def do(self, command: Any) -> Decision:
        ctx = Context(state=self.state, ruleset=self.ruleset, head=1, game=GAME)
        decision: Decision = FORTIFICATION_HANDLERS[type(command)](command, ctx)
        state = self.state.model_copy(deep=True)
        for event in decision.events:
            APPLIERS[type(event)](state, event)
        self.state = state
        return decision

    def refused(self, command: Any, message: str) -> None:
        before = self.state
        with pytest.raises(IllegalOrderError, match=message):
            self.do(command)
        assert self.state == before

    def marker(self, key: str) -> str | None:
        return self.state.table.markers.get(key)


@pytest.fixture
def table(make_service: MakeService) -> Table:
    return Table(make_service(scenario="second-front/1943", name="sf"))


def test_F21_a_fort_is_destroyed_when_the_enemy_gains_its_hex(table: Table) -> None:
    """F-21 [003]: the fort's marker leaves play at once; the ruling cites F-21."""
    table.do(fc.PlaceFortification(side="Axis", hex="Caen", fortification="fort"))
    assert (table.marker("fort:Caen"), table.marker("owner:Caen")) == ("fort", "Axis")
    decision = table.do(fc.RecordHexOwnership(hex="Caen", owner="Allies"))
    assert table.marker("fort:Caen") is None and table.marker("owner:Caen") == "Allies"
    assert "leaves play" in decision.ruling.summary
    assert any(step.rule == "F-21 [003]" for step in decision.ruling.steps)
    table.refused(fc.RecordHexOwnership(hex="Caen", owner="Allies"), "Allies already owns Caen")


def test_F22_an_improved_fortress_becomes_unimproved_once_and_stays(table: Table) -> None:
    """F-22 [003]: improved → unimproved when the enemy gains it; unimproved never changes."""
    decision = table.do(fc.RecordHexOwnership(hex="Metz", owner="Allies"))
    assert table.marker("fort:Metz") == "unimproved_fortress"
    assert "becomes unimproved fortress" in decision.ruling.summary
    assert any(step.rule == "F-22 [003]" for step in decision.ruling.steps)
    table.do(fc.RecordHexOwnership(hex="Metz", owner="Axis"))
    assert table.marker("fort:Metz") == "unimproved_fortress"


def test_F22_a_fortress_is_set_up_in_the_condition_its_order_of_battle_gives(table: Table) -> None:
    """F-22 [003]: the orders of battle give the condition; without one the placement is refused."""
    table.refused(fc.PlaceFortification(side="Axis", hex="Brest", fortification="fortress"), "F-22")
    decision = table.do(
        fc.PlaceFortification(side="Axis", hex="Brest", fortification="fortress", condition="unimproved")
    )
    assert table.marker("fort:Brest") == "unimproved_fortress"
    assert decision.ruling.summary == "Unimproved Fortress at Brest (Axis)"
    table.refused(fc.PlaceFortification(side="Axis", hex="Brest", fortification="fort"), "already holds")


def test_F23_port_fortification_is_removed_when_the_enemy_holds_the_port(table: Table) -> None:
    """F-23 [003]: a port fortification is a unit of movement 0 that defends as an improved fortress."""
    decision = table.do(fc.PlaceFortification(side="Axis", hex="Cherbourg", fortification="port_fortification"))
    assert "attackers halved (except engineer, artillery)" in " ".join(step.text for step in decision.ruling.steps)
    table.do(fc.RecordHexOwnership(hex="Cherbourg", owner="Allies"))
    assert table.marker("fort:Cherbourg") is None


def test_F24_fortified_hexsides_and_ouvrages_start_unimproved_and_never_change(table: Table) -> None:
    """F-24 [003]: placed unimproved only; unchanged when the hex changes hands."""
    table.refused(
        fc.PlaceFortification(side="Axis", hex="0512/0513", fortification="fortified_hexside", condition="improved"),
        r"start unimproved and cannot be improved \(F-24",
    )
    table.refused(
        fc.PlaceFortification(side="Axis", hex="Hackenberg", fortification="ouvrage", condition="improved"), "F-24"
    )
    table.do(fc.PlaceFortification(side="Axis", hex="0512/0513", fortification="fortified_hexside"))
    table.do(fc.PlaceFortification(side="Axis", hex="Hackenberg", fortification="ouvrage"))
    assert table.marker("owner:0512/0513") is None
    decision = table.do(fc.RecordHexOwnership(hex="Hackenberg", owner="Allies"))
    assert table.marker("fort:Hackenberg") == "ouvrage"
    assert any(step.rule == "F-24 [003]" for step in decision.ruling.steps)
    ruling = table.do(fc.CheckFortificationEffects(hex="Metz", hexside="0512/0513")).ruling
    assert (
        ruling.summary
        == "Metz: DRM −1; no AEC; attackers halved (except artillery, engineer); ground-support bombing halved"
    )


def test_F26_a_fort_built_in_play_takes_two_turns_one_with_quick_construction(table: Table) -> None:
    """F-26 [003]: forts take 2 turns to build whatever the terrain; quick construction halves it."""
    built = {"side": "Axis", "hex": "Falaise", "fortification": "fort", "origin": "built", "begun": 49}
    table.refused(fc.PlaceFortification(**built), r"built on turn 51; it is now turn 50 \(F-26")
    table.do(fc.PlaceFortification(**built, quick_construction=True))
    assert table.marker("fort:Falaise") == "fort"
    table.refused(
        fc.PlaceFortification(
            side="Axis", hex="Lorient", fortification="fortress", condition="improved", origin="built", begun=40
        ),
        "only a fort counter is built",
    )


def test_F25_the_westwall_starts_unimproved_and_degrades_in_the_allied_initial_phase(table: Table) -> None:
    """F-25 [003]: placed unimproved; an improved hex the Allies own becomes unimproved in the Allied
    Initial phase, not before; an unimproved one keeps its effects."""
    table.refused(
        fc.PlaceFortification(side="Axis", hex="Trier", fortification="westwall", level=2, condition="improved"),
        "starts unimproved",
    )
    table.do(fc.PlaceFortification(side="Axis", hex="Trier", fortification="westwall", level=2))
    assert table.marker("westwall:Trier") == "2|unimproved"
    table.state.table.markers["westwall:Aachen"] = "2|improved"
    decision = table.do(fc.RecordHexOwnership(hex="Aachen", owner="Allies"))
    assert table.marker("westwall:Aachen") == "2|improved"
    assert "stays improved until the Allies Initial phase" in decision.ruling.steps[-1].text
    table.refused(fc.ReviewAlliedWestwall(), r"Allied Initial phase \(F-25")
    table.at(50, "Allies", "Initial")
    decision = table.do(fc.ReviewAlliedWestwall())
    assert table.marker("westwall:Aachen") == "2|unimproved"
    assert decision.ruling.summary == "1 Westwall hex(es) become unimproved"
    table.do(fc.RecordHexOwnership(hex="Kleve", owner="Allies"))
    assert table.marker("westwall:Kleve") == "1|unimproved"


def test_F25_emergency_restoration_once_per_game_restored_two_axis_initials_later(table: Table) -> None:
    """F-25 [003]: declared in an Axis Initial phase with an Allied ground unit near (a stated fact,
    cited); two Axis Initial phases without RP reinforcements; restored in the second following
    Axis Initial phase (German-owned hexes only); never a second time."""
    table.refused(fc.DeclareWestwallRestoration(), "allied_near_westwall")
    table.fact("allied_near_westwall", "Westwall", "no")
    table.refused(fc.DeclareWestwallRestoration(), r"no Allied ground unit is near the Westwall .*stated at #2 by Anna")
    table.fact("allied_near_westwall", "Westwall", "yes")
    table.at(50, "Axis", "Movement")
    table.refused(fc.DeclareWestwallRestoration(), r"Axis Initial phase \(F-25")
    table.at(50, "Axis", "Initial")
    table.state.table.markers["owner:Kleve"] = "Allies"
    decision = table.do(fc.DeclareWestwallRestoration())
    assert decision.ruling.summary == "Westwall emergency restoration declared; restored in Aug I 1943"
    texts = " ".join(step.text for step in decision.ruling.steps)
    assert "Jul I 1943 and Jul II 1943: no Resource Point reinforcements, and no civilian labor" in texts
    assert "allied_near_westwall of Westwall = yes, stated at #2 by Anna" in texts
    assert resource_reinforcements_forfeited(table.state, 51) is not None
    assert resource_reinforcements_forfeited(table.state, 52) is None
    table.at(51, "Axis", "Initial")
    table.refused(fc.CompleteWestwallRestoration(), r"Axis Initial phase of Aug I 1943, the second")
    table.refused(fc.DeclareWestwallRestoration(), r"already declared in Jul I 1943: once per game \(F-25")
    table.at(52, "Axis", "Initial")
    table.do(fc.CompleteWestwallRestoration())
    assert table.marker("westwall:Aachen") == "2|improved" and table.marker("westwall:Saarbrucken") == "3|improved"
    assert table.marker("westwall:Kleve") == "1|unimproved"
    assert table.marker(fe.RESTORATION) == "50|52|restored"
    table.refused(fc.DeclareWestwallRestoration(), "once per game")
    table.refused(fc.CompleteWestwallRestoration(), "no Westwall emergency restoration is under way")


def test_F25_improving_a_westwall_hex_takes_4_turns_and_2_resource_points(table: Table) -> None:
    """F-25 [003]: 2 Axis Resource Points debited (ResourcePointsDebited, not Replacement Points);
    done 4 turns later; refused before."""
    table.state = table.state.model_copy(update={"resource_points": {}})  # a side with no stock at all
    table.refused(fc.ImproveWestwallHex(hex="Aachen", location="Ruhr"), "keeps no Resource Points")
    table.resource_points(Ruhr=3)
    decision = table.do(fc.ImproveWestwallHex(hex="Aachen", location="Ruhr"))
    assert [event.type for event in decision.events] == ["ResourcePointsDebited", "WestwallWorksBegun"]
    assert table.state.resource_points["Axis"].stock["Ruhr"] == 1
    assert table.state.replacement_tracks["Germany"].points == {"infantry": 0, "armor": 0, "artillery": 0}
    assert table.marker("westwall_works:Aachen") == "50|54"
    table.refused(fc.ImproveWestwallHex(hex="Saarbrucken", location="Ruhr"), "holds 1 Resource Points in Ruhr")
    table.refused(fc.ImproveWestwallHex(hex="Aachen", location="Ruhr"), "already being improved")
    table.at(53, "Axis", "Initial")
    table.refused(fc.CompleteWestwallImprovement(hex="Aachen"), r"are done in Sep I 1943; it is now Aug II 1943")
    table.at(54, "Axis", "Initial")
    table.do(fc.CompleteWestwallImprovement(hex="Aachen"))
    assert (table.marker("westwall:Aachen"), table.marker("westwall_works:Aachen")) == ("2|improved", None)
    table.refused(fc.ImproveWestwallHex(hex="Aachen", location="Ruhr"), "already improved")


def test_F25_quick_construction_improves_in_2_turns(table: Table) -> None:
    """F-25 [003]: 2 turns with quick construction; only a hex the Axis owns."""
    table.resource_points(Ruhr=4)
    table.state.table.markers["owner:Kleve"] = "Allies"
    table.refused(fc.ImproveWestwallHex(hex="Kleve", location="Ruhr"), "Kleve is Allies's")
    decision = table.do(fc.ImproveWestwallHex(hex="Saarbrucken", location="Ruhr", quick_construction=True))
    assert "done in Aug I 1943" in decision.ruling.summary
    assert table.marker("westwall_works:Saarbrucken") == "50|52"
    assert ft.improvement_due(50, quick=False)[0] == 54
