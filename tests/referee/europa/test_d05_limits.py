"""Issue 29, D-05 [000]: an overrun comes from a single hex, so the per-hex limit caps it; and the
strength of a bombardment never counts toward the per-hex or per-attack AF limits: a bombardment
above them is fired, and the attack that follows is limited on its own attackers alone."""

from __future__ import annotations

from typing import Any

from referee.service import RefereeService
from tests.referee.europa.test_bombardment_service import AT_2715
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import refused

GUNS: dict[str, Any] = {
    **AT_2715,
    "artillery": [{"label": f"{n} art", "attack": 25} for n in range(1, 4)],
    "followed_by_attack": True,
    "defenders": ["4-6 rifle"],
    "faces": [4, 4],
}
"""75 AF of artillery bombard, more than the 60 an attack may use in 1941 (D-04)."""
ATTACK: dict[str, Any] = {
    "kind": "ResolveCombat",
    "side": "Axis",
    "what": "2715",
    "hex": "2715",
    "zone": "B",
    "attackers": [
        {"label": "A", "attack": 30, "hex": "2614"},
        {"label": "B", "attack": 30, "hex": "2615"},
    ],
    "defenders": [{"label": "5-6 rifle", "defense": 10}],
}


def test_D05_bombardment_strength_never_counts_toward_the_af_limits(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    fired = europa.execute_json(GUNS)
    assert not any("limited to" in step["text"] for step in fired["ruling"]["steps"])
    before, _ = europa.preview(europa.parse(ATTACK))
    shown = [step.text for step in before.ruling.steps]
    assert "attack strength 60 → 60 (fractions kept to the final count, then rounded up)" in shown
    assert not any("limited to" in text for text in shown)


def test_D05_an_overrun_from_two_hexes_is_refused(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Movement")
    overrun = {**ATTACK, "overrun": True}
    refused(europa, overrun, r"an overrun is made by one stack from one hex \(D-90 \[000\]\)")


def test_D05_an_overrun_from_its_one_hex_is_capped_by_the_per_hex_limit(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Movement")
    overrun = {
        **ATTACK,
        "overrun": True,
        "attackers": [{"label": "A", "attack": 25, "hex": "2614"}, {"label": "B", "attack": 15, "hex": "2614"}],
    }
    before, _ = europa.preview(europa.parse(overrun))
    assert "hex 2614: 40 AF, limited to 30 per hex" in [step.text for step in before.ruling.steps]
