"""History is a promise: campaigns recorded by earlier releases import, verify and replay to
the same figures in this one.

tests/data/exports/ holds exports (and one campaign file) written by release 0.1.0 with
``build_0_1_0.py``, a Third Reich campaign of 1939-1942 written by release 0.3.0 with
``build_reich_1941.py`` and a Europa campaign under the 001 rules (surprise turn to Jul I 1941:
combat, air and artillery bombardment, the 001 SP model, 001 replacements) written by release
0.5.0 with ``build_europa_001.py``, and a Europa Boot Camp campaign (two game turns: replacements,
stacks, 1D6 combats with AEC and a fortification, retreat and supply rulings, an undo) written with
``build_boot_camp.py``, a Third Reich campaign of 1939-1942 whose book keeps the strategic-warfare
forces (the Low Countries, U-boats and ASW built within the year's limits and lost in the rounds,
a fleet converted to ASW, the USA's entry and its ASW, and the 1942 Murmansk box fought from sealed
orders against those counts) written by release 0.3.0 with ``build_reich_1939_1942.py``, and
beside each its figures as of several entries, flat
('supply_pools/Axis/stockpile' -> 12) so that they do not depend on any release's state model.
These files never change; a release that cannot read them is broken.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tui.cli import main

from support import golden_figures

EXPORTS = Path(__file__).parent / "data" / "exports"
GOLDEN = sorted(path.name.removesuffix(".jsonl") for path in EXPORTS.glob("*.jsonl"))


def expected(name: str) -> dict[str, Any]:
    return json.loads((EXPORTS / f"{name}.figures.json").read_text(encoding="utf-8"))


def same_figures(found: dict[str, Any], golden: dict[str, Any]) -> bool:
    """Equal figures; options pinned by 0.1.0 keep their readings (0.2 pins the defaults it
    applied silently too, e.g. sw_start, so the found options may hold more)."""
    options, golden_options = found["options"], golden["options"]
    rest = {key: value for key, value in found.items() if key != "options"}
    golden_rest = {key: value for key, value in golden.items() if key != "options"}
    return rest == golden_rest and golden_options.items() <= options.items()


def test_the_golden_exports_are_all_there() -> None:
    """A release may add golden exports, never lose one."""
    assert {
        "europa-barbarossa-0.1.0",
        "europa-branch-0.1.0",
        "reich-1939-0.1.0",
        "reich-1941-0.3.0",
        "europa-001-0.5.0",
        "boot-camp-0.5.0",
        "reich-1939-1942-0.7.0",
    } <= set(GOLDEN)


def test_the_1939_1942_golden_keeps_each_powers_u_boats_asw_and_brps() -> None:
    """Its figures hold the strategic-warfare boxes the book kept, power by power: the U-boats and
    ASW built, lost in the rounds, converted (G-64) and sunk in the Murmansk box, beside the BRPs."""
    document = expected("reich-1939-1942-0.7.0")

    def boxes(figures: dict[str, Any]) -> dict[str, int]:
        return {
            key.removeprefix("brp_economies/"): value
            for key, value in figures["figures"].items()
            if "/sw_forces/" in key and key.endswith(("/submarines", "/asw"))
        }

    assert boxes(document["at"]["1"]) == {
        "Germany/sw_forces/submarines": 3,
        "UK/sw_forces/asw": 0,
        "USA/sw_forces/asw": 0,
    }
    assert boxes(document["at"]["125"])["UK/sw_forces/asw"] == 9  # the 1941 year start: a fleet became ASW
    assert boxes(document["head"]) == {
        "Germany/sw_forces/submarines": 11,
        "UK/sw_forces/asw": 7,
        "USA/sw_forces/asw": 4,
    }
    assert document["head"]["figures"]["brp_economies/USSR/total"] == 295  # 31 of the 40 lend lease BRPs arrived


@pytest.mark.parametrize("name", GOLDEN)
def test_a_golden_export_imports_verifies_and_replays_to_its_figures(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Import through the CLI, verify, then the figures at the head and at every checkpoint."""
    store = tmp_path / "imported.db"
    assert main(["import", str(EXPORTS / f"{name}.jsonl"), str(store)]) == 0
    assert main(["verify", str(store)]) == 0
    assert "chain intact" in capsys.readouterr().out
    document = expected(name)
    assert same_figures(golden_figures(str(store)), document["head"])
    for number, figures in document["at"].items():
        assert same_figures(golden_figures(str(store), int(number)), figures), f"{name} as of #{number}"


def test_a_campaign_file_of_release_0_1_0_opens_verifies_and_plays_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A store without a format version is the first release's format: it opens as it is."""
    store = tmp_path / "old.db"
    shutil.copyfile(EXPORTS / "europa-barbarossa-0.1.0.db", store)
    document = expected("europa-barbarossa-0.1.0")
    assert main(["verify", str(store)]) == 0
    assert "chain intact" in capsys.readouterr().out
    assert same_figures(golden_figures(str(store)), document["head"])
    for number, figures in document["at"].items():
        assert same_figures(golden_figures(str(store), int(number)), figures), f"as of #{number}"
    orders = tmp_path / "orders.jsonl"
    orders.write_text(json.dumps({"kind": "ReceiveSupplyIncome", "side": "Axis"}) + "\n", encoding="utf-8")
    assert main(["apply", str(store), str(orders)]) == 0
    after = golden_figures(str(store))
    assert after["head"]["number"] == document["head"]["head"]["number"] + 1
    assert after["figures"]["supply_pools/Axis/stockpile"] > document["head"]["figures"]["supply_pools/Axis/stockpile"]
