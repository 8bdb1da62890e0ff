"""Handlers of the air box commands (`referee.europa.air.commands`).

Each group's box is a stated fact (``air_box`` of its unit id) and each nation's Group Allowance
another (``group_allowance``): the referee may state or correct either with `StateFact`, and these
commands record what they change the same way, so every later command reads it and cites where it
came from. The starting groups come from the pinned air groups chart (L-20 [000]).
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.phases import ANY, Accepted
from referee.common.ruling import Ruling, Step
from referee.common.state import Unit
from referee.common.throws import throw_or_preview
from referee.europa.air import boxes as air_boxes
from referee.europa.air import commands as ab
from referee.europa.air import missions as air_rules
from referee.europa.air import surprise as air_surprise
from referee.europa.air.groups import ON_MAP, group_id, group_name, pinned_air_groups
from referee.europa.common.context import opt_since
from referee.europa.common.state import EuropaState

PLACING = Accepted(("Initial",), "placing air groups", "A-11 step 9 [000]")
TRIAGE = Accepted(("Initial",), "triage of the EFT and EET boxes", "A-35 [000]")
SINGLE_GROUPS = Accepted(("Initial",), "spending single air groups", "L-22 [000]")
INTERCEPTION = Accepted(("Air",), "an interception", "A-12, A-35 [000]", turn=ANY)
SURPRISE_001 = Accepted(("Air",), "the air surprise", "A-33, J-38 [001]")


def box_of(state: EuropaState, unit_id: str) -> str | None:
    """The group's box as last stated or recorded, if ever."""
    found = stated(state, "air_box", unit_id)
    return None if found is None else found.value


def ga_of(state: EuropaState, nation: str) -> int | None:
    """The nation's Group Allowance as kept, if it is."""
    found = stated(state, "group_allowance", nation)
    return None if found is None else int(found.value)


def group_type(unit: Unit) -> str:
    """The group type of a roster air unit: its ``group`` rating, else its name's first word."""
    return unit.ratings.get("group") or unit.name.split(" #")[0].split(" ")[0]


def box_event(unit_id: str, box: str, actor: str) -> ev.DomainEvent:
    return ev.FactStated(fact="air_box", subject=unit_id, value=box, stated_by=actor)


def _group(state: EuropaState, side: str, unit_id: str) -> Unit:
    roster = state.rosters.get(side)
    if roster is None or unit_id not in roster.units:
        raise IllegalOrderError(f"{side} has no air group {unit_id!r} in its roster")
    return roster.units[unit_id]


def on_map(state: EuropaState, side: str, nation: str) -> int:
    """The nation's groups on the map (operable or inoperable), as their boxes are kept."""
    roster = state.rosters.get(side)
    units = roster.units.values() if roster else []
    return sum(1 for unit in units if unit.nation == nation and box_of(state, unit.unit_id) in ON_MAP)


