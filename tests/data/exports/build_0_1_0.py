"""How the golden exports were made, with release 0.1.0 (commit 4ae59b2): kept for the record.

Run once, before the redesign of the foundation issue, from the project root:
``python tests/data/exports/build_0_1_0.py``. It drives the referee service of that release,
exports each campaign as JSONL and writes its figures (every account, the calendar, the chain
head) as a flat ``<name>.figures.json`` whose keys do not depend on any release's state model.
It is not expected to run against later releases: the exports it wrote are the promise.
"""

from __future__ import annotations

import json
import shutil
import re
import sys
import tempfile
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from ledger.exchange import export_jsonl  # noqa: E402 - after the path set-up above
from referee.commands import CreateCampaign  # noqa: E402
from referee.errors import IllegalOrderError  # noqa: E402
from referee.service import RefereeService  # noqa: E402

OUT = Path(__file__).resolve().parent
DATA = OUT.parent


class Clock:
    """A fixed, ticking clock so the exports are reproducible."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 23, 18, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=7)
        return self.now


def commands(path: Path) -> list[dict[str, Any]]:
    """The command lines of a tests/data JSONL file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("#")]


def at_phase(service: RefereeService, label: str, player: str | None, phase: str) -> None:
    """Advance (taking Europa SP income where required) to the calendar position."""
    for _ in range(2000):
        calendar = service.state().table.calendar
        if (calendar.label, calendar.player, calendar.phase) == (label, player, phase):
            return
        if (service.state().identity.game == "europa" and calendar.phase == "Initial"
                and f"sp_income:{calendar.player}" not in calendar.steps_done):
            service.execute_json({"kind": "ReceiveSupplyIncome", "side": calendar.player})
        advance(service)
    raise AssertionError(f"never reached {label} {player} {phase}")


def advance(service: RefereeService) -> None:
    """AdvancePhase, recording a Third Reich year start the phase still waits for."""
    try:
        service.execute_json({"kind": "AdvancePhase"})
    except IllegalOrderError as error:
        missing = re.search(r"the year start for (\w+) has not been recorded", str(error))
        if missing is None:
            raise
        service.execute_json({"kind": "PerformYearStart", "power": missing.group(1)})


def figures(service: RefereeService, at: int | None = None) -> dict[str, Any]:
    """Every figure of the campaign as of entry ``at``, flat: 'account/field' -> value, plus
    the calendar and the chain head."""
    state = service.state(at).to_json()
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


def save(service: RefereeService, name: str) -> None:
    """Export ``service`` as tests/data/exports/<name>.jsonl with its figures at the head and at
    every 25th entry and every entry that resolved a combat or rolled back (replay checkpoints)."""
    with (OUT / f"{name}.jsonl").open("w", encoding="utf-8") as out:
        export_jsonl(service.store, out)
    head = service.head()
    marked = {entry["number"] for entry in service.entries()
              if entry["command"]["kind"] in ("ResolveCombat", "Rollback", "ResolveStrategicWarfare",
                                              "ResolveIsolationAttrition", "CommitDice")}
    checkpoints = sorted({1, head, *range(25, head, 25), *marked, *(n - 1 for n in marked)})
    document = {"head": figures(service), "at": {str(n): figures(service, n) for n in checkpoints}}
    (OUT / f"{name}.figures.json").write_text(json.dumps(document, indent=1, sort_keys=True) + "\n",
                                               encoding="utf-8")


