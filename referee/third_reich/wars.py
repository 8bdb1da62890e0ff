"""Who is at war with whom, and who is still in play (seed 004, RULES.md G-33..G-35, G-55..G-59).

Each power's account keeps the powers and minor countries it is at war with and the entry from
which (`BrpEconomy.at_war`): a scenario may open with wars (its economy's ``wars_at_start``) and
each `DeclareWar` adds the war it creates (`WarDeclared`). Lend lease reads it (G-55..G-59), and
a declaration is refused where the text leaves nothing to declare war on. A major power whose
homeland falls leaves play (`PowerLeftPlay`, G-35): no year start, no BRPs.

The text names no table of alliances: a power's allies are taken to be the other powers of its
side in the scenario that are in play (provisional; the USA is not in play before it enters). A
declaration on a major power brings in those of its allies that are already at war with someone:
a power of the side still at peace (Italy in 1939) is not drawn in by a war on its partner.
"""

from __future__ import annotations

from difflib import get_close_matches

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.third_reich import commands as tr
from referee.third_reich import economy_events as ec
from referee.third_reich.context import account
from referee.third_reich.data import Economy
from referee.third_reich.state import ReichState


def allies_of(state: ReichState, power: str) -> list[str]:
    """G-34 [004]: the powers allied with ``power``: the other powers of its side in play."""
    side = state.brp_economies[power].side
    return [
        name
        for name, economy in state.brp_economies.items()
        if name != power and economy.side == side and economy.in_play
    ]


def allies_at_war(state: ReichState, power: str) -> list[str]:
    """G-34 [004]: the allies a war on ``power`` brings in: those already at war with someone."""
    return [ally for ally in allies_of(state, power) if is_belligerent(state, ally)]


def at_war(state: ReichState, power: str, enemy: str) -> int | None:
    """The entry from which ``power`` and ``enemy`` are at war (either's account), or None."""
    since = [
        economy.at_war[other]
        for economy, other in ((state.brp_economies.get(power), enemy), (state.brp_economies.get(enemy), power))
        if economy is not None and other in economy.at_war
    ]
    return min(since) if since else None


def is_belligerent(state: ReichState, power: str) -> bool:
    """At war with anyone (G-55 [004]: Italy must be a belligerent to receive German lend lease)."""
    economy = state.brp_economies.get(power)
    return bool(economy and economy.at_war)


def war_conditions(state: ReichState, pairs: list[tuple[str, str]], belligerents: list[str]) -> list[str]:
    """What is missing of the wars a grant needs (G-55..G-59 [004]): one phrase per pair of powers
    not at war and per power not a belligerent; empty when all hold."""
    missing = [f"{a} is not at war with {b}" for a, b in pairs if at_war(state, a, b) is None]
    missing += [f"{power} is not at war with anyone" for power in belligerents if not is_belligerent(state, power)]
    return missing


def _holder(state: ReichState, territory: str) -> tuple[str, int] | None:
    """The power that holds ``territory`` (conquered or joined as an ally) and the entry since."""
    for power, economy in state.brp_economies.items():
        if territory in economy.conquests_held:
            return power, economy.conquests_held[territory]
    return None


def _target(command: tr.DeclareWar, state: ReichState, data: Economy) -> tuple[str, str]:
    """The target as the campaign spells it and whether it is a power or a minor country; an
    unknown name is refused with the nearest known one."""
    powers = list(state.brp_economies)
    minors = list(data.territories)
    for name in powers + minors:
        if name.casefold() == command.target.strip().casefold():
            return name, "major" if name in powers else "minor"
    close = get_close_matches(command.target, powers + minors, n=1, cutoff=0.6)
    raise IllegalOrderError(
        f"there is no power or minor country {command.target!r} in this campaign"
        + (f" (did you mean {close[0]}?)" if close else "")
        + f"; powers: {', '.join(powers)}; minor countries and territories: {', '.join(minors)} (G-34, G-36 [004])"
    )


