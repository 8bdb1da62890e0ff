"""Europa combat through the referee service: one entry per combat, losses owed, allocated, refusals clean."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError, InvalidInputError, RulesError
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase

EXPORTS = Path(__file__).resolve().parents[2] / "data" / "exports"

ATTACK: dict[str, Any] = {
    "kind": "ResolveCombat",
    "side": "Axis",
    "what": "Brest",
    "zone": "B",
    "attackers": [
        {"label": "7-6 inf", "attack": 7},
        {"label": "9-10 pz", "attack": 9, "aeca": "full"},
        {"label": "2-1-10 StuG", "attack": 2, "aeca": "full"},
    ],
    "defenders": [{"label": "4-6 rifle", "defense": 4}],
    "paying_stacks": [1],
    "faces": [1, 2],
    "rolled_by": "Anna",
    "witnesses": ["Boris"],
}


def in_combat(service: RefereeService) -> None:
    at_phase(service, "Jun II 1941", "Axis", "Combat")


def test_a_combat_is_one_entry_with_roll_ruling_sp_and_losses_owed(europa: RefereeService) -> None:
    """DESIGN 'one combat': roll + ruling + SP spent + the losses each side owes, in one entry."""
    in_combat(europa)
    stockpile = europa.state().supply_pools["Axis"].stockpile
    entry = europa.execute_json(ATTACK)
    # 18:4 → 4-1, 1R armor → 5-1; 2D6 3 + 1 (armor) = 4 → X1 on the provisional chart: 2 each side
    assert entry["ruling"]["summary"].startswith(f"combat #{entry['number']} Brest: 5-1, roll 4 → X1")
    assert entry["rolls"] == [
        {
            "purpose": "combat: Brest",
            "dice": "2D6",
            "faces": [1, 2],
            "total": 3,
            "method": "physical",
            "rolled_by": "Anna",
            "witnesses": ["Boris"],
            "entered_by": "referee",
        }
    ]
    assert europa.state().supply_pools["Axis"].stockpile == stockpile - 1
    owed = [(loss.side, loss.amount, loss.armor_unit) for loss in europa.state().table.losses_due]
    assert owed == [("Axis", 2, False), ("Soviet", 2, False)]  # no ATEC, no fort: no armor loss required (D-57)
    rules = " ".join(step["rule"] for step in entry["ruling"]["steps"])
    assert all(rule in rules for rule in ("D-33", "D-34", "D-10", "D-14", "D-50", "D-55", "B-36"))


def test_play_cannot_move_on_until_the_losses_are_allocated(europa: RefereeService) -> None:
    """D-56: both sides take their losses before the next phase; over-fulfilment earns RPs (C-10)."""
    in_combat(europa)
    combat = europa.execute_json(ATTACK)["number"]
    with pytest.raises(IllegalOrderError, match=f"#{combat} combat Brest: Axis still owes a loss of 2"):
        europa.execute_json({"kind": "AdvancePhase"})
    with pytest.raises(IllegalOrderError, match=r"must lose 2 .* count 1"):
        europa.execute_json(
            {"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": [{"label": "7-6 inf", "counted": 1}]}
        )
    europa.execute_json(
        {
            "kind": "AllocateLosses",
            "combat": combat,
            "side": "Axis",
            "units": [{"label": "7-6 inf to cadre", "counted": 7, "change": 4}],
            "nation": "Germany",
        }
    )
    germany = europa.state().replacement_tracks["Germany"]
    assert [(p.kind, p.amount) for p in germany.pending] == [("infantry", 1)]  # change 4 − 2 − 1 = 1 (C-10)
    europa.execute_json(
        {"kind": "AllocateLosses", "combat": combat, "side": "Soviet", "units": [{"label": "4-6 rifle", "counted": 4}]}
    )
    assert europa.state().table.losses_due == []
    europa.execute_json({"kind": "AdvancePhase"})


def test_a_loss_is_taken_only_from_units_that_were_in_the_combat(europa: RefereeService) -> None:
    """D-56 [000]: a unit that was not in the combat cannot meet its loss (issue 12: the allocate
    form accepted any label); a label may go on to say what became of the unit, in any case."""
    in_combat(europa)
    combat = europa.execute_json(ATTACK)["number"]
    head = europa.head()
    with pytest.raises(
        IllegalOrderError, match=r"3-4 inf was not in combat #\d+ \(combat Brest\); Axis units there: 7-6 inf"
    ):
        europa.execute_json(
            {"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": [{"label": "3-4 inf", "counted": 2}]}
        )
    assert europa.head() == head
    units = [{"label": "9-10 PZ reduced", "counted": 2}]
    europa.execute_json({"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": units})
    assert [loss.side for loss in europa.state().table.losses_due] == ["Soviet"]


STUG_AT_ATEC: dict[str, Any] = {
    **ATTACK,
    "attackers": [{"label": "7-6 inf", "attack": 7}, {"label": "2-1-10 StuG", "attack": 2, "aeca": "full"}],
    "defenders": [{"label": "4-6 rifle", "defense": 4}, {"label": "2-3-8 AT", "defense": 3, "atec": "full"}],
    "faces": [1, 1],
}
"""Infantry and a StuG against a rifle and ATEC: the attacker's loss must include its armor (D-57)."""


