"""Third Reich land combat and attrition through the console's forms (issue 14, item 7): odds or
column before the dice, the ruling after, the units owed, then removed (ticked or typed) and the
hexes named; the ledger is checked, not the screen alone."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select, SelectionList, Static

from referee.book.sealed_orders import OrderSealing
from referee.service import RefereeService
from referee.third_reich.common.fire import load_fire_tables
from referee.third_reich.murmansk import box
from referee.third_reich.murmansk import fight as mm
from tests.referee.third_reich.reich_support import declared
from tests.referee.third_reich.test_economy_service import at
from tests.referee.third_reich.test_sw_forces import hold
from tests.referee.third_reich.test_wars_and_lend_lease import _both_northern_and_southern
from tests.tui.forms_support import fill, opened, panel, record
from tui.app import make_app
from tui.dialogs.air_naval import AirNavalForm
from tui.dialogs.attrition import AttritionForm
from tui.dialogs.error import ErrorDialog
from tui.dialogs.land_combat import LandCombatForm
from tui.dialogs.land_losses import LandLossesForm
from tui.dialogs.murmansk import MurmanskForm

TABLES, _ = load_fire_tables()


def _murmansk_campaign(path: Path) -> RefereeService:
    """Both lend lease routes open, Germany's U-boats and the UK's ASW over the book's (issue 29)."""
    service = _both_northern_and_southern(location=str(path))
    hold(service, "Germany", submarines=6)
    hold(service, "UK", asw=4)
    return service


def _fight_rolled_eights() -> tuple[list[int], box.MurmanskOutcome]:
    """The Murmansk fight both tests type (5 air, 9 and 9 fleets, 6 U-boats, 4 ASW) with an 8 for
    every roll it asks for; those rolls and what the rules make of them."""
    fight = box.Commitments(german_air=5, german_fleets=9, uboats=6, allied_fleets=9, asw=4, uk_brps=20, usa_brps=20)
    rolls: list[int] = []
    while mm.rolls_still_needed(fight, TABLES, rolls):
        rolls.append(8)
    return rolls, mm.resolve(fight, TABLES, rolls)


def _phase(path: Path, option: str = "offensive") -> str:
    """A new Third Reich campaign at the Axis Fall 1939 Combat phase, Germany's eastern front under ``option``."""
    service = declared(path.parent, "forms", option=option, war_on=("UK", "major"), file=path.name)  # G-34
    at(service, "Fall 1939", "Axis", "Combat")
    service.close()
    return str(path)


async def test_a_land_combat_and_its_losses_through_the_forms(tmp_path: Path) -> None:
    app = make_app(_phase(tmp_path / "reich.db"))
    async with app.run_test(size=(150, 50)) as pilot:
        before = app.service.head()
        form = await opened(pilot, LandCombatForm, "f")
        assert form.query_one("#power", Select).value == "Germany"
        assert form.query_one("#front", Select).value == "eastern"
        await fill(
            pilot,
            form,
            {
                "hex": "Warsaw",
                "region": "Eastern Europe",
                "defender": "Western Allies",
                "attackers": "4 XXIV pz armor\n3 VII inf",
                "defenders": "2 Pol 1\n1 Pol 2",
            },
        )
        # 7 against 2 + 1 + 1 (Clear) → 3-2; armor 4 ≥ 4 and no defending armor: +1
        assert "3-2" in panel(app) and "DRM +1" in panel(app) and "type the 2D6 faces" in panel(app)
        assert app.service.head() == before
        await fill(pilot, form, {"faces": "3 4"})
        assert "roll 8 → D1" in panel(app)
        await record(pilot)
        combat = app.service.head()
        assert combat == before + 1
        assert app.service.store.entry(combat)["command"]["kind"] == "ResolveLandCombat"
        assert [(loss.side, loss.units) for loss in app.service.state().table.losses_due] == [("Western Allies", 1)]

        await opened(pilot, ErrorDialog, "a")  # the Combat phase is not left with units owed
        await pilot.press("escape")
        await pilot.pause()

        removal = await opened(pilot, LandLossesForm, "o")
        units = removal.query_one("#units", SelectionList)
        units.select("Pol 2")
        await pilot.pause()
        assert "Pol 2 removed to the force pool" in panel(app)
        await record(pilot)
        assert app.service.head() == combat + 1
        state = app.service.state()
        assert not state.table.losses_due
        assert state.table.lost_units["Pol 2"].cause == "defender_in_enemy_offensive"


async def test_an_attrition_turn_through_the_console(tmp_path: Path) -> None:
    """t rolls the front's attrition (the column before the dice); o removes each side's units,
    one saved by a replacement, then names the hexes won; the phase can then be left."""
    app = make_app(_phase(tmp_path / "reich.db", "attrition"))
    async with app.run_test(size=(150, 50)) as pilot:
        form = await opened(pilot, AttritionForm, "t")
        await fill(pilot, form, {"defender": "Western Allies", "factors": "25"})
        assert "column 4" in panel(app) and "23-32" in panel(app)
        await fill(pilot, form, {"faces": "3 4"})
        assert "X2 D2 H2" in panel(app)
        await record(pilot)
        combat = app.service.head()
        assert app.service.store.entry(combat)["command"]["kind"] == "ResolveAttrition"

        for side, units in (  # each removal leaves the next side's loss first in the list
            ("Axis", "4 VII inf\n6 XXIV pz armor swap cost=12"),
            ("Western Allies", "2 Pol 1\n3 Pol 2\n4 Pol 3\n5 Pol 4\n2 Pol 5 armor"),
        ):
            removal = await opened(pilot, LandLossesForm, "o")
            assert removal.command()["side"] == side
            await fill(pilot, removal, {"attrition-units": units})
            assert "would be refused" not in panel(app), panel(app)
            await record(pilot)
        state = app.service.state()
        assert not state.table.losses_due
        assert state.brp_economies["Germany"].player_turn_counters["recoveries"] == 1
        assert "XXIV pz" not in state.table.lost_units and "Pol 5" in state.table.lost_units

        claim = await opened(pilot, LandLossesForm, "o")
        await fill(pilot, claim, {"hexes": "Lodz, Radom"})
        assert "2 of 2 hex(es) named: Lodz, Radom" in panel(app)
        await record(pilot)
        assert not app.service.state().table.attrition_hexes
        before = app.service.head()
        await pilot.press("a")
        await pilot.pause()
        assert app.service.head() == before + 1  # the Combat phase is left


