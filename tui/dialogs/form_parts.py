"""What the hand-made table forms share: reading dice and names, the live calculation panel,
a combat's two columns of units, and recording through the console's one error funnel
(`RecordingForm`, `TableForm`, `SetupForm`, `TenRollsForm`), in the frame every dialog shares
(`tui.dialogs.frame`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static, TextArea

from referee.common.errors import InvalidInputError
from tui.dialogs.frame import RecordOrCancelDialog

Preview = Callable[[dict[str, Any]], str]
SetupT = TypeVar("SetupT")

TWO_DICE = "2D6 faces, e.g. 3 5"
ONE_DIE = "1D6 face, e.g. 4"
TEN_ROLLS = "1D10 rolls in order: 6 9 3"
DIGITAL = "d Boris:owl = digital"
"""How digital dice are typed (with the word Boris says), in the dice field's border: in its
placeholder, after the faces, it was cut ("2D6 faces, e.g. 3 5 (d")."""


def form_css(name: str, *, width: int = 110, height: str = "85%", more: str = "") -> str:
    """The CSS of a table form's frame: centred, a panel of ``width`` columns and ``height`` of the
    screen, rows as tall as their fields, fields sharing a row's width, and the calculation panel
    taking what is left; ``more``: the form's own rules (``name`` is the form's class name)."""
    return f"""
    {name} {{ align: center middle; }}
    {name} > Vertical {{
        width: {width}; height: {height}; background: $surface; border: thick $primary; padding: 0 1;
    }}
    {name} Horizontal {{ height: auto; }}
    {name} Input {{ width: 1fr; }}
    {name} Select {{ width: 1fr; }}
    {name} #calculation {{ height: 1fr; border: round $accent; }}
    {more}"""


def combat_form_css(name: str, *, units_height: int = 8, more: str = "") -> str:
    """The CSS of a combat form (`attackers_and_defenders`): `form_css` at 120 columns and 95% of
    the screen, the two unit columns side by side ``units_height`` lines tall, the checkboxes as
    wide as their labels; ``more``: the form's own rules."""
    return form_css(
        name,
        width=120,
        height="95%",
        more=f"""
    {name} #units {{ height: {units_height}; }}
    {name} #units > Vertical {{ width: 1fr; height: {units_height}; }}
    {name} TextArea {{ height: 1fr; }}
    {name} Checkbox {{ width: auto; }}
    {more}""",
    )


def attackers_and_defenders(attackers: str, defenders: str) -> ComposeResult:
    """A combat's units typed one per line, the ``#attackers`` and ``#defenders`` side by side,
    each showing the example given as its placeholder."""
    with Horizontal(id="units"):
        for side, example in (("attackers", attackers), ("defenders", defenders)):
            with Vertical():
                yield Label(side)
                yield TextArea(id=side, placeholder=example)


def typed_sides(
    form: ModalScreen[Any], parse: Callable[..., list[dict[str, Any]]], **options: Any
) -> dict[str, list[dict[str, Any]]]:
    """The units typed in a combat form's ``#attackers`` and ``#defenders`` (`attackers_and_defenders`),
    each read by ``parse(text, attacking=…, **options)``, the game's reader of unit lines."""
    return {
        side: parse(form.query_one(f"#{side}", TextArea).text, attacking=side == "attackers", **options)
        for side in ("attackers", "defenders")
    }


def dice_field(placeholder: str = TWO_DICE, field_id: str = "faces") -> Input:
    """The field the faces are typed in, saying in its border how digital dice are typed."""
    field = Input(placeholder=placeholder, id=field_id)
    field.border_title = DIGITAL
    return field


def dice_inputs(actor: str, dice: str = TWO_DICE, field_id: str = "faces") -> ComposeResult:
    """The fields of a dice row: the faces as thrown (or digital with a witness word), who rolled
    and who watched (`TableForm.thrown` reads them back)."""
    yield dice_field(dice, field_id)
    yield Input(placeholder="rolled by", id="rolled_by", value=actor)
    yield Input(placeholder="witnesses", id="witnesses")


def calculation_panel(idle: str) -> VerticalScroll:
    """The live calculation panel (`TableForm` writes into its ``#calculation-text``), showing
    ``idle`` until there is something to calculate."""
    return VerticalScroll(Static(idle, id="calculation-text"), id="calculation")


def dice_and_record(
    actor: str, *, dice: str = TWO_DICE, idle: str = "type the units to see the odds", field_id: str = "faces"
) -> ComposeResult:
    """The foot every dice form shares: the dice row, the live calculation panel, and Record /
    Cancel (``field_id``: the dice field's id, the form's `TableForm.dice_key`)."""
    with Horizontal():
        yield from dice_inputs(actor, dice, field_id)
    yield calculation_panel(idle)
    yield from record_buttons()