def test_armor_loss_requirement_is_enforced(europa: RefereeService) -> None:
    """D-57: against ATEC the attacker's losses must include an AECA unit."""
    in_combat(europa)
    combat = europa.execute_json(STUG_AT_ATEC)["number"]
    loss = next(loss for loss in europa.state().table.losses_due if loss.side == "Axis")
    assert loss.armor_unit
    with pytest.raises(IllegalOrderError, match="must be an armor \\(AECA\\) unit"):
        europa.execute_json(
            {"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": [{"label": "7-6 inf", "counted": 7}]}
        )


@pytest.mark.parametrize(
    ("change", "message", "error"),
    [
        ({"faces": [7, 1]}, "faces 1 to 6; 7 cannot be thrown", InvalidInputError),
        ({"zone": "Q"}, "no weather zone 'Q'", IllegalOrderError),
        ({"terrain": "marsh"}, "no terrain 'marsh'", IllegalOrderError),
        ({"winterization": True}, "Snow only", IllegalOrderError),
        ({"paying_stacks": [500]}, "Axis SP pool holds \\d+; this attack costs 250", IllegalOrderError),
        ({"side": "Soviet"}, "combat happens in the Soviet Combat phase", IllegalOrderError),
        ({"overrun": True}, "an overrun happens in the Axis Movement or Exploitation phase", IllegalOrderError),
    ],
)
def test_refusals_change_nothing(
    europa: RefereeService, change: dict[str, Any], message: str, error: type[RulesError]
) -> None:
    in_combat(europa)
    before, head = europa.state().to_json(), europa.head()
    with pytest.raises(error, match=message):
        europa.execute_json({**ATTACK, **change})
    assert (europa.state().to_json(), europa.head()) == (before, head)


def test_rolling_back_a_combat_restores_pool_and_losses_and_keeps_the_roll_visible(europa: RefereeService) -> None:
    """Invariant 4: rollback to before the combat; the undone roll stays in the record."""
    in_combat(europa)
    before = europa.state().to_json()
    combat = europa.execute_json(ATTACK)["number"]
    europa.execute_json({"kind": "Rollback", "to": combat - 1, "reason": "wrong hex"})
    assert europa.state().to_json()["table"] == before["table"]
    assert europa.state().supply_pools["Axis"] == europa.state(at=combat - 1).supply_pools["Axis"]
    assert europa.store.entry(combat)["rolls"][0]["faces"] == [1, 2]


def test_a_user_chart_is_pinned_and_used(make_service: Any, tmp_path: Any) -> None:
    """K-01: the referee's own printed chart replaces the provisional one and is pinned by hash."""
    from referee.commands import CreateCampaign
    from referee.common.chart_files import chart_path as charts_path

    text = (
        charts_path("europa-combat")
        .read_text(encoding="utf-8")
        .replace(
            '"4"  = ["A2", "A1", "A1", "AR", "AR", "AR", "X1", "X1", "X1", "X1", "X1"]',
            '"4"  = ["A2", "A1", "A1", "AR", "AR", "AR", "X1", "X1", "DR", "X1", "X1"]',
        )
    )
    mine = tmp_path / "printed-crt.toml"
    mine.write_text(text, encoding="utf-8")
    service = RefereeService.create(
        str(tmp_path / "mine.db"), CreateCampaign(scenario="revised-europa/barbarossa", name="m", charts=str(mine))
    )
    try:
        assert "chart:printed-crt.toml" in service.state().identity.pinned
        in_combat(service)
        assert service.execute_json(ATTACK)["ruling"]["summary"].endswith("roll 4 → DR")
    finally:
        service.close()


def test_J17_factor_limits_in_the_surprise_turn_follow_the_option(tmp_path: Any) -> None:
    """J-17 / D-04: 30 AF per hex 'from the start of Barbarossa' (default) or only from Jun II 1941."""
    from referee.commands import CreateCampaign

    results = {}
    for reading in ("surprise_turn", "jun_ii_1941"):
        service = RefereeService.create(
            str(tmp_path / f"{reading}.db"),
            CreateCampaign(scenario="revised-europa/barbarossa", name=reading, options={"factor_limit_start": reading}),
        )
        try:
            at_phase(service, "Surprise turn 1941", "Axis", "Combat")
            entry = service.execute_json(
                {
                    **ATTACK,
                    "attackers": [{"label": "stack", "attack": 40}],
                    "defenders": [{"label": "rifle", "defense": 10}],
                }
            )
            results[reading] = entry["ruling"]["summary"].split(": ")[1].split(",")[0]
        finally:
            service.close()
    assert results == {"surprise_turn": "3-1", "jun_ii_1941": "4-1"}  # 30:10 and 40:10


