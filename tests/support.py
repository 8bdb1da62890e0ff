"""Helpers shared by the tests (importable because pytest puts tests/ on the path)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any


class TickingClock:
    """A deterministic clock: one second later at every reading."""

    def __init__(self) -> None:
        self.now = datetime(1941, 6, 22, 3, 15, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def state_json(capsys: Any, path: str, at: int | None = None) -> dict[str, Any]:
    """`turnledger state PATH --json [--at N]`, run in-process, as a dict."""
    from tui.cli import main

    capsys.readouterr()
    assert main(["state", path, "--json"] + (["--at", str(at)] if at else [])) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def golden_figures(location: str, at: int | None = None) -> dict[str, Any]:
    """A campaign's figures in the release-independent form of tests/data/exports/*.figures.json.

    Keys are 'account/field/...' paths as release 0.1.0 named them; when a release changes its
    state model, this function maps the new model onto those names (the files never change).
    """
    from referee.service import RefereeService

    service = RefereeService.open(location)
    try:
        state = service.state(at).to_json()
    finally:
        service.close()
    flat: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and value:
            for key in sorted(value):
                walk(f"{prefix}/{key}", value[key])
        else:
            flat[prefix] = value

    for key in ("table", "supply_pools", "replacement_tracks", "brp_economies", "rosters", "resource_points"):
        walk(key, state[key])
    identity = state["identity"]
    return {
        "campaign_id": identity["campaign_id"],
        "name": identity["name"],
        "game": identity["game"],
        "ruleset": identity["ruleset"],
        "scenario": identity["scenario"],
        "options": identity["options"],
        "head": {"number": state["chain"]["last_number"], "hash": state["chain"]["head_hash"]},
        "calendar": {key: state["table"]["calendar"][key] for key in ("turn", "label", "player", "phase")},
        "figures": flat,
    }
