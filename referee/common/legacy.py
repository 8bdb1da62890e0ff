"""Reading what release 0.1.0 stored: its opening and its rollbacks embedded state documents.

Release 0.1.0 opened a campaign with one `CampaignOpened` (version 1) holding its whole state
as that release modelled it, for both games alike (a Europa campaign carried empty BRP
accounts, a Third Reich one empty supply pools and Soviet cities). These functions turn such a
document into today's opening events (identity, one `AccountOpened` per account, the pinned
rules) and a 0.1.0 account document into the account a game keeps now. They are frozen: the
0.1.0 shapes never change, and the golden exports in tests/data/exports/ hold them to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ledger.errors import UnknownAccountError

COLLECTIONS_0_1_0 = {
    "supply": "supply_pools",
    "replacements": "replacement_tracks",
    "brp": "brp_economies",
    "roster": "rosters",
    "resources": "resource_points",
}
"""The account collections of release 0.1.0's state, by the prefix of their account names."""


@dataclass(frozen=True)
class Legacy:
    """What a game kept of release 0.1.0's state.

    Args:
        collections: the 0.1.0 collection prefixes the game still keeps.
        table_fields_dropped: table fields of 0.1.0 the game does not keep (always empty there).
        option_defaults: readings 0.1.0 applied without pinning them (options added late).
    """

    collections: tuple[str, ...]
    table_fields_dropped: tuple[str, ...] = ()
    option_defaults: Mapping[str, str] = field(default_factory=dict)

    def table(self, document: dict[str, Any]) -> dict[str, Any]:
        """A 0.1.0 table document as the game's table (dropped fields must be empty)."""
        table = dict(document)
        for name in self.table_fields_dropped:
            if table.pop(name, None):
                raise UnknownAccountError(f"a 0.1.0 table holds {name}, which this game does not keep")
        return table

    def account(self, data: dict[str, Any]) -> dict[str, Any]:
        """Upcaster of `AccountRestored` version 1 (a 0.1.0 account document) to version 2."""
        if data.get("account") == "table" and data.get("state") is not None:
            return {**data, "state": self.table(data["state"])}
        return data

    def opening(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """Expander of `CampaignOpened` version 1 into today's opening events."""
        state = data["state"]
        identity = dict(state["identity"])
        options = {**self.option_defaults, **identity.get("options", {})}
        events: list[dict[str, Any]] = [
            {
                "type": "CampaignOpened",
                "v": 2,
                **{key: identity[key] for key in ("campaign_id", "name", "game", "ruleset", "scenario")},
                "options": options,
                **{key: identity.get(key, []) for key in ("sides", "players", "weather_zones")},
            },
            {"type": "AccountOpened", "v": 1, "account": "table", "state": self.table(state["table"])},
        ]
        for prefix, attribute in COLLECTIONS_0_1_0.items():
            accounts = state.get(attribute) or {}
            if prefix not in self.collections:
                if accounts:
                    raise UnknownAccountError(f"a 0.1.0 opening holds {attribute}, which this game does not keep")
                continue
            events.extend(
                {"type": "AccountOpened", "v": 1, "account": f"{prefix}:{key}", "state": value}
                for key, value in accounts.items()
            )
        events.append(
            {
                "type": "RulesPinned",
                "v": 1,
                "ruleset": identity["ruleset"],
                "ruleset_toml": "",
                "options": options,
                "pinned": identity.get("pinned", {}),
                "tables": identity.get("tables", {}),
            }
        )
        return events
