"""The event that states a head receipt was given (issue 27; the code is ledger/receipts.py).

A head receipt is shown to the players when the console closes, after a batch is applied, or on
demand (`turnledger receipt`). The entry after it states so, ``receipt given at #N`` with its
code, so the record itself says which of its entries the players hold receipts for: a later
record that lacks #N, or holds another entry there, is named by `verify` on any machine, not only
on the one that showed the receipt (ledger/receipt_log.py). It changes no state.
"""

from __future__ import annotations

from pydantic import Field

from referee.common.event_base import DomainEvent


class ReceiptGiven(DomainEvent):
    """The head receipt of entry ``entry`` was shown to the players at ``given_at``."""

    entry: int = Field(ge=1)
    code: str = Field(pattern=r"^[0-9A-HJKMNP-RTV-Z]{5}-[0-9A-HJKMNP-RTV-Z]{5}$")
    given_at: str = Field(min_length=1, max_length=40)