def record_buttons(record: str = "Record") -> ComposeResult:
    """A form's Record (F3) and Cancel (Esc) buttons."""
    with Horizontal():
        yield Button(f"{record} (F3)", id="record", variant="success")
        yield Button("Cancel (Esc)", id="cancel")


def words(text: str) -> list[str]:
    """'Anna, Boris' → ['Anna', 'Boris']."""
    return [word.strip() for word in text.replace(",", " ").split() if word.strip()]


def faces_of(text: str, key: str = "faces") -> dict[str, Any]:
    """'3 5' → {'faces': [3, 5]}; 'd Boris:owl' → digital dice with Boris's witness word 'owl'
    (docs/dice.md; 'd' alone is refused by the service for want of the word); nothing typed → {}."""
    first, _, rest = text.strip().partition(" ")
    if first.lower() in ("d", "digital"):
        by, _, word = rest.strip().partition(":")
        witness = {"witness_word": {"by": by.strip(), "word": word.strip()}} if by.strip() and word.strip() else {}
        return {key: "digital", **witness}
    faces = words(text)
    if not faces:
        return {}
    return {key: [int(face) if face.isdigit() and len(face) < 3 else face for face in faces]}


DRMS = [(f"{value:+d}", value) for value in range(-3, 4)]
"""A die roll modifier's choices, -3 to +3."""


def drm_selects(*fields: tuple[str, str]) -> ComposeResult:
    """A labelled DRM choice (`DRMS`, 0 chosen) for each (label, field id), side by side."""
    for label, field_id in fields:
        yield Label(label)
        yield Select(DRMS, id=field_id, value=0, allow_blank=False)


def power_and_front(fronts_by_power: dict[str, list[str]]) -> ComposeResult:
    """The ``#power`` Select (the first power chosen) and its ``#front`` Select, offering that
    power's fronts (`follow_power` keeps them in step). Each power has a front to offer."""
    powers = list(fronts_by_power)
    fronts = front_choices(fronts_by_power, powers[0])
    yield Select([(power, power) for power in powers], id="power", value=powers[0], allow_blank=False)
    yield Select(fronts, id="front", value=fronts[0][1], allow_blank=False)


def defender_select(defenders: list[str]) -> Select[str]:
    """The ``#defender`` Select: the sides that may defend, the first chosen."""
    return Select(
        [(f"defender: {side}", side) for side in defenders], id="defender", value=defenders[0], allow_blank=False
    )


def front_choices(fronts_by_power: dict[str, list[str]], power: Any) -> list[tuple[str, str]]:
    """The fronts a power may act on, as a Select's options ('eastern front', 'eastern')."""
    return [(f"{front} front", front) for front in fronts_by_power.get(str(power), [])]


def follow_power(form: ModalScreen[Any], fronts_by_power: dict[str, list[str]], event: Select.Changed) -> None:
    """When the ``#power`` Select changes, offer that power's fronts in ``#front`` (the first chosen)."""
    if event.select.id != "power":
        return
    fronts = front_choices(fronts_by_power, event.value)
    select = form.query_one("#front", Select)
    select.set_options(fronts)
    if fronts:
        select.value = fronts[0][1]


def chosen(screen: ModalScreen[Any], *fields: str) -> dict[str, Any]:
    """The value of each ``#field`` Select of ``screen``, leaving out those left blank (a command
    field the service then takes as not given)."""
    values = {field: screen.query_one(f"#{field}", Select).value for field in fields}
    return {field: value for field, value in values.items() if value is not Select.NULL}


def record_from(screen: ModalScreen[Any], data: dict[str, Any]) -> bool:
    """Record ``data`` through the console's one funnel; whether it was recorded. A form calls this
    instead of closing with the command, so that a refusal leaves it open with what was typed."""
    recorded: bool = screen.app.record(data)  # type: ignore[attr-defined]  # TurnledgerApp's record
    return recorded


class RecordingForm(RecordOrCancelDialog[None]):
    """The frame every recording form shares (`DialogFrame`'s keys): F3 or the Record button
    records, Escape or Cancel closes (`RecordOrCancelDialog`), Enter in a field moves on to the
    next. `command()` builds the command; `checked(data)` may refuse it before it is recorded; a
    refusal (there or at recording) goes to the console's error dialog and the form stays open
    with what was typed (`refused`)."""

    def command(self) -> dict[str, Any]:
        raise NotImplementedError

    def checked(self, data: dict[str, Any]) -> None:
        """Refuse ``data`` (raise) before it goes to the service; nothing by default."""

    def refused(self, data: dict[str, Any]) -> None:
        """What to undo when the command was refused at recording; nothing by default."""

    def action_record(self) -> None:
        """Record what the form shows (F3 or the Record button); refused: the form stays open."""
        try:
            data = self.command()
            self.checked(data)
        except Exception as error:
            self.app.show_error(error)  # type: ignore[attr-defined]  # TurnledgerApp's error funnel
            return
        if record_from(self, data):
            self.dismiss(None)
        else:
            self.refused(data)


