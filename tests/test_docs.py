"""Generated documentation stays in step with the code."""

from __future__ import annotations

from pathlib import Path

from referee.commands import ALL
from referee.schema import command_schemas, commands_markdown

ROOT = Path(__file__).resolve().parents[1]


def test_commands_md_is_up_to_date() -> None:
    on_disk = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert on_disk == commands_markdown(), "docs/commands.md is stale: run `make docs`"


def test_every_command_has_a_schema_and_a_section() -> None:
    schemas = command_schemas()
    assert list(schemas) == list(ALL.kinds)
    text = commands_markdown()
    for kind in ALL.kinds:
        assert f"## {kind}\n" in text
        assert schemas[kind]["additionalProperties"] is False


def test_every_test_named_in_the_security_and_dice_pages_exists() -> None:
    """docs/security.md and docs/dice.md name a test for each attack: each must be a test in that
    file (``…::name`` continues the file named before it on the same line)."""
    import ast
    import re

    named: list[tuple[str, str]] = []
    for page in ("security.md", "dice.md"):
        for line in (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines():
            current = ""
            for path, name in re.findall(r"`(tests/[\w/]+\.py|…)::(\w+)`", line):
                current = current if path == "…" else path
                named.append((current, name))
    assert len(named) > 40
    for path, name in named:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
        assert name in functions, f"{path}::{name} named in docs does not exist"


def test_docs_options_lists_every_option_of_every_game() -> None:
    from referee.games import GAMES

    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    for game in GAMES.values():
        for name, readings in game.options.items():
            row = next((line for line in text.splitlines() if line.startswith(f"| `{name}` |")), "")
            assert row, f"docs/options.md has no row for {game.name} option {name}"
            assert all(f"`{reading}`" in row for reading in readings), row
            assert name in game.option_sources, f"{name} names no rule in referee/{game.name}/options.py"


def test_every_example_in_commands_md_is_a_command_the_book_reads() -> None:
    """Each ```json block of docs/commands.md parses as the command its section names (or, under
    "Parts of commands", as that part inside the command that uses it): no placeholder strings
    where the schema wants objects, no "list of any"."""
    import json
    import re

    from referee.commands import parse_command
    from referee.schema import part_schemas

    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert "list of any" not in text and "any or null" not in text
    parts = part_schemas()
    checked = 0
    for name, block in re.findall(r"^## (\w+)\n.*?```json\n(.*?)\n```", text, flags=re.S | re.M):
        example = json.loads(block)
        if name in parts:
            user = parts[name]["used_by"][0]
            field = next(  # the field that refers to the part (not one whose text merely contains its name)
                f for f, p in command_schemas()[user]["properties"].items() if f'/{name}"' in json.dumps(p)
            )
            containing = {"kind": user, **_required_example(user)}
            is_list = command_schemas()[user]["properties"][field].get("type") == "array"
            containing[field] = [example] if is_list else example
            parse_command(containing)
        else:
            assert example["kind"] == name
            parse_command(example)
        checked += 1
    assert checked == len(ALL.kinds) + len(parts)


def _required_example(kind: str) -> dict[str, object]:
    import json
    import re

    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    found = re.search(rf"^## {kind}\n.*?```json\n(.*?)\n```", text, flags=re.S | re.M)
    assert found is not None
    example: dict[str, object] = json.loads(found.group(1))
    return example
