"""The hand-made table forms (combat, losses, isolation attrition, strategic warfare, year start),
opened by key or from the command palette. Mixed into the console app, which provides `service`,
`actor`, `show_error`, `_live_only` and `_preview`; each form records through the app's
`record` itself and stays open, with what was typed, when the record is refused.

What a form offers and what it shows before the dice come from the campaign's game through the
referee service (`form_setup`, `form_hint`); each form previews through the service too, so what
it shows is exactly what would be recorded. The console imports no game package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.common.errors import REFUSALS
from tui.dialogs.aa_fire import AAFireForm, AAFireSetup
from tui.dialogs.air_naval import AirNavalForm
from tui.dialogs.attrition import AttritionForm, AttritionSetup
from tui.dialogs.boot_camp_combat import BootCampCombatForm, BootCampCombatSetup
from tui.dialogs.combat import CombatForm, CombatSetup
from tui.dialogs.isolation import IsolationForm, IsolationSetup
from tui.dialogs.land_combat import LandCombatForm, LandCombatSetup
from tui.dialogs.land_losses import LandLossesForm
from tui.dialogs.losses import LossesForm
from tui.dialogs.murmansk import MurmanskForm
from tui.dialogs.warfare import WarfareForm, WarfareSetup
from tui.dialogs.year_start import YearStartForm


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

    def action_combat(self) -> None:
        """The combat form (in the phasing side's Combat phase, or an overrun in movement); the
        game says which: Europa's combat, or Third Reich land combat (``form``)."""
        setup = self._setup("combat", "resolve combat")
        if setup is None:
            return
        if setup.get("form") == "land_combat":
            form: Any = LandCombatForm(LandCombatSetup(**setup), self._preview, self._hint("combat"), self.actor)
        elif setup.get("form") == "boot_camp_combat":
            form = BootCampCombatForm(BootCampCombatSetup(**setup), self._preview, self._hint("combat"), self.actor)
        else:
            form = CombatForm(CombatSetup(**setup), self._preview, self._hint("combat"), self.actor)
        self.push_screen(form)

    def action_attrition(self) -> None:
        """Third Reich: the attrition step of a front under the attrition option (Combat phase)."""
        setup = self._setup("attrition", "roll attrition")
        if setup is not None:
            form = AttritionForm(AttritionSetup(**setup), self._preview, self._hint("attrition"), self.actor)
            self.push_screen(form)

    def action_losses(self) -> None:
        """Allocate a loss still owed from a combat or an isolation roll (Third Reich: remove the
        units a land combat cost)."""
        setup = self._setup("losses", "allocate losses")
        if setup is None:
            return
        if setup.get("form") == "land_losses":
            form: Any = LandLossesForm(
                setup["owed"], self._preview, self.actor, powers=setup["powers"], hexes=setup["hexes"]
            )
        else:
            form = LossesForm(setup["owed"], setup["nations"], self._preview, self.actor)
        self.push_screen(form)

    def action_isolation(self) -> None:
        """Isolation attrition for one hex of the phasing side."""
        setup = self._setup("isolation", "roll isolation attrition")
        if setup is not None:
            form = IsolationForm(IsolationSetup(**setup), self._preview, self.actor)
            self.push_screen(form)

    def action_warfare(self) -> None:
        """Strategic warfare: U-boats in the Axis turn, bombers in the Western Allies' turn."""
        setup = self._setup("warfare", "resolve strategic warfare")
        if setup is not None:
            form = WarfareForm(WarfareSetup(**setup), self._preview, self._hint("warfare"), self.actor)
            self.push_screen(form)

    def action_air_naval(self) -> None:
        """Third Reich: air and naval combat in a contested hex (Combat phase, offensive option);
        Europa: AA fire by minimum dice roll (Second Front, Air phase)."""
        setup = self._setup("air_naval", "resolve air and naval combat")
        if setup is None:
            return
        if setup.get("form") == "aa_fire":
            form: Any = AAFireForm(AAFireSetup(**setup), self._preview, self.actor)
        else:
            form = AirNavalForm(setup["side"], setup["offensives"], self._preview, self._hint("air_naval"), self.actor)
        self.push_screen(form)

    def action_murmansk(self) -> None:
        """Third Reich: the Murmansk box fought step by step (when option murmansk_timing says)."""
        setup = self._setup("murmansk", "fight the Murmansk box")
        if setup is not None:
            form = MurmanskForm(
                setup["boxes"],
                setup["arrival"],
                self._preview,
                self._hint("murmansk"),
                self.actor,
                setup.get("sealed"),
            )
            self.push_screen(form)

    def action_year_start(self) -> None:
        """The year-start form (in a Year Start phase)."""
        setup = self._setup("year_start", "perform a year start")
        if setup is not None:
            form = YearStartForm(setup["pending"], setup["routes"], self._preview, self.actor)
            self.push_screen(form)