class TableForm(RecordingForm):
    """A form that shows its calculation as the referee types and records only what the referee accepts.

    Subclasses compose their fields (with a `#calculation-text` Static and Record/Cancel
    buttons) and build the command in `command()`. `dice` names what must be thrown before
    Record (None: no dice); `ready` says when there is enough to calculate.
    """

    dice: str | None = "2D6"
    dice_key = "faces"

    def __init__(self, preview: Preview, actor: str, assess: Preview | None = None) -> None:
        super().__init__()
        self.preview = preview
        self.assess = assess or preview
        self.actor = actor
        self._idle: Any = None
        """The calculation panel's opening text (read at the first change)."""
        self._stale = False
        """A field changed since the panel was last calculated."""

    def ready(self, data: dict[str, Any]) -> bool:
        return True

    def thrown(self) -> dict[str, Any]:
        """What the dice row holds (`dice_inputs`): who rolled (the actor when left empty), who
        watched, and the dice under `dice_key` (`faces_of`: nothing while none are typed)."""
        return {
            "rolled_by": self.query_one("#rolled_by", Input).value.strip() or self.actor,
            "witnesses": words(self.query_one("#witnesses", Input).value),
            **faces_of(self.query_one(f"#{self.dice_key}", Input).value, key=self.dice_key),
        }

    def factor(self, field: str) -> int:
        """The factors typed in ``#field``: 0 while it is empty or holds no number of up to three
        digits (the preview then shows the combat without them, rather than a refusal per key)."""
        text = self.query_one(f"#{field}", Input).value.strip()
        return int(text) if text.isdigit() and len(text) < 4 else 0

    def calculation(self) -> str | None:
        """The full ruling once the dice are in, the assessment before; a refusal in place."""
        try:
            data = self.command()
            if not self.ready(data):
                return None
            if data.get(self.dice_key) == "digital":
                note = "[b]digital dice[/b]: the service rolls them when you press Record (a roll is never previewed)"
                return note if self.assess is self.preview else note + "\n" + str(self.assess(data))
            return str(self.preview(data) if self.dice_key in data or self.dice is None else self.assess(data))
        except Exception as error:
            return f"[b]would be refused:[/b] {error}"

    def _update(self) -> None:
        self._stale = False
        panel = self.query_one("#calculation-text", Static)
        if self._idle is None:
            self._idle = panel.content  # the form's opening hint, shown again when nothing can be calculated
        text = self.calculation()
        # a refusal shown for earlier values never stays once the fields no longer give it
        panel.update(self._idle if text is None else text)

    def _changed(self) -> None:
        """A field changed: calculate again once the changes already waiting are in, so that a
        burst of keys costs one preview, not one per key (issue 28, 11)."""
        if not self._stale:
            self._stale = True
            self.call_later(self._recalculate)

    def _recalculate(self) -> None:
        if self._stale and self.is_attached:
            self._update()

    def action_preview(self) -> None:
        """F2: the calculation of the values as they stand, now."""
        self._update()

    def on_input_changed(self) -> None:
        self._changed()

    def on_text_area_changed(self) -> None:
        self._changed()

    def on_checkbox_changed(self) -> None:
        self._changed()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._changed()

    def checked(self, data: dict[str, Any]) -> None:
        """The dice must be in before recording, and a ruling from typed faces is previewed first
        (digital dice are rolled at recording, never previewed)."""
        if self.dice and self.dice_key not in data:
            raise InvalidInputError(
                f"throw {self.dice} at the table and type the faces (or d Name:word for digital dice, "
                "with the word a player says) before recording"
            )
        if data.get(self.dice_key) != "digital":
            self.preview(data)


class SetupForm(TableForm, Generic[SetupT]):
    """A table form made of what the game offers at this point (`TableFormActions` reads it through
    the service's `form_setup`), kept as ``setup``; ``assess`` tells what it can before the dice."""

    def __init__(self, setup: SetupT, preview: Preview, assess: Preview, actor: str) -> None:
        super().__init__(preview, actor, assess)
        self.setup = setup


class TenRollsForm(TableForm):
    """A Third Reich form whose dice are 1D10 rolls typed in order, in the ``#rolls`` field
    (air and naval combat, strategic warfare, the Murmansk box)."""

    dice = "1D10"
    dice_key = "rolls"

    def rolls_and_record(self, idle: str) -> ComposeResult:
        """The form's foot (`dice_and_record`) with the rolls field, showing ``idle`` until there is
        something to calculate."""
        yield from dice_and_record(self.actor, dice=TEN_ROLLS, idle=idle, field_id=self.dice_key)
