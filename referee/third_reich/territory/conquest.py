"""RecordConquest: a conquest or a minor ally joining its patron (seed 004, RULES.md G-30..G-36,
J-57, J-60, K-45).

Each territory is recorded once and pays once, at the next year start (G-30); taking one that
another power holds is a second conquest (G-32); the conquest of a major power's homeland takes
it out of play (G-35). What the conquest needs and what it is worth: `conquest_rules`.
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account, economy_of
from referee.third_reich.common.data import Economy
from referee.third_reich.common.state import ReichState
from referee.third_reich.territory import commands as tr
from referee.third_reich.territory import conquest_rules as rules
from referee.third_reich.territory import events as ec
from referee.third_reich.wars import interface as wars


def _held_once(command: tr.RecordConquest, state: ReichState) -> None:
    """G-30, G-32 [004]: a conquest is recorded once and pays once; taking a territory someone
    else holds is a second conquest, which names the first conqueror (``from_power``)."""
    holder = next((p for p, e in state.brp_economies.items() if command.territory in e.conquests_held), None)
    if holder == command.power:
        since = state.brp_economies[holder].conquests_held[command.territory]
        raise IllegalOrderError(
            f"{command.power} already holds {command.territory} (recorded at entry #{since}); a conquest is "
            "recorded once and pays once (G-30 [004])"
        )
    if command.from_power is None and holder is not None:
        raise IllegalOrderError(
            f"{command.territory} is held by {holder} (recorded at entry #"
            f"{state.brp_economies[holder].conquests_held[command.territory]}); taking it is a second conquest: "
            f"name from_power={holder} (G-32 [004])"
        )
    if command.from_power is not None and holder != command.from_power:
        raise IllegalOrderError(
            f"{command.from_power} does not hold {command.territory}"
            + (f" ({holder} does)" if holder else " (no conquest of it is recorded)")
            + "; a second conquest is taken from the power that holds it (G-32 [004])"
        )


def _spelled(command: tr.RecordConquest, data: Economy) -> tr.RecordConquest:
    """The territory as the scenario spells it: a scenario alias ('Holland'), or the name in another
    case when no value is given (with a value, a name the table lacks is the referee's own)."""
    if command.territory in data.territories:
        return command
    names = wars.country_names(data, command.territory)
    if names is None:
        return command
    if len(names) > 1:
        raise IllegalOrderError(
            f"{command.territory} names {' and '.join(names)}: record the conquest of each (G-31 [004])"
        )
    if command.value is not None and names[0].casefold() == " ".join(command.territory.split()).casefold():
        return command
    return command.model_copy(update={"territory": names[0]})


def _value(command: tr.RecordConquest, state: ReichState, data: Economy, joining: bool) -> tuple[int, list[Step]]:
    """G-36 [004] with J-57 and J-60: the territory's value, the options' where they decide it."""
    for decided, steps in (
        rules.rm_value(state, data, command.territory, command.power, command.value),
        rules.vichy_value(state, data, command.territory, command.value, joining=joining),
    ):
        if decided is not None:
            return decided, steps
    territories = data.territories
    if command.value is None and command.territory not in territories:
        raise IllegalOrderError(
            f"{command.territory!r} has no BRP value in the text; give one (known: {', '.join(territories)})"
        )
    value = territories[command.territory] if command.value is None else command.value
    steps = [Step(text=f"{command.territory}: +{value} at the next year start", rule="G-30, G-36 [004]")]
    if command.value is None and command.territory in data.provisional:
        steps.append(
            Step(
                text=f"{command.territory}: a provisional value, the scenario's (the text gives none; "
                "RecordConquest may give the club's)",
                rule="K-45",
            )
        )
    return value, steps


def _second(
    command: tr.RecordConquest, from_power: str, state: ReichState, data: Economy, value: int
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """G-32 [004]: the first conqueror loses the BRPs from its base (nothing while they are still
    pending), the new one gains nothing; J-57 under all_cities_25: a part taken from the USSR
    breaks its hold on all the Ribbentrop-Molotov cities, and their sum goes too."""
    previous = account(state, from_power)
    pact = data.rm_pact
    in_whole = pact is not None and command.territory in pact.territories and pact.name in previous.conquests_held
    loss = 0 if command.territory in previous.conquests_pending or in_whole else value
    events: list[ev.DomainEvent] = [ec.ConquestLost(power=from_power, territory=command.territory, base_loss=loss)]
    steps = [
        Step(
            text=f"second conquest: {from_power} loses {loss} from its base; {command.power} gains nothing",
            rule="G-32 [004]",
        )
    ]
    if pact is not None and in_whole:
        whole = 0 if pact.name in previous.conquests_pending else pact.value
        events.append(ec.ConquestLost(power=from_power, territory=pact.name, base_loss=whole))
        steps.append(
            Step(
                text=f"{from_power} no longer controls all the {pact.name}: −{whole} from its base",
                rule="J-57 [004] (rm_pact_value=all_cities_25)",
            )
        )
    return events, steps


def conquest(command: tr.RecordConquest, ctx: Context[ReichState]) -> Decision:
    """G-30..G-33, G-35, G-36 [004], J-57, J-60: conquests and minor allies join the base at the
    next year start, each once, when what the referee stated allows them (G-31); the conquest of a
    major power's homeland takes it out of play (Vichy)."""
    state = ctx.state
    account(state, command.power)
    data = economy_of(state)
    command = _spelled(command, data)
    _held_once(command, state)
    joining = rules.is_joining(state, data, command.territory, command.power, command.from_power)
    conditions = rules.condition(state, data, command.territory, command.power, joining=joining)
    value, steps = _value(command, state, data, joining)
    events: list[ev.DomainEvent] = [ec.ConquestRecorded(power=command.power, territory=command.territory, value=value)]
    if command.from_power:
        lost, steps = _second(command, command.from_power, state, data, value)
        events = [*lost, ec.ConquestRecorded(power=command.power, territory=command.territory, value=0)]
    steps = [*conditions, *steps]
    for left in wars.leaves_with(state, data, command.territory, command.power):
        events.append(left)
        steps.append(Step(text=f"{left.power} leaves play: no year start, no BRPs", rule="G-35 [004]"))
    return Decision(Ruling(summary=f"{command.power} conquers {command.territory}", steps=steps), events)
