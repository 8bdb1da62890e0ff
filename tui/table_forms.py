"""The hand-made table forms (combat, losses, isolation attrition, strategic warfare, year start),
opened by key or from the command palette. Mixed into the console app, which provides `service`,
`actor`, `show_error`, `_live_only` and `_preview`; each form records through the app's
`record` itself and stays open, with what was typed, when the record is refused.

What a form offers and what it shows before the dice come from the campaign's game through the
referee service (`form_setup`, `form_hint`); each form previews through the service too, so what
it shows is exactly what would be recorded. The console imports no game package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.common.errors import REFUSALS
from tui.dialogs.aa_fire import AAFireForm, AAFireSetup
from tui.dialogs.air_naval import AirNavalForm
from tui.dialogs.attrition import AttritionForm, AttritionSetup
from tui.dialogs.boot_camp_combat import BootCampCombatForm, BootCampCombatSetup
from tui.dialogs.combat import CombatForm, CombatSetup
from tui.dialogs.form_parts import SetupForm
from tui.dialogs.isolation import IsolationForm, IsolationSetup
from tui.dialogs.land_combat import LandCombatForm, LandCombatSetup
from tui.dialogs.land_losses import LandLossesForm
from tui.dialogs.losses import LossesForm
from tui.dialogs.murmansk import MurmanskForm
from tui.dialogs.warfare import WarfareForm, WarfareSetup
from tui.dialogs.year_start import YearStartForm

FormOfSetup = Callable[[dict[str, Any]], Any]
"""How a form is made of the set-up the game gives for it (`referee.service` `form_setup`)."""


class TableFormActions:
    """Key actions that open the hand-made forms."""

    service: Any
    actor: str

    if TYPE_CHECKING:  # what the console app this is mixed into provides

        def show_error(self, error: Exception) -> None: ...

        push_screen: Any

        def _live_only(self, what: str) -> bool: ...
        def _preview(self, data: dict[str, Any]) -> Any: ...

    def _setup(self, key: str, what: str) -> dict[str, Any] | None:
        """The form's set-up from the game, or None after showing why it does not belong here."""
        if not self._live_only(what):
            return None
        try:
            setup: dict[str, Any] = self.service.form_setup(key)
        except REFUSALS as error:
            self.show_error(error)
            return None
        return setup

    def _hint(self, key: str) -> Any:
        return lambda data: self.service.form_hint(key, data)

    def _open(self, key: str, what: str, form: FormOfSetup) -> None:
        """Push the form ``form`` makes of the game's set-up for ``key``; when the form does not
        belong here now, the dialog that says why (``what``: what the form does) instead."""
        setup = self._setup(key, what)
        if setup is not None:
            self.push_screen(form(setup))

    def _of_setup(self, key: str, form: type[SetupForm[Any]], kind: Callable[..., Any]) -> FormOfSetup:
        """How a `SetupForm` is made: the game's set-up read as ``kind`` (its dataclass), previewed
        through the service and assessed, before the dice, by the game's hint for ``key``."""
        return lambda setup: form(kind(**setup), self._preview, self._hint(key), self.actor)

    def action_combat(self) -> None:
        """The combat form (in the phasing side's Combat phase, or an overrun in movement); the
        game says which (``form``): Europa's combat, Third Reich land combat or Boot Camp's."""
        forms = {
            "land_combat": self._of_setup("combat", LandCombatForm, LandCombatSetup),
            "boot_camp_combat": self._of_setup("combat", BootCampCombatForm, BootCampCombatSetup),
        }
        europa = self._of_setup("combat", CombatForm, CombatSetup)
        self._open("combat", "resolve combat", lambda setup: forms.get(setup.get("form", ""), europa)(setup))

    def action_attrition(self) -> None:
        """Third Reich: the attrition step of a front under the attrition option (Combat phase)."""
        self._open("attrition", "roll attrition", self._of_setup("attrition", AttritionForm, AttritionSetup))

    def action_losses(self) -> None:
        """Allocate a loss still owed from a combat or an isolation roll (Third Reich: remove the
        units a land combat cost)."""

        def losses(setup: dict[str, Any]) -> Any:
            if setup.get("form") == "land_losses":
                return LandLossesForm(
                    setup["owed"], self._preview, self.actor, powers=setup["powers"], hexes=setup["hexes"]
                )
            return LossesForm(setup["owed"], setup["nations"], self._preview, self.actor)

        self._open("losses", "allocate losses", losses)

    def action_isolation(self) -> None:
        """Isolation attrition for one hex of the phasing side."""
        self._open(
            "isolation",
            "roll isolation attrition",
            lambda setup: IsolationForm(IsolationSetup(**setup), self._preview, self.actor),
        )

    def action_warfare(self) -> None:
        """Strategic warfare: U-boats in the Axis turn, bombers in the Western Allies' turn."""
        self._open("warfare", "resolve strategic warfare", self._of_setup("warfare", WarfareForm, WarfareSetup))

    def action_air_naval(self) -> None:
        """Third Reich: air and naval combat in a contested hex (Combat phase, offensive option);
        Europa: AA fire by minimum dice roll (Second Front, Air phase)."""

        def air_naval(setup: dict[str, Any]) -> Any:
            if setup.get("form") == "aa_fire":
                return AAFireForm(AAFireSetup(**setup), self._preview, self.actor)
            return AirNavalForm(setup["side"], setup["offensives"], self._preview, self._hint("air_naval"), self.actor)

        self._open("air_naval", "resolve air and naval combat", air_naval)

    def action_murmansk(self) -> None:
        """Third Reich: the Murmansk box fought step by step (when option murmansk_timing says)."""
        self._open(
            "murmansk",
            "fight the Murmansk box",
            lambda setup: MurmanskForm(
                setup["boxes"], setup["arrival"], self._preview, self._hint("murmansk"), self.actor, setup.get("sealed")
            ),
        )

    def action_year_start(self) -> None:
        """The year-start form (in a Year Start phase)."""
        self._open(
            "year_start",
            "perform a year start",
            lambda setup: YearStartForm(setup["pending"], setup["routes"], self._preview, self.actor),
        )
