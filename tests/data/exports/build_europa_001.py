"""How the golden Europa 001 campaign was made, with release 0.5.0 (issue 15): kept as it ran.

Run from the project root: ``.venv/bin/python tests/data/exports/build_europa_001.py``. It drives
the referee service through Barbarossa under the earlier Revised Europa rules (ruleset
europa-001, whose options pin every 001 reading): the surprise turn and the game turns of Jun II
and Jul I 1941, with combat, air and artillery bombardment, the 001 SP model (zone rates, the
German stockpile cut on reaching zone 2, 001 costs) and 001 replacements (excess-loss RPs counted
on the full division, a cadre rebuilt in the Replacement phase). It exports the campaign as
``europa-001-0.5.0.jsonl`` and writes its figures at the head and at checkpoints as
``europa-001-0.5.0.figures.json`` (tests/support.py ``golden_figures``). Like the other build
scripts it is kept as it ran and is not expected to run against later releases: the export is
the promise. The bytes are the same on every run (fixed campaign id, ticking clock, table dice).

The campaign (Anna plays the Axis, Boris the Soviets):

- Surprise turn: the Luftwaffe bombards Brest (hex 2715) in the Air phase; the attack on it uses
  the hit (001: a +1 DRM, not a shift); the Soviets give up a division.
- Jun II 1941: the German income at zone 1 (200), the mechanized paying once for both movement
  phases, artillery bombardment before the attack on Kobrin, a unit stated out of supply; the
  Soviet counter-attack at Pinsk; the German excess loss credited as 001 RPs (full division).
- Jul I 1941: the Germans reach zone 2 (stockpile cut 20%), income at the zone 2 rate, the
  panzer cadre rebuilt in the Replacement phase, and the weather turns to Mud in zone B.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

NAME = "europa-001-0.5.0"
CAMPAIGN_ID = str(uuid.UUID("00000000-0000-4000-8000-000000000501"))
CHECKPOINT_KINDS = (
    "ResolveCombat",
    "ResolveBombardment",
    "AllocateLosses",
    "EnterSupplyZone",
    "ReceiveSupplyIncome",
    "RebuildUnit",
    "Rollback",
)


class Clock:
    """A fixed, ticking clock so the export is reproducible."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=7)
        return self.now


class Table:
    """The referee at the table: every command goes through the service; a refusal stops the run."""

    def __init__(self, service: Any) -> None:
        self.service = service

    def __call__(self, kind: str, **fields: Any) -> dict[str, Any]:
        entry: dict[str, Any] = self.service.execute_json({"kind": kind, **fields})
        print(f"#{entry['number']} {entry['at']}: {entry['ruling']['summary']}")
        return entry

    def settle(self, entry: dict[str, Any], units: dict[str, list[dict[str, Any]]]) -> None:
        """Allocate every loss the entry left owing, side by side, with the units named for it."""
        for loss in list(self.service.state().table.losses_due):
            if loss.combat == entry["number"]:
                nation = "Germany" if loss.side == "Axis" else "USSR"
                self("AllocateLosses", combat=loss.combat, side=loss.side, nation=nation, units=units[loss.side])

    def to(self, label: str, player: str, phase: str) -> None:
        for _ in range(200):
            calendar = self.service.state().table.calendar
            if (calendar.label, calendar.player, calendar.phase) == (label, player, phase):
                return
            self("AdvancePhase")
        raise AssertionError(f"never reached {label} {player} {phase}")


