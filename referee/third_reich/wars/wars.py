"""Who is at war with whom, what war allows, and who is still in play (seed 004, RULES.md
G-33..G-36, G-55..G-59, A-68).

Each power's account keeps the powers and minor countries it is at war with and the entry from
which (`BrpEconomy.at_war`): a scenario may open with wars (its economy's ``wars_at_start``) and
each `DeclareWar` adds the war it creates (`WarDeclared`). Lend lease reads it (G-55..G-59), and
a declaration is refused where the text leaves nothing to declare war on. A major power whose
homeland falls leaves play (`PowerLeftPlay`, G-35): no year start, no BRPs.

The text names no table of alliances: a power's allies are taken to be the other powers of its
side in the scenario that are in play (provisional; the USA is not in play before it enters). A
declaration on a major power brings in those of its allies that are already at war with someone:
a power of the side still at peace (Italy in 1939) is not drawn in by a war on its partner; under
the option ``allies_drawn_in``'s default it also brings in the powers the scenario lists as allied
with it (the UK and France in 1939).

Every fight (land combat, attrition, air, naval and interception) asks `require_fight` whether
the powers are at war, and strategic warfare asks `require_war` (G-34, G-61). Country names are
the territory table's, in any case, or a scenario alias ('Holland', 'Low Countries'). A war
between Germany and the USSR marks the Russian winter's turn on the table (`russian_winter_set`,
A-68), which land combat reads.
"""

from __future__ import annotations

from difflib import get_close_matches

from referee.common import events as ev
from referee.common.calendar import third_reich_season
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account, economy_of
from referee.third_reich.common.data import Economy
from referee.third_reich.common.state import ReichState
from referee.third_reich.wars import commands as tr
from referee.third_reich.wars import events as ec

ALLIES_DRAWN_IN = ("listed_and_at_war", "at_war_only")
"""G-34 (the text names no alliance): a declaration on a major power brings in the powers the
scenario lists as its allies and its side's powers already at war, or only the latter (the reading
of the releases before the option, read by campaigns pinned before it)."""


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


def country_names(data: Economy, typed: str) -> list[str] | None:
    """The countries of the territory table that ``typed`` names: the country itself in any case,
    or the countries of a scenario alias ('Holland' is the Netherlands, 'Low Countries' Belgium
    and the Netherlands); None when it names none."""
    folded = " ".join(typed.split()).casefold()
    for name in data.territories:
        if name.casefold() == folded:
            return [name]
    for alias, names in data.aliases.items():
        if alias.casefold() == folded:
            return list(names)
    return None


def _targets(command: tr.DeclareWar, state: ReichState, data: Economy) -> tuple[list[str], str]:
    """The targets as the campaign spells them and whether they are a power or minor countries; an
    unknown name is refused with the nearest known one."""
    powers = list(state.brp_economies)
    typed = " ".join(command.target.split()).casefold()
    for name in powers:
        if name.casefold() == typed:
            return [name], "major"
    countries = country_names(data, command.target)
    if countries is not None:
        return countries, "minor"
    minors = list(data.territories)
    close = get_close_matches(command.target, powers + minors + list(data.aliases), n=1, cutoff=0.6)
    aliases = f"; other names: {', '.join(data.aliases)}" if data.aliases else ""
    raise IllegalOrderError(
        f"there is no power or minor country {command.target!r} in this campaign"
        + (f" (did you mean {close[0]}?)" if close else "")
        + f"; powers: {', '.join(powers)}; minor countries and territories: {', '.join(minors)}{aliases} "
        "(G-34, G-36 [004])"
    )


def drawn_in(state: ReichState, data: Economy, power: str, target: str) -> tuple[list[str], bool]:
    """G-34 [004]: the allies a declaration by ``power`` on the major power ``target`` brings in:
    those of its side already at war, and under option ``allies_drawn_in`` = listed_and_at_war the
    powers in play the scenario lists as allied with it. Returns them and whether a listed ally
    not yet at war is among them (the option decided it)."""
    reading = option(state.identity.options, "allies_drawn_in", before=ALLIES_DRAWN_IN[1])
    drawn = allies_at_war(state, target)
    listed = False
    if reading == ALLIES_DRAWN_IN[0]:
        for alliance in data.alliances:
            if target not in alliance:
                continue
            for ally in alliance:
                economy = state.brp_economies.get(ally)
                if ally in (target, *drawn) or economy is None or not economy.in_play:
                    continue
                if economy.side == state.brp_economies[power].side:  # never the declarer or its own side
                    continue
                drawn.append(ally)
                listed = True
    return drawn, listed


