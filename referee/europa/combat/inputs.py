"""The optional inputs of a Europa combat read off charts the text lacks: the Winterization table's
DRM (D-20, D-23 [000], K-09) and optional rule D's D10 for fractional odds (D-12 [000], K-13).

Each is read only when the command asks for it (``winterized``) or the campaign plays it (option
fractional_odds=d10), so a combat recorded without them is decided as it was.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.common.decision import Context
from referee.common.dice import Faces
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.common.throws import throw_for
from referee.europa.combat import battle as cm
from referee.europa.combat import commands as eu
from referee.europa.combat import rule_d
from referee.europa.combat.winterization import pinned_winterization, winterization_drm
from referee.europa.common.context import opt_since, zone_weather
from referee.europa.common.state import EuropaState


def winterization_of(command: eu.ResolveCombat, state: EuropaState) -> tuple[int, list[Step]]:
    """D-20, D-23 [000]: the winterization DRM stated (``winterization``, +1), or read off the
    campaign's Winterization chart for the attackers named (``winterized``); never both."""
    if command.winterized is None:
        return int(command.winterization), []
    if command.winterization:
        raise IllegalOrderError(
            "give the winterization advantage once: winterization (+1 as stated) or winterized (the attackers' "
            "row of the Winterization table), not both (D-20, D-23 [000])"
        )
    return winterization_drm(
        pinned_winterization(state),
        command.winterized,
        turn=state.table.calendar.turn,
        weather=zone_weather(state, command.zone),
        rules=opt_since(state, "combat_rules", "000"),
    )


def with_inputs(
    command: eu.ResolveCombat, state: EuropaState, assessment: cm.Assessment, options: cm.CombatOptions
) -> cm.Assessment:
    """The assessment with the derivation of its winterization input first and optional rule D's
    chance last; a D10 entered where the campaign does not play rule D is refused."""
    winter_steps = winterization_of(command, state)[1]
    found = rule_d_chance(state, assessment, options)
    if command.d10 is not None and found is None:
        raise IllegalOrderError(
            "optional rule D is not played in this campaign (option fractional_odds=off): no D10 is thrown (D-12 [000])"
        )
    if not winter_steps and found is None:
        return assessment
    return replace(assessment, steps=winter_steps + assessment.steps + (found.steps if found else []))


def rule_d_chance(state: EuropaState, assessment: cm.Assessment, options: cm.CombatOptions) -> rule_d.Chance | None:
    """D-12 [000]: under option fractional_odds=d10, the D10 faces that reach the next column (None:
    the campaign does not play optional rule D)."""
    if not options.rule_d:
        return None
    return rule_d.chance(rule_d.pinned_rule_d(state), assessment.attack, assessment.defence, assessment.odds_column)


def thrown_d10(
    ctx: Context[EuropaState],
    command: eu.ResolveCombat,
    assessment: cm.Assessment,
    chance: rule_d.Chance | None,
    d10: Faces | None,
    rolls: list[dict[str, Any]],
) -> cm.Assessment:
    """D-12 [000]: the D10 of optional rule D, thrown with the 2D6 when the odds lie between two
    columns; the assessment with its derivation, at the next column when the D10 reaches it."""
    if chance is None or d10 is None:
        if chance is not None and command.d10 is not None:
            unneeded = Step(text="the D10 entered is not needed: no column to reach", rule="D-12 [000]")
            return replace(assessment, steps=[*assessment.steps, unneeded])
        return assessment
    roll = throw_for(
        command, ctx, purpose=f"optional rule D{': ' + command.what if command.what else ''}", dice="D10", faces=d10
    )
    rolls.append(roll)
    reached, step = rule_d.earned(int(roll["total"]), chance)
    if not reached:
        return replace(assessment, steps=[*assessment.steps, step])
    moved = rule_d.with_next_column(assessment)
    column = Step(text=f"column {assessment.column} → {moved.column}", rule="D-12 [000]")
    return replace(moved, steps=[*assessment.steps, step, column])
