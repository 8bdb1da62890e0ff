"""Names and choices typed in any case: 'axis' is the Axis, 'mud' is Mud, 'Besieged' is besieged.

Referees type side, power, nation, zone, city and weather names as they say them, and the words a
field chooses from (a front, a status, a category) as they come; the rules compare them exactly.
Every reader of a typed command (apply, preview, the console's forms) goes through the referee
service's ``parse``, which reads them here, once, before the command is decided (what a table
form shows before the dice, from a command not yet whole, is read alike: `read_typed`):

* a choice field (``Literal[...]``) takes its choice in any case, and a word that is none of its
  choices is refused naming the field, the word and the nearest choice (`read_choices`);
* a name field whose value matches exactly one name the campaign knows, ignoring case, is written
  as the campaign spells it; a value that matches none but is close to a name of its field is
  refused with that name ("did you mean Denmark?"); any other value is left as typed, for the
  rule that reads it to refuse by name (`spelled_as_known`).

The command is recorded as read, in the campaign's spelling, so replay and audit compare what the
rules compare.
"""

from __future__ import annotations

import types
from collections.abc import Iterable
from difflib import get_close_matches
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from referee.common.command_set import CommandSet
from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.people import REFEREE
from referee.common.ruleset import Ruleset
from referee.common.state import BaseState

NAME_FIELDS = ("side", "power", "nation", "zone", "condition", "region", "target", "defender", "city", "receiver")
"""Command fields that name something the campaign knows (free text such as reasons is never touched)."""

CLOSED_FIELDS = {
    "side": "side",
    "defender": "side",
    "power": "power",
    "receiver": "power",
    "nation": "nation",
    "zone": "weather zone",
    "region": "weather region",
    "condition": "weather condition",
    "city": "city",
}
"""Name fields whose every rule takes only a name the campaign knows (what the field names): a
value close to one of the field's names is a misspelling, refused with the name it is close to."""

OPEN_NAMES = {("RegisterUnit", "nation"), ("BuyRailCapacity", "nation")}
"""Name fields of one command that take more than the field's names: a unit's nationality is
any word, and a rail net is a nation of the logistics data (its rule names them)."""

CLOSE = 0.75
"""How alike a typed word and a name must be for the name to be offered (difflib's ratio): 'Axsi'
is the Axis (0.75), 'Allies' is not (0.6), and is left for the rule to refuse with its own words."""


def known_names(state: BaseState, ruleset: Ruleset) -> set[str]:
    """Every side, player, weather zone, weather condition, city and account holder of the campaign."""
    identity = state.identity
    names = {*identity.sides, *identity.players, *identity.weather_zones, *ruleset.weather.conditions}
    names.update(_cities(state))
    for attribute in state.ACCOUNTS.values():  # the holders' names only: never the accounts themselves
        names.update(getattr(state, attribute))
    return names


def _cities(state: BaseState) -> list[str]:
    """The cities a game's table keeps by name (Europa's city statuses), if it keeps any."""
    cities = getattr(state.table, "cities", None)
    return list(cities) if isinstance(cities, dict) else []


def spelled_as_known(command: Any, known: set[str], offers: dict[str, list[str]] | None = None) -> Any:
    """``command`` with its name fields spelled as the campaign spells them.

    Args:
        known: every name the campaign knows (`known_names`).
        offers: the names of each field (`name_offers`): matched first, and offered when a
            value of a `CLOSED_FIELDS` field is none of them but close to one.

    Raises:
        IllegalOrderError: a closed name field holds a misspelling of one of its names.
    """
    values = {field: getattr(command, field, None) for field in NAME_FIELDS}
    update = _spellings(type(command), getattr(command, "kind", ""), values, known, offers or {})
    return command.model_copy(update=update) if update else command


def read_typed(commands: CommandSet, data: Any, known: set[str], offers: dict[str, list[str]]) -> Any:
    """``data``, a command's JSON form that may not be whole yet (what a table form shows before
    the dice: its hint), read as the service's ``parse`` reads a whole command: its choices in
    any case (`read_choices`), then its name fields as the campaign spells them (what
    `spelled_as_known` does to a parsed command), each misspelling refused with the nearest one.

    Raises:
        InvalidInputError: a choice none of its field's choices (the nearest named).
        IllegalOrderError: a closed name field holds a misspelling of one of its names.
    """
    read = read_choices(commands, data)
    kind = read.get("kind") if isinstance(read, dict) else None
    model = commands.by_kind.get(kind) if isinstance(kind, str) else None
    if model is None or not isinstance(kind, str):
        return read
    values = {field: read.get(field) for field in NAME_FIELDS if field in model.model_fields}
    return {**read, **_spellings(model, kind, values, known, offers)}


