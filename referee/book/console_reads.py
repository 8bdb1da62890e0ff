"""What the console reads of a campaign besides its state: the game's forms and views, the
options, the command kinds, notes and open disputes on an entry, the names a field can offer,
what an advance would take away, and the referee's bookmarks. Mixed into `RefereeService`, which
provides ``store``, ``game``, ``entries``, ``parse``, ``decide``, ``ruleset_text`` and
``_pinned_ruleset``; the console imports nothing below the service."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ledger.store import LedgerStore
from referee.common.decision import Decision
from referee.common.errors import IllegalOrderError
from referee.common.game import Game
from referee.common.names import known_names, name_offers, read_typed
from referee.common.ruleset import Ruleset, parse_pinned_ruleset, rulesets_for
from referee.common.ruling import Ruling
from referee.common.scenario import list_scenarios, load_scenario
from referee.common.state import BaseState
from referee.common.views import View
from referee.files.bookmarks import bookmarks_path, load_bookmarks, save_bookmarks
from referee.games import commands_of, game_named


def option_rows(game: Game, defaults: dict[str, str], chosen: dict[str, str] | None) -> list[dict[str, Any]]:
    """Each option of a game: its readings (default first), the ruleset's default, the rule it
    settles and, for a campaign, the reading it pinned."""
    return [
        {
            "option": name,
            "readings": list(readings),
            "default": defaults.get(name, readings[0]),
            "source": game.option_sources.get(name, ""),
            "chosen": None if chosen is None else chosen.get(name),
        }
        for name, readings in game.options.items()
    ]


def scenario_options(scenario: str, ruleset: str | None = None) -> list[dict[str, Any]]:
    """The options a new campaign of ``scenario`` (under ``ruleset``, default the scenario's)
    would offer, with the ruleset's defaults."""
    loaded = load_scenario(scenario, ruleset_id=ruleset)
    return option_rows(game_named(loaded.ruleset.game), dict(loaded.ruleset.options), None)


def scenario_choices() -> list[tuple[str, str]]:
    """(name, title) of each bundled scenario, for the new-campaign form."""
    return [(name, load_scenario(name).scenario.title) for name in list_scenarios()]


def scenario_rulesets(scenario: str) -> list[tuple[str, str]]:
    """(id, title) of the rules versions a new campaign of ``scenario`` may be played under,
    the scenario's own first."""
    own = load_scenario(scenario).ruleset
    return sorted(rulesets_for(own.game), key=lambda found: found[0] != own.id)


class ConsoleReads:
    """The service's read interface for the console's screens and forms."""

    store: LedgerStore

    if TYPE_CHECKING:  # what RefereeService provides

        @property
        def game(self) -> Game: ...

        def entries(self, start: int = 1, stop: int | None = None) -> Iterator[dict[str, Any]]: ...
        def parse(self, data: Any) -> Any: ...
        def decide(self, command: Any) -> Decision: ...
        def ruleset_text(self, state: BaseState | None = None, *, fresh: bool = False) -> str: ...
        def _pinned_ruleset(self, state: BaseState) -> Ruleset: ...

    def form_setup(self, key: str) -> dict[str, Any]:
        """What the game's table form ``key`` offers now (refused when it does not belong here)."""
        game = self.game
        form = game.forms.get(key)
        if form is None:
            titles = ", ".join(spec.title for spec in game.forms.values())
            raise IllegalOrderError(f"{game.title} has no {key.replace('_', ' ')} form; its forms: {titles}")
        return form.setup(self.store.peek())

    def form_hint(self, key: str, data: dict[str, Any]) -> str:
        """What the form ``key`` shows before the dice, from the fields typed so far, read as
        ``parse`` reads a command (names and choices in any case, a misspelling refused with the
        nearest one: `referee.common.names.read_typed`)."""
        form = self.game.forms.get(key)
        if form is None or form.hint is None:
            return ""
        state = self.store.peek()
        ruleset = self._pinned_ruleset(state)
        read = read_typed(commands_of(self.game), data, known_names(state, ruleset), name_offers(state, ruleset))
        return form.hint(state, read)

    def views(self, state: BaseState) -> list[View]:
        """What the console shows of the game's accounts in ``state`` (drawn by the console)."""
        return game_named(state.identity.game).views(state)

    def options(self) -> list[dict[str, Any]]:
        """The campaign's options: readings, the pinned ruleset's default, the rule, its reading."""
        state = self.store.peek()
        ruleset = parse_pinned_ruleset(self.ruleset_text(state), f"ruleset {state.identity.ruleset} (pinned)")
        return option_rows(self.game, dict(ruleset.options), dict(state.identity.options))

    def command_kinds(self) -> list[str]:
        """The command kinds of the campaign's game (the neutral ones included)."""
        return list(commands_of(self.game).kinds)

    def open_disputes_on(self, number: int) -> list[int]:
        """The entries that raised a dispute about entry ``number`` that no ruling has settled, in
        order (the state holds the open disputes: no scan)."""
        return [raised for raised, target in self.store.peek().chain.disputes if target == number]

    def notes_on(self, number: int) -> list[dict[str, Any]]:
        """Notes, disputes and rulings later entries recorded on entry ``number``: entry, by, text,
        disputed, and for a ruling the dispute it settles."""
        found = []
        for entry in self.entries(number + 1):
            for event in entry["events"]:
                kind = event.get("type")
                if kind in ("EntryAnnotated", "DisputeSettled") and int(event.get("target", 0)) == number:
                    found.append(
                        {
                            "entry": entry["number"],
                            "by": entry["actor"],
                            "text": str(event.get("text", event.get("ruling", ""))),
                            "disputed": bool(event.get("disputed")),
                            "settles": event.get("dispute"),
                        }
                    )
        return found

    def bookmarks(self) -> list[int]:
        """The entries the referee bookmarked on this campaign (kept beside it, `referee.files.bookmarks`)."""
        return load_bookmarks(bookmarks_path(self.store.location, str(self.store.campaign_id)))

    def save_bookmarks(self, numbers: list[int]) -> None:
        """Keep the referee's bookmarks for the next session."""
        save_bookmarks(bookmarks_path(self.store.location, str(self.store.campaign_id)), numbers)

    def what_it_takes_away(self, data: dict[str, Any]) -> Ruling | None:
        """The ruling of ``data`` when it would record something the game declares takes from a
        side (`Game.losses_on_advance`: the stockpile cap, unspent special SP), else None; refused
        as recording it would be. The console asks before recording such a command."""
        decision = self.decide(self.parse(data))
        losing = self.game.losses_on_advance
        return decision.ruling if any(getattr(event, "type", "") in losing for event in decision.events) else None

    def name_offers(self) -> dict[str, list[str]]:
        """Field name -> the names the campaign knows for it now (what a form offers as it is typed)."""
        state = self.store.peek()
        return name_offers(state, self._pinned_ruleset(state))
