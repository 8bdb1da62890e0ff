"""Where the service keeps digital-dice seeds until their period ends (never in the record).

A campaign file `game.db` keeps its seeds beside it in `game.db.dice-secrets.json` (readable by
its owner only); a PostgreSQL campaign in `~/.turnledger/dice-secrets/<campaign id>.json` (or
under `$TURNLEDGER_SECRETS_DIR`); a campaign in memory in memory. Whoever holds this file can
know rolls in advance, which is why it stays with the referee and out of exports.
"""

from __future__ import annotations

import json
import os
from pathlib import Path


def secrets_path(location: str, campaign_id: str) -> Path | None:
    """The seed file for a store location; None for a store in memory."""
    if location == ":memory:":
        return None
    if "://" in location:
        base = Path(os.environ.get("TURNLEDGER_SECRETS_DIR") or Path.home() / ".turnledger" / "dice-secrets")
        return base / f"{campaign_id}.json"
    return Path(f"{location}.dice-secrets.json")


class SecretKeeper:
    """Seeds by period, and which of them have been revealed in the record."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._seeds: dict[str, str] = {}
        self._revealed: set[int] = set()
        if path is not None and path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            self._seeds = dict(data.get("seeds", {}))
            self._revealed = set(data.get("revealed", []))

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
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps({"seeds": self._seeds, "revealed": sorted(self._revealed)}), encoding="utf-8")
        os.chmod(temporary, 0o600)
        os.replace(temporary, self.path)
