"""Named ruleset options: where the texts contradict each other (RULES.md section J).

Each game lists its options with their readings, the default first (the latest text, 000 for
Europa, unless noted): ``referee/<game>/options.py``. A campaign pins the reading of every
option of its game at creation, defaults included; they are shown in `turnledger state`.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.common.errors import InvalidInputError

Choices = Mapping[str, tuple[str, ...]]
"""Option name -> its readings, the default first."""

Sources = Mapping[str, str]
"""Option name -> the rule IDs it settles (RULES.md section J and the rule), shown by `turnledger options`."""


def resolve_options(choices: Choices, defaults: Mapping[str, str], chosen: Mapping[str, str]) -> dict[str, str]:
    """Every option of the game: the ruleset's default, else the first reading, overridden by the
    referee's choices, each checked.

    Raises:
        InvalidInputError: an unknown option or reading.
    """
    options = {name: defaults.get(name, readings[0]) for name, readings in choices.items()}
    for name, value in chosen.items():
        if name not in choices:
            raise InvalidInputError(f"unknown option {name!r}; options: {', '.join(choices)}")
        if value not in choices[name]:
            raise InvalidInputError(f"option {name} has readings {', '.join(choices[name])}; not {value!r}")
        options[name] = value
    return options


def option(options: Mapping[str, str], name: str, *, before: str | None = None) -> str:
    """The campaign's pinned reading of ``name`` (every option is pinned at creation).

    ``before`` is the reading of a campaign pinned before the option existed: how the release it
    was started under played, so that an upgrade never changes a campaign's rules (issue 10)."""
    if name not in options and before is not None:
        return before
    try:
        return options[name]
    except KeyError:
        raise InvalidInputError(f"this campaign has no option {name!r}") from None
