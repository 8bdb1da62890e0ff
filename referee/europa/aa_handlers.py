"""Second Front minimum-dice-roll AA fire read on the campaign's pinned AA table (Optional Rule
37L; RULES F-01..F-14 [003], K-30). Everything before the dice is worked out first, so a preview
without faces shows the AA strength, the column and every shift (`DiceNeededError`)."""

from __future__ import annotations

from typing import Any

from referee.common.decision import Context, Decision
from referee.common.dice import faces_or_preview, throw
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.europa import aa_fire
from referee.europa.aa_charts import pinned_aa
from referee.europa.aa_commands import AirUnitUnderFire, ResolveMinimumRollAA
from referee.europa.context import opt_since
from referee.europa.state import EuropaState

OPTION = "aa_sixteen_example"
"""J-52: when the German/Allied +1 begins (`referee.europa.aa_fire.READINGS`)."""
AA_FIRE = "aa_fire"
"""F-01 [003]: whether the campaign fires Optional Rule 37L's table (`minimum_roll`) or the standard one."""


def require_minimum_roll_aa(state: EuropaState) -> None:
    """F-01 [003]: Optional Rule 37L's table is used only where the campaign's option says so
    (europa-003 reads ``minimum_roll``); a campaign pinned before the option accepted it, and
    still does, so that no entry it recorded is refused on a later audit."""
    reading = opt_since(state, AA_FIRE, "minimum_roll")
    if reading != "minimum_roll":
        raise IllegalOrderError(
            "this campaign fires the standard AA table (option aa_fire=standard): the minimum-dice-roll AA "
            "table is Optional Rule 37L, used only in a campaign created with aa_fire=minimum_roll (F-01 [003])"
        )


def _fired_on(command: ResolveMinimumRollAA) -> tuple[list[AirUnitUnderFire], list[Step]]:
    """F-01 [003]: AA fires only at units flying air transport or bombing missions, never at escorts."""
    steps = []
    escorts = [unit.label for unit in command.air_units if unit.escort]
    if escorts:
        steps.append(Step(text=f"escort(s) {', '.join(escorts)}: AA never fires at escorts", rule="F-01 [003]"))
    fired_on = [unit for unit in command.air_units if not unit.escort]
    if not fired_on:
        raise IllegalOrderError("AA may not fire at escorts (F-01 [003]): no bombing or air transport unit is listed")
    for unit in fired_on:
        mission = unit.mission or command.mission
        if mission not in aa_fire.FIREABLE:
            raise IllegalOrderError(
                f"AA fires only at air units flying air transport or bombing missions; {unit.label} flies "
                f"{mission} (F-01 [003])"
            )
    return fired_on, steps


def _refuse_inputs(command: ResolveMinimumRollAA, *, aa: bool, adjacent: bool, naval: bool) -> None:
    """Each mission's AA is counted its own way (F-02..F-04 [003]): the other inputs are refused."""
    given = {
        "aa": command.aa is not None,
        "adjacent_aa": bool(command.adjacent_aa),
        "naval_aa": bool(command.naval_aa) or command.in_port,
    }
    allowed = {"aa": aa, "adjacent_aa": adjacent, "naval_aa": naval}
    wrong = [name for name, there in given.items() if there and not allowed[name]]
    if wrong:
        raise IllegalOrderError(
            f"AA against {command.mission} does not use {', '.join(wrong)} (F-02, F-03, F-04 [003])"
        )


def aa_strength(command: ResolveMinimumRollAA, attackers: int) -> tuple[int, Step]:
    """F-02..F-04 [003]: the AA strength fired, by the mission fired at (J-54: divisions round down)."""
    if command.mission == "DAS":
        _refuse_inputs(command, aa=False, adjacent=True, naval=False)
        return aa_fire.das_aa(command.adjacent_aa)
    if command.mission == "harassment":
        _refuse_inputs(command, aa=True, adjacent=True, naval=False)
        return aa_fire.harassment_aa(command.aa or 0, command.adjacent_aa)
    if command.mission == "naval_bombing":
        _refuse_inputs(command, aa=command.in_port, adjacent=False, naval=True)
        return aa_fire.naval_aa(command.naval_aa, attackers, in_port=command.in_port, other=command.aa or 0)
    _refuse_inputs(command, aa=True, adjacent=False, naval=False)
    if command.aa is None:
        raise IllegalOrderError(f"give the AA in {command.hex} (aa) for AA against {command.mission} (F-05 [003])")
    return aa_fire.direct_aa(command.aa)


def _fates(draws: list[aa_fire.Draw]) -> str:
    return ", ".join(f"{draw.label} {draw.fate}" for draw in draws)


def resolve_minimum_roll_aa(command: ResolveMinimumRollAA, ctx: Context[EuropaState]) -> Decision:
    """F-05 [003]: AA strength, column, shifts, 2D6, result; F-09, F-10: each drawn unit's fate."""
    state = ctx.state
    require_minimum_roll_aa(state)
    if command.side not in state.identity.sides:
        raise IllegalOrderError(f"{command.side!r} is not a side of this campaign: {', '.join(state.identity.sides)}")
    fired_on, steps = _fired_on(command)
    strength, step = aa_strength(command, len(fired_on))
    steps.append(step)
    chart = pinned_aa(state)
    start, step = aa_fire.starting_column(chart.columns, strength)
    steps.append(step)
    calendar = state.table.calendar
    shift, shift_steps = aa_fire.column_shifts(
        aa=strength,
        night=command.night,
        nationality=command.aa_nationality,
        turn=calendar.turn,
        units=len(fired_on),
        reading=opt_since(state, OPTION, aa_fire.READINGS[0]),
    )
    steps += shift_steps
    column, drm, step = aa_fire.shifted_column(chart.columns, start, shift)
    steps.append(step)
    drawn = []
    for unit in fired_on:
        modified = aa_fire.modified_df(unit.label, unit.type, unit.df, unit.mission or command.mission, unit.codes)
        steps.append(modified.step)
        if modified.fire == aa_fire.HEAVY_ONLY:
            steps.append(Step(text=f"the AA strength fired at {unit.label} counts heavy AA only", rule="F-08 [003]"))
        drawn.append((unit.label, modified.df))
    head = f"AA over {command.hex} ({calendar.label}): strength {strength}, column {column}, DRM {drm:+d}"
    roll = throw(
        ctx.roller,
        purpose=f"minimum-dice-roll AA over {command.hex}",
        dice="2D6",
        faces=faces_or_preview(command.faces, dice="2D6", head=head, steps=steps),
        rolled_by=command.rolled_by,
        witnesses=list(command.witnesses),
    )
    row, result = chart.read(column, int(roll["total"]) + drm)
    read_at = f" (read at {row})" if row != int(roll["total"]) + drm else ""
    shown = "-" if result is None else str(result)
    steps.append(Step(text=f"column {column}, roll {roll['total']} {drm:+d}{read_at} → {shown}", rule=chart.rule))
    draws, fate_steps = aa_fire.apply_result(result, drawn, dedicated=command.dedicated)
    steps += fate_steps
    summary = f"{head}, roll {roll['total']} → {shown}: {_fates(draws)}"
    return Decision(Ruling(summary=summary, steps=steps), [], [roll])


AA_HANDLERS: dict[type[Any], Any] = {ResolveMinimumRollAA: resolve_minimum_roll_aa}
