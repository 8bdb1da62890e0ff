"""A set of commands (one game's, or every game's) and how a command's JSON form is read:
refused with each bad field and its value named."""

from __future__ import annotations

import operator
from collections.abc import Collection, Iterable
from functools import reduce
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from referee.common.command_base import Command
from referee.common.errors import InvalidInputError


class CommandSet:
    """The commands one game takes (or all of them, for the schema), parsed with clear errors."""

    def __init__(self, classes: Iterable[type[Command]], *, title: str = "", every: Collection[str] = ()) -> None:
        self.classes = tuple(classes)
        self.title = title
        self.every = every
        self.by_kind: dict[str, type[Command]] = {model.model_fields["kind"].default: model for model in self.classes}
        members: Any = reduce(operator.or_, self.classes)  # the union of the classes, built at run time
        union: Any = Annotated[members, Field(discriminator="kind")]
        self.adapter: TypeAdapter[Any] = TypeAdapter(union)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The command kinds, in documentation order."""
        return tuple(self.by_kind)

    def parse_stored(self, data: dict[str, Any]) -> Any:
        """A command as an entry recorded it, brought to today's shape (``v`` absent: version 1,
        release 0.1.0), for re-adjudicating a recorded ruling."""
        current = dict(data)
        kind = str(current.get("kind"))
        version = int(current.pop("v", 1))
        model = self.by_kind.get(kind)
        while model is not None and version < model.version:
            current = model.upcasters[version](current)
            version += 1
        return self.parse(current)

    def parse(self, data: Any) -> Any:
        """Validate a command given as a dict; the error lists each bad field and value.

        Raises:
            InvalidInputError: not an object, unknown kind, or fields wrong/missing/extra.
        """
        if not isinstance(data, dict):
            raise InvalidInputError(f"a command is a JSON object with a 'kind'; got {type(data).__name__}")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in self.by_kind:
            if isinstance(kind, str) and kind in self.every:
                raise InvalidInputError(f"{kind} is not a command of {self.title}")
            raise InvalidInputError(f"unknown command kind {kind!r}; known kinds: {', '.join(self.kinds)}")
        try:
            return self.adapter.validate_python(data)
        except ValidationError as error:
            raise InvalidInputError(_problems(str(kind), error)) from None


def _problems(kind: str, error: ValidationError) -> str:
    """One line naming each bad field and its value."""
    problems: dict[str, list[str]] = {}
    for problem in error.errors():
        field = ".".join(str(part) for part in problem["loc"][1:] if not _union_tag(part)) or "(command)"
        value = problem.get("input")
        shown = repr(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        if problem["type"] == "missing":
            text = f"{field} is missing"
        elif problem["type"] == "extra_forbidden":
            text = f"{field} is not a field of {kind}"
        else:
            message = problem["msg"]
            text = f"{field}: {message[:1].lower()}{message[1:]} (got {shown})"
        problems.setdefault(field, []).append(text)
    merged = [texts[0] if len(texts) == 1 else _either(field, texts) for field, texts in problems.items()]
    return f"{kind}: " + "; ".join(merged)


def _union_tag(part: object) -> bool:
    """Pydantic names the member of a union that failed ('list[int]', "literal['digital']"): not a field."""
    return isinstance(part, str) and (
        part.startswith(("list[", "literal[", "dict[", "tuple[")) or part in ("int", "str", "bool", "none")
    )


def _either(field: str, texts: list[str]) -> str:
    """One message for a field that matched none of its forms: 'faces: input should be a valid list, or ...'."""
    reasons = [text.split(": ", 1)[1].rsplit(" (got ", 1)[0] for text in texts]
    got = texts[0].rsplit(" (got ", 1)[1] if " (got " in texts[0] else ")"
    return f"{field}: " + ", or ".join(dict.fromkeys(reasons)) + f" (got {got}"


def command_json(command: Command) -> dict[str, Any]:
    """The command as recorded in the entry, with the version of its shape (``v``)."""
    return {**command.model_dump(mode="json"), "v": type(command).version}