def declaration(command: tr.DeclareWar, state: ReichState, data: Economy) -> tuple[str, list[str], Step]:
    """G-34 [004]: whom a declaration makes the declarer's enemies: the target, and for a major
    power its allies already at war. Refused on oneself, on an ally, on a country already at war with the
    declarer, on an unknown name, on a power not in play and on a conquered country.

    Returns:
        The target as the campaign spells it, the enemies, and the derivation step.

    Raises:
        IllegalOrderError: the declaration the rules leave no room for, named.
    """
    power = command.power
    target, kind = _target(command, state, data)
    if target == power:
        raise IllegalOrderError(f"{power} cannot declare war on itself (G-34 [004])")
    if kind != command.target_kind:
        cost = "15" if kind == "major" else "5 a season"
        raise IllegalOrderError(
            f"{target} is a {kind} {'power' if kind == 'major' else 'country'}: target_kind is {kind!r} "
            f"(a declaration on it costs {cost}, G-34 [004])"
        )
    if kind == "major" and state.brp_economies[target].side == state.brp_economies[power].side:
        raise IllegalOrderError(
            f"{target} is {power}'s ally (both {state.brp_economies[power].side}); war on an ally is refused "
            "(G-34 [004])"
        )
    since = at_war(state, power, target)
    if since is not None:
        raise IllegalOrderError(
            f"{power} is already at war with {target} (since entry #{since}); a second declaration is refused "
            "(G-34 [004])"
        )
    if kind == "major":
        economy = state.brp_economies[target]
        if economy.left_play is not None:
            raise IllegalOrderError(
                f"{target} left play ({economy.left_play}): there is no war to declare on it (G-35 [004])"
            )
        if not economy.active:
            raise IllegalOrderError(f"{target} is not in play yet: war is declared on it once it has entered (G-01)")
        enemies = [target, *(ally for ally in allies_at_war(state, target) if at_war(state, power, ally) is None)]
        text = (
            f"war on {target} is war on its allies at war too: {power} now at war with {', '.join(enemies)}"
            if len(enemies) > 1
            else f"{power} now at war with {target}"
        )
    else:
        held = _holder(state, target)
        if held is not None:
            raise IllegalOrderError(
                f"{target} is held by {held[0]} since entry #{held[1]} (conquered, or joined as an ally): there is no "
                "war to declare on it (G-31, G-33 [004])"
            )
        enemies = [target]
        text = f"{power} now at war with {target}"
    return target, enemies, Step(text=text, rule="G-34 [004]")


def record_surrender(command: tr.RecordSurrender, ctx: Context[ReichState]) -> Decision:
    """G-35, G-82 [004]: a major power whose homeland has fallen (France when Vichy forms) leaves
    play: it has no year start and gets no BRPs. The USSR fights on whatever it loses."""
    economy = account(ctx.state, command.power)
    if command.power == "USSR":
        raise IllegalOrderError("the USSR fights on with whatever it has left, in all circumstances (G-82 [004])")
    reason = f"{ctx.state.table.calendar.label}: {command.reason}"
    return Decision(
        Ruling(
            summary=f"{command.power} leaves play",
            steps=[
                Step(
                    text=f"{command.power} leaves play with {economy.total} BRPs unspent: no year start, no BRPs",
                    rule="G-35 [004]",
                )
            ],
        ),
        [ec.PowerLeftPlay(power=command.power, reason=reason)],
    )


def leaves_with(state: ReichState, data: Economy, territory: str, conqueror: str) -> list[ec.PowerLeftPlay]:
    """G-35 [004]: the conquest of a major power's homeland (France's occupied part: Vichy forms)
    takes that power out of play."""
    power = data.homelands.get(territory)
    if power is None or power == conqueror or power not in state.brp_economies:
        return []
    if not state.brp_economies[power].in_play:
        return []
    label = state.table.calendar.label
    return [ec.PowerLeftPlay(power=power, reason=f"{label}: {territory} conquered by {conqueror}")]
