"""How the golden Third Reich campaign of 1941 was made, with release 0.3.0: kept as it ran.

Run against release 0.3.0 (unreleased; commit 5fd7639), from the project root:
``.venv/bin/python tests/data/exports/build_reich_1941.py``. It drives that release's referee
service from Fall 1939 through the whole of 1941 to the Spring 1942 year start, and on to the
Western Allies' Summer I 1942 Combat phase for the Murmansk fight (the first year lend lease can
go north: the UK decides its grant at the year start, G-56, G-60, and the USSR is at war only
from Summer I 1941; in Summer I 1941 the box is empty and both ResolveMurmanskFight and
RecordMurmanskHits are refused). It exports the campaign as ``reich-1941-0.3.0.jsonl`` and
writes its figures, at the head and at checkpoints, as ``reich-1941-0.3.0.figures.json`` with
tests/support.py's ``golden_figures`` (the release-independent flat form of build_0_1_0.py).
Like build_0_1_0.py it is kept as it ran and is not expected to run against later releases: the
export it wrote is the promise.

The export is the same bytes on every run: a fixed campaign id, a fixed ticking clock, and the
digital dice seeds drawn from a fixed sequence instead of the system's random source (the
service draws them with ``secrets.token_hex`` in ``referee.dice.periods``; this script replaces
that module reference for its own process only). A golden's seeds are public anyway: each is
revealed in the record when its game turn ends (the last period, committed at the end of Spring
1942, is never rolled in). Trust files and dice secrets go to a temporary folder, never to the
user's home. ``--out DIR`` writes the two files elsewhere (to check that two runs give the same
bytes).

The campaign (Hans plays the Axis, Olga the USSR, Alan the Western Allies, all seated):

- Fall 1939: Germany's eastern offensive and war on Poland; Warsaw, stated as a hex its
  defenders cannot retreat from (D1R: one more unit lost); Poland and Eastern Poland conquered;
  the UK and France declare war on Germany and pass; builds. Winter 1939: builds.
- Spring 1940: the special year start of the five powers; Denmark and Norway; the first U-boat
  round against the UK.
- Summer I 1940: digital dice committed (with the players' seeds); Italy declares war on France
  (and so on the UK); Sedan across the Meuse rolled digitally with Alan's witness word; the
  Maginot Line at Metz, a stated fortified hex (an attacker loss, recovered by a replacement in
  the Build phase); Amiens in the Mechanized Combat phase; France (German portion) conquered:
  France leaves play. The seed is revealed when the game turn ends.
- Summer II 1940: a German build and two advances rolled back (the build was meant for Italy);
  the bombers' first round against Germany.
- Fall 1940: Italy on Greece; Operation Compass with naval support, disputed by Hans and ruled
  on (SettleDispute).
- Spring 1941: the full year start, Germany lends Italy 10; Belgrade; Yugoslavia and Greece
  conquered; U-boats and bombers again.
- Summer I 1941: Germany declares war on the USSR; Brest-Litovsk across the Bug, rolled
  digitally with Olga's witness word; Minsk in the Mechanized Combat phase; the Bialystok pocket
  eliminated by isolation attrition. Summer II 1941: Smolensk (an attacker loss).
- Fall 1941: Crusader as a British attrition step: both sides remove units, an Italian armor
  unit saved by a replacement swap (paying 2 BRPs), three hexes claimed.
- Winter 1941: the Soviet counter-offensive at Klin in the Russian winter.
- Spring 1942: the USA enters play; the year start with Germany's lend lease to Italy and the
  UK's to the USSR (north, into the Murmansk box), Axis-held Soviet cities counted; the USA, in
  play but not yet at war with Germany, sends none (G-57, G-58).
- Summer I 1942: the Murmansk box fought (nine 1D10 rolls), what is left arriving at the end of
  the Western Allies' Combat phase.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
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

NAME = "reich-1941-0.3.0"
CAMPAIGN_ID = str(uuid.UUID("00000000-0000-4000-8000-000000000341"))
CHECKPOINT_KINDS = (
    "CommitDice",
    "ResolveLandCombat",
    "ResolveAttrition",
    "ResolveIsolationAttrition",
    "ResolveStrategicWarfare",
    "ResolveMurmanskFight",
    "PerformYearStart",
    "Rollback",
)
"""Entries whose figures are kept, with the entry before each (besides #1, every 25th and the head)."""


class Clock:
    """A fixed, ticking clock so the export is reproducible."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=7)
        return self.now


class FixedSeeds:
    """Stands in for the ``secrets`` module in ``referee.dice.periods``: seed n is the sha256 of a
    fixed text and n."""

    def __init__(self) -> None:
        self.count = itertools.count(1)

    def token_hex(self, nbytes: int = 32) -> str:
        return hashlib.sha256(f"golden reich 1941, seed {next(self.count)}".encode()).hexdigest()[: 2 * nbytes]


class Table:
    """The referee at the table: every command goes through the service; a refusal stops the run."""

    def __init__(self, service: Any) -> None:
        self.service = service

    def __call__(self, kind: str, **fields: Any) -> dict[str, Any]:
        return self.service.execute_json({"kind": kind, **fields})

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
        return self.said(self("PerformYearStart", power=power, lend_lease=lend_lease, **more))

    def land(self, power: str, front: str, defender: str, hex: str, region: str, **fields: Any) -> dict[str, Any]:
        return self.said(
            self("ResolveLandCombat", power=power, front=front, defender=defender, hex=hex, region=region, **fields)
        )

    @staticmethod
    def said(entry: dict[str, Any]) -> dict[str, Any]:
        print(f"#{entry['number']} {entry['at']}: {entry['ruling']['summary']}")
        return entry


def units(*listed: tuple[str, int, str], **flags: Any) -> list[dict[str, Any]]:
    """Units as (name, strength, type), each with the same flags (e.g. across_river)."""
    return [{"unit": name, "strength": strength, "type": kind, **flags} for name, strength, kind in listed]


def play(table: Table) -> None:
    """The campaign, command by command."""
    table("SeatPlayer", name="Hans", side="Axis")
    table("SeatPlayer", name="Olga", side="USSR")
    table("SeatPlayer", name="Alan", side="Western Allies")

    # --- Fall 1939: Poland -------------------------------------------------------------------------------
    table("DeclareOption", power="Germany", front="eastern", option="offensive")
    table("DeclareWar", power="Germany", target="Poland", target_kind="minor")
    table.to("Fall 1939", "Axis", "Combat")
    table("StateFact", fact="retreat_possible", subject="Warsaw", value="no")
    warsaw = table.land(
        "Germany",
        "eastern",
        "Western Allies",
        "Warsaw",
        "Eastern Europe",
        what="Warsaw encircled",
        attackers=units(("XVI pz", 4, "armor"), ("VIII inf", 3, "infantry"), ("XIII inf", 3, "infantry")),
        defenders=units(("Pol Modlin", 2, "infantry"), ("Pol Warszawa", 2, "infantry")),
        faces=[5, 4],
        rolled_by="Hans",
        witnesses=["Alan"],
    )
    table("RemoveLandLosses", combat=warsaw["number"], side="Western Allies", units=["Pol Modlin", "Pol Warszawa"])
    table.to("Fall 1939", "Axis", "Build")
    table("BuildUnits", power="Germany", category="infantry", factors=4, units=["XXX inf", "XXXI inf"])
    table("RecordConquest", power="Germany", territory="Poland")
    table.to("Fall 1939", "USSR", "Options")
    table("RecordConquest", power="USSR", territory="Eastern Poland")
    table.to("Fall 1939", "Western Allies", "Options")
    table("DeclareWar", power="UK", target="Germany", target_kind="major")
    table("DeclareWar", power="France", target="Germany", target_kind="major")
    table("DeclareOption", power="UK", front="western", option="pass")
    table("DeclareOption", power="France", front="western", option="pass")
    table.to("Fall 1939", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="naval", factors=9, fleets=1, units=["Home Fleet 9"])

    # --- Winter 1939 -------------------------------------------------------------------------------------
    table.to("Winter 1939", "Axis", "Options")
    table("DeclareOption", power="Germany", front="western", option="pass")
    table.to("Winter 1939", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="air", factors=5, units=["RAF 5-4"])

    # --- Spring 1940: the special year start (G-10); Denmark and Norway; the first U-boat round --------
    table.to("Spring 1940", None, "Year Start")
    for power in ("Italy", "Germany", "USSR", "UK", "France"):
        table.year_start(power)
    table.to("Spring 1940", "Axis", "Options")
    table("DeclareOption", power="Germany", front="western", option="offensive")
    table("DeclareWar", power="Germany", target="Denmark", target_kind="minor")
    table("DeclareWar", power="Germany", target="Norway", target_kind="minor")
    table.to("Spring 1940", "Axis", "Build")
    table("BuildUnits", power="Germany", category="armor", factors=5)
    table("BuildUnits", power="Germany", category="submarines", factors=5)
    table("RecordConquest", power="Germany", territory="Denmark")
    table("RecordConquest", power="Germany", territory="Norway")
    table.to("Spring 1940", "Axis", "Strategic Warfare")
    table.said(
        table(
            "ResolveStrategicWarfare",
            attacker="submarines",
            target="UK",
            offensive_factors=5,
            defensive_factors=4,
            rolls=[6, 9, 6],
            rolled_by="Hans",
            witnesses=["Alan"],
        )
    )
    table.to("Spring 1940", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="asw", factors=4)

    # --- Summer I 1940: digital dice; Italy at war; the fall of France ------------------------------------
    table.to("Summer I 1940", "Axis", "Options")
    table("CommitDice", player_seeds={"Hans": "Sichelschnitt", "Alan": "Dynamo"})
    table("DeclareOption", power="Germany", front="western", option="offensive")
    table("DeclareOption", power="Italy", front="southern", option="pass")
    table("DeclareWar", power="Italy", target="France", target_kind="major")
    table.to("Summer I 1940", "Axis", "Combat")
    sedan = table.land(
        "Germany",
        "western",
        "Western Allies",
        "Sedan",
        "Rest of Europe",
        what="Sedan, across the Meuse",
        attackers=units(("XIX pz", 6, "armor"), ("XLI pz", 5, "armor"), ("III inf", 3, "infantry"), across_river=True),
        defenders=units(("Fr 55 inf", 2, "infantry"), ("Fr 71 inf", 2, "infantry")),
        air_support=5,
        faces="digital",
        rolled_by="Hans",
        witness_word={"by": "Alan", "word": "Meuse"},
    )
    table("StateFact", fact="fortified", subject="Metz", value="yes")
    metz = table.land(
        "Germany",
        "western",
        "Western Allies",
        "Metz",
        "Rest of Europe",
        what="the Maginot Line at Metz",
        attackers=units(("XII inf", 3, "infantry"), ("XXIV inf", 3, "infantry"), ("XXX inf", 3, "infantry")),
        defenders=units(("Fr Maginot", 2, "infantry")),
        faces=[3, 2],
        rolled_by="Hans",
        witnesses=["Alan"],
    )
    table("RemoveLandLosses", combat=sedan["number"], side="Western Allies", units=["Fr 55 inf"])
    table("RemoveLandLosses", combat=metz["number"], side="Axis", units=["XII inf"])
    table.to("Summer I 1940", "Axis", "Mechanized Combat")
    amiens = table.land(
        "Germany",
        "western",
        "Western Allies",
        "Amiens",
        "Rest of Europe",
        what="Amiens, the drive to the sea",
        attackers=units(("XIX pz", 6, "armor"), ("XV pz", 5, "armor")),
        defenders=units(("BEF I", 3, "infantry"), ("Fr 1 DLM", 2, "armor")),
        air_support=4,
        faces=[6, 5],
        rolled_by="Hans",
        witnesses=["Alan"],
    )
    table("RemoveLandLosses", combat=amiens["number"], side="Western Allies", units=["BEF I", "Fr 1 DLM"])
    table.to("Summer I 1940", "Axis", "Build")
    table("RecoverUnit", power="Germany", unit="XII inf", unit_type="infantry", strength=3, cause="attacker_crt_loss")
    table("BuildUnits", power="Germany", category="infantry", factors=3)
    table.said(table("RecordConquest", power="Germany", territory="France (German portion)"))
    table.to("Summer I 1940", "Western Allies", "Options")
    table("DeclareOption", power="UK", front="western", option="pass")
    table.to("Summer I 1940", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="bombers", factors=6)

    # --- Summer II 1940: a build rolled back; the bombers' first round ---------------------------------
    table.to("Summer II 1940", "Axis", "Options")
    table("DeclareOption", power="Germany", front="western", option="pass")
    table.to("Summer II 1940", "Axis", "Build")
    undo_to = table.service.head()
    table("BuildUnits", power="Germany", category="armor", factors=5)
    table("AdvancePhase")
    table("AdvancePhase")
    table.said(table("Rollback", to=undo_to, reason="Hans meant Italian infantry, not German armor"))
    table("BuildUnits", power="Italy", category="infantry", factors=3)
    table.to("Summer II 1940", "Western Allies", "Strategic Warfare")
    table.said(
        table(
            "ResolveStrategicWarfare",
            attacker="bombers",
            target="Germany",
            offensive_factors=6,
            defensive_factors=3,
            rolls=[5, 7, 8],
            rolled_by="Alan",
            witnesses=["Hans"],
        )
    )

    # --- Fall 1940: Italy on Greece; Operation Compass, disputed and ruled on ----------------------------
    table.to("Fall 1940", "Axis", "Options")
    table("DeclareOption", power="Italy", front="southern", option="offensive")
    table("DeclareWar", power="Italy", target="Greece", target_kind="minor")
    table.to("Fall 1940", "Western Allies", "Options")
    table("DeclareOption", power="UK", front="southern", option="offensive")
    table.to("Fall 1940", "Western Allies", "Combat")
    compass = table.land(
        "UK",
        "southern",
        "Axis",
        "Sidi Barrani",
        "Mediterranean",
        what="Operation Compass",
        attackers=units(("7 Armd", 4, "armor"), ("4 Ind", 3, "infantry")),
        defenders=units(("It 1 Libyan", 2, "infantry"), ("It Maletti", 1, "armor")),
        coastal=True,
        supporting_fleets=[9],
        faces=[5, 5],
        rolled_by="Alan",
        witnesses=["Hans"],
    )
    dispute = table(
        "Annotate",
        entry=compass["number"],
        disputed=True,
        actor="Hans",
        text="Hans disputes the naval support: the Mediterranean Fleet was at Alexandria",
    )
    table(
        "SettleDispute",
        entry=compass["number"],
        dispute=dispute["number"],
        ruling="The fleet sailed in the Western Allies' movement phase and lay off the coast: the support stands",
    )
    table("RemoveLandLosses", combat=compass["number"], side="Axis", units=["It 1 Libyan"])

    # --- Spring 1941: the full year start, Germany's lend lease to Italy; the Balkans; U-boats, bombers --
    table.to("Spring 1941", None, "Year Start")
    table.year_start("Italy")
    table.year_start("Germany", ("Germany to Italy", 10))
    table.year_start("USSR")
    table.year_start("UK")
    table.to("Spring 1941", "Axis", "Options")
    table("DeclareOption", power="Germany", front="southern", option="offensive")
    table("DeclareWar", power="Germany", target="Yugoslavia", target_kind="minor")
    table("DeclareWar", power="Germany", target="Greece", target_kind="minor")
    table.to("Spring 1941", "Axis", "Combat")
    belgrade = table.land(
        "Germany",
        "southern",
        "Western Allies",
        "Belgrade",
        "Mediterranean",
        what="Belgrade",
        attackers=units(("XLI pz", 5, "armor"), ("XI inf", 3, "infantry")),
        defenders=units(("Yug 1", 1, "infantry"), ("Yug 2", 1, "infantry")),
        faces=[2, 6],
        rolled_by="Hans",
        witnesses=["Alan"],
    )
    table("RemoveLandLosses", combat=belgrade["number"], side="Western Allies", units=["Yug 2"])
    table.to("Spring 1941", "Axis", "Build")
    table("BuildUnits", power="Germany", category="armor", factors=10)
    table("RecordConquest", power="Germany", territory="Yugoslavia")
    table("RecordConquest", power="Germany", territory="Greece")
    table.to("Spring 1941", "Axis", "Strategic Warfare")
    table.said(
        table(
            "ResolveStrategicWarfare",
            attacker="submarines",
            target="UK",
            offensive_factors=9,
            defensive_factors=6,
            rolls=[4, 8, 7],
            rolled_by="Hans",
            witnesses=["Alan"],
        )
    )
    table.to("Spring 1941", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="bombers", factors=5)
    table.to("Spring 1941", "Western Allies", "Strategic Warfare")
    table.said(
        table(
            "ResolveStrategicWarfare",
            attacker="bombers",
            target="Germany",
            offensive_factors=11,
            defensive_factors=4,
            rolls=[3, 6, 9],
            rolled_by="Alan",
            witnesses=["Hans"],
        )
    )

    # --- Summer I 1941: Barbarossa ---------------------------------------------------------------------
    table.to("Summer I 1941", "Axis", "Options")
    table("DeclareOption", power="Germany", front="eastern", option="offensive")
    table("DeclareOption", power="Germany", front="southern", option="pass")
    table("DeclareWar", power="Germany", target="USSR", target_kind="major")
    table.to("Summer I 1941", "Axis", "Combat")
    brest = table.land(
        "Germany",
        "eastern",
        "USSR",
        "Brest-Litovsk",
        "Eastern Europe",
        what="Brest-Litovsk, across the Bug",
        attackers=units(
            ("XXIV pz", 6, "armor"), ("XII inf", 3, "infantry"), ("XLIII inf", 3, "infantry"), across_river=True
        ),
        defenders=units(("Sov 4 Army", 2, "infantry")),
        air_support=5,
        faces="digital",
        rolled_by="Hans",
        witness_word={"by": "Olga", "word": "Bug"},
    )
    table("RemoveLandLosses", combat=brest["number"], side="USSR", units=["Sov 4 Army"])
    table.to("Summer I 1941", "Axis", "Mechanized Combat")
    minsk = table.land(
        "Germany",
        "eastern",
        "USSR",
        "Minsk",
        "Eastern Europe",
        what="Minsk, the pincers close",
        attackers=units(("XLVII pz", 6, "armor"), ("XXXIX pz", 6, "armor")),
        defenders=units(("Sov 13 Army", 2, "infantry"), ("Sov 20 Mech", 3, "armor")),
        air_support=4,
        faces=[4, 4],
        rolled_by="Hans",
        witnesses=["Olga"],
    )
    table("RemoveLandLosses", combat=minsk["number"], side="USSR", units=["Sov 13 Army"])
    table.to("Summer I 1941", "USSR", "Options")
    table("DeclareOption", power="USSR", front="eastern", option="pass")
    table.to("Summer I 1941", "USSR", "Supply and Isolation")
    table.said(
        table(
            "ResolveIsolationAttrition",
            side="USSR",
            hex="Bialystok pocket",
            region="Eastern Europe",
            units=["Sov 10 Army", "Sov 6 Mech"],
            adjacent_enemy=True,
            remote_region=True,
            faces=[3, 2],
            rolled_by="Olga",
            witnesses=["Hans"],
        )
    )

    # --- Summer II 1941: Smolensk ----------------------------------------------------------------------
    table.to("Summer II 1941", "Axis", "Options")
    table("DeclareOption", power="Germany", front="eastern", option="offensive")
    table.to("Summer II 1941", "Axis", "Combat")
    smolensk = table.land(
        "Germany",
        "eastern",
        "USSR",
        "Smolensk",
        "Eastern Europe",
        what="Smolensk",
        attackers=units(("XLVI pz", 5, "armor"), ("IX inf", 3, "infantry"), ("XX inf", 3, "infantry")),
        defenders=units(("Sov 16 Army", 3, "infantry"), ("Sov 19 Army", 3, "infantry")),
        faces=[2, 3],
        rolled_by="Hans",
        witnesses=["Olga"],
    )
    table("RemoveLandLosses", combat=smolensk["number"], side="Axis", units=["IX inf"])
    table.to("Summer II 1941", "Axis", "Build")
    table("BuildUnits", power="Germany", category="infantry", factors=6)

    # --- Fall 1941: Crusader, a British attrition step -------------------------------------------------
    table.to("Fall 1941", "Axis", "Options")
    table("DeclareOption", power="Germany", front="eastern", option="pass")
    table.to("Fall 1941", "Western Allies", "Options")
    table("DeclareOption", power="UK", front="southern", option="attrition")
    table.to("Fall 1941", "Western Allies", "Combat")
    crusader = table.said(
        table(
            "ResolveAttrition",
            power="UK",
            front="southern",
            defender="Axis",
            factors_in_contact=25,
            what="Crusader, the Tobruk front",
            faces=[4, 4],
            rolled_by="Alan",
            witnesses=["Hans"],
        )
    )
    table(
        "RemoveAttritionLosses",
        combat=crusader["number"],
        side="Western Allies",
        power="UK",
        units=[{"unit": "70 Div", "strength": 4}, {"unit": "2 NZ Div", "strength": 4}],
    )
    table.said(
        table(
            "RemoveAttritionLosses",
            combat=crusader["number"],
            side="Axis",
            power="Italy",
            units=[
                {"unit": "It Ariete", "type": "armor", "strength": 3, "swapped": True, "cost": 6},
                {"unit": "It Trento", "strength": 3},
                {"unit": "It Pavia", "strength": 2},
                {"unit": "It Bologna", "strength": 4},
                {"unit": "It Savona", "strength": 4},
            ],
        )
    )
    table("ClaimAttritionHexes", combat=crusader["number"], hexes=["Sidi Rezegh", "Gambut", "El Adem"])
    table.to("Fall 1941", "Western Allies", "Build")
    table("BuildUnits", power="UK", category="infantry", factors=6)

    # --- Winter 1941: the Soviet counter-offensive in the Russian winter -------------------------------
    table.to("Winter 1941", "Axis", "Options")
    table("DeclareOption", power="Germany", front="eastern", option="pass")
    table.to("Winter 1941", "USSR", "Options")
    table("DeclareOption", power="USSR", front="eastern", option="offensive")
    table.to("Winter 1941", "USSR", "Combat")
    klin = table.land(
        "USSR",
        "eastern",
        "Axis",
        "Klin",
        "Eastern Europe",
        what="Klin, the Moscow counter-offensive",
        attackers=units(("Sov 1 Shock", 4, "infantry"), ("Sov 30 Army", 3, "infantry"), ("Sov 20 Army", 3, "infantry")),
        defenders=units(("LVI pz", 4, "armor")),
        russian_winter=True,
        faces=[4, 5],
        rolled_by="Olga",
        witnesses=["Hans"],
    )
    table("RemoveLandLosses", combat=klin["number"], side="Axis", units=["LVI pz"])

    # --- Spring 1942: the USA enters; the year start, lend lease to Italy and north to the USSR ---------
    table.to("Spring 1942", None, "Year Start")
    table.said(table("ActivatePower", power="USA"))
    table.year_start("Italy")
    table.year_start("Germany", ("Germany to Italy", 10))
    table.year_start("USSR", ussr_cities_held_value=20)
    table.year_start("UK", ("UK to USSR", 20))
    table.year_start("USA")

    # --- Summer I 1942: the Murmansk box fought; what is left arrives -----------------------------------
    table.to("Summer I 1942", "Western Allies", "Combat")
    table.said(
        table(
            "ResolveMurmanskFight",
            receiver="USSR",
            german_air=5,
            german_fleets=9,
            uboats=4,
            allied_fleets=9,
            asw=4,
            rolls=[7, 4, 8, 3, 6, 9, 5, 2, 6],
            rolled_by="Alan",
            witnesses=["Hans"],
        )
    )
    table.said(table("AdvancePhase"))


def save(service: Any, out: Path) -> None:
    """Export ``service`` as <out>/reich-1941-0.3.0.jsonl and write its figures at the head and at
    the checkpoints, read back from the store by tests/support.py's ``golden_figures``."""
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
    with tempfile.TemporaryDirectory(prefix="golden-reich-1941-") as folder:
        tmp = Path(folder)
        os.environ["TURNLEDGER_TRUST_DIR"] = str(tmp / "trust")
        from referee.commands import CreateCampaign
        from referee.dice import periods as dice_periods
        from referee.service import RefereeService

        dice_periods.secrets = FixedSeeds()  # type: ignore[assignment]  # reproducible seeds (see above)
        service = RefereeService.create(
            str(tmp / "reich.db"),
            CreateCampaign(
                scenario="revised-third-reich/campaign-1939", name="Golden Reich 1941", campaign_id=CAMPAIGN_ID
            ),
            clock=Clock(),
        )
        try:
            play(Table(service))
            save(service, out)
        finally:
            service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the golden Third Reich 1941 campaign (release 0.3.0).")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent), help="folder for the two files")
    build(Path(parser.parse_args().out))


if __name__ == "__main__":
    main()