async def test_a_murmansk_fight_through_the_console(tmp_path: Path) -> None:
    """k in the Western Allies' Summer I Combat phase: the rolls the fight asks for before the dice,
    the whole fight after; the hits come off the northern shipments in the box."""
    path = tmp_path / "murmansk.db"
    service = _murmansk_campaign(path)
    at(service, "Summer I 1940", "Western Allies", "Combat")
    service.close()
    rolls, expected = _fight_rolled_eights()
    app = make_app(str(path))
    async with app.run_test(size=(150, 50)) as pilot:
        form = await opened(pilot, MurmanskForm, "k")
        forces = {"german_air": 5, "german_fleets": 9, "uboats": 6, "allied_fleets": 9, "asw": 4}
        await fill(pilot, form, {field: str(value) for field, value in forces.items()})
        assert "1D10 rolls, in order" in panel(app) and "1. " in panel(app)
        await fill(pilot, form, {"rolls": " ".join(map(str, rolls))})
        assert f"{expected.brp_hits} lend lease BRPs lost" in panel(app), panel(app)
        await record(pilot)
        entry = app.service.store.entry(app.service.head())
        assert entry["command"]["kind"] == "ResolveMurmanskFight" and len(entry["rolls"]) == len(rolls)
        shipments = app.service.state().brp_economies["USSR"].lend_lease_by_route
        assert sum(shipment.lost for shipment in shipments.values()) == expected.brp_hits


async def test_air_and_naval_combat_through_the_console(tmp_path: Path) -> None:
    """e in the Combat phase under an offensive: the rolls the hex needs before the dice, the ruling after."""
    app = make_app(_phase(tmp_path / "reich.db"))
    async with app.run_test(size=(150, 50)) as pilot:
        form = await opened(pilot, AirNavalForm, "e")
        await fill(pilot, form, {"hex": "Danzig", "phasing_air": "5", "non_phasing_naval": "9"})
        assert "1. air-naval: phasing air fire at the non-phasing fleets" in panel(app)
        assert "2. air-naval: non-phasing fleets fire back at the phasing air (1/3)" in panel(app)
        await fill(pilot, form, {"rolls": "9 4"})
        assert "air and naval combat in Danzig" in panel(app), panel(app)
        await record(pilot)
        entry = app.service.store.entry(app.service.head())
        assert entry["command"]["kind"] == "ResolveAirNavalCombat"
        assert [roll["faces"] for roll in entry["rolls"]] == [[9], [4]]


async def test_a_murmansk_fight_from_sealed_orders_through_the_console(tmp_path: Path) -> None:
    """Issue 27: both sides sealed their orders this turn and revealed them; k names the seals
    instead of asking for the factors, shows the revealed orders, and fights from them (G-72)."""
    path = tmp_path / "sealed.db"
    service = _murmansk_campaign(path)
    sealing = OrderSealing(service)
    at(service, "Summer I 1940", "Axis", "Movement")
    german = sealing.seal("Germany", "murmansk", {"german_air": 5, "german_fleets": 9, "uboats": 6})
    at(service, "Summer I 1940", "Western Allies", "Movement")
    allied = sealing.seal("Western Allies", "murmansk", {"allied_fleets": 9, "asw": 4})
    at(service, "Summer I 1940", "Western Allies", "Combat")
    sealing.reveal(german["number"])
    sealing.reveal(allied["number"])
    service.close()
    rolls, expected = _fight_rolled_eights()
    app = make_app(str(path))
    async with app.run_test(size=(150, 50)) as pilot:
        form = await opened(pilot, MurmanskForm, "k")
        shown = " ".join(str(line.content) for line in form.query(".sealed").results(Static))
        assert f"Germany: order sealed in #{german['number']}, revealed: german_air 5" in shown, shown
        assert f"Western Allies: order sealed in #{allied['number']}, revealed: allied_fleets 9, asw 4" in shown
        assert not form.query("#german_air") and not form.query("#asw")  # nothing to type for a sealed side
        await fill(pilot, form, {"rolls": " ".join(map(str, rolls))})
        assert f"{expected.brp_hits} lend lease BRPs lost" in panel(app), panel(app)
        await record(pilot)
        entry = app.service.store.entry(app.service.head())
        assert entry["command"]["kind"] == "ResolveMurmanskFight"
        assert (entry["command"]["german_seal"], entry["command"]["allied_seal"]) == (
            german["number"],
            allied["number"],
        )
        shipments = app.service.state().brp_economies["USSR"].lend_lease_by_route
        assert sum(shipment.lost for shipment in shipments.values()) == expected.brp_hits
