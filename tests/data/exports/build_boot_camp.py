"""How the golden Europa Boot Camp campaign was made, with release 0.5.0 (issue 16): kept as it ran.

Run from the project root: ``.venv/bin/python tests/data/exports/build_boot_camp.py``. It plays
the bundled Boot Camp scenario (europa-boot-camp/first-battle, ruleset europa-002) for two game
turns: replacements in each Initial phase (C-65), stacks stated and corrected (E-28, E-29), Boot
Camp combats on the 1D6 CRT with AEC, a fortified hex, a zero-defence unit eliminated without a
die (E-17), losses on printed strengths with a cadre counting full (E-15, E-16), a retreat and a
supply line ruled from stated facts (E-21, E-26), and a combat undone. It exports the campaign
as ``boot-camp-0.5.0.jsonl`` and writes its figures as ``boot-camp-0.5.0.figures.json``
(tests/support.py ``golden_figures``). Kept as it ran; the export is the promise. The bytes are
the same on every run (fixed campaign id, ticking clock, table dice).

The campaign (Anna plays the Axis, Boris the Soviets):

- Oct I 1941: German replacements; the panzer corps stacks up (one division too many, then
  corrected); the Vyazma attack with AEC +2 in Clear; losses; the NKVD border regiment alone,
  eliminated without a die; Soviet replacements and a counter-attack into a fortified hex.
- Oct II 1941: Mud in zone A (no AEC); a supply line traced through a stated enemy ZOC; a retreat
  ruled from a stated blocked hex; an attack entered at the wrong hex and undone.
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

NAME = "boot-camp-0.5.0"
CAMPAIGN_ID = str(uuid.UUID("00000000-0000-4000-8000-000000000502"))
CHECKPOINT_KINDS = ("ResolveBootCampCombat", "AllocateLosses", "ReceiveBootCampReplacements", "RecordStack", "Rollback")


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
        """Allocate every loss the entry left owing, side by side, with the units named for it (no
        nation named: Boot Camp has no excess-loss recovery, its replacements are the scenario's)."""
        for loss in list(self.service.state().table.losses_due):
            if loss.combat == entry["number"]:
                self("AllocateLosses", combat=loss.combat, side=loss.side, units=units[loss.side])

    def to(self, label: str, player: str, phase: str) -> None:
        for _ in range(200):
            calendar = self.service.state().table.calendar
            if (calendar.label, calendar.player, calendar.phase) == (label, player, phase):
                return
            self("AdvancePhase")
        raise AssertionError(f"never reached {label} {player} {phase}")


def unit(label: str, strength: int, **flags: Any) -> dict[str, Any]:
    return {"label": label, "strength": strength, **flags}


def play(table: Table) -> None:
    """The campaign, command by command."""
    table("SeatPlayer", name="Anna", side="Axis")
    table("SeatPlayer", name="Boris", side="Soviet")

    # --- Oct I 1941, Axis ------------------------------------------------------------------------
    table("SetWeather", zone="A", condition="Clear")
    table("ReceiveBootCampReplacements", nation="Germany")
    division = {"divisional": True}
    table.to("Oct I 1941", "Axis", "Movement")
    four = [{"label": name, **division} for name in ("1pz", "10mot", "2inf", "3inf")]
    table("RecordStack", side="Axis", hex="0513", units=four)
    table("RecordStack", side="Axis", hex="0513", units=[*four[:3], {"label": "art1", "artillery": True}])
    table.to("Oct I 1941", "Axis", "Combat")
    vyazma = table(
        "ResolveBootCampCombat",
        side="Axis",
        what="Vyazma",
        hex="0613",
        terrain="clear",
        zone="A",
        attackers=[
            unit("1pz", 8, divisional=True, cm=True, type="armor"),
            unit("10mot", 6, divisional=True, cm=True),
            unit("2inf", 7, divisional=True),
            unit("art1", 4, type="artillery"),
        ],
        defenders=[unit("12tank", 4, divisional=True, cm=True, type="armor"), unit("11rif", 6, divisional=True)],
        offensive_bombers=2,
        faces=[3],
        rolled_by="Anna",
        witnesses=["Boris"],
    )
    table.settle(
        vyazma,
        {
            "Axis": [{"label": "2inf to cadre", "counted": 7}],
            "Soviet": [{"label": "12tank to cadre", "counted": 4}, {"label": "11rif", "counted": 6}],
        },
    )
    table(
        "ResolveBootCampCombat",
        side="Axis",
        what="border post",
        hex="0714",
        terrain="clear",
        zone="A",
        attackers=[unit("3inf", 7, divisional=True)],
        defenders=[unit("nkvd1", 0)],
    )

    # --- Oct I 1941, Soviet ----------------------------------------------------------------------
    table.to("Oct I 1941", "Soviet", "Initial")
    table("ReceiveBootCampReplacements", nation="USSR")
    table.to("Oct I 1941", "Soviet", "Combat")
    fort = table(
        "ResolveBootCampCombat",
        side="Soviet",
        what="Gzhatsk fort",
        hex="0612",
        terrain="woods",
        zone="A",
        attackers=[unit("10rif", 4, divisional=True), unit("art5", 3, type="artillery")],
        defenders=[unit("sec1", 1)],
        fort_drm=-1,
        fort_no_aec=True,
        faces=[6],
        rolled_by="Boris",
        witnesses=["Anna"],
    )
    table.settle(
        fort, {"Soviet": [{"label": "10rif to cadre", "counted": 4}], "Axis": [{"label": "sec1", "counted": 1}]}
    )

    # --- Oct II 1941 ------------------------------------------------------------------------------
    table.to("Oct II 1941", "Axis", "Initial")
    table("SetWeather", zone="A", condition="Mud")
    table("ReceiveBootCampReplacements", nation="Germany")
    table("StateFact", fact="in_enemy_zoc", subject="0611", value="yes")
    table(
        "TraceBootCampSupply",
        side="Axis",
        unit="3inf",
        zone="A",
        hexes=[{"hex": "0611"}, {"hex": "0610", "friendly_occupied": True}],
        plain=1,
    )
    table.to("Oct II 1941", "Axis", "Combat")
    wrong = table(
        "ResolveBootCampCombat",
        side="Axis",
        what="Mozhaisk (wrong hex)",
        hex="0812",
        terrain="forest",
        zone="A",
        attackers=[unit("1pz", 8, divisional=True, cm=True, type="armor")],
        defenders=[unit("art5", 2, type="artillery")],
        faces=[2],
        rolled_by="Anna",
        witnesses=["Boris"],
    )
    table.settle(wrong, {"Axis": [{"label": "1pz", "counted": 8}], "Soviet": [{"label": "art5", "counted": 2}]})
    table("Rollback", to=wrong["number"] - 1, reason="Anna meant the hex next to it")
    table("StateFact", fact="retreat_blocked", subject="0711", value="yes")
    table(
        "CheckBootCampRetreat",
        side="Soviet",
        hex="0711",
        units=[{"label": "10rif", "has_cadre": True, "is_cadre": True}],
    )


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
    with tempfile.TemporaryDirectory(prefix="golden-boot-camp-") as folder:
        tmp = Path(folder)
        os.environ["TURNLEDGER_TRUST_DIR"] = str(tmp / "trust")
        from referee.commands import CreateCampaign
        from referee.service import RefereeService

        service = RefereeService.create(
            str(tmp / "europa.db"),
            CreateCampaign(
                scenario="europa-boot-camp/first-battle",
                name="Golden Boot Camp",
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
    parser = argparse.ArgumentParser(description="Build the golden Europa Boot Camp campaign (release 0.5.0).")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent), help="folder for the two files")
    build(Path(parser.parse_args().out))


if __name__ == "__main__":
    main()
