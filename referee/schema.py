"""JSON Schema of every command, and the generated docs/commands.md."""

from __future__ import annotations

import json
from typing import Any

from referee.commands import ALL, Command
from referee.common import commands as cc
from referee.games import GAMES

_MODELS: list[type[Command]] = list(ALL.classes)
_SECTIONS: list[tuple[str, tuple[type[Command], ...]]] = [
    ("Every game", cc.COMMANDS),
    *((game.title, game.commands) for game in GAMES.values()),
]


def command_schemas() -> dict[str, dict[str, Any]]:
    """kind -> JSON Schema."""
    return {model.model_fields["kind"].default: model.model_json_schema() for model in _MODELS}


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
    ]
    for title, models in _SECTIONS:
        lines += [f"# {title}", ""]
        lines += _model_sections(models)
    return "\n".join(lines)


def _model_sections(models: tuple[type[Command], ...]) -> list[str]:
    lines: list[str] = []
    for model in models:
        kind = model.model_fields["kind"].default
        schema = model.model_json_schema()
        required = set(schema.get("required", []))
        lines += [
            f"## {kind}",
            "",
            (model.__doc__ or "").strip(),
            "",
            "| field | type | required | notes |",
            "|---|---|---|---|",
        ]
        for name, prop in schema["properties"].items():
            if name in ("kind", "actor", "on_behalf_of"):
                continue
            lines.append(f"| `{name}` | {_type_of(prop)} | {'yes' if name in required else 'no'} | {_notes(prop)} |")
        example = {
            "kind": kind,
            **{
                name: _example(prop)
                for name, prop in schema["properties"].items()
                if name in required and name != "kind"
            },
        }
        lines += ["", "```json", json.dumps(example, ensure_ascii=False), "```", ""]
    return lines


BOUNDS = (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"))


def _type_of(prop: dict[str, Any]) -> str:
    if "enum" in prop:
        return " / ".join(f"`{value}`" for value in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    if "anyOf" in prop:
        return " or ".join(_type_of(option) for option in prop["anyOf"])
    if prop.get("type") == "array":
        items = prop.get("items", {})
        bounds = [f"{word} {items[key]}" for key, word in BOUNDS if key in items]
        return f"list of {_type_of(items)}" + (f" ({', '.join(bounds)} each)" if bounds else "")
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


def _example(prop: dict[str, Any]) -> Any:
    if "enum" in prop:
        return prop["enum"][0]
    kind = prop.get("type")
    if kind == "integer":
        return max(
            1, int(prop.get("minimum", prop.get("exclusiveMinimum", 0)) or 0) + (1 if "exclusiveMinimum" in prop else 0)
        )
    if kind == "array":
        return [_example(prop.get("items", {}))]
    if kind == "boolean":
        return False
    return "…"


if __name__ == "__main__":
    print(commands_markdown(), end="")