def _spellings(
    model: type[BaseModel], kind: str, values: dict[str, Any], known: set[str], offers: dict[str, list[str]]
) -> dict[str, str]:
    """The name fields of ``values`` (a ``kind`` command's) to spell otherwise, as the campaign
    spells them (`spelled_as_known`)."""
    update = {}
    for field, value in values.items():
        if not isinstance(value, str) or value in known or _is_choice(model, field):
            continue
        names = offers.get(field, [])
        spelled = _one_in(value, names) or _one_in(value, known)
        if spelled is not None:
            update[field] = spelled
        elif field in CLOSED_FIELDS and (kind, field) not in OPEN_NAMES:
            close = _nearest(value, names)
            if close is not None:
                noun = CLOSED_FIELDS[field]
                raise IllegalOrderError(
                    f"{field}: {value!r} is not a {noun} of this campaign (did you mean {close}?); "
                    f"{_plural(noun)}: {', '.join(names)}"
                )
    return update


def _one_in(value: str, names: Iterable[str]) -> str | None:
    """The one name of ``names`` that ``value`` spells in some case (spaces as typed aside)."""
    folded = " ".join(value.split()).casefold()
    matches = {name for name in names if name.casefold() == folded}
    return matches.pop() if len(matches) == 1 else None


def _nearest(value: str, names: Iterable[str]) -> str | None:
    """The name of ``names`` nearest ``value`` (in any case), when one is close enough."""
    folded = {name.casefold(): name for name in names}
    close = get_close_matches(value.strip().casefold(), list(folded), n=1, cutoff=CLOSE)
    return folded[close[0]] if close else None


def _plural(noun: str) -> str:
    return noun[:-1] + "ies" if noun.endswith("y") else noun + "s"


def _is_choice(model: type[BaseModel], field: str) -> bool:
    """Whether the model's field is a choice (read by `read_choices`, not as a name)."""
    return bool(_choices(_annotation(model, field)))


def _annotation(model: type[BaseModel], field: str) -> Any:
    """The model's field's type (None: it has no such field)."""
    info = model.model_fields.get(field)
    return info.annotation if info is not None else None


def name_offers(state: BaseState, ruleset: Ruleset) -> dict[str, list[str]]:
    """The names a form can offer for each name field: sides, zones, weather, cities, the holders
    of the game's accounts (nations, powers) and the people at the table."""
    identity = state.identity
    holders = {attribute: list(getattr(state, attribute)) for attribute in state.ACCOUNTS.values()}
    people = list(state.chain.people)
    offers = {
        "side": identity.seats,
        "defender": list(identity.sides),
        "zone": list(identity.weather_zones),
        "region": list(identity.weather_zones),
        "condition": list(ruleset.weather.conditions),
        "city": _cities(state),
        "nation": holders.get("replacement_tracks", []),
        "power": holders.get("brp_economies", []),
        "receiver": holders.get("brp_economies", []),
        "target": holders.get("brp_economies", []),
        "rolled_by": people,
        "actor": [REFEREE, *people] if people else [],
        "on_behalf_of": [*people, *identity.sides],
    }
    return {field: names for field, names in offers.items() if names}


# -- choices ------------------------------------------------------------------------------------


def read_choices(commands: CommandSet, data: Any) -> Any:
    """``data`` (a command's JSON form) with every choice it makes, nested parts included,
    spelled as the command spells them ('Eastern' → 'eastern', 'Besieged' →
    'besieged'); anything else is left for the command's own validation to judge.

    Raises:
        InvalidInputError: a choice that is none of its field's choices in any case, naming the
            field, the word, the choices and the nearest one.
    """
    if not isinstance(data, dict):
        return data
    kind = data.get("kind")
    model = commands.by_kind.get(kind) if isinstance(kind, str) else None
    if model is None:  # the kind is spelled exactly: an unknown one is refused with the kinds listed
        return data
    problems: list[str] = []
    read = _read_model(model, data, "", problems)
    if problems:
        raise InvalidInputError(f"{kind}: " + "; ".join(problems))
    return read


