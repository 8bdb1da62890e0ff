"""The hand-made table forms (combat, losses, isolation attrition, year start), opened by key
or from the command palette. Mixed into the console app, which provides `service`, `actor`,
`record`, `show_error`, `_live_only` and `_preview`.

Each form previews through the referee service, so what it shows is exactly what would be
recorded; the combat form also shows the odds before the dice (`_assess`).
"""

from __future__ import annotations

from typing import Any

from referee.commands import parse_command
from referee.common.errors import RulesError
from referee.europa.combat_handlers import assess_command, charts_of
from referee.third_reich import warfare as sw
from referee.third_reich.context import powers_in_movement_order
from referee.third_reich.warfare_handlers import weapon_of
from tui.dialogs.combat import CombatForm, CombatSetup
from tui.dialogs.isolation import IsolationForm, IsolationSetup
from tui.dialogs.losses import LossesForm
from tui.dialogs.warfare import WarfareForm, WarfareSetup
from tui.dialogs.year_start import YearStartForm


class TableFormActions:
    """Key actions that open the hand-made forms."""

    service: Any
    actor: str

    def _form_done(self, data: dict[str, Any] | None) -> None:
        if data is not None:
            self.record(data)  # type: ignore[attr-defined]

    def _assess(self, data: dict[str, Any]) -> str:
        """Odds, column, shifts and DRM of a combat before the dice are thrown."""
        command = parse_command({key: value for key, value in data.items() if key != "faces"})
        _, assessment, _, notes = assess_command(command, self.service.store.peek())  # type: ignore[arg-type]
        head = (
            f"[b]{assessment.column or 'attacker eliminated'}[/b] — odds {assessment.attack}:{assessment.defence}, "
            f"DRM {assessment.drm:+d}; type the 2D6 faces to see the result"
        )
        steps = [*notes, *assessment.steps]
        return "\n".join([head] + [f"  · {step.text}  [dim]{step.rule}[/dim]" for step in steps])

    def _game_is(self, game: str, what: str) -> bool:
        state = self.service.store.peek()
        if state.identity.game != game:
            name = "Europa" if game == "europa" else "Third Reich"
            self.show_error(RulesError(f"{what} is a {name} form; this campaign plays {state.identity.ruleset}"))  # type: ignore[attr-defined]
            return False
        return True

    def action_combat(self) -> None:
        """The Europa combat form (in the phasing side's Combat phase, or an overrun in movement)."""
        if not self._live_only("resolve combat") or not self._game_is("europa", "combat"):  # type: ignore[attr-defined]
            return
        state = self.service.store.peek()
        if not state.table.calendar.player:
            self.show_error(RulesError(f"combat belongs to a player turn; it is now {state.table.calendar.phase}"))  # type: ignore[attr-defined]
            return
        charts, _ = charts_of(state)
        setup = CombatSetup(
            side=state.table.calendar.player,
            zones=dict(state.table.weather),
            terrain=list(charts.terrain),
            hexsides=list(charts.hexsides),
        )
        self.push_screen(CombatForm(setup, self._preview, self._assess, self.actor), self._form_done)  # type: ignore[attr-defined]

    def action_losses(self) -> None:
        """Allocate a loss still owed from a combat or an isolation roll."""
        if not self._live_only("allocate losses"):  # type: ignore[attr-defined]
            return
        state = self.service.store.peek()
        if not state.table.losses_due:
            self.show_error(RulesError("no loss is owed: every combat's losses have been allocated"))  # type: ignore[attr-defined]
            return
        nations: dict[str, list[str]] = {}
        for track in state.replacement_tracks.values():
            nations.setdefault(track.side, []).append(track.nation)
        self.push_screen(LossesForm(list(state.table.losses_due), nations, self._preview, self.actor), self._form_done)  # type: ignore[attr-defined]

    def action_isolation(self) -> None:
        """Isolation attrition for one hex of the phasing side."""
        if not self._live_only("roll isolation attrition"):  # type: ignore[attr-defined]
            return
        state = self.service.store.peek()
        if not state.table.calendar.player:
            self.show_error(
                RulesError(f"isolation attrition belongs to a player turn; it is now {state.table.calendar.phase}")
            )  # type: ignore[attr-defined]
            return
        setup = IsolationSetup(
            side=state.table.calendar.player, game=state.identity.game, regions=dict(state.table.weather)
        )
        self.push_screen(IsolationForm(setup, self._preview, self.actor), self._form_done)  # type: ignore[attr-defined]

    def _warfare_rolls(self, data: dict[str, Any]) -> str:
        """Before the dice: which 1D10 rolls this round needs, in order."""
        fight = sw.Fight(
            attacker=data["attacker"],
            offensive=int(data["offensive_factors"]),
            defensive=int(data["defensive_factors"]),
        )
        weapon = sw.WEAPONS[fight.attacker]
        rolls = sw.rolls_for_exchange(fight) + [f"the surviving {weapon['name']} at the {data['target']} economy"]
        return "[b]rolls needed, in order[/b] (the last only if any survive):\n" + "\n".join(
            f"  {number}. 1D10: {purpose}" for number, purpose in enumerate(rolls, start=1)
        )

    def action_warfare(self) -> None:
        """Third Reich strategic warfare: U-boats in the Axis turn, bombers in the Western Allies' turn."""
        if not self._live_only("resolve strategic warfare") or not self._game_is("third_reich", "strategic warfare"):  # type: ignore[attr-defined]
            return
        state = self.service.store.peek()
        calendar = state.table.calendar
        attacker = weapon_of(state, calendar.player)
        if calendar.phase != "Strategic Warfare" or attacker is None:
            self.show_error(
                RulesError(
                    f"strategic warfare is fought in the Axis or Western Allies Strategic Warfare phase (G-61); "  # type: ignore[attr-defined]
                    f"it is now {calendar.label}, {calendar.player or ''} {calendar.phase}"
                )
            )
            return
        self.push_screen(
            WarfareForm(WarfareSetup(attacker), self._preview, self._warfare_rolls, self.actor), self._form_done
        )  # type: ignore[attr-defined]

    def action_year_start(self) -> None:
        """The hand-made year-start form (Third Reich, in a Year Start phase)."""
        if not self._live_only("perform a year start"):  # type: ignore[attr-defined]
            return
        state = self.service.store.peek()
        calendar = state.table.calendar
        if calendar.phase != "Year Start":
            self.show_error(
                RulesError(
                    f"the year start belongs to the Year Start phase of a Spring turn; it is now {calendar.label}, {calendar.phase}"
                )
            )  # type: ignore[attr-defined]
            return
        pending = [
            power for power in powers_in_movement_order(state) if f"year_start:{power}" not in calendar.steps_done
        ]
        routes = state.identity.tables.get("economy", {}).get("lend_lease", {})
        self.push_screen(YearStartForm(pending, routes, self._preview, self.actor), self._form_done)  # type: ignore[attr-defined]
