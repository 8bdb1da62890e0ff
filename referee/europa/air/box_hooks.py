"""What the older air commands record in the air boxes, once a campaign keeps them (L-13, L-21,
L-22, L-23, A-35 [000]).

A campaign keeps air boxes from the moment its starting air is deployed (`DeployStartingAir`,
which states each group's ``air_box`` and each nation's ``group_allowance``) or the referee
states them. From then on: a repair roll readies only an inoperable group and moves it to
operable (L-23, A-35); the air surprise puts each group it names in the box its result says
(L-21: R inoperable, EFT, EET); reinforcements put arriving groups in the Ready box, add the GA
the schedule gives, half of any new GA of the original schedule, and hold single groups for
`SpendSingleAirGroup` (L-22). A campaign that keeps none records what it always did.
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.ruling import Step
from referee.europa.air import boxes as air_boxes
from referee.europa.air.box_handlers import box_event
from referee.europa.air.surprise import Hit
from referee.europa.common.state import EuropaState
from referee.europa.order_of_battle.interface import Arrival

REPAIRABLE = {"inoperable": "operable", "ready_box_inoperable": "ready_box"}
"""L-23, A-35 [000]: an inoperable group readied stays where it is (on the map, or in the Ready box)."""
SURPRISE_BOXES = {"R": "inoperable", "EFT": "eft", "EET": "eet"}
"""L-21 [000]: R leaves the group unready (inoperable); EFT and EET send it to those boxes."""


def repair_steps(state: EuropaState, unit: str) -> list[Step]:
    """A kept box must be inoperable for a repair roll (L-23, A-35 [000])."""
    found = stated(state, "air_box", unit)
    if found is None:
        return []
    if found.value not in REPAIRABLE:
        raise IllegalOrderError(
            f"{unit} is {found.value.replace('_', ' ')}: only an inoperable group is repaired (L-23 [000])"
        )
    return [Step(text=citation(found), rule="A-35, L-23 [000]")]


def repaired(state: EuropaState, unit: str, ready: bool, actor: str) -> list[ev.DomainEvent]:
    """A readied group's kept box becomes operable (on the map or in the Ready box)."""
    found = stated(state, "air_box", unit)
    if found is None or not ready:
        return []
    return [box_event(unit, REPAIRABLE[found.value], actor)]


def surprise_boxes(state: EuropaState, hits: list[Hit], actor: str) -> tuple[list[ev.DomainEvent], list[Step]]:
    """L-21, A-35 [000]: each Soviet group named as a target whose box is kept goes to its result's box;
    the fighters left operable are those On Alert in the German Jun II 1941 turn."""
    roster = state.rosters.get("Soviet")
    if roster is None:
        return [], []
    by_name = {unit.name: unit.unit_id for unit in roster.units.values() if stated(state, "air_box", unit.unit_id)}
    events: list[ev.DomainEvent] = []
    moved = []
    for hit in hits:
        unit_id = by_name.get(hit.target)
        if unit_id is not None and hit.result in SURPRISE_BOXES:
            events.append(box_event(unit_id, SURPRISE_BOXES[hit.result], actor))
            moved.append(f"{hit.target} {SURPRISE_BOXES[hit.result]}")
    if not moved:
        return [], []
    text = f"boxes kept: {', '.join(moved)}; the fighters left operable are On Alert in the German Jun II 1941 turn"
    return events, [Step(text=text, rule="L-21, A-35 [000]")]


def _latest(state: EuropaState, earlier: list[ev.DomainEvent], fact: str, subject: str) -> str | None:
    """A fact as this entry's earlier events left it (several arrivals in one turn), else as stated."""
    for event in reversed(earlier):
        if isinstance(event, ev.FactStated) and (event.fact, event.subject) == (fact, subject):
            return event.value
    found = stated(state, fact, subject)
    return None if found is None else found.value


def arrival_air(
    state: EuropaState, side: str, arrival: Arrival, actor: str, earlier: list[ev.DomainEvent]
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """L-22 [000]: arriving air groups to the Ready box, the GA the schedule gives (all of the revised
    figures, half of the original schedule's), single groups held. Only in a campaign keeping GA;
    ``earlier``: the events this entry recorded before (an earlier arrival of the same turn)."""
    new_ga = set(arrival.group_allowance) | set(arrival.schedule_group_allowance)
    nations = {unit.nation for unit in arrival.units} | new_ga
    kept = {nation: _latest(state, earlier, "group_allowance", nation) for nation in nations}
    if all(value is None for value in kept.values()):
        return [], []
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    for unit in arrival.units:
        if unit.size == "air group" and kept.get(unit.nation) is not None:
            events.append(box_event(unit.unit_id, "ready_box", actor))
            steps.append(Step(text=f"{unit.name} ({unit.unit_id}) to the Ready box", rule="A-35, L-22 [000]"))
    for nation in sorted(new_ga):
        shown = kept.get(nation)
        if shown is None:
            steps.append(Step(text=f"no GA is kept for {nation}: its new GA is not added", rule="L-22 [000]"))
            continue
        ga = int(shown)
        added = arrival.group_allowance.get(nation, 0)
        if added:
            steps.append(Step(text=f"{nation}: +{added} GA", rule="L-22 [000]"))
        printed = arrival.schedule_group_allowance.get(nation, 0)
        if printed:
            half = _latest(state, earlier, "group_allowance_half", nation)
            received, carried, step = air_boxes.half_of_new_ga(printed, half == "yes")
            steps.append(step)
            added += received
            value = "yes" if carried else "no"
            events.append(ev.FactStated(fact="group_allowance_half", subject=nation, value=value, stated_by=actor))
        events.append(ev.FactStated(fact="group_allowance", subject=nation, value=str(ga + added), stated_by=actor))
        steps.append(Step(text=f"{nation} GA {ga} → {ga + added}", rule="L-22 [000]"))
    for kind, count in arrival.single_groups.items():
        subject = f"{side}:{kind}"
        found = _latest(state, earlier, "single_groups", subject)
        waiting = (0 if found is None else int(found)) + count
        events.append(ev.FactStated(fact="single_groups", subject=subject, value=str(waiting), stated_by=actor))
        text = f"{count} single {kind} group(s): {waiting} waiting (SpendSingleAirGroup)"
        steps.append(Step(text=text, rule="L-22 [000]"))
    return events, steps
