"""A form for any referee command, generated from the command's model.

Pick the command, fill its fields (the phasing side is filled in), preview the ruling and its
derivation, then record exactly what was previewed. Lists of numbers or names are typed as
they are said (`3 3 2`, `Anna, Boris`; JSON such as `[3, 3, 2]` works too); lists of objects as
JSON; booleans as yes/no.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Select, Static

from referee.common.errors import InvalidInputError
from referee.files.batch import read_json
from referee.schema import command_schemas
from tui.dialogs.form_parts import Preview, record_from
from tui.dialogs.frame import DialogFrame

SKIPPED = {"kind", "actor", "on_behalf_of"}


def parse_field(name: str, text: str, schema: dict[str, Any]) -> Any:
    """Turn what was typed into the field's JSON value; raises InvalidInputError naming the field.
    JSON is read as `apply` reads a line: a key given twice is refused, not read as its last value."""
    types = {option.get("type") for option in schema.get("anyOf", [schema])}
    try:
        if types & {"array", "object"}:
            if text.startswith(("[", "{")):
                return read_json(text, f"field {name}")
            items = _scalar_items(schema)
            if items is not None and not _a_word_it_takes(schema, text):
                return _typed_list(name, text, items)
            if "string" in types:
                return text  # e.g. faces: "digital"
            return read_json(text, f"field {name}")
        if "integer" in types:
            return int(text)
        if "boolean" in types:
            if text.lower() not in ("yes", "no", "true", "false"):
                raise ValueError(text)
            return text.lower() in ("yes", "true")
    except ValueError:
        raise InvalidInputError(
            f"field {name}: {text!r} is not a valid {'/'.join(sorted(t for t in types if t))}"
        ) from None
    return text


def _scalar_items(schema: dict[str, Any]) -> str | None:
    """'integer' or 'string' when the field is a list of plain values (typed '3 3 2' or 'Anna, Boris')."""
    for option in schema.get("anyOf", [schema]):
        if option.get("type") == "array" and option.get("items", {}).get("type") in ("integer", "string"):
            return str(option["items"]["type"])
    return None


def _a_word_it_takes(schema: dict[str, Any], text: str) -> bool:
    """Whether ``text`` is one of the words a list field also takes instead of a list ('digital',
    in any case: the service reads choices in any case, `referee.common.names`)."""
    return text.casefold() in {word.casefold() for word in _choices(schema)}


def _choices(schema: dict[str, Any]) -> list[str]:
    """The words a field chooses from (its enum or const, optional or beside a list)."""
    words: list[str] = []
    for option in [schema, *schema.get("anyOf", [])]:
        if option.get("type", "string") == "string":
            words += [str(word) for word in ([option["const"]] if "const" in option else option.get("enum", []))]
    return list(dict.fromkeys(words))


def _typed_list(name: str, text: str, items: str) -> list[Any]:
    """'3 3 2' or '3, 3, 2' → [3, 3, 2]; 'Anna, Boris' → ['Anna', 'Boris'] (commas, or spaces for numbers)."""
    parts = [part.strip() for part in (text.split(",") if "," in text or items == "string" else text.split())]
    parts = [part for part in parts if part]
    if items == "string":
        return parts
    bad = [part for part in parts if not part.lstrip("-").isdigit()]
    if bad:
        raise InvalidInputError(f"field {name}: {bad[0]!r} is not a whole number (type numbers as 3 3 2)")
    return [int(part) for part in parts]


class Fields(VerticalScroll, can_focus=False):
    """The command's fields; not focusable itself, so Tab and the first keystrokes go to a field."""


