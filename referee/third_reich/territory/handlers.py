"""Territory as referee commands (seed 004, RULES.md G-30..G-36, G-83, G-90..G-93): a conquest or
minor ally recorded (`conquest`), a great power's city taken or bombed by hand (`city_loss`) or
fought (`city_bombing`), the French colonies' alignment roll (`conquest_vichy`) and the USSR's
supply sources (`supply_sources`)."""

from __future__ import annotations

from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account
from referee.third_reich.common.state import ReichState
from referee.third_reich.common.territory_map import city_icons
from referee.third_reich.economy.interface import city_value
from referee.third_reich.territory import city_bombing, conquest, conquest_vichy, supply_sources
from referee.third_reich.territory import commands as tr
from referee.third_reich.territory import events as ec


def city_loss(command: tr.RecordCityLoss, ctx: Context[ReichState]) -> Decision:
    """G-90..G-92 [004]: a city taken costs its value once; air hits up to the value once a year."""
    economy = account(ctx.state, command.power)
    if command.power == "USSR":
        raise IllegalOrderError("USSR cities are counted against its base at the year start (G-80 [004]), not here")
    names = (command.power, command.city)
    icons, charted = (list(command.city_types), []) if command.city_types else city_icons(ctx.state, *names)
    value = city_value(icons)
    if command.cause == "captured":
        if command.city in economy.cities_lost:
            raise IllegalOrderError(f"{command.city} was already lost once; the loss is never repeated (G-90 [004])")
        amount, text = value, f"{command.city} taken: value {value}"
    else:
        already = economy.city_air_hits.get(command.city, 0)
        amount = max(0, min(command.hits, value - already))
        text = f"{command.city} bombed: {command.hits} hits, value {value}, {already} already this year → {amount}"
    amount = min(amount, economy.total)
    return Decision(
        Ruling(
            summary=f"{command.power} loses {amount} BRPs ({command.city})",
            steps=[*charted, Step(text=text, rule="G-90..G-92 [004]")],
        ),
        [ec.CityLossRecorded(power=command.power, city=command.city, amount=amount, cause=command.cause)],
    )


HANDLERS: dict[type[Any], Any] = {
    tr.RecordConquest: conquest.conquest,
    tr.RecordCityLoss: city_loss,
    tr.ResolveCityBombing: city_bombing.resolve,
    tr.RollFrenchColonies: conquest_vichy.roll_colonies,
    tr.CheckSupplySource: supply_sources.check_source,
}