def deploy_starting_air(command: ab.DeployStartingAir, ctx: Context[EuropaState]) -> Decision:
    """L-20 [000]: the side's starting groups, the northern additions when the campaign plays the
    full Finnish front (option finland_front), each nation's GA; groups over it start off the map."""
    state = ctx.state
    if state.table.calendar.turn != 0:
        raise IllegalOrderError(
            f"the starting air groups are deployed at set-up (L-20 [000]); it is {state.table.calendar.label}"
        )
    chart = pinned_air_groups(state)
    nations = chart.of_side(command.side)
    if not nations:
        raise IllegalOrderError(f"the air groups chart has no nation of {command.side!r}")
    unknown = sorted(set(command.off_map) - {nation.nation for nation in nations})
    if unknown:
        raise IllegalOrderError(f"{', '.join(unknown)}: not a nation of {command.side} on the air groups chart")
    roster = state.rosters.get(command.side)
    north = opt_since(state, "finland_front", "full") == "full"
    steps = [
        Step(text=f"northern front {'played: its additions count' if north else 'not played'}", rule="L-20, B-52 [000]")
    ]
    events: list[ev.DomainEvent] = []
    placed, kept = 0, 0
    for nation in nations:
        groups = dict(nation.groups)
        for kind, count in (nation.north_groups if north else {}).items():
            groups[kind] = groups.get(kind, 0) + count
        ga = nation.ga + (nation.north_ga if north else 0)
        if roster is not None and groups and group_id(nation.nation, next(iter(groups)), 1) in roster.units:
            raise IllegalOrderError(f"{nation.nation}'s starting air groups are deployed already")
        off = command.off_map.get(nation.nation, {})
        for kind, count in off.items():
            if count > groups.get(kind, 0):
                raise IllegalOrderError(
                    f"{nation.nation} starts with {groups.get(kind, 0)} {kind}; {count} cannot stay off the map"
                )
        total, _, ga_steps = air_rules.groups_against_ga(groups, ga) if groups else (0, 0, [])
        steps += ga_steps
        steps.append(air_boxes.within_ga(nation.nation, 0, total - sum(off.values()), ga))
        events.append(
            ev.FactStated(fact="group_allowance", subject=nation.nation, value=str(ga), stated_by=command.actor)
        )
        for kind, count in groups.items():
            for number in range(1, count + 1):
                unit_id = group_id(nation.nation, kind, number)
                unit = Unit(
                    unit_id=unit_id,
                    name=group_name(kind, number),
                    nation=nation.nation,
                    type=chart.roles[kind],
                    size="air group",
                    ratings={"group": kind},
                )
                box = "ready_box" if number > count - off.get(kind, 0) else "operable"
                placed += box == "operable"
                kept += box == "ready_box"
                events += [ev.UnitRegistered(side=command.side, unit=unit), box_event(unit_id, box, command.actor)]
    summary = f"{command.side} air: {placed + kept} groups deployed, {placed} on the map, {kept} in the Ready box"
    return Decision(Ruling(summary=summary, steps=steps), events)


def place_air_groups(command: ab.PlaceAirGroups, ctx: Context[EuropaState]) -> Decision:
    """A-11 step 9, A-35 [000]: operable groups from the Ready box onto the map within the GA;
    groups off the map to the Ready box (inoperable ones stay inoperable there)."""
    state = ctx.state
    PLACING.require(state, command.side)
    if not command.to_map and not command.off_map:
        raise IllegalOrderError("name the groups placed on the map (to_map) or taken off it (off_map)")
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    change: dict[str, int] = {}
    for unit_id in command.off_map:
        unit, box = _group(state, command.side, unit_id), box_of(state, unit_id)
        if box not in ON_MAP:
            raise IllegalOrderError(f"{unit.name} ({unit_id}) is not on the map: it is {box or 'in no box kept'}")
        after = "ready_box" if box == "operable" else "ready_box_inoperable"
        events.append(box_event(unit_id, after, command.actor))
        steps.append(Step(text=f"{unit.name} ({unit_id}): {box} → {after.replace('_', ' ')}", rule="A-35 [000]"))
        change[unit.nation] = change.get(unit.nation, 0) - 1
    for unit_id in command.to_map:
        unit, box = _group(state, command.side, unit_id), box_of(state, unit_id)
        if box != "ready_box":
            raise IllegalOrderError(
                f"only operable groups in the Ready box go on the map; {unit.name} ({unit_id}) is "
                f"{box or 'in no box kept'} (A-35 [000])"
            )
        events.append(box_event(unit_id, "operable", command.actor))
        steps.append(Step(text=f"{unit.name} ({unit_id}): Ready box → on the map, operable", rule="A-35 [000]"))
        change[unit.nation] = change.get(unit.nation, 0) + 1
    for nation, delta in change.items():
        if delta <= 0:
            continue
        ga = ga_of(state, nation)
        if ga is None:
            raise IllegalOrderError(
                f"no Group Allowance is kept for {nation}: state group_allowance or DeployStartingAir first"
            )
        steps.append(air_boxes.within_ga(nation, on_map(state, command.side, nation), delta, ga))
    summary = f"{command.side}: {len(command.to_map)} group(s) onto the map, {len(command.off_map)} off it"
    return Decision(Ruling(summary=summary, steps=steps), events)