class CommandForm(DialogFrame[None]):
    """Any command, field by field, in the frame every dialog shares (`DialogFrame`: Escape, Tab,
    F2, F3). Enter moves to the next field; Enter on the last one (or F2) previews; Record (or
    Enter again, or F3) records only values that were previewed as they stand, and a refused
    record leaves the form open with what was typed."""

    AUTO_FOCUS = "#kind"
    DEFAULT_CSS = """
    CommandForm { align: center middle; }
    CommandForm > Vertical { width: 110; height: 90%; background: $surface; border: thick $primary; padding: 0 1; }
    CommandForm #fields { height: 1fr; }
    CommandForm #ruling { height: auto; max-height: 12; border: round $accent; }
    CommandForm Input { margin: 0 0 0 0; }
    """
    IDLE = "Enter on the last field (or F2) previews the ruling and its derivation; nothing is recorded before"

    def __init__(
        self,
        preview: Preview,
        kinds: list[str] | None = None,
        actor: str = "referee",
        defaults: dict[str, str] | None = None,
        offers: dict[str, list[str]] | None = None,
    ) -> None:
        super().__init__()
        self.preview = preview
        self.schemas = command_schemas()
        self.kinds = kinds or [kind for kind in self.schemas if kind not in ("CreateCampaign", "BranchCampaign")]
        self.actor = actor
        self.defaults = dict(defaults or {})
        """Values a field starts with (the phasing side)."""
        self.offers = dict(offers or {})
        """Names offered as a field is typed (sides, zones, weather, nations, powers, people)."""
        self.kind: str | None = None
        self.previewed: dict[str, Any] | None = None
        """The command as last previewed without a refusal: what Record records."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Select([(kind, kind) for kind in self.kinds], prompt="command", id="kind")
            yield Static("", id="doc")
            yield Fields(id="fields")
            yield Static(self.IDLE, id="ruling")
            with Horizontal():
                yield Button("Preview (F2)", id="preview", variant="primary")
                yield Button("Record (F3)", id="record", variant="success")
                yield Button("Cancel (Esc)", id="cancel")

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.value is Select.NULL:
            return
        self.kind = str(event.value)
        schema = self.schemas[self.kind]
        self.query_one("#doc", Static).update(schema.get("description", ""))
        fields = self.query_one("#fields", Fields)
        await fields.remove_children()
        required = set(schema.get("required", []))
        for name, prop in schema["properties"].items():
            if name in SKIPPED:
                continue
            names = self.offers.get(name) or _choices(prop)
            hint = prop.get("description", "")
            if names:  # completed as typed (→ accepts): names are offered, not remembered
                shown = ", ".join(names[:8]) + (", …" if len(names) > 8 else "")
                hint = (f"{hint}; " if hint else "") + f"offered as you type: {shown}"
            label = f"{name}{' *' if name in required else ''}" + (f"  ({hint})" if hint else "")
            field = Input(
                id=f"field-{name}",
                placeholder="" if prop.get("default") is None else str(prop["default"]),
                value=self.defaults.get(name, ""),
                suggester=SuggestFromList(names, case_sensitive=False) if names else None,
            )
            await fields.mount(Label(label, markup=False), field)
        self._stale()
        inputs = list(fields.query(Input))
        if inputs:
            inputs[0].focus(scroll_visible=False)  # the first field is at the top: no scrolling to it

    def on_input_changed(self, event: Input.Changed) -> None:
        self._stale()

    def _stale(self) -> None:
        """Values changed: the shown preview (or refusal) no longer holds."""
        if self.previewed is not None or str(self.query_one("#ruling", Static).content) != self.IDLE:
            self.previewed = None
            self.query_one("#ruling", Static).update(self.IDLE)

    def field_entered(self, field: Input) -> None:
        """Enter: to the next field; on the last, preview; on a previewed last field, record."""
        inputs = list(self.query_one("#fields", Fields).query(Input))
        if field in inputs and field is not inputs[-1]:
            self.set_focus(inputs[inputs.index(field) + 1])  # at once: the keys after Enter go there
        elif self.previewed is None:
            self.action_preview()
        else:
            self.action_record()

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

    def action_preview(self) -> None:
        """Show the ruling the values would get, or the refusal in place."""
        ruling = self.query_one("#ruling", Static)
        try:
            data = self.command()
            ruling.update(self.preview(data) + "\n[dim]Record (Enter or F3) records exactly this[/dim]")
        except Exception as error:
            self.previewed = None
            ruling.update(f"[b]would be refused:[/b] {escape(str(error))}")
            return
        self.previewed = data

    def action_record(self) -> None:
        """Record the previewed values; values not previewed as they stand are previewed first."""
        try:
            data = self.command()
        except Exception as error:
            self.app.show_error(error)  # type: ignore[attr-defined]  # TurnledgerApp's error funnel
            return
        if data != self.previewed:
            self.action_preview()
            if self.previewed is not None:
                self.notify("previewed: press Record again to record these values")
            return
        if record_from(self, data):
            self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
        elif event.button.id == "preview":
            self.action_preview()
        else:
            self.action_record()

    def action_cancel(self) -> None:
        self.dismiss(None)
