"""What the Third Reich service tests share: a 1939 campaign with Germany's eastern option and one
war declared, and the commands several test files send, written once so a change of shape is made
in one place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.third_reich.test_economy_service import at

from support import TickingClock


def attrition(front: str, factors: int, faces: list[int], **more: Any) -> dict[str, Any]:
    """Germany's attrition step on ``front`` against the Western Allies, ``factors`` in contact."""
    step = {"power": "Germany", "front": front, "defender": "Western Allies", "factors_in_contact": factors}
    return {"kind": "ResolveAttrition", **step, "faces": faces, **more}


ATTRITION_ROLL = attrition("eastern", 25, [3, 4], rolled_by="Karl")
"""25 factors: column 4 (23-32); 7 → X2 D2 H2 on the provisional table: Axis 2, defenders 4, 2 hexes."""

WARSAW: dict[str, Any] = {
    "kind": "ResolveLandCombat",
    "power": "Germany",
    "front": "eastern",
    "defender": "Western Allies",
    "hex": "Warsaw",
    "region": "Eastern Europe",
}
"""A land combat at Warsaw without its units, dice and roller (each test states those)."""

UBOATS: dict[str, Any] = {
    "kind": "ResolveStrategicWarfare",
    "attacker": "submarines",
    "target": "UK",
    "offensive_factors": 5,
    "defensive_factors": 4,
    "rolls": [6, 9, 6],
}


def new(
    options: dict[str, str] | None = None,
    scenario: str = "revised-third-reich/campaign-1939",
    location: str = ":memory:",
) -> RefereeService:
    """A Third Reich campaign (1939 unless another scenario is named) with a ticking clock."""
    return RefereeService.create(
        location, CreateCampaign(scenario=scenario, name="wars", options=options or {}), clock=TickingClock()
    )


def war(power: str, target: str, kind: str = "major") -> dict[str, Any]:
    return {"kind": "DeclareWar", "power": power, "target": target, "target_kind": kind}


def declared(
    tmp_path: Path,
    name: str,
    *,
    option: str = "offensive",
    war_on: tuple[str, str] = ("Poland", "minor"),
    label: str = "Fall 1939",
    file: str = "reich.db",
) -> RefereeService:
    """A 1939 campaign on file, in ``label``'s Axis Options phase, once Germany has declared its
    eastern ``option`` and then war on ``war_on`` (target, kind; G-34)."""
    service = RefereeService.create(
        str(tmp_path / file), CreateCampaign(scenario="revised-third-reich/campaign-1939", name=name)
    )
    at(service, label, "Axis", "Options")
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": option})
    target, kind = war_on
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": target, "target_kind": kind})
    return service
