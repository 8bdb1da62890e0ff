"""Second Front minimum-dice-roll AA fire read on the campaign's pinned AA table (Optional Rule
37L; RULES F-01..F-14 [003], K-30). Everything before the dice is worked out first, so a preview
without faces shows the AA strength, the column and every shift (`DiceNeededError`)."""

from __future__ import annotations

from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_or_preview
from referee.europa.common.context import opt_since
from referee.europa.common.state import EuropaState
from referee.europa.second_front import aa_fire
from referee.europa.second_front.aa_charts import pinned_aa
from referee.europa.second_front.aa_roster import roster_aa, roster_air_units
from referee.europa.second_front.commands import AirUnitUnderFire, ResolveMinimumRollAA

OPTION = "aa_sixteen_example"
"""J-52: when the German/Allied +1 begins (`referee.europa.second_front.aa_fire.READINGS`)."""
AA_FIRE = "aa_fire"
"""F-01 [003]: whether the campaign fires Optional Rule 37L's table (`minimum_roll`) or the standard one."""
ROUNDING = "divided_aa_rounding"
"""J-54: how a divided AA strength (DAS, harassment) rounds; campaigns created before the option: down."""


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


def _from_rosters(
    command: ResolveMinimumRollAA, state: EuropaState
) -> tuple[ResolveMinimumRollAA, list[AirUnitUnderFire], list[Step]]:
    """K-31: the AA strength and the air units named by their roster ids, read from their ratings."""
    steps: list[Step] = []
    if command.aa_units:
        if command.aa is not None:
            raise IllegalOrderError("give the AA strength (aa) or the units whose AA fires (aa_units), not both (K-31)")
        aa, aa_steps = roster_aa(state, command.side, list(command.aa_units))
        command = command.model_copy(update={"aa": aa})
        steps += aa_steps
    units = list(command.air_units)
    if command.roster_air_units:
        more, more_steps = roster_air_units(state, command.side, list(command.roster_air_units))
        units += more
        steps += more_steps
    if not units:
        raise IllegalOrderError("name the air units fired at (air_units, or roster_air_units by unit id)")
    return command, units, steps


def _fired_on(
    command: ResolveMinimumRollAA, units: list[AirUnitUnderFire]
) -> tuple[list[AirUnitUnderFire], list[Step]]:
    """F-01 [003]: AA fires only at units flying air transport or bombing missions, never at escorts."""
    steps = []
    escorts = [unit.label for unit in units if unit.escort]
    if escorts:
        steps.append(Step(text=f"escort(s) {', '.join(escorts)}: AA never fires at escorts", rule="F-01 [003]"))
    fired_on = [unit for unit in units if not unit.escort]
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


def aa_strength(command: ResolveMinimumRollAA, attackers: int, rounding: str = "down") -> tuple[int, Step]:
    """F-02..F-04 [003]: the AA strength fired, by the mission fired at (J-54: a divided strength
    rounds as option divided_aa_rounding says, down in campaigns created before it)."""
    if command.mission == "DAS":
        _refuse_inputs(command, aa=False, adjacent=True, naval=False)
        return aa_fire.das_aa(command.adjacent_aa, rounding)
    if command.mission == "harassment":
        _refuse_inputs(command, aa=True, adjacent=True, naval=False)
        return aa_fire.harassment_aa(command.aa or 0, command.adjacent_aa, rounding)
    if command.mission == "naval_bombing":
        _refuse_inputs(command, aa=command.in_port, adjacent=False, naval=True)
        return aa_fire.naval_aa(command.naval_aa, attackers, in_port=command.in_port, other=command.aa or 0)
    _refuse_inputs(command, aa=True, adjacent=False, naval=False)
    if command.aa is None:
        raise IllegalOrderError(f"give the AA in {command.hex} (aa) for AA against {command.mission} (F-05 [003])")
    return aa_fire.direct_aa(command.aa)


def heavy_only_strength(
    command: ResolveMinimumRollAA, modified: list[tuple[AirUnitUnderFire, aa_fire.Modified]]
) -> tuple[int, Step] | None:
    """F-08 [003]: only heavy AA fires at an HB on other missions. With ``heavy_aa`` given, the fire
    is at such HBs alone and heavy_aa is its strength; a fire mixing them with units light AA may
    fire at is refused (fire at the HBs apart). Without it the strength given is fired (the ruling
    says it must be the heavy AA alone), as before the field existed."""
    heavy = [unit.label for unit, found in modified if found.fire == aa_fire.HEAVY_ONLY]
    if command.heavy_aa is None:
        return None
    if not heavy:
        raise IllegalOrderError(
            "heavy_aa is the AA fired at an HB flying other missions, which only heavy AA may fire at; no unit "
            "fired at here is one (F-08 [003])"
        )
    if len(heavy) < len(modified):
        light = [unit.label for unit, found in modified if found.fire != aa_fire.HEAVY_ONLY]
        raise IllegalOrderError(
            f"only heavy AA fires at {', '.join(heavy)} (HB on other missions), light and heavy AA at "
            f"{', '.join(light)}: fire at the HBs apart, with heavy_aa, and at the others with all the AA (F-08 [003])"
        )
    text = f"only heavy AA fires at {', '.join(heavy)}: heavy AA {command.heavy_aa}"
    return command.heavy_aa, Step(text=text + " (light AA given is not fired)", rule="F-08 [003]")


def _fates(draws: list[aa_fire.Draw]) -> str:
    return ", ".join(f"{draw.label} {draw.fate}" for draw in draws)


def resolve_minimum_roll_aa(command: ResolveMinimumRollAA, ctx: Context[EuropaState]) -> Decision:
    """F-05 [003]: AA strength, column, shifts, 2D6, result; F-09, F-10: each drawn unit's fate."""
    state = ctx.state
    require_minimum_roll_aa(state)
    if command.side not in state.identity.sides:
        raise IllegalOrderError(f"{command.side!r} is not a side of this campaign: {', '.join(state.identity.sides)}")
    command, units, steps = _from_rosters(command, state)
    fired_on, more = _fired_on(command, units)
    steps += more
    modified = [
        (unit, aa_fire.modified_df(unit.label, unit.type, unit.df, unit.mission or command.mission, unit.codes))
        for unit in fired_on
    ]
    heavy = heavy_only_strength(command, modified)
    if heavy is None:
        strength, step = aa_strength(command, len(fired_on), opt_since(state, ROUNDING, "down"))
    else:
        strength, step = heavy
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
    for unit, found in modified:
        steps.append(found.step)
        if found.fire == aa_fire.HEAVY_ONLY and heavy is None:
            steps.append(Step(text=f"the AA strength fired at {unit.label} counts heavy AA only", rule="F-08 [003]"))
        drawn.append((unit.label, found.df))
    head = f"AA over {command.hex} ({calendar.label}): strength {strength}, column {column}, DRM {drm:+d}"
    roll = throw_or_preview(
        command,
        ctx,
        purpose=f"minimum-dice-roll AA over {command.hex}",
        dice="2D6",
        faces=command.faces,
        head=head,
        steps=steps,
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
