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
