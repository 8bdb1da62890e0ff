"""Europa Boot Camp through the referee service (seed 002): a combat is one entry with its 1D6
and the losses owed, stacks stated and held to E-28 at each phase end but the Initial (E-29),
the provisional replacements (C-65, K-20), retreat and supply rulings citing stated facts, and
every refusal leaves the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.audit.report import audit
from referee.commands import CreateCampaign
from referee.common.errors import DiceNeededError, IllegalOrderError
from referee.service import RefereeService
from tests.support import TickingClock

SCENARIO = "europa-boot-camp/first-battle"


@pytest.fixture
def boot_camp(tmp_path: Path) -> Any:
    """A Boot Camp campaign (option combat_system=boot_camp) in an SQLite file."""
    service = RefereeService.create(
        str(tmp_path / "bc.db"), CreateCampaign(scenario=SCENARIO, name="bc"), clock=TickingClock()
    )
    yield service
    service.close()


def at_phase(service: RefereeService, player: str, phase: str) -> None:
    """Advance to the next time the calendar shows this player's phase."""
    for _ in range(50):
        calendar = service.state().table.calendar
        if (calendar.player, calendar.phase) == (player, phase):
            return
        service.execute_json({"kind": "AdvancePhase"})
    raise AssertionError(f"never reached {player} {phase}")


PANZER = {"label": "1pz", "strength": 8, "divisional": True, "cm": True, "type": "armor"}
INFANTRY = {"label": "2inf", "strength": 7, "divisional": True}
RIFLE = {"label": "10rif", "strength": 6, "divisional": True}

ATTACK: dict[str, Any] = {
    "kind": "ResolveBootCampCombat",
    "side": "Axis",
    "what": "swamp crossing",
    "hex": "0405",
    "terrain": "swamp",
    "zone": "A",
    "attackers": [PANZER, INFANTRY],
    "defenders": [RIFLE],
    "faces": [4],
    "rolled_by": "Anna",
    "witnesses": ["Boris"],
}


def test_a_boot_camp_combat_is_one_entry_with_its_1d6_and_losses_owed(boot_camp: RefereeService) -> None:
    """E-01..E-04, E-15 [002]: 15:6 → 2:1; swamp cancels AEC (E-12); die 4 → HX on the provisional
    chart: the defender loses its 6, the attacker at least half of it; AllocateLosses discharges both."""
    at_phase(boot_camp, "Axis", "Combat")
    entry = boot_camp.execute_json(ATTACK)
    assert entry["ruling"]["summary"] == (
        f"combat #{entry['number']} swamp crossing: 2-1, die 4 → HX; Axis loses 3; Soviet loses 6"
    )
    assert [(roll["dice"], roll["faces"], roll["method"]) for roll in entry["rolls"]] == [("1D6", [4], "physical")]
    rules = " ".join(step["rule"] for step in entry["ruling"]["steps"])
    assert all(rule in rules for rule in ("E-01", "E-02", "E-03", "E-12", "E-15", "K-20"))
    owed = [(loss.side, loss.amount) for loss in boot_camp.state().table.losses_due]
    assert owed == [("Axis", 3), ("Soviet", 6)]
    with pytest.raises(IllegalOrderError, match="still owes"):
        boot_camp.execute_json({"kind": "AdvancePhase"})
    combat = entry["number"]
    units = [{"label": "2inf to cadre", "counted": 7}]  # E-16, I-32: a cadre counts full
    boot_camp.execute_json({"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": units})
    units = [{"label": "10rif", "counted": 6}]
    boot_camp.execute_json({"kind": "AllocateLosses", "combat": combat, "side": "Soviet", "units": units})
    assert boot_camp.state().table.losses_due == []
    boot_camp.execute_json({"kind": "AdvancePhase"})


def test_losses_met_by_registered_units_show_in_the_force_roster(boot_camp: RefereeService) -> None:
    """Issue 28, 2: after the losses the roster still listed 2inf and 10rif as full. D-56 [000]:
    a unit meeting a loss goes to cadre (its label says so) or is eliminated; the audit finds the
    entries as the rules give them."""
    at_phase(boot_camp, "Axis", "Combat")
    combat = boot_camp.execute_json(ATTACK)["number"]
    units = [{"label": "2INF to cadre", "counted": 7}]
    axis = boot_camp.execute_json({"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": units})
    units = [{"label": "10rif", "counted": 6}]
    boot_camp.execute_json({"kind": "AllocateLosses", "combat": combat, "side": "Soviet", "units": units})
    rosters = {roster.side: roster.units for roster in boot_camp.state().rosters.values()}
    assert rosters["Axis"]["2inf"].status == "cadre" and rosters["Soviet"]["10rif"].status == "eliminated"
    assert rosters["Axis"]["1pz"].status == "full"
    assert any(step["text"] == "force roster: 2inf to cadre" for step in axis["ruling"]["steps"])
    report = audit(boot_camp)
    assert report.differences == [] and report.ok