def europa(tmp: Path) -> None:
    """Barbarossa: logistics, units, a combat with losses owed and allocated, isolation
    attrition, digital dice committed, rolled and revealed, disputes, a rollback and a branch."""
    service = RefereeService.create(
        str(tmp / "europa.db"),
        CreateCampaign(scenario="revised-europa/barbarossa", name="Golden Barbarossa",
                       campaign_id=str(uuid.UUID("00000000-0000-4000-8000-000000000e01"))),
        clock=Clock(),
    )
    for command in commands(DATA / "barbarossa-6-turns.jsonl"):
        service.execute_json(command)
    label = service.state().table.calendar.label
    service.execute_json({"kind": "RegisterUnit", "side": "Axis", "unit_id": "de-4pz", "name": "4 Pz", "nation": "Germany",
                          "type": "armor", "size": "division", "attack": 10, "defense": 8, "movement": 10,
                          "cadre_attack": 4, "cadre_defense": 3, "ratings": {"aeca": "full"}, "location": "Gomel"})
    service.execute_json({"kind": "RegisterUnit", "side": "Soviet", "unit_id": "su-21rifle", "name": "21 Rifle",
                          "nation": "USSR", "type": "infantry", "size": "division", "attack": 4, "defense": 6,
                          "movement": 6, "location": "Bryansk"})
    service.execute_json({"kind": "SetUnitStatus", "side": "Soviet", "unit_id": "su-21rifle", "status": "out_of_supply"})
    service.execute_json({"kind": "CommitDice", "player_seeds": {"Anna": "north wind", "Ivan": "samovar"}})
    at_phase(service, label, "Axis", "Combat")
    combat = service.execute_json({
        "kind": "ResolveCombat", "side": "Axis", "what": "Gomel", "zone": "B", "terrain": "woods",
        "attackers": [{"label": "10-8-10 pz", "attack": 10, "aeca": "full"},
                      {"label": "7-6 inf", "attack": 7, "hexside": "minor_river"}],
        "defenders": [{"label": "4-6 rifle", "defense": 6}],
        "paying_stacks": [1], "faces": [2, 3], "rolled_by": "Anna", "witnesses": ["Ivan"]})
    number = combat["number"]
    for loss in service.state().table.losses_due:
        nation = "Germany" if loss.side == "Axis" else "USSR"
        service.execute_json({"kind": "AllocateLosses", "combat": number, "side": loss.side, "nation": nation,
                              "units": [{"label": f"{loss.side} loss", "counted": loss.amount}]})
    service.execute_json({"kind": "RecordRoll", "purpose": "weather check", "dice": "1D6", "faces": "digital",
                          "rolled_by": "Anna"})
    service.execute_json({"kind": "Annotate", "entry": number, "text": "Ivan disputes the river hexside", "disputed": True})
    service.execute_json({"kind": "Annotate", "entry": number, "text": "Ruling: the minor river stands (Anna, Ivan agree)"})
    undo_to = service.head()
    service.execute_json({"kind": "PayArtillerySupply", "side": "Axis", "combats": 2})
    service.execute_json({"kind": "RecordRoll", "purpose": "spotting", "dice": "2D6", "faces": "digital", "rolled_by": "Anna"})
    service.execute_json({"kind": "Rollback", "to": undo_to, "reason": "artillery supply paid twice"})
    at_phase(service, label, "Soviet", "Initial")
    attrition = service.execute_json({
        "kind": "ResolveIsolationAttrition", "side": "Soviet", "hex": "Bryansk pocket", "strength": 6,
        "adjacent_enemy": True, "remote_region": True, "faces": [2, 2], "rolled_by": "Ivan", "witnesses": ["Anna"]})
    service.execute_json({"kind": "ReceiveSupplyIncome", "side": "Soviet"})
    for loss in service.state().table.losses_due:
        service.execute_json({"kind": "AllocateLosses", "combat": attrition["number"], "side": loss.side,
                              "nation": "USSR", "units": [{"label": "21 Rifle", "counted": loss.amount}]})
    while service.state().table.calendar.label == label:  # the game turn ends: the seed is revealed
        calendar = service.state().table.calendar
        if calendar.phase == "Initial" and f"sp_income:{calendar.player}" not in calendar.steps_done:
            service.execute_json({"kind": "ReceiveSupplyIncome", "side": calendar.player})
        service.execute_json({"kind": "AdvancePhase"})
    service.execute_json({"kind": "RecordRoll", "purpose": "next turn's first digital roll", "dice": "1D6",
                          "faces": "digital", "rolled_by": "Ivan"})
    save(service, "europa-barbarossa-0.1.0")
    service.close()
    shutil.copyfile(tmp / "europa.db", OUT / "europa-barbarossa-0.1.0.db")  # a campaign file of this release
    service = RefereeService.open(str(tmp / "europa.db"), clock=Clock())
    branch = service.branch(undo_to, str(tmp / "whatif.db"), name="Golden Barbarossa: what-if", actor="Anna")
    branch.execute_json({"kind": "PayArtillerySupply", "side": "Axis", "combats": 1})
    save(branch, "europa-branch-0.1.0")
    branch.close()
    service.close()


def third_reich(tmp: Path) -> None:
    """1939-1941 economy, year starts, a strategic-warfare round, attrition, dice and a rollback."""
    service = RefereeService.create(
        str(tmp / "reich.db"),
        CreateCampaign(scenario="revised-third-reich/campaign-1939", name="Golden 1939",
                       campaign_id=str(uuid.UUID("00000000-0000-4000-8000-000000000301"))),
        clock=Clock(),
    )
    for command in commands(DATA / "reich-1939-1941.jsonl"):
        service.execute_json(command)
    service.execute_json({"kind": "CommitDice", "player_seeds": {"Hans": "blitz"}})
    at_phase(service, "Spring 1942", "Axis", "Supply and Isolation")
    region = next(iter(service.state().table.weather))
    service.execute_json({"kind": "ResolveIsolationAttrition", "side": "Axis", "hex": "Tobruk", "region": region,
                          "units": ["2-3 inf"], "faces": [5, 4], "rolled_by": "Hans"})
    at_phase(service, "Spring 1942", "Axis", "Strategic Warfare")
    service.execute_json({"kind": "ResolveStrategicWarfare", "attacker": "submarines", "target": "UK",
                          "offensive_factors": 5, "defensive_factors": 4, "rolls": [6, 9, 6]})
    service.execute_json({"kind": "RecordRoll", "purpose": "convoy check", "dice": "1D10", "faces": "digital",
                          "rolled_by": "Hans"})
    undo_to = service.head()
    service.execute_json({"kind": "SpendBrp", "power": "Germany", "amount": 15, "category": "build",
                          "reason": "two armor units"})
    service.execute_json({"kind": "Rollback", "to": undo_to, "reason": "builds belong to the unit construction phase"})
    service.execute_json({"kind": "Annotate", "entry": undo_to - 1, "text": "UK disputes the ASW factors", "disputed": True})
    label = service.state().table.calendar.label
    while service.state().table.calendar.label == label:
        advance(service)
    save(service, "reich-1939-0.1.0")
    service.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        europa(Path(tmp))
        third_reich(Path(tmp))


if __name__ == "__main__":
    main()
