"""The Year Start of one power (seed 004, RULES.md G-10..G-15, G-20, G-55..G-65, G-80)."""

from __future__ import annotations

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account, economy_of, year_of
from referee.third_reich.common.state import BrpEconomy, ReichState
from referee.third_reich.economy import command_phases as ph
from referee.third_reich.economy import commands as tr
from referee.third_reich.economy import economy as eco
from referee.third_reich.economy import events as ec
from referee.third_reich.strategic_warfare import interface as strategic_warfare
from referee.third_reich.territory.interface import ussr_fights_on
from referee.third_reich.wars.interface import grants as lend_lease_grants


def _kind(turn: int, year: int) -> str:
    if turn == 3:
        return "spring1940"
    return "1945" if year == 1945 else "full"


def _hit_years_deducted(kind: str, year: int, hits: dict[str, dict[str, int]]) -> list[str]:
    """G-10, G-61 [004], J-61: the years whose strategic-warfare hits this year start deducts: the
    year before, none at the special Spring 1940 year start, and at Spring 1941 those of 1939 too
    (hits of Fall and Winter 1939 exist only under option sw_start=fall_1939; provisional)."""
    if kind == "spring1940":
        return []
    years = [str(year - 1), *(["1939"] if year == 1941 else [])]
    return sorted(found for found in years if found in hits)


def _saved_for_growth(economy: BrpEconomy, state: ReichState) -> tuple[int, list[Step]]:
    """G-01, G-20 [004], option us_entry: what grows at this year start. A power that entered play
    since its last year start (the USA, activated in Winter 1941 so that Germany can declare war on
    it and lend lease can start at the 1942 year start, G-57) entered with its base: under
    ``enters_with_base`` (the text: the USA enters 1942 with 250) what it held before does not
    grow; under ``saves_before_entry`` (releases before this option) it grows as any saving."""
    reading = option(state.identity.options, "us_entry", before="saves_before_entry")
    if not (economy.first_year_start_due and economy.saved and reading == "enters_with_base"):
        return economy.saved, []
    step = Step(
        text=f"{economy.power} entered play with its base of {economy.base}: the {economy.saved} it held "
        "unspent before this first year start do not grow (option us_entry=enters_with_base)",
        rule="G-01, G-20 [004]",
    )
    return 0, [step]


def perform(command: tr.PerformYearStart, ctx: Context[ReichState]) -> Decision:
    """Base, total, growth, SW deductions, USSR cities, conversions, SW maximums, lend lease, in one entry."""
    state = ctx.state
    economy = account(state, command.power)
    data = economy_of(state)
    calendar = state.table.calendar
    if calendar.phase not in ph.YEAR_START.phases:
        raise IllegalOrderError(
            "the year start belongs to the Year Start phase of a Spring turn (A-53 [004]); it is now "
            f"{calendar.label}, {calendar.phase}"
        )
    if f"year_start:{command.power}" in calendar.steps_done:
        raise IllegalOrderError(f"{command.power} has already had its year start in {calendar.label}")
    year, kind = year_of(state), _kind(calendar.turn, year_of(state))
    rate = data.powers[command.power].growth_percent
    if command.power == "USA" and option(state.identity.options, "us_growth") == "60":
        rate = 60
    saved, entry_steps = _saved_for_growth(economy, state)
    hits_by_kind = economy.sw_hits.get(str(year - 1), {})
    deducted = _hit_years_deducted(kind, year, economy.sw_hits)
    ussr_change, ussr_value, steps_extra = 0, economy.ussr_city_value, []
    if command.ussr_cities_held_value is not None:
        if command.power != "USSR":
            raise IllegalOrderError("only the USSR counts Axis-held cities against its base (G-80 [004])")
        ussr_change, step = eco.ussr_city_change(economy.ussr_city_value, command.ussr_cities_held_value)
        ussr_value = command.ussr_cities_held_value
        steps_extra.append(step)
    result = eco.year_start(
        power=command.power,
        base=economy.base,
        total=economy.total,
        saved=saved,
        rate_percent=rate,
        conquests=dict(economy.conquests_pending),
        sw_hits=sum(sum(economy.sw_hits[y].values()) for y in deducted),
        ussr_change=ussr_change,
        kind=kind,
    )
    steps = [*entry_steps, *result.steps, *steps_extra]
    fights_on = ussr_fights_on(command.power, result.new_base)
    if fights_on is not None:
        steps.append(fights_on)
    if deducted != [str(year - 1)] and deducted:
        steps.append(
            Step(text=f"hits deducted now: those of {', '.join(deducted)} (not deducted before)", rule="G-61, J-61")
        )
    events: list[ev.DomainEvent] = []
    limits = eco.sw_limits(command.power, year, result.new_base)
    if (
        command.power in ("UK", "USA")
        and hits_by_kind.get("submarines", 0) >= data.sub_conversion_hits
        and kind != "spring1940"
    ):
        events.append(
            strategic_warfare.ForcePoolConverted(
                power=command.power,
                removed="9-factor fleet",
                added="9 ASW factors",
                reason=f"{hits_by_kind['submarines']} BRPs lost to submarines in {year - 1}",
            )
        )
        events += strategic_warfare.changed(economy, "asw", strategic_warfare.CONVERTED["asw"], "G-64 conversion")
        limits["asw"] = max(0, limits.get("asw", 0) - 27)
        steps.append(
            Step(
                text=(
                    f"{hits_by_kind['submarines']} submarine hits in {year - 1} ≥ 25: a fleet becomes 9 ASW, "
                    "counted against the ASW limit"
                ),
                rule="G-64 [004]",
            )
        )
    pending_interceptors = economy.counts.get("pending_limit_interceptors", 0)
    if pending_interceptors and "interceptors" in limits:
        limits["interceptors"] = max(0, limits["interceptors"] - pending_interceptors)
        steps.append(
            Step(
                text=f"interceptor limit reduced by {pending_interceptors} for last year's conversions",
                rule="G-65 [004]",
            )
        )
    if limits:
        steps.append(
            Step(
                text="SW maximums this year: " + ", ".join(f"{k} {v}" for k, v in limits.items()),
                rule="G-10, G-63 [004]",
            )
        )
    events.insert(
        0,
        ec.YearStartApplied(
            power=command.power,
            base=result.new_base,
            total=result.new_total,
            sw_limits=limits,
            ussr_city_value=ussr_value,
            sw_hits_deducted=deducted,
        ),
    )
    more_events, more_steps, total = lend_lease_grants(command, state, data, economy, result.new_total)
    events += more_events
    steps += more_steps
    events.append(ev.StepCompleted(step=f"year_start:{command.power}"))
    return Decision(
        Ruling(
            summary=f"{command.power} year start {year}: base {economy.base} → {result.new_base}, BRPs {total}",
            steps=steps,
        ),
        events,
    )