def test_D94_an_overrun_charges_half_an_sp_per_non_cm_division_from_the_stockpile(europa: RefereeService) -> None:
    """D-94, B-39: 3 non-c/m divisions overrunning pay 2 SP, not from the surprise turn's special SP."""
    at_phase(europa, "Surprise turn 1941", "Axis", "Movement")
    pool = europa.state().supply_pools["Axis"]
    entry = europa.execute_json({**ATTACK, "overrun": True, "paying_stacks": [3]})
    after = europa.state().supply_pools["Axis"]
    assert (pool.stockpile - after.stockpile, pool.special - after.special) == (2, 0)
    assert "overrun by 3 non-c/m division(s): 2 SP" in json.dumps(entry["ruling"], ensure_ascii=False)


def test_without_faces_the_combat_is_refused_after_the_odds_are_known(europa: RefereeService) -> None:
    """A ResolveCombat without faces names the dice still to throw; nothing is written."""
    in_combat(europa)
    head = europa.head()
    with pytest.raises(IllegalOrderError, match="throw 2D6 at the table"):
        europa.execute_json({key: value for key, value in ATTACK.items() if key != "faces"})
    assert europa.head() == head


def test_a_campaign_without_a_pinned_chart_is_told_to_adopt_one_never_reads_the_bundled_file(
    europa: RefereeService,
) -> None:
    """A campaign reads only the chart it pinned; without one, the refusal says what to record."""
    from referee.europa.combat.handlers import charts_of

    state = europa.state()
    del state.identity.tables["combat"]
    with pytest.raises(
        IllegalOrderError, match=r'no combat chart pinned; record \{"kind": "AdoptCharts", "charts": "europa-combat"'
    ):
        charts_of(state)


def test_the_first_winter_penalty_is_for_axis_attackers_only(europa: RefereeService) -> None:
    """D-20: the -1 is for non-winterized Axis units; a Soviet attack cannot claim it."""
    at_phase(europa, "Jun II 1941", "Soviet", "Combat")
    head = europa.head()
    with pytest.raises(IllegalOrderError, match="for non-winterized Axis attackers"):
        europa.execute_json({**ATTACK, "side": "Soviet", "axis_first_winter": True})
    assert europa.head() == head


def test_attack_supply_is_not_charged_twice_in_one_combat_phase(europa: RefereeService) -> None:
    """B-36 [000] (issue 12): attack SP paid with PayAttackSupply and again through a combat's
    paying stacks in the same Combat phase is caught, either way round, unless the referee
    records why the two payments are for different stacks."""
    in_combat(europa)
    europa.execute_json({"kind": "PayAttackSupply", "side": "Axis", "stacks": [2]})
    head = europa.head()
    with pytest.raises(IllegalOrderError, match="paid attack supply with PayAttackSupply in this phase"):
        europa.execute_json(ATTACK)
    assert europa.head() == head
    entry = europa.execute_json({**ATTACK, "paying_stacks": []})  # already paid: nothing charged again
    assert not any(event["type"] == "SupplySpent" for event in entry["events"])
    entry = europa.execute_json({**ATTACK, "override": "this stack attacked from Brest, not paid above"})
    assert "the referee's reason: this stack attacked from Brest" in json.dumps(entry["ruling"])


def test_paying_by_hand_after_a_combat_charged_its_supply_is_caught(europa: RefereeService) -> None:
    in_combat(europa)
    europa.execute_json(ATTACK)
    with pytest.raises(IllegalOrderError, match="combats of this phase already charged their attack supply"):
        europa.execute_json({"kind": "PayAttackSupply", "side": "Axis", "stacks": [2]})


def test_attackers_without_a_hex_are_not_silently_put_in_one_hex(europa: RefereeService) -> None:
    """D-04 [000] (issue 12): 30 AF per hex in 1941. Units whose hex was not said were all counted
    from one hex and cut to 30; now, when they exceed it, the referee is asked for their hexes."""
    in_combat(europa)
    big = {
        **ATTACK,
        "attackers": [{"label": "pz A", "attack": 20}, {"label": "pz B", "attack": 15}],
        "paying_stacks": [],
    }
    head = europa.head()
    with pytest.raises(IllegalOrderError, match=r"2 attackers without a hex total 35 AF, more than the 30 one hex"):
        europa.execute_json(big)
    assert europa.head() == head
    placed = [{**unit, "hex": where} for unit, where in zip(big["attackers"], ("A", "B"), strict=True)]
    entry = europa.execute_json({**big, "attackers": placed})
    assert "limited to 30 per hex" not in json.dumps(entry["ruling"])
    one = europa.execute_json({**big, "attackers": [{"label": "pz C", "attack": 35}]})  # one unit: one hex
    assert "limited to 30 per hex" in json.dumps(one["ruling"])


