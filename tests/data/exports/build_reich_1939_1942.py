"""How the golden Third Reich campaign of 1939-1942 was made, with release 0.7.0: kept as it ran.

Run against release 0.7.0, from the project root:
``.venv/bin/python tests/data/exports/build_reich_1939_1942.py`` (issue 29). It drives the
referee service from Fall 1939 to the Summer I 1942 Murmansk fight in a campaign whose book keeps
each power's strategic-warfare forces from the start (G-62..G-67): Germany's U-boats, the UK's
and then the USA's ASW. It exports the campaign as ``reich-1939-1942-0.7.0.jsonl`` and writes its
figures at the head and at checkpoints as ``reich-1939-1942-0.7.0.figures.json``
(tests/support.py ``golden_figures``), the U-boats and ASW of each power and every BRP account
among them. Like the other build scripts it is kept as it ran and is not expected to run against
later releases: the export it wrote is the promise.

The export is the same bytes on every run: a fixed campaign id, a fixed ticking clock, every die
a stated table die, and both Murmansk orders sealed with commitments this script computes from
fixed salts (docs/sealed-orders.md: a side may compute its own commitment and reveal by typing
its order and salt), so the service never draws a salt or a seed. Trust files and secrets go to
a temporary folder, never to the user's home. ``--out DIR`` writes the two files elsewhere (to
check that two runs give the same bytes).

The campaign (Hans plays the Axis, Olga the USSR, Alan the Western Allies, all seated). The
strategic-warfare boxes, as the book keeps them (G-67: Germany 3 U-boats, the UK no ASW):

- Fall 1939: Germany on Poland, conquered; the UK and France declare war on Germany.
- Spring 1940: the special year start of the five powers; Germany declares war on the Low
  Countries (one minor-country declaration for Belgium and the Netherlands, G-34), fights at
  Eben-Emael and records each conquest (the Netherlands typed as "Holland"); Germany builds 5
  U-boat factors, 15 of its 17 BRPs for 1940 (U-boats 8); the first round meets no ASW (UK -6);
  the UK builds 4 ASW, 12 of its 12 (ASW 4).
- Summer I 1940: Sedan; France (German portion) conquered: France leaves play. The U-boats meet
  the ASW: each side loses 2 (U-boats 6, ASW 2). Summer II, Fall, Winter 1940: the ASW worn down
  to none; 26 BRPs lost to U-boats in 1940.
- Spring 1941: the full year start: the 26 hits come off the UK's base and a UK fleet becomes 9
  ASW (G-64; the UK's ASW limit used up); Germany builds 7 U-boats (U-boats 13); the round costs
  5 U-boats and 3 ASW (U-boats 8, ASW 6).
- Summer I 1941: Germany declares war on the USSR; U-boats lose 2, ASW 1 (U-boats 6, ASW 5).
  Winter 1941: the USA enters play and Germany declares war on it.
- Spring 1942: the year start, the USA's first (it entered with its base, option us_entry), the
  UK's and the USA's lend lease north to the USSR (20 each); Germany builds 7 U-boats (13); the
  second happy time, the U-boats on the US economy with no ASW (G-68); the UK and the USA each
  build 4 ASW within their limits (UK 9, USA 4; the USA's is 5% of its base in 1942).
- Summer I 1942: Germany seals its Murmansk order (5 air, 9 fleet factors, 5 U-boats); its Axis
  round fights with 8 of its 13 U-boats against 6 of the Allies' 13 ASW (U-boats 12; UK 7, USA
  4); the Western Allies seal their escorts (9 fleet factors, 6 ASW: no more than the 7 that did
  not fight); both orders are revealed and the box is fought from them (nine 1D10 rolls), the
  U-boat it sinks coming off Germany's count (11); what is left of the lend lease arrives at the
  end of the Combat phase.
"""

from __future__ import annotations

import argparse
import hashlib
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

