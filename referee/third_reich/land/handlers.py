"""Third Reich land combat as referee commands: checks, the fight, the units owed, their removal.

`ResolveLandCombat` is one entry holding the roll, the whole derivation and the units each side
now owes; `RemoveLandLosses` names them, sends them to the force pool and notes whether a
replacement may recover them (G-50 [004]). No phase is left while a side still owes units, nor
while an attrition step's hexes are not named (`refuse_with_units_owed`, the game's check before
play moves on). A ground move's check is `movement_handlers`.
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated_yes
from referee.common.options import option
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.third_reich.common.context import (
    account,
    economy_of,
    region_weather,
    require_option,
    require_other_side,
    season_of,
)
from referee.third_reich.common.roster import eliminated_in_roster
from referee.third_reich.common.state import ReichState, UnitLossDue
from referee.third_reich.land import command_phases as ph
from referee.third_reich.land import events as cb
from referee.third_reich.land import land_combat as lc
from referee.third_reich.land.charts import BUNDLED, LandCombatChart
from referee.third_reich.land.commands import CheckLandMove, RemoveLandLosses, ResolveLandCombat
from referee.third_reich.land.land_combat_allies import minor_allies
from referee.third_reich.land.movement_handlers import check_land_move
from referee.third_reich.wars import interface as wars


def land_chart_of(state: ReichState) -> LandCombatChart:
    """The land CRT pinned into the campaign (K-40)."""
    return pinned_chart(state, "land_combat", LandCombatChart, BUNDLED)


def _yes(state: ReichState, fact: str, hex_name: str, default: bool, steps: list[Step]) -> bool:
    """A yes/no fact the referee stated about the hex (cited), or the default when none was."""
    value, found = stated_yes(state, fact, hex_name, default=default)
    if found is not None:
        steps.append(Step(text=citation(found), rule="referee-stated fact"))
    return value


def _russian_winter(command: ResolveLandCombat, state: ReichState, steps: list[Step]) -> bool:
    """A-68 [004]: the Russian winter voids the weather add of non-Finnish Axis defenders inside the
    USSR, the Baltic States or eastern Poland (``russian_winter``: the referee says the defenders
    stand there) in the first Winter turn after Germany and the USSR are at war. The book knows when
    that war began (`wars.russian_winter_set` marked its Winter): the flag is refused in any other
    turn, and in that Winter an Axis defence without it is told the rule. A campaign started before
    the book read its wars, or one opened at war without the marker, takes the flag in any Winter."""
    label = state.table.calendar.label
    winter = state.table.markers.get(wars.RUSSIAN_WINTER)
    reads_wars = economy_of(state).fights_read_wars
    if command.russian_winter and (season_of(state) != "Winter" or command.defender != "Axis") and not reads_wars:
        raise IllegalOrderError(
            "the Russian winter takes the defence add from Axis defenders in a Winter turn (A-68 [004]); "
            f"it is {label} and the defenders are the {command.defender}"
        )
    if not reads_wars:
        return command.russian_winter
    if command.russian_winter and command.defender != "Axis":
        raise IllegalOrderError(
            "the Russian winter takes the defence add from Axis defenders only, in the first Winter turn of the war "
            f"between Germany and the USSR (A-68 [004]); the defenders are the {command.defender}"
        )
    if winter is None and command.russian_winter:
        if wars.at_war(state, "Germany", "USSR") is None:
            raise IllegalOrderError(
                "there is no Russian winter yet: Germany and the USSR are not at war, and the Russian winter "
                "comes in the first Winter turn after they are (A-68 [004])"
            )
        if season_of(state) != "Winter":
            raise IllegalOrderError(f"the Russian winter is a Winter turn (A-68 [004]); it is {label}")
        steps.append(
            Step(
                text="Russian winter as the referee states it: Germany and the USSR were at war when the campaign "
                f"opened, and no marker {wars.RUSSIAN_WINTER} names its Winter",
                rule="A-68 [004]",
            )
        )
        return True
    if command.russian_winter and winter != label:
        raise IllegalOrderError(
            f"the Russian winter is {winter}, the first Winter turn after Germany and the USSR went to war "
            f"(A-68 [004]); in {label} the Axis defenders keep their weather add"
        )
    if command.russian_winter:
        steps.append(Step(text=f"{label}: the first Winter of the war between Germany and the USSR", rule="A-68 [004]"))
    elif winter == label and command.defender == "Axis":
        steps.append(
            Step(
                text=f"{label} is the Russian winter: non-Finnish Axis defenders inside the USSR, the Baltic States "
                "or eastern Poland lose every weather add (russian_winter); these keep theirs",
                rule="A-68 [004]",
            )
        )
    return command.russian_winter


def battle_of(command: ResolveLandCombat, state: ReichState, steps: list[Step]) -> lc.Battle:
    """The command and the stated facts as the pure combat functions read them; the attacker must
    be at war with the defenders (`wars.require_fight`, G-34)."""
    require_other_side(state, account(state, command.power).side, command.defender)
    wars.require_fight(state, command.power, command.defender, "land combat")
    weather = region_weather(state, command.region)
    russian_winter = _russian_winter(command, state, steps)
    return lc.Battle(
        attackers=tuple(lc.Attacker(**unit.model_dump()) for unit in command.attackers),
        defenders=tuple(lc.Defender(**unit.model_dump()) for unit in command.defenders),
        weather=weather,
        terrain=command.terrain,
        fortified=_yes(state, "fortified", command.hex, False, steps),
        russian_winter=russian_winter,
        air_support=command.air_support,
        fleets=tuple(command.supporting_fleets),
        coastal=command.coastal,
        mechanized=state.table.calendar.phase == "Mechanized Combat",
        fortified_add=option(state.identity.options, "fortified_add", before="doubled"),
    )


def assess_command(command: ResolveLandCombat, state: ReichState) -> tuple[lc.Battle, lc.Assessment, list[Step]]:
    """Everything before the dice: used by the handler and by the console's preview."""
    require_option(state, command.power, command.front, "offensive", *ph.LAND_COMBAT.args)
    facts = minor_allies(state, command.power, command.front, command.minor_allies, "the land combat")
    battle = battle_of(command, state, facts)
    assessment = lc.assess(battle, land_chart_of(state))
    return battle, assessment, facts