def test_the_preview_shows_the_derivation_before_the_die(boot_camp: RefereeService) -> None:
    """E-03, E-04 [002]: without the die the order is not recorded; the preview shows odds and DRM."""
    at_phase(boot_camp, "Axis", "Combat")
    head = boot_camp.head()
    with pytest.raises(DiceNeededError, match=r"2-1: odds 15:6, DRM \+0; throw 1D6") as need:
        boot_camp.execute_json({**ATTACK, "faces": None})
    assert any("E-03" in step.rule for step in need.value.before.steps)
    assert boot_camp.head() == head


def test_E17_a_zero_attack_unit_attacking_alone_is_refused_and_nothing_recorded(boot_camp: RefereeService) -> None:
    """E-17 [002]: a 0 attack strength may not attack by itself."""
    at_phase(boot_camp, "Axis", "Combat")
    head, before = boot_camp.head(), boot_camp.state().to_json()
    zero = {"label": "sec1", "strength": 0, "supported": True}
    with pytest.raises(IllegalOrderError, match=r"sec1: attack strength 0 may not attack alone.*E-17"):
        boot_camp.execute_json({**ATTACK, "attackers": [zero]})
    assert (boot_camp.head(), boot_camp.state().to_json()) == (head, before)


def test_E17_a_zero_defence_unit_alone_is_eliminated_without_a_die(boot_camp: RefereeService) -> None:
    """E-17 [002]: the 0-defence NKVD regiment alone is eliminated automatically; no die is thrown."""
    at_phase(boot_camp, "Axis", "Combat")
    nkvd = {"label": "nkvd1", "strength": 0, "supported": True}
    entry = boot_camp.execute_json({**ATTACK, "defenders": [nkvd], "faces": None})
    assert entry["rolls"] == []
    assert entry["ruling"]["summary"].endswith(": DE")


def test_E06_a_unit_attacks_once_per_combat_phase(boot_camp: RefereeService) -> None:
    """E-06 [002]: a unit that attacked this combat phase may not attack again; nothing is recorded."""
    at_phase(boot_camp, "Axis", "Combat")
    boot_camp.execute_json(ATTACK)
    head = boot_camp.head()
    again = {**ATTACK, "attackers": [PANZER], "defenders": [{"label": "11rif", "strength": 6, "divisional": True}]}
    with pytest.raises(IllegalOrderError, match=r"1pz already in a combat this phase.*E-06"):
        boot_camp.execute_json(again)
    assert boot_camp.head() == head


FOUR_DIVISIONS = [{"label": name, "divisional": True} for name in ("1pz", "2inf", "3inf", "4inf")]


def test_E28_an_overstacked_hex_cannot_end_the_movement_phase(boot_camp: RefereeService) -> None:
    """E-28, E-29 [002]: four divisions in a hex: the phase may not end (store unchanged) until the
    stack is stated again within the limit."""
    at_phase(boot_camp, "Axis", "Movement")
    entry = boot_camp.execute_json({"kind": "RecordStack", "side": "Axis", "hex": "0405", "units": FOUR_DIVISIONS})
    assert "over the stacking limit" in entry["ruling"]["summary"]
    head, before = boot_camp.head(), boot_camp.state().to_json()
    with pytest.raises(IllegalOrderError, match=r"0405 \(Axis\): over the stacking limit.*E-28"):
        boot_camp.execute_json({"kind": "AdvancePhase"})
    assert (boot_camp.head(), boot_camp.state().to_json()) == (head, before)
    units = [*FOUR_DIVISIONS[:3], {"label": "art1", "artillery": True}]
    boot_camp.execute_json({"kind": "RecordStack", "side": "Axis", "hex": "0405", "units": units})
    boot_camp.execute_json({"kind": "AdvancePhase"})
    assert boot_camp.state().table.calendar.phase == "Air"


def test_E29_the_initial_phase_may_end_overstacked(boot_camp: RefereeService) -> None:
    """E-29 [002]: overstacked reinforcements and replacements may leave the Initial phase."""
    at_phase(boot_camp, "Axis", "Initial")
    boot_camp.execute_json({"kind": "RecordStack", "side": "Axis", "hex": "0101", "units": FOUR_DIVISIONS})
    boot_camp.execute_json({"kind": "AdvancePhase"})
    assert boot_camp.state().table.calendar.phase == "Movement"
    with pytest.raises(IllegalOrderError, match="E-28"):
        boot_camp.execute_json({"kind": "AdvancePhase"})