def triage_air_group(command: ab.TriageAirGroup, ctx: Context[EuropaState]) -> Decision:
    """A-35 [000]: one group in the EFT or EET box, 1D6 on the pinned (provisional) triage table;
    the Soviets triage from the Initial phase of their Jul I 1941 turn."""
    state = ctx.state
    TRIAGE.require(state, command.side)
    calendar = state.table.calendar
    if command.side == "Soviet" and calendar.turn < air_boxes.SOVIET_TRIAGE_FROM:
        raise IllegalOrderError(
            "the Soviets triage their EFT and EET boxes from their Jul I 1941 turn (A-35 [000]); "
            f"it is {calendar.label}"
        )
    unit, box = _group(state, command.side, command.unit), box_of(state, command.unit)
    if box not in ("eft", "eet"):
        raise IllegalOrderError(
            f"{unit.name} ({command.unit}) is {box or 'in no box kept'}: triage is for the EFT and EET boxes "
            "(A-35 [000])"
        )
    head = f"triage of {unit.name} in {box.upper()}"
    roll = throw_or_preview(
        command, ctx, purpose=f"air triage: {command.unit}", dice="1D6", faces=command.faces, head=head, steps=[]
    )
    result, step = air_boxes.triage(pinned_air_groups(state).triage, box, int(roll["total"]))
    events = [] if result == "stays" else [box_event(command.unit, result, command.actor)]
    summary = f"{head}: 1D6 {roll['total']} → {result.replace('_', ' ')}"
    return Decision(Ruling(summary=summary, steps=[step]), events, [roll])


def spend_single_air_group(command: ab.SpendSingleAirGroup, ctx: Context[EuropaState]) -> Decision:
    """L-22 [000]: a single group of the schedule restores one of its type or waits for a second."""
    state = ctx.state
    SINGLE_GROUPS.require(state, command.side)
    key = f"{command.side}:{command.group}"
    found = stated(state, "single_groups", key)
    waiting = 0 if found is None else int(found.value)
    steps = [Step(text=f"{command.group} single groups waiting: {waiting}", rule="L-22 [000]")]
    if found is not None:
        steps.append(Step(text=citation(found), rule="L-22 [000]"))
    if command.unit is None:
        raise IllegalOrderError("name the group moved, or the new group's unit id (unit)")
    events: list[ev.DomainEvent] = []
    if command.use == "new_group":
        if any(command.unit in roster.units for roster in state.rosters.values()):
            raise IllegalOrderError(f"unit id {command.unit!r} is taken")
        used, box, step = air_boxes.single_group_use(command.use, waiting=waiting, box=None)
        like = [
            u
            for u in (state.rosters[command.side].units.values() if command.side in state.rosters else [])
            if group_type(u) == command.group
        ]
        nation = like[0].nation if like else command.side
        role = pinned_air_groups(state).roles.get(command.group, "fighter")
        unit = Unit(
            unit_id=command.unit,
            name=f"{command.group} {command.unit}",
            nation=nation,
            type=role,
            size="air group",
            ratings={"group": command.group},
        )
        events.append(ev.UnitRegistered(side=command.side, unit=unit))
    else:
        unit = _group(state, command.side, command.unit)
        if group_type(unit) != command.group:
            raise IllegalOrderError(
                f"{unit.name} ({command.unit}) is a {group_type(unit)}, not a {command.group} (L-22 [000])"
            )
        used, box, step = air_boxes.single_group_use(command.use, waiting=waiting, box=box_of(state, command.unit))
    steps.append(step)
    if box is not None:
        events.append(box_event(command.unit, box, command.actor))
    events.append(ev.FactStated(fact="single_groups", subject=key, value=str(waiting - used), stated_by=command.actor))
    summary = (
        f"{command.side} {command.group}: {used} single group(s) spent, {command.unit} to {str(box).replace('_', ' ')}"
    )
    return Decision(Ruling(summary=summary, steps=steps), events)


