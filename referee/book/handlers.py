"""The handlers of the book's own commands, and the one way every command is decided.

A game registers its handlers in its `Game` (``game.handlers``, the shared
``referee.common.handlers.NEUTRAL_HANDLERS`` among them); the book registers its own here, in
`BOOK_HANDLERS`, in the same shape. `decide` takes the book's handler for a command, or else the
game's run `by_the_rules`, and hands it the `Desk`: so the service's `execute` reads parse,
decide through the handler, append.

The book's own commands are the ones a pure rule handler cannot decide: a rollback reads the
record it undoes (DESIGN "Rollback"), AdoptRuleset and AdoptCharts read today's bundled files
(`referee.book.rules_change`), CommitDice draws a secret seed (`referee.dice.periods`). They roll
no dice and end no dice period, so no roller is made for them and the secrets file is read only by
CommitDice. CreateCampaign and BranchCampaign are entries the book writes itself; as commands
given to a campaign they are refused here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import commands as c
from referee.book import rules_change
from referee.book.desk import BookHandler, Desk
from referee.common import dice_events as dv
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.game import Game, Handler
from referee.common.rollback import restore_events
from referee.common.ruling import Ruling, Step
from referee.dice import periods


def _refuse_create(command: c.CreateCampaign, desk: Desk) -> Decision:
    raise IllegalOrderError("this store already holds a campaign; create a new one with 'turnledger new'")


def _refuse_branch(command: c.BranchCampaign, desk: Desk) -> Decision:
    raise IllegalOrderError("a branch is made with 'turnledger branch', not recorded by hand")


def _rollback(command: c.Rollback, desk: Desk) -> Decision:
    """Every account back to what it was as of ``command.to``; the undone entries stay in the record."""
    state, game = desk.state, desk.game
    head = state.chain.last_number
    if command.to >= head:
        raise IllegalOrderError(f"roll back to #{command.to}: the record ends at #{head}; choose an earlier entry")
    undone = desk.book.entries(command.to + 1, head)  # up to the state decided on (the audit decides old rollbacks)
    target = periods.kept_through_rollback(desk.book.state(command.to), state, undone)
    raw = restore_events(state, target, to=command.to, reason=command.reason)
    restored = [r["account"] for r in raw if r["type"] == "AccountRestored"]
    return Decision(
        Ruling(
            summary=f"rolled back to #{command.to}: entries #{command.to + 1}–#{head} undone ({command.reason})",
            steps=[Step(text=f"restore {account} as of #{command.to}") for account in restored]
            + [
                Step(
                    text="undone entries and their rolls stay in the record, marked undone",
                    rule="DESIGN: rollback",
                )
            ],
        ),
        [game.fold.catalog.parse(r) for r in raw],
    )


def _adopt_ruleset(command: c.AdoptRuleset, desk: Desk) -> Decision:
    return rules_change.adopt_ruleset(command, desk.state, desk.game, desk.book.ruleset_text(desk.state))


def _adopt_charts(command: c.AdoptCharts, desk: Desk) -> Decision:
    return rules_change.adopt_charts(command, desk.state, desk.game)


def _commit_dice(command: c.CommitDice, desk: Desk) -> Decision:
    decision, desk.new_seed = periods.commit(command, desk.state, desk.book.secrets)
    return decision


BOOK_HANDLERS: Mapping[type[Any], BookHandler] = {
    c.CreateCampaign: _refuse_create,
    c.BranchCampaign: _refuse_branch,
    c.Rollback: _rollback,
    c.AdoptRuleset: _adopt_ruleset,
    c.AdoptCharts: _adopt_charts,
    c.CommitDice: _commit_dice,
}
"""The commands the book decides itself, for every game (before the game's handlers)."""


def by_the_rules(handler: Handler) -> BookHandler:
    """A game's pure ``handler`` at the desk: handed the digital dice of the open period (or the
    rolls the entry recorded), its rolls counted, and, for an entry to be written that ends the
    game turn, the period's seed revealed and the next period committed (DESIGN "Dice")."""

    def decide_by_the_rules(command: Any, desk: Desk) -> Decision:
        state, roller = desk.state, desk.roller
        if roller is None:
            roller = periods.roller(state, desk.book.secrets, live=desk.live, command=c.command_json(command))
        context = Context(
            state=state, ruleset=desk.rules(state), head=state.chain.last_number, game=desk.game, roller=roller
        )
        decision = handler(command, context)
        if roller.made and roller.dice is not None:
            decision.events.append(dv.DigitalRollsMade(period=roller.dice.period, count=roller.made))
        if not desk.live:
            return decision
        decision, fresh = periods.period_end(decision, state, desk.book.secrets)
        desk.new_seed = fresh or desk.new_seed
        return decision

    return decide_by_the_rules


def handler_for(command: Any, game: Game) -> BookHandler:
    """The handler of ``command``: the book's own, or else the game's (refused when it has none)."""
    own = BOOK_HANDLERS.get(type(command))
    if own is not None:
        return own
    handler = game.handlers.get(type(command))
    if handler is None:
        raise IllegalOrderError(f"{command.kind} is not a command of {game.title}")
    return by_the_rules(handler)


def decide(command: Any, desk: Desk) -> Decision:
    """The ruling and events for ``command`` at ``desk`` (nothing written).

    Raises:
        RulesError: the rules or the state forbid the command.
    """
    return handler_for(command, desk.game)(command, desk)