def test_allocated_losses_feed_the_special_replacement_account(europa: RefereeService) -> None:
    """Issue 12, C-40 [000] with K-08 provisional (option special_losses, default allocated): what
    each unit given up actually lost goes to the named nation's loss account, armor for an AECA
    unit; special replacements later draw on it."""
    assert europa.state().identity.options["special_losses"] == "allocated"
    in_combat(europa)
    combat = europa.execute_json(ATTACK)["number"]
    units = [
        {"label": "7-6 inf to cadre", "counted": 7, "change": 4},
        {"label": "9-10 pz", "counted": 9, "armor": True},
    ]
    entry = europa.execute_json(
        {"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": units, "nation": "Germany"}
    )
    assert europa.state().replacement_tracks["Germany"].losses == {"infantry": 4, "armor": 9}
    step = next(step for step in entry["ruling"]["steps"] if "special replacements" in step["text"])
    assert step["text"] == "lost forces for special replacements: 4 infantry, 9 armor (provisional)"
    assert step["rule"] == "C-40 [000], K-08"
    soviet = europa.execute_json(
        {"kind": "AllocateLosses", "combat": combat, "side": "Soviet", "units": [{"label": "4-6 rifle", "counted": 4}]}
    )
    assert any("no nation named" in step["text"] for step in soviet["ruling"]["steps"])
    assert europa.state().replacement_tracks["USSR"].losses == {}


def test_losses_are_recorded_by_hand_under_the_recorded_reading(tmp_path: Path) -> None:
    command = CreateCampaign(
        scenario="revised-europa/barbarossa", name="by hand", options={"special_losses": "recorded"}
    )
    service = RefereeService.create(str(tmp_path / "by-hand.db"), command)
    in_combat(service)
    combat = service.execute_json(ATTACK)["number"]
    units = [{"label": "7-6 inf", "counted": 7}]
    service.execute_json(
        {"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": units, "nation": "Germany"}
    )
    assert service.state().replacement_tracks["Germany"].losses == {}
    service.close()


def test_a_campaign_started_before_the_special_losses_option_plays_as_it_did(tmp_path: Path) -> None:
    """Issue 10's promise: the 0.1.0 campaign pinned no special_losses reading; it plays on as
    its release did (losses recorded by hand), not by a later release's default."""
    store = tmp_path / "old.db"
    shutil.copyfile(EXPORTS / "europa-barbarossa-0.1.0.db", store)
    service = RefereeService.open(str(store))
    assert "special_losses" not in service.state().identity.options
    at_phase(service, "Sep II 1941", "Axis", "Combat")
    before = dict(service.state().replacement_tracks["Germany"].losses)
    attack = {**ATTACK, "zone": "C", "paying_stacks": [], "faces": [6, 6]}
    combat = service.execute_json(attack)["number"]
    for loss in service.state().table.losses_due:
        units = [{"label": "7-6 inf" if loss.side == "Axis" else "4-6 rifle", "counted": 7}]
        nation = "Germany" if loss.side == "Axis" else "USSR"
        service.execute_json(
            {"kind": "AllocateLosses", "combat": combat, "side": loss.side, "units": units, "nation": nation}
        )
    assert service.state().replacement_tracks["Germany"].losses == before
    service.close()


def test_a_preview_without_faces_shows_the_odds_and_the_drms(
    europa: RefereeService, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: `preview` of a combat with no dice yet shows what is decided before them (odds,
    column, shifts, DRMs with their rules) and records nothing; recording it is still refused."""
    from tui.cli import main

    in_combat(europa)
    head = europa.head()
    command = {key: value for key, value in ATTACK.items() if key != "faces"}
    decision, _after = europa.preview(europa.parse(command))
    assert decision.ruling.summary == "before the dice: 5-1: odds 18:4, DRM +1"
    assert decision.events == [] and decision.rolls == []
    assert any("armor" in step.text and step.rule for step in decision.ruling.steps)
    location = europa.location
    europa.close()
    assert main(["preview", location, json.dumps(command)]) == 0
    out = capsys.readouterr().out
    assert "before the dice: 5-1: odds 18:4, DRM +1" in out and "nothing was recorded" in out
    reopened = RefereeService.open(location)
    try:
        assert reopened.head() == head
    finally:
        reopened.close()
