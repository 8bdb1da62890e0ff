"""JSON Schema of every command, and the generated docs/commands.md."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from referee.commands import ALL, Command
from referee.common import commands as cc
from referee.common.game import Game
from referee.game_reference import accepted_in, facts_markdown
from referee.games import GAMES

_MODELS: list[type[Command]] = list(ALL.classes)
_SECTIONS: list[tuple[str, tuple[type[Command], ...], tuple[Game, ...]]] = [
    ("Every game", cc.COMMANDS, tuple(GAMES.values())),
    *((game.title, game.commands, (game,)) for game in GAMES.values()),
]


@cache
def command_schemas() -> dict[str, dict[str, Any]]:
    """kind -> JSON Schema (built once: pydantic takes a tenth of a second for them all, which the
    console paid on every command form; callers read it and never change it)."""
    return {model.model_fields["kind"].default: model.model_json_schema() for model in _MODELS}


def part_schemas() -> dict[str, dict[str, Any]]:
    """The objects commands hold in their fields (an attacker, a lost unit, a lend lease grant):
    name -> JSON Schema, with the commands that use each (``used_by``)."""
    parts: dict[str, dict[str, Any]] = {}
    for kind, schema in command_schemas().items():
        for name, part in schema.get("$defs", {}).items():
            entry = parts.setdefault(name, {**part, "used_by": []})
            entry["used_by"].append(kind)
    return parts


def schema_named(name: str) -> tuple[str, dict[str, Any]] | None:
    """The schema of a command or of a part of one, by its name in any case."""
    for table in (command_schemas(), part_schemas()):
        for known, schema in table.items():
            if known.lower() == name.lower():
                return known, schema
    return None


def commands_markdown() -> str:
    """docs/commands.md: every command, its purpose and fields (generated; a test checks it)."""
    lines = [
        "# Commands",
        "",
        "Generated from the command models (`referee/common/commands.py` and each game's",
        "`commands.py`) by `python -m referee.schema > docs/commands.md`; `tests/test_docs.py` fails",
        "when this file is stale. Each line of a file given to `turnledger apply` is one of these",
        "objects, chosen by `kind`; a campaign takes the commands of every game and those of its own",
        "game. Every command also takes `actor` (who entered it, default `referee`) and",
        "`on_behalf_of` (optional).",
        "",
        "**Accepted** says in which phase of the sequence of play the book takes a command, from each",
        "game's declarations (its `command_phases.py` modules), which the command's own check reads.",
        "Each game's section ends with the facts its rules read off the map (its `facts.py`).",
        "",
    ]
    for title, models, games in _SECTIONS:
        lines += [f"# {title}", ""]
        lines += _model_sections(models, games)
        if len(games) == 1:
            lines += facts_markdown(games[0])
    lines += [
        "# Parts of commands",
        "",
        "Objects that commands hold in a field, written inside the command's line. `kind` may be left",
        "out: each part has only one.",
        "",
    ]
    for name, part in part_schemas().items():
        uses = ", ".join(f"`{kind}`" for kind in part["used_by"])
        lines += [f"## {name}", "", (part.get("description") or "").strip(), "", f"Used by {uses}.", ""]
        lines += _field_table(part)
        lines += ["", "```json", json.dumps(_example(part, {}), ensure_ascii=False), "```", ""]
    return "\n".join(lines)


def _model_sections(models: tuple[type[Command], ...], games: tuple[Game, ...]) -> list[str]:
    lines: list[str] = []
    for model in models:
        kind = model.model_fields["kind"].default
        schema = model.model_json_schema()
        defs = schema.get("$defs", {})
        lines += [f"## {kind}", "", (model.__doc__ or "").strip(), "", accepted_in(kind, games), ""]
        lines += _field_table(schema)
        example = {"kind": kind, **_example(schema, defs)}
        lines += ["", "```json", json.dumps(example, ensure_ascii=False), "```", ""]
    return lines


def _field_table(schema: dict[str, Any], skip: tuple[str, ...] = ("kind", "actor", "on_behalf_of")) -> list[str]:
    required = set(schema.get("required", []))
    lines = ["| field | type | required | notes |", "|---|---|---|---|"]
    for name, prop in schema["properties"].items():
        if name not in skip:
            lines.append(f"| `{name}` | {_type_of(prop)} | {'yes' if name in required else 'no'} | {_notes(prop)} |")
    return lines


BOUNDS = (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"))


def _type_of(prop: dict[str, Any]) -> str:
    if "$ref" in prop:
        name = _ref_name(prop)
        return f"[{name}](#{name.lower()}) object"
    if "enum" in prop:
        return " / ".join(f"`{value}`" for value in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    if "anyOf" in prop:
        return " or ".join(_type_of(option) for option in prop["anyOf"])
    if prop.get("type") == "array":
        items = prop.get("items", {})
        bounds = [f"{word} {items[key]}" for key, word in BOUNDS if key in items]
        return (
            f"list of {_type_of(items)}"
            + ("s" if "$ref" in items else "")
            + (f" ({', '.join(bounds)} each)" if bounds else "")
        )
    return str(prop.get("type", "any"))


def _notes(prop: dict[str, Any]) -> str:
    notes = []
    if prop.get("description"):
        notes.append(prop["description"])
    for key, word in BOUNDS:
        if key in prop:
            notes.append(f"{word} {prop[key]}")
    if "default" in prop and prop["default"] not in (None, [], {}):
        notes.append(f"default {prop['default']!r}")
    return "; ".join(notes)


def _ref_name(prop: dict[str, Any]) -> str:
    return str(prop["$ref"]).rsplit("/", 1)[-1]


def _example(prop: dict[str, Any], defs: dict[str, Any]) -> Any:
    """A value of ``prop`` a command accepts (an object: its required fields, ``kind`` left out)."""
    if "$ref" in prop:
        return _example(defs[_ref_name(prop)], defs)
    if prop.get("examples"):
        return prop["examples"][0]
    if "properties" in prop:
        required = [name for name in prop.get("required", []) if name != "kind"]
        return {name: _example(prop["properties"][name], defs) for name in required}
    if "anyOf" in prop:
        return _example(next(option for option in prop["anyOf"] if option.get("type") != "null"), defs)
    if "enum" in prop:
        return prop["enum"][0]
    if "const" in prop:
        return prop["const"]
    kind = prop.get("type")
    if kind == "integer":
        return max(
            1, int(prop.get("minimum", prop.get("exclusiveMinimum", 0)) or 0) + (1 if "exclusiveMinimum" in prop else 0)
        )
    if kind == "array":
        return [_example(prop.get("items", {}), defs)] * max(1, int(prop.get("minItems", 1)))
    if kind == "number":
        return float(prop.get("minimum", 0) or 1)
    if kind == "boolean":
        return False
    return "…"


if __name__ == "__main__":
    print(commands_markdown(), end="")