NAME = "reich-1939-1942-0.7.0"
CAMPAIGN_ID = str(uuid.UUID("00000000-0000-4000-8000-000000000342"))
CHECKPOINT_KINDS = (
    "BuildUnits",
    "ResolveLandCombat",
    "ResolveStrategicWarfare",
    "RecordConquest",
    "PerformYearStart",
    "ActivatePower",
    "SealOrder",
    "RevealOrder",
    "ResolveMurmanskFight",
)
"""Entries whose figures are kept, with the entry before each (besides #1, every 25th and the head)."""


class Clock:
    """A fixed, ticking clock so the export is reproducible."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 18, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=7)
        return self.now


def sealed(order: dict[str, int], word: str) -> tuple[dict[str, int], str, str]:
    """The order, a fixed salt and their commitment (docs/sealed-orders.md, byte for byte)."""
    salt = hashlib.sha256(f"golden reich 1939-1942, {word}".encode()).hexdigest()
    text = json.dumps({"order": order, "salt": salt}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return order, salt, hashlib.sha256(text.encode("utf-8")).hexdigest()


class Table:
    """The referee at the table: every command goes through the service; a refusal stops the run."""

    def __init__(self, service: Any) -> None:
        self.service = service

    def __call__(self, kind: str, **fields: Any) -> dict[str, Any]:
        entry: dict[str, Any] = self.service.execute_json({"kind": kind, **fields})
        print(f"#{entry['number']} {entry['at']}: {entry['ruling']['summary']}")
        return entry

    def to(self, label: str, player: str | None, phase: str) -> None:
        """Advance to the calendar position: AdvancePlayerTurn while it is in a later player turn,
        then AdvancePhase. Year starts are recorded by the caller, never here."""
        for _ in range(500):
            calendar = self.service.state().table.calendar
            if (calendar.label, calendar.player, calendar.phase) == (label, player, phase):
                return
            self("AdvancePlayerTurn" if (calendar.label, calendar.player) != (label, player) else "AdvancePhase")
        raise AssertionError(f"never reached {label} {player} {phase}")

    def year_start(self, power: str, *grants: tuple[str, int], **more: Any) -> dict[str, Any]:
        lend_lease = [{"route": route, "amount": amount} for route, amount in grants]
        return self("PerformYearStart", power=power, lend_lease=lend_lease, **more)

    def uboats(self, target: str, uboats: int, asw: int, rolls: list[int], **more: Any) -> dict[str, Any]:
        """A U-boat round, Hans rolling and Alan watching."""
        return self(
            "ResolveStrategicWarfare",
            attacker="submarines",
            target=target,
            offensive_factors=uboats,
            defensive_factors=asw,
            rolls=rolls,
            rolled_by="Hans",
            witnesses=["Alan"],
            **more,
        )

    def land(self, front: str, defender: str, hex: str, region: str, **fields: Any) -> dict[str, Any]:
        return self(
            "ResolveLandCombat",
            power="Germany",
            front=front,
            defender=defender,
            hex=hex,
            region=region,
            rolled_by="Hans",
            witnesses=["Alan"],
            **fields,
        )


def units(*listed: tuple[str, int, str], **flags: Any) -> list[dict[str, Any]]:
    """Units as (name, strength, type), each with the same flags (e.g. across_river)."""
    return [{"unit": name, "strength": strength, "type": kind, **flags} for name, strength, kind in listed]


def play(table: Table) -> None:
    """The campaign, command by command."""
    table("SeatPlayer", name="Hans", side="Axis")
    table("SeatPlayer", name="Olga", side="USSR")
    table("SeatPlayer", name="Alan", side="Western Allies")

    # --- Fall 1939: Poland; the Western Allies at war ------------------------------------------------
    table("DeclareOption", power="Germany", front="eastern", option="offensive")
    table("DeclareWar", power="Germany", target="Poland", target_kind="minor")
    table.to("Fall 1939", "Axis", "Build")
    table("RecordConquest", power="Germany", territory="Poland")
    table.to("Fall 1939", "Western Allies", "Options")
    table("DeclareWar", power="UK", target="Germany", target_kind="major")
    table("DeclareWar", power="France", target="Germany", target_kind="major")
    table("DeclareOption", power="UK", front="western", option="pass")
    table("DeclareOption", power="France", front="western", option="pass")

    # --- Spring 1940: the special year start; the Low Countries; the first U-boats and ASW -----------
    table.to("Spring 1940", None, "Year Start")
    for power in ("Italy", "Germany", "USSR", "UK", "France"):
        table.year_start(power)
    table.to("Spring 1940", "Axis", "Options")
    table("DeclareOption", power="Germany", front="western", option="offensive")
    table("DeclareWar", power="Germany", target="Low Countries", target_kind="minor")
    table.to("Spring 1940", "Axis", "Combat")
    eben = table.land(
        "western",
        "Western Allies",
        "Eben-Emael",
        "Rest of Europe",
        what="Eben-Emael and the Albert Canal",
        attackers=units(("XVI pz", 4, "armor"), ("IV inf", 3, "infantry"), ("XI inf", 3, "infantry")),
        defenders=units(("Bel I", 1, "infantry"), ("Bel VII", 1, "infantry")),
        faces=[5, 3],
    )
    table("RemoveLandLosses", combat=eben["number"], side="Western Allies", units=["Bel VII"])
    table.to("Spring 1940", "Axis", "Build")
    table("BuildUnits", power="Germany", category="submarines", factors=5)
    table("RecordConquest", power="Germany", territory="Belgium")
    table("RecordConquest", power="Germany", territory="Holland")
    table.to("Spring 1940", "Axis", "Strategic Warfare")
    table.uboats("UK", 8, 0, [7])
    table.to("Spring 1940", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="asw", factors=4)

    # --- Summer I 1940: the U-boats meet the ASW; the fall of France ---------------------------------
    table.to("Summer I 1940", "Axis", "Options")
    table("DeclareOption", power="Germany", front="western", option="offensive")
    table.to("Summer I 1940", "Axis", "Combat")
    sedan = table.land(
        "western",
        "Western Allies",
        "Sedan",
        "Rest of Europe",
        what="Sedan, across the Meuse",
        attackers=units(("XIX pz", 6, "armor"), ("XLI pz", 5, "armor"), ("III inf", 3, "infantry"), across_river=True),
        defenders=units(("Fr 55 inf", 2, "infantry"), ("Fr 71 inf", 2, "infantry")),
        faces=[6, 4],
    )
    table("RemoveLandLosses", combat=sedan["number"], side="Western Allies", units=["Fr 55 inf"])
    table.to("Summer I 1940", "Axis", "Build")
    table("RecordConquest", power="Germany", territory="France (German portion)")
    table.to("Summer I 1940", "Axis", "Strategic Warfare")
    table.uboats("UK", 8, 4, [9, 7, 8])

    # --- Summer II 1940 to Winter 1940: the U-boats wear the ASW down ---------------------------------
    table.to("Summer II 1940", "Axis", "Strategic Warfare")
    table.uboats("UK", 6, 2, [3, 6, 10])
    table.to("Fall 1940", "Axis", "Strategic Warfare")
    table.uboats("UK", 6, 1, [2, 9, 9])
    table.to("Winter 1940", "Axis", "Strategic Warfare")
    table.uboats("UK", 6, 0, [4])

    # --- Spring 1941: the full year start; a fleet becomes ASW; more U-boats; a costly round ----------
    table.to("Spring 1941", None, "Year Start")
    for power in ("Italy", "Germany", "USSR", "UK"):
        table.year_start(power)
    table.to("Spring 1941", "Axis", "Build")
    table("BuildUnits", power="Germany", category="submarines", factors=7)
    table.to("Spring 1941", "Axis", "Strategic Warfare")
    table.uboats("UK", 13, 9, [9, 6, 7])

    # --- Summer I 1941: war on the USSR; the U-boats again ---------------------------------------------
    table.to("Summer I 1941", "Axis", "Options")
    table("DeclareOption", power="Germany", front="eastern", option="offensive")
    table("DeclareWar", power="Germany", target="USSR", target_kind="major")
    table.to("Summer I 1941", "Axis", "Strategic Warfare")
    table.uboats("UK", 8, 6, [6, 3, 5])

    # --- Winter 1941: the USA enters play; Germany declares war on it ---------------------------------
    table.to("Winter 1941", "Axis", "Options")
    table("ActivatePower", power="USA")
    table("DeclareWar", power="Germany", target="USA", target_kind="major")

    # --- Spring 1942: the year start, lend lease north; U-boats, ASW; the second happy time -----------
    table.to("Spring 1942", None, "Year Start")
    table.year_start("Italy")
    table.year_start("Germany")
    table.year_start("USSR")
    table.year_start("UK", ("UK to USSR", 20))
    table.year_start("USA", ("USA to USSR north", 20))
    table.to("Spring 1942", "Axis", "Build")
    table("BuildUnits", power="Germany", category="submarines", factors=7)
    table.to("Spring 1942", "Axis", "Strategic Warfare")
    table.uboats("USA", 13, 0, [7])
    table.to("Spring 1942", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="asw", factors=4)
    table("BuildUnits", power="USA", category="asw", factors=4)

    # --- Summer I 1942: the Murmansk box, sealed, fought with the forces the book keeps ---------------
    table.to("Summer I 1942", "Axis", "Movement")
    german = sealed({"german_air": 5, "german_fleets": 9, "uboats": 5}, "Germany, Summer I 1942")
    german_seal = table("SealOrder", side="Germany", slot="murmansk", commitment=german[2])
    table.to("Summer I 1942", "Axis", "Strategic Warfare")
    table.uboats("UK", 8, 6, [5, 6, 6])
    table.to("Summer I 1942", "Western Allies", "Movement")
    allied = sealed({"allied_fleets": 9, "asw": 6}, "Western Allies, Summer I 1942")
    allied_seal = table("SealOrder", side="Western Allies", slot="murmansk", commitment=allied[2])
    table.to("Summer I 1942", "Western Allies", "Combat")
    table("RevealOrder", seal=german_seal["number"], order=german[0], salt=german[1])
    table("RevealOrder", seal=allied_seal["number"], order=allied[0], salt=allied[1])
    table(
        "ResolveMurmanskFight",
        receiver="USSR",
        german_seal=german_seal["number"],
        allied_seal=allied_seal["number"],
        rolls=[7, 4, 8, 3, 6, 9, 5, 2, 6],
        rolled_by="Alan",
        witnesses=["Hans"],
    )
    table("AdvancePhase")


def save(service: Any, out: Path) -> None:
    """Export ``service`` as <out>/NAME.jsonl and write its figures at the head and at the
    checkpoints, read back from the store by tests/support.py's ``golden_figures``."""
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
    with tempfile.TemporaryDirectory(prefix="golden-reich-1939-1942-") as folder:
        tmp = Path(folder)
        os.environ["TURNLEDGER_TRUST_DIR"] = str(tmp / "trust")
        from referee.commands import CreateCampaign
        from referee.service import RefereeService

        service = RefereeService.create(
            str(tmp / "reich.db"),
            CreateCampaign(
                scenario="revised-third-reich/campaign-1939", name="Golden Reich 1939-1942", campaign_id=CAMPAIGN_ID
            ),
            clock=Clock(),
        )
        try:
            play(Table(service))
            save(service, out)
        finally:
            service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the golden Third Reich 1939-1942 campaign (release 0.7.0).")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent), help="folder for the two files")
    build(Path(parser.parse_args().out))


if __name__ == "__main__":
    main()
