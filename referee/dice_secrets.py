"""Where the service keeps digital-dice seeds until their period ends (never in the record).

A campaign file `game.db` keeps its seeds beside it in `game.db.dice-secrets.json` (readable by
its owner only from its first byte; a file others can read is refused, as ssh refuses a key);
a PostgreSQL campaign in `~/.turnledger/dice-secrets/<campaign id>.json` (or under
`$TURNLEDGER_SECRETS_DIR`); a campaign in memory in memory. Whoever holds this file can
know rolls in advance, which is why it stays with the referee and out of exports.
"""

from __future__ import annotations

import json
from pathlib import Path

from ledger import strict_json
from ledger.errors import PrivateFileError
from ledger.output_file import SECRETS_SUFFIX
from ledger.private_file import read_private, write_private
from referee.side_files import side_path


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
    """Seeds by period, and which of them have been revealed in the record."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._seeds: dict[str, str] = {}
        self._revealed: set[int] = set()
        text = read_private(path) if path is not None else None  # refused if others can read it
        if text is not None:
            try:
                data = strict_json.loads(text)  # a period given twice would read two ways
                self._seeds = {str(period): str(seed) for period, seed in dict(data.get("seeds", {})).items()}
                self._revealed = {int(period) for period in data.get("revealed", [])}
            except (ValueError, TypeError, AttributeError) as error:
                raise PrivateFileError(f"{path} is not a dice secrets file ({error}); move it away") from None

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

    def _save(self) -> None:
        """Private from the first byte, replaced atomically (ledger.private_file)."""
        if self.path is None:
            return
        write_private(self.path, json.dumps({"seeds": self._seeds, "revealed": sorted(self._revealed)}))