def resolve_land_combat(command: ResolveLandCombat, ctx: Context[ReichState]) -> Decision:
    """H-01..H-09 [004]: the defence, support, odds, shifts and DRM, the CRT and the units owed."""
    state = ctx.state
    battle, assessment, facts = assess_command(command, state)
    if command.faces is None:
        raise IllegalOrderError('throw 2D6 at the table and enter the faces (or "digital" for the digital dice)')
    roll = throw_for(
        command,
        ctx,
        purpose=f"land combat{': ' + command.what if command.what else ''}",
        dice="2D6",
        faces=command.faces,
    )
    steps = [*facts, *assessment.steps]
    outcome = lc.resolve(
        battle,
        assessment,
        land_chart_of(state),
        roll["total"],
        defender_can_retreat=_yes(state, "retreat_possible", command.hex, True, steps),
        bridgehead=_yes(state, "bridgehead", command.hex, False, steps),
    )
    steps += outcome.steps
    combat = ctx.head + 1
    what = f"land combat {command.what or command.hex}"
    attacker_side = account(state, command.power).side
    losses = [
        UnitLossDue(combat=combat, side=side, power=power, units=units, fought=fought, cause=cause, what=what)
        for side, power, units, fought, cause in (
            (
                attacker_side,
                command.power,
                outcome.attacker_units,
                [u.unit for u in command.attackers],
                "attacker_crt_loss",
            ),
            (
                command.defender,
                command.defender,
                outcome.defender_units,
                [u.unit for u in command.defenders],
                "defender_in_enemy_offensive",
            ),
        )
        if units > 0
    ]
    owed = "; ".join(f"{loss.side} removes {loss.units}" for loss in losses) or "no losses"
    summary = f"{what} #{combat}: {assessment.column_name}, roll {outcome.modified} → {outcome.result.code}; {owed}"
    events = [cb.LandCombatResolved(combat=combat, code=outcome.result.code, losses=losses)]
    return Decision(Ruling(summary=summary, steps=steps), list(events), [roll])


