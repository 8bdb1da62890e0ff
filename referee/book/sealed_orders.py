"""Sealing and revealing orders through the referee service: the salt drawn, the order kept.

The commands themselves are pure (`referee.common.sealing_handlers`); what they cannot do is here,
at the service's edge: draw a fresh salt, keep the order and the salt in the campaign's private
secrets file (`referee.dice.secret_keeper.SecretKeeper`, beside the dice seeds) before the commitment is
recorded, and read them back at the reveal. The command line (`turnledger seal`, `reveal`) and the
console's dialogs (tui/dialogs/seal.py) both come through `OrderSealing`.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from ledger import strict_json
from referee.common.errors import REFUSALS, IllegalOrderError, InvalidInputError
from referee.common.sealing import MOST_KEYS, Order, SealSlot, commitment
from referee.common.sealing_handlers import sealing_parties, seals_of
from referee.service import RefereeService

_ORDER: TypeAdapter[dict[str, Any]] = TypeAdapter(Order)


def new_salt() -> str:
    """256 random bits in lowercase hex, from the operating system's secure source."""
    return secrets.token_hex(32)


@dataclass(frozen=True)
class SealView:
    """A seal as the console and the command line list it."""

    seal: int
    side: str
    slot: str
    at: str
    revealed_in: int | None
    kept_here: bool
    commitment: str

    def line(self) -> str:
        """'#12 Germany murmansk (Summer I 1942, Axis Movement): sealed, kept on this machine'."""
        if self.revealed_in is not None:
            state = f"revealed in #{self.revealed_in}"
        else:
            state = "sealed, " + ("kept on this machine" if self.kept_here else "not kept on this machine")
        return f"#{self.seal} {self.side} {self.slot} ({self.at}): {state}"


class OrderSealing:
    """Sealed orders of one campaign, for the command line and the console."""

    def __init__(self, service: RefereeService) -> None:
        self.service = service

    def slots(self) -> dict[str, SealSlot]:
        """The slots the campaign's game declares (an order for any other name is free-form)."""
        return dict(self.service.game.sealed_orders)

    def parties(self) -> list[str]:
        """Who may seal a free-form order: the sides, players and account holders."""
        return sealing_parties(self.service.current())

    def seals(self, *, open_only: bool = False) -> list[SealView]:
        """The seals not undone, oldest first (``open_only``: those still sealed)."""
        keeper = self.service.secrets
        return [
            SealView(
                seal.seal,
                seal.side,
                seal.slot,
                seal.at,
                seal.revealed_in,
                keeper.sealed(seal.commitment) is not None,
                seal.commitment,
            )
            for seal in seals_of(self.service.current())
            if not (open_only and seal.revealed)
        ]

    @staticmethod
    def parse_order(text: str) -> dict[str, Any]:
        """An order typed as JSON ('{"uboats": 4}'), refused when it is not one object of names.

        Raises:
            InvalidInputError: not JSON, not an object, or more than 40 names.
        """
        order = strict_json.loads(text, where="the order")  # refused naming a key given twice
        if not isinstance(order, dict):
            raise InvalidInputError('the order is a JSON object of names and numbers, e.g. {"uboats": 4}')
        if len(order) > MOST_KEYS:
            raise InvalidInputError(f"an order names at most {MOST_KEYS} things; this one names {len(order)}")
        return order

    def spelled(self, side: str, slot: str) -> str:
        """``side`` as the campaign spells it ('germany' is Germany)."""
        parsed = self.service.parse({"kind": "SealOrder", "side": side, "slot": slot, "commitment": "0" * 64})
        return str(parsed.side)

    def check_order(self, side: str, slot: str, order: dict[str, Any]) -> dict[str, Any]:
        """``order`` as it will be sealed: a declared slot's numbers, every key present; any
        other slot's names and whole numbers (or texts) as given.

        Raises:
            InvalidInputError: a name the slot does not hold, or a value that is not a number.
        """
        declared = self.service.game.sealed_orders.get(slot)
        if declared is not None:
            return dict(declared.check(side, order))
        if len(order) > MOST_KEYS:
            raise InvalidInputError(f"an order names at most {MOST_KEYS} things; this one names {len(order)}")
        if any(not isinstance(key, str) or not 1 <= len(key) <= 80 for key in order):
            raise InvalidInputError("every name in the order has 1 to 80 characters")
        try:  # exactly what RevealOrder will take back, so that the order kept can always be revealed
            checked: dict[str, Any] = _ORDER.validate_python(order, strict=True)
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(part) for part in problem["loc"][:1])
            raise InvalidInputError(f"{where or 'the order'}: give a whole number or a short text") from None
        return checked

    def seal(self, side: str, slot: str, order: dict[str, Any], *, actor: str = "referee") -> dict[str, Any]:
        """Seal ``side``'s ``order`` for ``slot``: one entry holding its commitment only.

        The order is checked first, the command decided (a refusal keeps nothing), the order and
        a fresh salt kept in the secrets file, and only then the commitment recorded; should the
        recording fail, what was kept is dropped again.

        Raises:
            RulesError: refused (nothing recorded, nothing kept).
        """
        data = self.prepare(side, slot, order, actor=actor)
        try:
            return self.service.execute_json(data)
        except REFUSALS:
            self.service.secrets.forget_sealed(str(data["commitment"]))
            raise

    def prepare(self, side: str, slot: str, order: dict[str, Any], *, actor: str = "referee") -> dict[str, Any]:
        """The `SealOrder` to record for ``order``, its order and salt kept already (the console
        records it through its one funnel). Checked and decided first: a refusal keeps nothing."""
        side = self.spelled(side, slot)
        checked = self.check_order(side, slot, order)
        salt = new_salt()
        data = {
            "kind": "SealOrder",
            "actor": actor,
            "side": side,
            "slot": slot,
            "commitment": commitment(checked, salt),
        }
        self.service.decide(self.service.parse(data))  # refused here: nothing kept
        self.service.secrets.keep_sealed(str(data["commitment"]), checked, salt)
        return data

    def reveal_command(
        self, seal: int, *, order: dict[str, Any] | None = None, salt: str | None = None, actor: str = "referee"
    ) -> dict[str, Any]:
        """The `RevealOrder` for seal ``seal``: the order and salt typed, or those kept here.

        Raises:
            IllegalOrderError: no such seal, or (nothing typed) its order is not kept on this machine.
        """
        if order is None and salt is None:
            found = self.service.current().chain.seals.get(str(seal))
            if found is None:
                raise IllegalOrderError(f"entry #{seal} sealed no order")
            kept = self.service.secrets.sealed(found.commitment)
            if kept is None:
                where = self.service.secrets.path or "memory"
                raise IllegalOrderError(
                    f"the order of {found.name()} is not kept on this machine ({where}); the side that sealed it "
                    "brings its order and salt: reveal --seal N --order JSON --salt HEX"
                )
            order, salt = kept
        elif order is None or salt is None:
            raise InvalidInputError("a typed reveal gives both the order and the salt")
        return {"kind": "RevealOrder", "actor": actor, "seal": seal, "order": order, "salt": salt}

    def reveal(
        self, seal: int, *, order: dict[str, Any] | None = None, salt: str | None = None, actor: str = "referee"
    ) -> dict[str, Any]:
        """Reveal seal ``seal`` (see `reveal_command`): one entry, or refused with nothing written."""
        return self.service.execute_json(self.reveal_command(seal, order=order, salt=salt, actor=actor))
