"""Where the service keeps digital-dice seeds until their period ends (never in the record).

A campaign file `game.db` keeps its seeds beside it in `game.db.dice-secrets.json` (readable by
its owner only from its first byte; a file others can read is refused, as ssh refuses a key);
a PostgreSQL campaign in `~/.turnledger/dice-secrets/<campaign id>.json` (or under
`$TURNLEDGER_SECRETS_DIR`); a campaign in memory in memory. Whoever holds this file can
know rolls in advance, which is why it stays with the referee and out of exports.

The same file keeps the sealed orders made on this machine (docs/sealed-orders.md) under the key
``"sealed"``: each commitment with its order and salt, until the side reveals it (and after: the
record then holds them too). A file without that key is read as before and written as before
until an order is sealed. Two programs may hold the file open (the console and `turnledger seal`):
every write first takes in the sealed orders already on disk, so that one program's write does not
drop an order the other kept.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ledger import strict_json
from ledger.errors import PrivateFileError
from ledger.output_file import SECRETS_SUFFIX
from ledger.private_file import read_private, write_private
from referee.files.side_files import side_path


def secrets_path(location: str, campaign_id: str) -> Path | None:
    """The seed file for a store location; None for a store in memory."""
    return side_path(
        location,
        campaign_id,
        suffix=SECRETS_SUFFIX.removeprefix("."),
        folder="dice-secrets",
        variable="TURNLEDGER_SECRETS_DIR",
    )


class SecretKeeper:
    """Seeds by period, which of them have been revealed in the record, and sealed orders."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._seeds: dict[str, str] = {}
        self._revealed: set[int] = set()
        self._sealed: dict[str, dict[str, Any]] = {}
        data = self._read()
        if data is not None:
            try:
                self._seeds = {str(period): str(seed) for period, seed in dict(data.get("seeds", {})).items()}
                self._revealed = {int(period) for period in data.get("revealed", [])}
            except (ValueError, TypeError, AttributeError) as error:
                raise PrivateFileError(f"{path} is not a dice secrets file ({error}); move it away") from None
            self._sealed = self._sealed_in(data)

    def _read(self) -> dict[str, Any] | None:
        text = read_private(self.path) if self.path is not None else None  # refused if others can read it
        if text is None:
            return None
        try:
            data = strict_json.loads(text)  # a period given twice would read two ways
        except ValueError as error:
            raise PrivateFileError(f"{self.path} is not a dice secrets file ({error}); move it away") from None
        if not isinstance(data, dict):
            raise PrivateFileError(f"{self.path} is not a dice secrets file (not an object); move it away")
        return data

    def _sealed_in(self, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The sealed orders of a file's data, each checked: a commitment, its order and its salt."""
        sealed = data.get("sealed", {})
        kept: dict[str, dict[str, Any]] = {}
        if not isinstance(sealed, dict):
            raise PrivateFileError(f"{self.path}: 'sealed' is not an object; move the file away")
        for promise, secret in sealed.items():
            order = secret.get("order") if isinstance(secret, dict) else None
            salt = secret.get("salt") if isinstance(secret, dict) else None
            if not (isinstance(order, dict) and isinstance(salt, str)):
                raise PrivateFileError(f"{self.path}: sealed order {promise[:16]} has no order and salt; move it away")
            kept[str(promise)] = {"order": dict(order), "salt": salt}
        return kept

    def seed(self, period: int) -> str | None:
        return self._seeds.get(str(period))

    def revealed(self, period: int) -> bool:
        return period in self._revealed

    def keep(self, period: int, seed: str) -> None:
        self._seeds[str(period)] = seed
        self._save()

    def mark_revealed(self, period: int) -> None:
        self._revealed.add(period)
        self._save()

    def keep_sealed(self, commitment: str, order: dict[str, Any], salt: str) -> None:
        """Keep a sealed order's order and salt under its commitment (before it is recorded)."""
        self._sealed[commitment] = {"order": dict(order), "salt": salt}
        self._save()

    def sealed(self, commitment: str) -> tuple[dict[str, Any], str] | None:
        """The order and salt kept for ``commitment`` (read again from the file when another
        program sealed it since this one opened), or None when this machine does not hold them."""
        if commitment not in self._sealed:
            data = self._read()
            if data is not None:
                self._sealed = {**self._sealed_in(data), **self._sealed}
        secret = self._sealed.get(commitment)
        return None if secret is None else (dict(secret["order"]), str(secret["salt"]))

    def forget_sealed(self, commitment: str) -> None:
        """Drop an order kept for a seal that was refused (never recorded)."""
        if self._sealed.pop(commitment, None) is not None:
            self._save(forgetting=commitment)

    def _save(self, *, forgetting: str | None = None) -> None:
        """Private from the first byte, replaced atomically (ledger.private_file). The sealed
        orders on disk that another program kept meanwhile are taken in first."""
        if self.path is None:
            return
        data: dict[str, Any] = {"seeds": self._seeds, "revealed": sorted(self._revealed)}
        on_disk = self._read()
        if on_disk is not None:
            self._sealed = {**self._sealed_in(on_disk), **self._sealed}
            self._sealed.pop(forgetting or "", None)
        if self._sealed:
            data["sealed"] = self._sealed
        write_private(self.path, json.dumps(data))