def play(table: Table) -> None:
    """The campaign, command by command."""
    table("SeatPlayer", name="Anna", side="Axis")
    table("SeatPlayer", name="Boris", side="Soviet")
    table(
        "RegisterUnit",
        side="Axis",
        unit_id="3pz",
        name="3rd Panzer",
        nation="Germany",
        type="armor",
        size="division",
        attack=10,
        defense=10,
        movement=10,
        cadre_attack=4,
        cadre_defense=4,
    )

    # --- Surprise turn: the Luftwaffe over Brest, then the attack ---------------------------------
    table.to("Surprise turn 1941", "Axis", "Air")
    air = table(
        "ResolveBombardment",
        side="Axis",
        hex="2715",
        what="Brest",
        air=[{"label": "Ju87B", "aircraft": "Ju-87B"}, {"label": "He111", "aircraft": "He-111"}],
        target_res=6,
        followed_by_attack=True,
        defenders=["6-8 rifle", "5-8 rifle"],
        faces=[5, 4],
        rolled_by="Anna",
        witnesses=["Boris"],
    )
    table.settle(air, {"Soviet": [{"label": "5-8 rifle to cadre", "counted": 3}]})
    table.to("Surprise turn 1941", "Axis", "Combat")
    brest = table(
        "ResolveCombat",
        side="Axis",
        what="Brest",
        hex="2715",
        zone="B",
        attackers=[
            {"label": "3pz", "attack": 10, "aeca": "full"},
            {"label": "31 inf", "attack": 7},
            {"label": "45 inf", "attack": 7},
        ],
        defenders=[{"label": "6-8 rifle", "defense": 6}, {"label": "5-8 rifle", "defense": 5}],
        paying_stacks=[3],
        faces=[4, 3],
        rolled_by="Anna",
        witnesses=["Boris"],
    )
    table.settle(
        brest,
        {
            "Soviet": [{"label": "6-8 rifle", "counted": 6}, {"label": "5-8 rifle", "counted": 5}],
            "Axis": [{"label": "3pz to cadre", "counted": 10, "armor": True}],
        },
    )
    table("SetUnitStatus", side="Axis", unit_id="3pz", status="cadre")

    # --- Jun II 1941 ------------------------------------------------------------------------------
    table.to("Jun II 1941", "Axis", "Initial")
    table("SetWeather", zone="B", condition="Clear")
    table("ReceiveSupplyIncome", side="Axis")
    table.to("Jun II 1941", "Axis", "Movement")
    table("ActivateMechanized", side="Axis", cm_divisions=1, units=["3pz"])
    table.to("Jun II 1941", "Axis", "Combat")
    guns = table(
        "ResolveBombardment",
        side="Axis",
        hex="2816",
        what="Kobrin",
        artillery=[{"label": "10-8 art", "attack": 10}, {"label": "8-6 art", "attack": 8}],
        target_res=4,
        followed_by_attack=True,
        defenders=["4-6 rifle", "5-6 rifle"],
        faces=[6, 3],
        rolled_by="Anna",
        witnesses=["Boris"],
    )
    table.settle(guns, {"Soviet": [{"label": "4-6 rifle to cadre", "counted": 2}]})
    kobrin = table(
        "ResolveCombat",
        side="Axis",
        what="Kobrin",
        hex="2816",
        zone="B",
        attackers=[
            {"label": "12 inf", "attack": 7},
            {"label": "34 inf", "attack": 7},
            {"label": "10-8 art", "attack": 10, "artillery": True},
        ],
        defenders=[{"label": "4-6 rifle", "defense": 4}, {"label": "5-6 rifle", "defense": 5}],
        paying_stacks=[2],
        faces=[2, 3],
        rolled_by="Anna",
        witnesses=["Boris"],
    )
    table.settle(
        kobrin, {"Axis": [{"label": "12 inf", "counted": 7}], "Soviet": [{"label": "5-6 rifle", "counted": 5}]}
    )
    table.to("Jun II 1941", "Soviet", "Initial")
    table("ReceiveSupplyIncome", side="Soviet")
    table.to("Jun II 1941", "Soviet", "Combat")
    table("StateFact", fact="out_of_supply", subject="Pinsk", value="no")
    pinsk = table(
        "ResolveCombat",
        side="Soviet",
        what="Pinsk",
        zone="B",
        attackers=[{"label": "7-4 rifle", "attack": 7}, {"label": "6-4 rifle", "attack": 6}],
        defenders=[{"label": "7-6 inf", "defense": 6}],
        paying_stacks=[2],
        faces=[5, 6],
        rolled_by="Boris",
        witnesses=["Anna"],
    )
    table.settle(
        pinsk, {"Axis": [{"label": "7-6 inf", "counted": 6}], "Soviet": [{"label": "7-4 rifle", "counted": 7}]}
    )

    # --- Jul I 1941 -------------------------------------------------------------------------------
    table.to("Jul I 1941", "Axis", "Initial")
    table("EnterSupplyZone", side="Axis", zone=2, reason="within 2 hexes of Minsk and Kiev")
    table("SetWeather", zone="B", condition="Mud")
    table("ReceiveSupplyIncome", side="Axis")
    table.to("Jul I 1941", "Axis", "Replacement")
    table("ReceiveSpecialReplacements", nation="Germany")
    table("StateFact", fact="attacked_this_turn", subject="3pz", value="no")
    table("RebuildUnit", side="Axis", unit_id="3pz")
    table.to("Jul I 1941", "Soviet", "Initial")
    table("ReceiveSupplyIncome", side="Soviet")
    table.to("Jul I 1941", "Soviet", "Replacement")


def save(service: Any, out: Path) -> None:
    from support import golden_figures

    with (out / f"{NAME}.jsonl").open("w", encoding="utf-8") as export:
        service.export_jsonl(export)
    head = service.head()
    marked = {entry["number"] for entry in service.entries() if entry["command"]["kind"] in CHECKPOINT_KINDS}
    checkpoints = sorted({1, head, *range(25, head, 25), *marked, *(n - 1 for n in marked)})
    location = service.store.location
    document = {"head": golden_figures(location), "at": {str(n): golden_figures(location, n) for n in checkpoints}}
    text = json.dumps(document, indent=1, sort_keys=True) + "\n"
    (out / f"{NAME}.figures.json").write_text(text, encoding="utf-8")
    print(f"{NAME}: {head} entries; figures at the head and at {checkpoints}")


def build(out: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="golden-europa-001-") as folder:
        tmp = Path(folder)
        os.environ["TURNLEDGER_TRUST_DIR"] = str(tmp / "trust")
        from referee.commands import CreateCampaign
        from referee.service import RefereeService

        service = RefereeService.create(
            str(tmp / "europa.db"),
            CreateCampaign(
                scenario="revised-europa/barbarossa",
                name="Golden Europa 001",
                ruleset="europa-001",
                campaign_id=CAMPAIGN_ID,
            ),
            clock=Clock(),
        )
        try:
            play(Table(service))
            save(service, out)
        finally:
            service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the golden Europa 001 campaign (release 0.5.0).")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent), help="folder for the two files")
    build(Path(parser.parse_args().out))


if __name__ == "__main__":
    main()
