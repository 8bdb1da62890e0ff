"""Property tests over random command sequences (DESIGN invariants 1, 3, 4, 5)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.folding import replayed
from referee.commands import CreateCampaign
from referee.common.errors import RulesError
from referee.common.state import BaseState
from referee.service import RefereeService

from support import TickingClock

SIDES = st.sampled_from(["Axis", "Soviet", "Allies"])  # "Allies" is refused: no such pool
NATIONS = st.sampled_from(["Germany", "USSR", "Finland", "Narnia"])
KINDS = st.sampled_from(["infantry", "armor", "artillery"])
AMOUNTS = st.integers(min_value=1, max_value=120)

COMMANDS = st.one_of(
    st.builds(lambda s, a: {"kind": "CreditSupplyPoints", "side": s, "amount": a, "reason": "p"}, SIDES, AMOUNTS),
    st.builds(lambda s, a: {"kind": "DebitSupplyPoints", "side": s, "amount": a, "reason": "p"}, SIDES, AMOUNTS),
    st.builds(
        lambda n, k, a: {"kind": "CreditReplacementPoints", "nation": n, "type": k, "amount": a, "reason": "p"},
        NATIONS,
        KINDS,
        AMOUNTS,
    ),
    st.builds(
        lambda n, k, a: {"kind": "DebitReplacementPoints", "nation": n, "type": k, "amount": a, "reason": "p"},
        NATIONS,
        KINDS,
        AMOUNTS,
    ),
    st.builds(
        lambda z, c: {"kind": "SetWeather", "zone": z, "condition": c},
        st.sampled_from("ABCDG"),
        st.sampled_from(["Clear", "Frost", "Mud", "Snow"]),
    ),
    st.builds(
        lambda f: {"kind": "RecordRoll", "purpose": "p", "dice": "2D6", "faces": f, "rolled_by": "r"},
        st.lists(st.integers(0, 7), min_size=2, max_size=2),
    ),
    st.sampled_from([{"kind": "AdvancePhase"}, {"kind": "AdvancePlayerTurn"}, {"kind": "AdvanceGameTurn"}]),
    st.builds(lambda v: {"kind": "SetMarker", "name": "first_winter", "value": v}, st.sampled_from(["yes", "no"])),
    st.just({"kind": "ClearMarker", "name": "first_winter"}),
)


def run(service: RefereeService, commands: list[dict[str, object]]) -> int:
    """Execute what the rules accept; return how many were refused."""
    refused = 0
    for command in commands:
        try:
            service.execute_json(command)
        except RulesError:
            refused += 1
    return refused


def fresh_fold(service: RefereeService) -> list[BaseState]:
    """The state after each entry, folded from an empty start (no snapshots)."""
    return [state.frozen_copy() for state in replayed(service.entries())]


def never_negative(state: BaseState) -> bool:
    return all(pool.stockpile >= 0 for pool in state.supply_pools.values()) and all(
        points >= 0 for track in state.replacement_tracks.values() for points in track.points.values()
    )


def new_campaign() -> RefereeService:
    return RefereeService.create(
        ":memory:", CreateCampaign(scenario="revised-europa/barbarossa", name="p"), clock=TickingClock()
    )


PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.lists(COMMANDS, max_size=40))
def test_replay_from_empty_equals_live_state_and_pools_never_go_negative(commands: list[dict[str, object]]) -> None:
    service = new_campaign()
    try:
        run(service, commands)
        states = fresh_fold(service)
        assert states[-1].to_json() == service.state().to_json()
        for number, state in enumerate(states, start=1):
            assert never_negative(state)
            assert service.state(number).to_json() == state.to_json()
    finally:
        service.close()


@PROPERTY
@given(st.lists(COMMANDS, min_size=1, max_size=30), st.data())
def test_rollback_to_n_equals_state_as_of_n_and_keeps_entries(
    commands: list[dict[str, object]], data: st.DataObject
) -> None:
    service = new_campaign()
    try:
        run(service, commands)
        head = service.head()
        if head < 2:
            return
        target = data.draw(st.integers(min_value=1, max_value=head - 1))
        kept = list(service.entries(1, head))
        service.execute_json({"kind": "Rollback", "to": target, "reason": "property"})
        now, then = service.state().to_json(), service.state(target).to_json()
        for part in ("table", "supply_pools", "replacement_tracks", "resource_points", "rosters", "identity"):
            assert now[part] == then[part]
        assert list(service.entries(1, head)) == kept
        run(service, commands[:5])  # the campaign goes on after an undo
        assert fresh_fold(service)[-1].to_json() == service.state().to_json()
    finally:
        service.close()


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(st.lists(COMMANDS, max_size=12), COMMANDS)
def test_a_rejected_command_leaves_the_file_byte_for_byte_unchanged(
    tmp_path: Path, commands: list[dict[str, object]], last: dict[str, object]
) -> None:
    path = tmp_path / f"p{len(list(tmp_path.iterdir()))}.db"
    service = RefereeService.create(
        str(path), CreateCampaign(scenario="revised-europa/barbarossa", name="p"), clock=TickingClock()
    )
    run(service, commands)
    service.close()
    before = path.read_bytes()
    service = RefereeService.open(str(path), clock=TickingClock())
    try:
        service.execute_json(last)
        accepted = True
    except RulesError:
        accepted = False
    finally:
        service.close()
    if not accepted:
        assert path.read_bytes() == before