def _check_major(power: str, target: str, state: ReichState) -> None:
    """G-34, G-35, G-01 [004]: no war on an ally, a power that left play or one not yet in play."""
    if state.brp_economies[target].side == state.brp_economies[power].side:
        raise IllegalOrderError(
            f"{target} is {power}'s ally (both {state.brp_economies[power].side}); war on an ally is refused "
            "(G-34 [004])"
        )
    economy = state.brp_economies[target]
    if economy.left_play is not None:
        raise IllegalOrderError(
            f"{target} left play ({economy.left_play}): there is no war to declare on it (G-35 [004])"
        )
    if not economy.active:
        raise IllegalOrderError(f"{target} is not in play yet: war is declared on it once it has entered (G-01)")


def declaration(
    command: tr.DeclareWar, state: ReichState, data: Economy
) -> tuple[list[tuple[str, list[str]]], list[Step]]:
    """G-34 [004]: whom a declaration makes the declarer's enemies: the target (each country an
    alias names), and for a major power the allies it brings in (`drawn_in`). Refused on oneself,
    on an ally, on a country already at war with the declarer, on an unknown name, on a power not
    in play and on a conquered country.

    Returns:
        Each target as the campaign spells it with the enemies it makes, and the derivation steps.

    Raises:
        IllegalOrderError: the declaration the rules leave no room for, named.
    """
    power = command.power
    targets, kind = _targets(command, state, data)
    steps: list[Step] = []
    if [command.target] != targets and len(targets) > 1:
        steps.append(Step(text=f"{command.target} names {' and '.join(targets)} (scenario aliases)", rule="G-34 [004]"))
    if kind != command.target_kind:
        cost = "15" if kind == "major" else "5 a season"
        noun = "power" if kind == "major" else "country"
        named = f"{targets[0]} is a {kind} {noun}"
        if len(targets) > 1:
            named = f"{' and '.join(targets)} are minor countries"
        raise IllegalOrderError(f"{named}: target_kind is {kind!r} (a declaration on it costs {cost}, G-34 [004])")
    wars: list[tuple[str, list[str]]] = []
    for target in targets:
        if target == power:
            raise IllegalOrderError(f"{power} cannot declare war on itself (G-34 [004])")
        if kind == "major":
            _check_major(power, target, state)
        since = at_war(state, power, target)
        if since is not None:
            raise IllegalOrderError(
                f"{power} is already at war with {target} (since entry #{since}); a second declaration is refused "
                "(G-34 [004])"
            )
        if kind == "minor":
            held = _holder(state, target)
            if held is not None:
                raise IllegalOrderError(
                    f"{target} is held by {held[0]} since entry #{held[1]} (conquered, or joined as an ally): there is "
                    "no war to declare on it (G-31, G-33 [004])"
                )
            wars.append((target, [target]))
            steps.append(Step(text=f"{power} now at war with {target}", rule="G-34 [004]"))
            continue
        drawn, listed = drawn_in(state, data, power, target)
        enemies = [target, *(ally for ally in drawn if at_war(state, power, ally) is None)]
        text = (
            f"war on {target} is war on its allies at war too: {power} now at war with {', '.join(enemies)}"
            if len(enemies) > 1
            else f"{power} now at war with {target}"
        )
        if listed:
            text = f"war on {target} is war on its allies: {power} now at war with {', '.join(enemies)}"
        rule = "G-34 [004] (allies_drawn_in=listed_and_at_war)" if listed else "G-34 [004]"
        wars.append((target, enemies))
        steps.append(Step(text=text, rule=rule))
    return wars, steps


RUSSIAN_WINTER = "russian_winter"
"""The table marker naming the Russian winter's turn ('Winter 1941'), set when Germany and the
USSR go to war (A-68); a scenario that opens with that war may set it itself."""