def _same(name: str, names: list[str]) -> str | None:
    return next((known for known in names if known.casefold() == name.casefold()), None)


def remove_land_losses(command: RemoveLandLosses, ctx: Context[ReichState]) -> Decision:
    """H-01, H-03 [004]: the side names exactly the units it owes, from those that fought; they
    go to the force pool; G-50 [004]: attacker losses may be recovered by replacements, the
    defender's losses in an enemy offensive never."""
    state = ctx.state
    due = [loss for loss in state.table.losses_due if loss.combat == command.combat and loss.side == command.side]
    if not due:
        open_losses = ", ".join(f"#{loss.combat} {loss.side} {loss.units}" for loss in state.table.losses_due)
        raise IllegalOrderError(
            f"{command.side} owes no units from land combat #{command.combat}; owed: {open_losses or 'none'}"
        )
    loss = due[0]
    if loss.step == "attrition":
        raise IllegalOrderError(
            f"#{loss.combat} is an attrition step: record RemoveAttritionLosses (1-3 infantry count half, H-11 [004])"
        )
    named: list[str] = []
    for unit in command.units:
        known = _same(unit, loss.fought)
        if known is None:
            raise IllegalOrderError(
                f"{unit} was not in {loss.what} (#{loss.combat}); {command.side} units there: {', '.join(loss.fought)}"
            )
        if known in named:
            raise IllegalOrderError(f"{known} is named twice")
        named.append(known)
    if len(named) != loss.units:
        raise IllegalOrderError(
            f"{command.side} must remove {loss.units} unit(s) for {loss.what} (#{loss.combat}); {len(named)} named "
            "(H-01 [004])"
        )
    recoverable = loss.cause == "attacker_crt_loss"
    steps = [
        Step(text=f"{', '.join(named)} removed to the force pool", rule="H-01 [004]"),
        Step(
            text="attacker losses: a replacement may recover them this turn"
            if recoverable
            else "defender losses in an enemy offensive: never recovered by replacements",
            rule="G-50 [004]",
        ),
    ]
    events: list[ev.DomainEvent] = [
        cb.LandLossesRemoved(combat=loss.combat, side=loss.side, power=loss.power, units=named, cause=loss.cause)
    ]
    events += eliminated_in_roster(state, command.side, named)
    summary = f"{command.side} removes {', '.join(named)} ({loss.what}, #{loss.combat})"
    return Decision(Ruling(summary=summary, steps=steps), events)


def refuse_with_units_owed(state: ReichState) -> None:
    """H-01, H-11, H-12 [004]: a combat's or an attrition step's losses are removed, and the hexes
    it won named, before play moves on to the next phase."""
    if state.table.attrition_hexes:
        owed = ", ".join(f"#{entry} won {hexes}" for entry, hexes in state.table.attrition_hexes.items())
        raise IllegalOrderError(
            f"attrition hexes not yet named ({owed}) — record ClaimAttritionHexes (none waives them)"
        )
    if state.table.losses_due:
        owed = "; ".join(
            f"#{loss.combat} {loss.what}: {loss.side} still owes {loss.units} unit(s)"
            for loss in state.table.losses_due
        )
        raise IllegalOrderError(f"{owed} — record RemoveLandLosses (RemoveAttritionLosses) before moving on")


HANDLERS: dict[type[Any], Any] = {
    ResolveLandCombat: resolve_land_combat,
    RemoveLandLosses: remove_land_losses,
    CheckLandMove: check_land_move,
}