def test_C65_replacements_once_a_turn_in_the_initial_phase(boot_camp: RefereeService) -> None:
    """C-65 [002], K-20: the phasing nation's per-turn RPs as the scenario gives them, once a turn."""
    at_phase(boot_camp, "Axis", "Initial")
    state = boot_camp.state()
    per_turn = state.identity.tables["boot_camp"]["replacements_per_turn"]
    nation = next(name for name in per_turn if state.replacement_tracks[name].side == "Axis")
    held = dict(state.replacement_tracks[nation].points)
    boot_camp.execute_json({"kind": "ReceiveBootCampReplacements", "nation": nation})
    points = boot_camp.state().replacement_tracks[nation].points
    assert all(points.get(kind, 0) == held.get(kind, 0) + n for kind, n in per_turn[nation].items())
    head = boot_camp.head()
    with pytest.raises(IllegalOrderError, match="already received"):
        boot_camp.execute_json({"kind": "ReceiveBootCampReplacements", "nation": nation})
    assert boot_camp.head() == head


def test_E21_a_blocked_retreat_eliminates_citing_the_stated_fact(boot_camp: RefereeService) -> None:
    """E-21 [002]: no retreat route (stated retreat_blocked) eliminates the unit, cadre included."""
    boot_camp.execute_json({"kind": "StateFact", "fact": "retreat_blocked", "subject": "0506", "value": "yes"})
    entry = boot_camp.execute_json(
        {
            "kind": "CheckBootCampRetreat",
            "side": "Soviet",
            "hex": "0506",
            "units": [{"label": "10rif", "has_cadre": True}],
            "hexes": [{"hex": "0507"}],
        }
    )
    assert entry["ruling"]["summary"] == "retreat from 0506: 10rif eliminated"
    assert "retreat_blocked of 0506 = yes" in entry["ruling"]["steps"][0]["text"]


def test_E26_a_stated_enemy_zoc_blocks_the_supply_line(boot_camp: RefereeService) -> None:
    """E-26 [002]: a hex in an enemy ZOC with no friendly unit blocks the line (stated fact cited)."""
    at_phase(boot_camp, "Axis", "Initial")
    boot_camp.execute_json({"kind": "StateFact", "fact": "in_enemy_zoc", "subject": "0607", "value": "yes"})
    trace = {"kind": "TraceBootCampSupply", "side": "Axis", "unit": "3inf", "zone": "A", "hexes": [{"hex": "0607"}]}
    entry = boot_camp.execute_json(trace)
    assert entry["ruling"]["summary"] == "3inf: out of supply"
    assert any("in_enemy_zoc of 0607 = yes" in step["text"] for step in entry["ruling"]["steps"])
    friendly = {**trace, "hexes": [{"hex": "0607", "friendly_occupied": True}], "plain": 2}
    assert boot_camp.execute_json(friendly)["ruling"]["summary"] == "3inf: in supply"


def test_J46_boot_camp_commands_are_refused_under_the_revised_rules(europa: RefereeService) -> None:
    """J-46: a revised-rules campaign refuses the Boot Camp combat, and records nothing."""
    head = europa.head()
    with pytest.raises(IllegalOrderError, match="combat_system=boot_camp"):
        europa.execute_json({**ATTACK, "side": "Axis"})
    assert europa.head() == head


def test_F20_a_fortress_placed_in_the_hex_feeds_the_boot_camp_combat(boot_camp: RefereeService) -> None:
    """F-20, D-47 [003]: the fortification chart's row for the defender's hex (placed with
    PlaceFortification) is read by the combat: its DRM, no AEC, attackers halved but artillery."""
    boot_camp.execute_json(
        {
            "kind": "PlaceFortification",
            "side": "Soviet",
            "hex": "0405",
            "fortification": "fortress",
            "condition": "improved",
        }
    )
    at_phase(boot_camp, "Axis", "Combat")
    attack = {
        **ATTACK,
        "terrain": "clear",
        "attackers": [PANZER, INFANTRY, {"label": "art1", "strength": 4, "type": "artillery"}],
    }
    plain = {key: value for key, value in attack.items() if key not in ("faces", "hex")}
    without, _ = boot_camp.preview(boot_camp.parse(plain))
    with_fort, _ = boot_camp.preview(boot_camp.parse({key: value for key, value in attack.items() if key != "faces"}))
    texts = [step.text for step in with_fort.ruling.steps]
    assert any("0405 holds:" in text and "fortress" in text for text in texts)
    # (8 + 7) halved + 4 artillery = 11.5 against 6: 1-1; without the fortress 19:6 → 3-1 with AEC +1
    assert "3-1" in without.ruling.summary and "DRM +1" in without.ruling.summary
    assert "1-1" in with_fort.ruling.summary and "DRM -1" in with_fort.ruling.summary
