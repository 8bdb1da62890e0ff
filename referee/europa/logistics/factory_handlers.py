"""Commands on the Soviet factories of the pinned factory chart (RULES K-07; C-50, C-51 [000]):
a factory relocated to the Urals leaves the operating count for 3 months, returns, and upgrades
take effect on the chart's turn. Each changes the counts factory output reads (`FactoriesSet`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from referee.common import events as ev
from referee.common.command_base import Command, Name
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.phases import Accepted
from referee.common.ruling import Ruling, Step
from referee.europa.common.context import track_of
from referee.europa.common.state import EuropaState, ReplacementTrack
from referee.europa.logistics import events as lg
from referee.europa.logistics.factories import Factory, FactoryChart, back_in_action, pinned_factories

UPGRADES = Accepted(("Initial",), "factory upgrades", "C-50 [000], K-07")


class RelocateFactory(Command):
    """A factory of the chart leaves for the Urals: out of action for 3 months (C-51 [000])."""

    kind: Literal["RelocateFactory"] = "RelocateFactory"
    nation: Name = "USSR"
    factory: Name = Field(description="the factory as the chart names it")


class RestoreFactory(Command):
    """A relocated factory works again, 3 months after it left (C-51 [000])."""

    kind: Literal["RestoreFactory"] = "RestoreFactory"
    nation: Name = "USSR"
    factory: Name


class UpgradeFactories(Command):
    """The upgrades the factory chart schedules for this turn take effect (C-50 [000], K-07)."""

    kind: Literal["UpgradeFactories"] = "UpgradeFactories"
    nation: Name = "USSR"


def _status(state: EuropaState, factory: str) -> str:
    found = stated(state, "factory_status", factory)
    return "operating" if found is None else found.value


def _fact(name: str, factory: str, value: str, actor: str) -> ev.DomainEvent:
    return ev.FactStated(fact=name, subject=factory, value=value, stated_by=actor)


def _factory_of(
    state: EuropaState, command: RelocateFactory | RestoreFactory, status: str, refusal: str
) -> tuple[FactoryChart, Factory, ReplacementTrack]:
    """C-51 [000]: the pinned chart, the factory the command names and its nation's track; refused
    (``refusal``, naming the factory) unless the factory is ``status``: operating to leave for the
    Urals, relocating to come back."""
    chart = pinned_factories(state)
    factory = chart.named(command.factory)
    track = track_of(state, command.nation)
    if _status(state, factory.name) != status:
        raise IllegalOrderError(refusal.format(factory=factory.name))
    return chart, factory, track


def relocate_factory(command: RelocateFactory, ctx: Context[EuropaState]) -> Decision:
    """C-51 [000]: the factory stops producing; the operating (and upgraded) counts drop by it."""
    state = ctx.state
    chart, factory, track = _factory_of(state, command, "operating", "{factory} is relocating already (C-51 [000])")
    if track.factories < 1:
        raise IllegalOrderError(f"{command.nation} has no operating factory on its track to relocate")
    turn = state.table.calendar.turn
    upgraded = chart.is_upgraded(factory, turn) and track.factories_upgraded > 0
    after = (track.factories - 1, track.factories_upgraded - (1 if upgraded else 0))
    step = Step(text=f"{factory.name} ({factory.city}) leaves for the Urals: out of action 3 months", rule="C-51 [000]")
    summary = f"{factory.name} relocated: {after[0]} factories operating, {after[1]} upgraded"
    return Decision(
        Ruling(summary=summary, steps=[step]),
        [
            _fact("factory_status", factory.name, "relocating", command.actor),
            _fact("factory_relocated_in", factory.name, str(turn), command.actor),
            lg.FactoriesSet(nation=command.nation, operating=after[0], upgraded=max(0, min(after[1], after[0]))),
        ],
    )


def restore_factory(command: RestoreFactory, ctx: Context[EuropaState]) -> Decision:
    """C-51 [000]: back in action after 3 months; upgraded if the chart's upgrade has come."""
    state = ctx.state
    chart, factory, track = _factory_of(state, command, "relocating", "{factory} is not relocating (C-51 [000])")
    left = stated(state, "factory_relocated_in", factory.name)
    if left is None:
        raise IllegalOrderError(f"the turn {factory.name} left is not kept: state factory_relocated_in")
    turn = state.table.calendar.turn
    steps = [Step(text=citation(left), rule="C-51 [000]"), back_in_action(int(left.value), turn)]
    upgraded = track.factories_upgraded + (1 if chart.is_upgraded(factory, turn) else 0)
    summary = f"{factory.name} back in action: {track.factories + 1} factories operating, {upgraded} upgraded"
    return Decision(
        Ruling(summary=summary, steps=steps),
        [
            _fact("factory_status", factory.name, "operating", command.actor),
            lg.FactoriesSet(nation=command.nation, operating=track.factories + 1, upgraded=upgraded),
        ],
    )


def upgrade_factories(command: UpgradeFactories, ctx: Context[EuropaState]) -> Decision:
    """C-50 [000], K-07: the chart's upgrades of this turn, for the factories operating (a relocating
    factory counts its upgrade when it returns); once a turn, in the nation's side's Initial phase."""
    state = ctx.state
    track = track_of(state, command.nation)
    UPGRADES.require(state, track.side)
    calendar = state.table.calendar
    done = f"factory_upgrades:{command.nation}"
    if done in calendar.steps_done:
        raise IllegalOrderError(f"{command.nation}'s factory upgrades of {calendar.label} are made already")
    chart = pinned_factories(state)
    due = [factory for factory in chart.upgrading(calendar.turn) if _status(state, factory.name) == "operating"]
    upgraded = min(track.factories, track.factories_upgraded + len(due))
    steps = [Step(text=f"{factory.name} ({factory.city}) upgraded", rule="C-50 [000], K-07") for factory in due]
    if chart.provisional:
        steps.append(Step(text="the upgrade schedule is provisional (K-07)", rule="K-07"))
    events: list[ev.DomainEvent] = [ev.StepCompleted(step=done)]
    if due:
        events.insert(0, lg.FactoriesSet(nation=command.nation, operating=track.factories, upgraded=upgraded))
    summary = f"{command.nation}: {len(due)} factory upgrade(s) in {calendar.label}, {upgraded} upgraded"
    return Decision(Ruling(summary=summary, steps=steps), events)


FACTORY_COMMANDS: tuple[type[Command], ...] = (RelocateFactory, RestoreFactory, UpgradeFactories)
FACTORY_HANDLERS: dict[type[Any], Any] = {
    RelocateFactory: relocate_factory,
    RestoreFactory: restore_factory,
    UpgradeFactories: upgrade_factories,
}
FACTORY_PHASES = {"UpgradeFactories": (UPGRADES,)}
