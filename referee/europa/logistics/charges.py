"""Paying for Europa activities with SP: the one place a charge is taken from a pool (special SP
first where allowed) or refused in table language, and which SP model the campaign plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.europa.common.context import logistics_of, opt_since, pool_of, require_phase
from referee.europa.common.data import Sp001
from referee.europa.common.state import EuropaState
from referee.europa.logistics import events as lg


def sp_001(state: EuropaState) -> Sp001 | None:
    """The 001 SP model when the campaign plays it (option sp_model, J-23..J-25), else None.
    A campaign pinned before the option existed plays 000."""
    if opt_since(state, "sp_model", "000") != "001":
        return None
    model = logistics_of(state).sp_001
    if model is None:
        raise IllegalOrderError(
            "this campaign plays sp_model 001 but its scenario gives no 001 stocks and rates (B-68 [001])"
        )
    return model


@dataclass(frozen=True)
class Activity:
    """An activity paid with SP, apart from one order's figures: its name in the ledger, what an
    unpaid one suffers, the phases it is paid in, the rule a refusal cites (``rule_001`` under the
    001 model where that differs), whether the surprise turn's special SP may pay for it, and
    whether 001 lets it go unpaid (B-67 [001]). Each kind is named once, in a table
    (`referee.europa.logistics.supply_handlers`), so its handler computes only the cost."""

    name: str
    effect: str
    phases: tuple[str, ...]
    rule: str
    special_ok: bool
    rule_001: str | None = None
    unpaid_001: bool = False


class Payer(Protocol):
    """An order that pays for an activity: the side paying and whether it goes unpaid."""

    @property
    def side(self) -> str: ...

    @property
    def unpaid(self) -> bool: ...


def pay(
    ctx: Context[EuropaState], order: Payer, activity: Activity, *, cost: int, detail: str, steps: list[Step]
) -> Decision:
    """Charge ``cost`` SP (special SP first where allowed) or record the activity as unsupplied."""
    state: EuropaState = ctx.state
    side, unpaid, effect = order.side, order.unpaid, activity.effect
    pool_of(state, side)
    model_001 = opt_since(state, "sp_model", "000") == "001"
    rule = activity.rule_001 if model_001 and activity.rule_001 else activity.rule
    require_phase(state, side, activity.phases, activity.name, rule)
    if unpaid and model_001 and not activity.unpaid_001:
        raise IllegalOrderError(
            f"under the 001 SP model what is not paid may not be made: this {activity.name} is unpaid (B-67 [001]); "
            f"pay {cost} SP or call it off"
        )
    if unpaid:
        return Decision(
            Ruling(
                summary=f"{side} {activity.name} unsupplied: {effect}",
                steps=[*steps, Step(text=f"not paid: {effect}", rule="B-67 [001]" if model_001 else "B-47 [000]")],
            ),
            [lg.UnsuppliedActivityRecorded(side=side, activity=activity.name, detail=detail, effect=effect)],
        )
    events = charge(
        state,
        side=side,
        cost=cost,
        activity=activity.name,
        detail=detail,
        special_ok=activity.special_ok,
        steps=steps,
    )
    return Decision(Ruling(summary=f"{side} pays {cost} SP for {activity.name}", steps=steps), events)


def charge(
    state: EuropaState,
    *,
    side: str,
    cost: int,
    activity: str,
    detail: str,
    special_ok: bool,
    steps: list[Step],
) -> list[ev.DomainEvent]:
    """Take ``cost`` SP from ``side``'s pool (special SP first where allowed), or refuse in table
    language; under 001 the refusal cites B-67 (what cannot be paid may not be made)."""
    pool = pool_of(state, side)
    model_001 = opt_since(state, "sp_model", "000") == "001"
    from_special = min(pool.special, cost) if special_ok else 0
    from_stockpile = cost - from_special
    if from_stockpile > pool.stockpile:
        held = f"{pool.stockpile}" + (f" (+{pool.special} special SP)" if from_special else "")
        cited = " (B-67 [001]: it may not be made)" if model_001 else ""
        raise IllegalOrderError(f"{side} SP pool holds {held}; this {activity} costs {cost}{cited}")
    if from_special:
        special_rule = "A-33, B-64 [001]" if model_001 else "A-32, B-28 [000]"
        steps.append(Step(text=f"{from_special} from the surprise turn's special SP first", rule=special_rule))
    left = pool.stockpile - from_stockpile
    steps.append(Step(text=f"stockpile {pool.stockpile} − {from_stockpile} = {left}", rule="B-01 [000]"))
    return [
        lg.SupplySpent(
            side=side, from_special=from_special, from_stockpile=from_stockpile, activity=activity, detail=detail
        )
    ]


def units_text(units: list[str]) -> str:
    return f" ({', '.join(units)})" if units else ""