def _read_model(model: type[BaseModel], data: dict[str, Any], path: str, problems: list[str]) -> dict[str, Any]:
    read = dict(data)
    for name, annotation in _choosing_fields(model):
        if name in read:
            read[name] = _read_value(annotation, read[name], f"{path}{name}", problems)
    return read


@cache
def _choosing_fields(model: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    """The model's fields that make a choice, themselves or in a part they hold (each command and
    part is looked at once). ``kind`` is what a command or part is: spelled exactly, never read."""
    return tuple(
        (name, info.annotation)
        for name, info in model.model_fields.items()
        if name != "kind" and _makes_choices(info.annotation)
    )


def _makes_choices(annotation: Any) -> bool:
    for member in _members(annotation):
        if get_origin(member) is Literal:
            return True
        if get_origin(member) in (list, dict) and any(_makes_choices(arg) for arg in get_args(member)):
            return True
        if isinstance(member, type) and issubclass(member, BaseModel) and _choosing_fields(member):
            return True
    return False


def _read_value(annotation: Any, value: Any, path: str, problems: list[str]) -> Any:
    """``value`` with the choices its type makes spelled as the type spells them."""
    members = _members(annotation)
    if isinstance(value, str):
        choices = _choices(annotation)
        if choices and value not in choices:
            return _choice(value, choices, path, problems, only=all(_only_choices(member) for member in members))
        return value
    lists = [get_args(member)[0] for member in members if get_origin(member) is list]
    if isinstance(value, list) and len(lists) == 1:
        return [_read_value(lists[0], one, f"{path}.{number}", problems) for number, one in enumerate(value)]
    if not isinstance(value, dict):
        return value
    maps = [get_args(member)[1] for member in members if get_origin(member) is dict]
    if len(maps) == 1:
        return {key: _read_value(maps[0], one, f"{path}.{key}", problems) for key, one in value.items()}
    model = _model_for(members, value)
    return _read_model(model, value, f"{path}.", problems) if model is not None else value


def _model_for(members: tuple[Any, ...], value: dict[str, Any]) -> type[BaseModel] | None:
    """The part a JSON object is of: the one model the field takes, or the one its ``kind`` names."""
    models = [member for member in members if isinstance(member, type) and issubclass(member, BaseModel)]
    if len(models) == 1:
        return models[0]
    kind = value.get("kind")
    named = [model for model in models if "kind" in model.model_fields and kind in _choices(_annotation(model, "kind"))]
    return named[0] if len(named) == 1 else None


def _choice(value: str, choices: tuple[str, ...], path: str, problems: list[str], *, only: bool) -> str:
    """The choice ``value`` spells in some case; when it spells none and the field takes nothing
    but its choices (``only``), a problem naming the nearest choice."""
    spelled = _one_in(value, choices)
    if spelled is not None:
        return spelled
    if only:
        close = _nearest(value, choices)
        problems.append(
            f"{path}: {value!r} is not one of {', '.join(choices)}" + (f" (did you mean {close}?)" if close else "")
        )
    return value


def field_choices(model: type[BaseModel], field: str) -> list[str]:
    """The words the model's field chooses from, when it takes nothing else (none when it also
    takes a list, say, as dice faces take "digital" or the faces thrown)."""
    annotation = _annotation(model, field)
    if not all(_only_choices(member) for member in _members(annotation)):
        return []
    return list(_choices(annotation))


def _only_choices(member: Any) -> bool:
    return get_origin(member) is Literal or member is type(None)


@cache
def _members(annotation: Any) -> tuple[Any, ...]:
    """The types a field's annotation allows, Annotated and Optional unwrapped."""
    if get_origin(annotation) is Annotated:
        return _members(get_args(annotation)[0])
    if get_origin(annotation) in (Union, types.UnionType):
        return tuple(member for arg in get_args(annotation) for member in _members(arg))
    return (annotation,)


@cache
def _choices(annotation: Any) -> tuple[str, ...]:
    """The words a field chooses from (its ``Literal`` members), in the command's spelling."""
    return tuple(
        choice
        for member in _members(annotation)
        if get_origin(member) is Literal
        for choice in get_args(member)
        if isinstance(choice, str)
    )
