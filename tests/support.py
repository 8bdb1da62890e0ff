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
    return json.loads(capsys.readouterr().out)


def golden_figures(location: str, at: int | None = None) -> dict[str, Any]:
    """A campaign's figures in the release-independent form of tests/data/exports/*.figures.json.

    Keys are 'account/field/...' paths as release 0.1.0 named them; when a release changes its
    state model, this function maps the new model onto those names (the files never change):
    - 0.2: each game keeps only its own accounts. Release 0.1.0 held every account kind in both
      games (empty where the game has none): absent kinds read as empty here. The table's
      ``facts`` (referee-stated facts, new in 0.2) are not a 0.1.0 figure. Options now pin every
      reading, defaults included: the 0.1.0 options are compared as a subset (test side).
    - 0.3: a dice period names its dice scheme (docs/dice.md); every period of 0.1.0 was scheme 1,
      so ``table/dice/scheme`` 1 is not a 0.1.0 figure (any other value is, and fails the test).
      A loss owed keeps the units that were in its combat (``units``); 0.1.0 kept none, so an
      empty list is not a 0.1.0 figure.
    - 0.4: a Third Reich table keeps the units recorded land combats removed (``lost_units``) and
      the hexes attrition won not yet named (``attrition_hexes``); 0.1.0 had neither, so an empty
      one is not a 0.1.0 figure.
      A BRP account keeps who it is at war with (``at_war``), whether it left play
      (``left_play``) and its lend lease in transit route by route (``lend_lease_by_route``):
      0.1.0 recorded no war, no power leaving play and no transit in these campaigns, so the
      empty values are not 0.1.0 figures. Its conquests held (``conquests_held``) and the years
      whose hits were deducted (``sw_hits_deducted``) are read off what 0.1.0 recorded
      (conquests, year starts): bookkeeping of this release, not 0.1.0 figures.
    - 0.5: the table keeps the game turn each zone's weather was last set in (``weather_turns``,
      one weather per zone and game turn): bookkeeping read off the recorded weather, not a
      0.1.0 figure.
    - issue 27: a Third Reich table keeps what U-boat rounds stated held (``sw_held``) and what sealed
      Murmansk fights keep from a later round (``murmansk_sit_out``): neither existed before, so
      an empty one is not a 0.1.0 figure.
    - issue 29: a BRP account keeps its strategic-warfare forces (``sw_forces``): a campaign recorded
      before holds none (an empty one is not a 0.1.0 figure); whether its first year start since
      entering play is due (``first_year_start_due``) is bookkeeping read off the recorded activation.
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

    table_0_1_0 = {"cities": {}, "cities_reached": [], "losses_due": [], **state["table"]}
    table_0_1_0.pop("facts", None)
    table_0_1_0.pop("weather_turns", None)
    for added in ("lost_units", "attrition_hexes", "sw_held", "murmansk_sit_out"):
        if table_0_1_0.get(added) == {}:
            del table_0_1_0[added]
    table_0_1_0["losses_due"] = [
        {key: value for key, value in loss.items() if not (key == "units" and value == [])}
        for loss in table_0_1_0["losses_due"]
    ]
    if table_0_1_0.get("dice") and table_0_1_0["dice"].get("scheme") == 1:
        table_0_1_0["dice"] = {key: value for key, value in table_0_1_0["dice"].items() if key != "scheme"}
    walk("table", table_0_1_0)
    new_defaults = {"at_war": {}, "left_play": None, "lend_lease_by_route": {}, "sw_forces": {}}
    for economy in state.get("brp_economies", {}).values():
        for name in ("conquests_held", "sw_hits_deducted", "first_year_start_due"):
            economy.pop(name, None)
        for name, empty in new_defaults.items():
            if name in economy and economy[name] == empty:
                del economy[name]
    for key in ("supply_pools", "replacement_tracks", "brp_economies", "rosters", "resource_points"):
        walk(key, state.get(key, {}))
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


def dice_roll(purpose: str, faces: list[int], rolled_by: str, **more: Any) -> dict[str, Any]:
    """RecordRoll of physical 2D6 showing ``faces``, thrown by ``rolled_by``."""
    return {"kind": "RecordRoll", "purpose": purpose, "dice": "2D6", "faces": faces, "rolled_by": rolled_by, **more}


def refused(service: Any, command: dict[str, Any], message: str) -> None:
    """``command`` is refused with ``message`` (a regular expression), and nothing is written:
    the state and the chain head are as they were."""
    import pytest

    from referee.common.errors import RulesError

    before, head = service.state().to_json(), service.head()
    with pytest.raises(RulesError, match=message):
        service.execute_json(command)
    assert (service.state().to_json(), service.head()) == (before, head)