def check_interception(command: ab.CheckInterception, ctx: Context[EuropaState]) -> Decision:
    """A-35, L-10 [000]: the group's box and reach; refused when it may not intercept there."""
    state = ctx.state
    INTERCEPTION.require(state, command.side)
    calendar = state.table.calendar
    unit = _group(state, command.side, command.unit)
    found = stated(state, "air_box", command.unit)
    steps = [] if found is None else [Step(text=citation(found), rule="A-35 [000]")]
    alert = calendar.turn == air_boxes.ALERT_TURN and calendar.player == "Axis" and command.side == "Soviet"
    result = air_boxes.interception(
        alert_turn=alert,
        fighter=unit.type == "fighter",
        box=None if found is None else found.value,
        listed_range=command.listed_range,
        distance=command.distance,
        patrol_from=command.patrol_from,
    )
    steps.append(result.step)
    if not result.allowed:
        raise IllegalOrderError(
            f"{unit.name} ({command.unit}) may not intercept there: {result.step.text} ({result.step.rule})"
        )
    return Decision(Ruling(summary=f"{unit.name} may intercept {command.distance} hex(es) out", steps=steps), [])


def resolve_air_surprise_001(command: ab.ResolveAirSurprise001, ctx: Context[EuropaState]) -> Decision:
    """J-38 [001] under option air_units=001: the surprise turn's airfield strike eliminates 1 Soviet
    air unit per 2 German units; units named go to the eliminated box where boxes are kept."""
    state = ctx.state
    reading = opt_since(state, "air_units", "000")
    if reading != "001":
        raise IllegalOrderError(
            f"the 001 air surprise belongs to option air_units=001 (J-38); this campaign plays air_units={reading}: "
            "record ResolveAirSurprise"
        )
    if state.table.calendar.turn != 0:
        raise IllegalOrderError(
            f"the air surprise is resolved on the surprise turn (J-38 [001]); it is {state.table.calendar.label}"
        )
    SURPRISE_001.require(state, command.side)
    lost, step = air_surprise.air_surprise_001(command.german_units)
    steps = [step]
    events: list[ev.DomainEvent] = []
    if command.eliminated:
        if len(command.eliminated) != lost:
            raise IllegalOrderError(
                f"{lost} Soviet air unit(s) are eliminated; {len(command.eliminated)} named (J-38 [001])"
            )
        for unit_id in command.eliminated:
            unit = _group(state, "Soviet", unit_id)
            if box_of(state, unit_id) is not None:
                events.append(box_event(unit_id, "eliminated", command.actor))
            steps.append(Step(text=f"{unit.name} ({unit_id}) eliminated", rule="J-38 [001]"))
    else:
        steps.append(
            Step(text="the units eliminated are picked at the table by the original rules (K-13)", rule="J-38 [001]")
        )
    summary = f"air surprise (001): {command.german_units} German air units → {lost} Soviet air unit(s) eliminated"
    return Decision(Ruling(summary=summary, steps=steps), events)


AIR_BOX_HANDLERS: dict[type[Any], Any] = {
    ab.ResolveAirSurprise001: resolve_air_surprise_001,
    ab.DeployStartingAir: deploy_starting_air,
    ab.PlaceAirGroups: place_air_groups,
    ab.TriageAirGroup: triage_air_group,
    ab.SpendSingleAirGroup: spend_single_air_group,
    ab.CheckInterception: check_interception,
}
AIR_BOX_PHASES = {
    "PlaceAirGroups": (PLACING,),
    "TriageAirGroup": (TRIAGE,),
    "SpendSingleAirGroup": (SINGLE_GROUPS,),
    "CheckInterception": (INTERCEPTION,),
    "ResolveAirSurprise001": (SURPRISE_001,),
}
