"""What a purchase may cost: no more BRPs than the power has, and at most half its total in a
game turn (seed 004, RULES.md G-42, J-65)."""

from __future__ import annotations

from referee.common.decision import Context
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Step
from referee.third_reich.common.context import economy_of
from referee.third_reich.common.state import BrpEconomy, ReichState

SPENDING = ("option", "declaration", "build", "replacement", "repair")
"""BRP categories that are spending in the sense of G-42 (what a power buys in the turn); lend
lease, year-start changes, strategic-warfare and other losses, conquests and adjustments are not."""
BUILDS = ("build", "repair")
"""What option half_limit_counts=builds_only counts (J-65)."""


def over_half(ctx: Context[ReichState], economy: BrpEconomy, cost: int, *, is_build: bool) -> tuple[str | None, Step]:
    """G-42 [004]: at most half the total spent in one game turn. The total is the one at the start
    of the game turn, after the lend lease of a year start has been given and received (J-65;
    option half_limit_counts says whether options and declarations count too).

    Returns:
        What goes past the limit (None: nothing), and the derivation step.
    """
    numerator, denominator = economy_of(ctx.state).spending_fraction
    base = economy.total_at_turn_start
    limit = base * numerator // denominator
    counts_all = option(ctx.state.identity.options, "half_limit_counts") == "all_spending"
    if not (is_build or counts_all):
        return None, Step(
            text="not counted against the half-total limit (option half_limit_counts=builds_only)", rule="G-42, J-65"
        )
    spent = economy.spent_this_turn if counts_all else economy.turn_counters.get("build_brp", 0)
    if spent + cost > limit:
        problem = (
            f"{economy.power} may spend at most {limit} BRPs this turn (half of {base}); "
            f"{spent} spent already, this costs {cost} (G-42 [004])"
        )
        return problem, Step(text=f"spent this turn {spent} + {cost} > {limit} (half of {base})", rule="G-42 [004]")
    return None, Step(text=f"spent this turn {spent} + {cost} ≤ {limit} (half of {base})", rule="G-42 [004], J-65")


def within_half(ctx: Context[ReichState], economy: BrpEconomy, cost: int, *, is_build: bool) -> Step:
    """`over_half`, refused when the cost goes past the limit.

    Raises:
        IllegalOrderError: the limit, what was spent and the cost, named.
    """
    problem, step = over_half(ctx, economy, cost, is_build=is_build)
    if problem is not None:
        raise IllegalOrderError(problem)
    return step


def afford(ctx: Context[ReichState], economy: BrpEconomy, cost: int, why: str) -> None:
    """Refuse what costs more BRPs than the power has (G [004]: a power spends only BRPs it has)."""
    if cost > economy.total:
        raise IllegalOrderError(f"{economy.power} has {economy.total} BRPs; {why} costs {cost}")
