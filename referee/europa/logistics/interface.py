"""What other Europa systems may take from logistics: the one module they import from it
(pyproject.toml's independence contract lets siblings import this module and nothing else here).

- Paying SP for an activity (`charge`, special SP first where allowed) and the attack, overrun and
  001 combat supply costs, with the mark that attack supply was paid in a combat (`PAID_IN_COMBAT`,
  `paid_twice`): combat and bombardment pay their SP here (B-36..B-39 [000]; B-66 [001]).
- The replacement rules a loss allocation reads (excess-loss and 001 recovery RPs, the losses
  special replacements draw on, the RPs pending release) (C-10..C-18, C-40).
- The events other systems record on the logistics accounts (SP, RP and Resource Points debited or
  credited, losses recorded, Boot Camp's regular replacements), so that each account has one fold.
"""

from __future__ import annotations

from referee.europa.logistics.charges import charge
from referee.europa.logistics.events import (
    LossesRecorded,
    RegularReplacementsReceived,
    ReplacementsCredited,
    ReplacementsDebited,
    ResourcePointsCredited,
    ResourcePointsDebited,
    SupplyDebited,
)
from referee.europa.logistics.replacement_handlers import pending_credits
from referee.europa.logistics.replacements import Output, excess_loss_001, excess_loss_rps, losses_for_special
from referee.europa.logistics.supply import attack_cost, overrun_cost
from referee.europa.logistics.supply_001 import combat_cost as combat_cost_001
from referee.europa.logistics.supply_handlers import PAID_IN_COMBAT, paid_twice

__all__ = [
    "PAID_IN_COMBAT",
    "LossesRecorded",
    "Output",
    "RegularReplacementsReceived",
    "ReplacementsCredited",
    "ReplacementsDebited",
    "ResourcePointsCredited",
    "ResourcePointsDebited",
    "SupplyDebited",
    "attack_cost",
    "charge",
    "combat_cost_001",
    "excess_loss_001",
    "excess_loss_rps",
    "losses_for_special",
    "overrun_cost",
    "paid_twice",
    "pending_credits",
]
