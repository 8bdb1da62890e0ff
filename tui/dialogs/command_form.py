"""A form for any referee command, generated from the command's model.

Pick the command, fill its fields, preview the ruling and its derivation, then record it.
Lists and tables are typed as JSON (e.g. `[3, 3, 2]`); booleans as yes/no.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from referee.common.errors import InvalidInputError
from referee.schema import command_schemas

Preview = Callable[[dict[str, Any]], str]
SKIPPED = {"kind", "actor", "on_behalf_of"}


def parse_field(name: str, text: str, schema: dict[str, Any]) -> Any:
    """Turn what was typed into the field's JSON value; raises InvalidInputError naming the field."""
    types = {option.get("type") for option in schema.get("anyOf", [schema])}
    try:
        if types & {"array", "object"}:
            if "string" in types and not text.startswith(("[", "{")):
                return text  # e.g. faces: "digital"
            return json.loads(text)
        if "integer" in types:
            return int(text)
        if "boolean" in types:
            if text.lower() not in ("yes", "no", "true", "false"):
                raise ValueError(text)
            return text.lower() in ("yes", "true")
    except (ValueError, json.JSONDecodeError):
        raise InvalidInputError(
            f"field {name}: {text!r} is not a valid {'/'.join(sorted(t for t in types if t))}"
        ) from None
    return text


class CommandForm(ModalScreen[dict[str, Any] | None]):
    """Returns the command to record, or None when cancelled."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    CommandForm { align: center middle; }
    CommandForm > Vertical { width: 110; height: 90%; background: $surface; border: thick $primary; padding: 0 1; }
    CommandForm #fields { height: 1fr; }
    CommandForm #ruling { height: auto; max-height: 12; border: round $accent; }
    CommandForm Input { margin: 0 0 0 0; }
    """

    def __init__(self, preview: Preview, kinds: list[str] | None = None, actor: str = "referee") -> None:
        super().__init__()
        self.preview = preview
        self.schemas = command_schemas()
        self.kinds = kinds or [kind for kind in self.schemas if kind not in ("CreateCampaign", "BranchCampaign")]
        self.actor = actor
        self.kind: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Select([(kind, kind) for kind in self.kinds], prompt="command", id="kind")
            yield Static("", id="doc")
            yield VerticalScroll(id="fields")
            yield Static("preview shows the ruling and its derivation before anything is recorded", id="ruling")
            with Horizontal():
                yield Button("Preview", id="preview", variant="primary")
                yield Button("Record", id="record", variant="success")
                yield Button("Cancel", id="cancel")

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.value is Select.NULL:
            return
        self.kind = str(event.value)
        schema = self.schemas[self.kind]
        self.query_one("#doc", Static).update(schema.get("description", ""))
        fields = self.query_one("#fields", VerticalScroll)
        await fields.remove_children()
        required = set(schema.get("required", []))
        for name, prop in schema["properties"].items():
            if name in SKIPPED:
                continue
            hint = prop.get("description", "") or ", ".join(str(v) for v in prop.get("enum", []))
            label = f"{name}{' *' if name in required else ''}" + (f"  ({hint})" if hint else "")
            await fields.mount(
                Label(label, markup=False), Input(id=f"field-{name}", placeholder=str(prop.get("default", "")))
            )

    def command(self) -> dict[str, Any]:
        """The command as typed so far."""
        if self.kind is None:
            raise InvalidInputError("choose a command first")
        schema = self.schemas[self.kind]
        data: dict[str, Any] = {"kind": self.kind, "actor": self.actor}
        for name, prop in schema["properties"].items():
            if name in SKIPPED:
                continue
            text = self.query_one(f"#field-{name}", Input).value.strip()
            if text:
                data[name] = parse_field(name, text, prop)
        return data

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        try:
            data = self.command()
            ruling = self.preview(data)
        except Exception as error:
            self.app.show_error(error)  # type: ignore[attr-defined]  # TurnledgerApp's error funnel
            return
        if event.button.id == "preview":
            self.query_one("#ruling", Static).update(ruling)
        else:
            self.dismiss(data)

    def action_cancel(self) -> None:
        self.dismiss(None)