def russian_winter_turn(war_turn: int) -> int:
    """A-68 [004] (with A-52's numbering, Winter = the 5th turn of a year): the game turn of the
    Russian winter, the first Winter turn in which Germany and the USSR are at war, for a war
    that began in game turn ``war_turn`` (a war begun in a Winter turn has that Winter).

    >>> russian_winter_turn(9), russian_winter_turn(12), russian_winter_turn(13)  # Summer I 1941 ...
    (12, 12, 17)
    """
    season_index = (war_turn - 3) % 5
    return war_turn + 4 - season_index


def russian_winter_set(
    state: ReichState, data: Economy, power: str, enemies: list[str]
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """A-68 [004]: when a declaration puts Germany and the USSR at war, the book marks the Russian
    winter's turn (the table marker `RUSSIAN_WINTER`), the first Winter turn of that war, so that
    land combat applies it then and refuses it in any other turn. Campaigns started before the
    book read its wars (``fights_read_wars``) keep no marker."""
    pair = {power, *enemies}
    if not data.fights_read_wars or RUSSIAN_WINTER in state.table.markers or not {"Germany", "USSR"} <= pair:
        return [], []
    if power not in ("Germany", "USSR") or at_war(state, "Germany", "USSR") is not None:
        return [], []
    season, year = third_reich_season(russian_winter_turn(state.table.calendar.turn))
    label = f"{season} {year}"
    step = Step(
        text=f"Germany and the USSR at war from {state.table.calendar.label}: the Russian winter is {label}",
        rule="A-68 [004]",
    )
    return [ev.MarkerSet(name=RUSSIAN_WINTER, value=label)], [step]


def fighting_for(state: ReichState, power: str, side: str | None) -> list[str]:
    """G-34, G-33 [004]: the powers and minor countries at war with ``power`` that fight for
    ``side`` (any side but its own when None): a power of that side, a minor country joined as
    an ally of one (held by it), or a minor country at war and held by no one (whoever plays its
    units). A minor country conquered by ``power``'s side fights for no one."""
    own = state.brp_economies[power].side
    sides = [side] if side is not None else [name for name in state.identity.sides if name != own]
    partners = dict(state.brp_economies[power].at_war)
    partners.update({name: 0 for name, economy in state.brp_economies.items() if power in economy.at_war})
    found = []
    for partner in partners:
        fights: str | None
        if partner in state.brp_economies:
            fights = state.brp_economies[partner].side
        else:
            held = _holder(state, partner)
            fights = state.brp_economies[held[0]].side if held is not None else None
        if fights is None or (fights in sides and fights != own):
            found.append(partner)
    return found


def require_war(state: ReichState, power: str, against: str | None, what: str, rule: str = "G-34 [004]") -> None:
    """G-34 [004]: the one check of every fight: ``power`` must be at war with ``against``, a power
    (strategic warfare's target), a side (the defenders) or None (the command names no opponent:
    any side but its own).

    Raises:
        IllegalOrderError: no war recorded, naming the powers, ``what`` needs and ``rule``.
    """
    if against in state.brp_economies:
        if at_war(state, power, against) is None:
            raise IllegalOrderError(f"{what} ({rule}); {power} and {against} are not at war")
        return
    if fighting_for(state, power, against):
        return
    if against is None:
        whom = "no power or minor country of another side"
    else:
        powers = [name for name, economy in state.brp_economies.items() if economy.side == against and economy.in_play]
        listed = ", ".join(powers) or "none in play"
        whom = f"no power of the {against} ({listed}) and with no minor country fighting for them"
    raise IllegalOrderError(f"{what} ({rule}); {power} is at war with {whom}: record DeclareWar first")


def require_fight(state: ReichState, power: str, against: str | None, what: str) -> None:
    """G-34 [004]: a land, attrition, air, naval or interception fight is fought only between
    powers at war (`require_war`), in campaigns whose book reads its wars (``fights_read_wars``;
    campaigns started before did not check, and their entries are decided as they were)."""
    if economy_of(state).fights_read_wars:
        require_war(state, power, against, f"{what} is fought only between powers at war")


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
