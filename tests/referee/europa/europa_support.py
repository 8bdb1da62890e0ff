"""What the Europa service tests share: a campaign in memory, a club's copy of a bundled chart and
the German panzer division several tests register, written once so a change is made in one place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.commands import CreateCampaign
from referee.common.scenario import scenarios_root
from referee.service import RefereeService

from support import TickingClock

AACHEN: dict[str, Any] = {
    "kind": "ResolveBootCampCombat",
    "side": "Allies",
    "what": "Aachen",
    "hex": "0910",
    "zone": "C",
}
"""An Allied one-die combat at Aachen (Second Front, zone C) without its units."""


def in_memory(name: str, scenario: str = "revised-europa/barbarossa", **create: Any) -> RefereeService:
    """A campaign on SQLite ':memory:' with a ticking clock; ``create`` adds CreateCampaign's fields."""
    return RefereeService.create(
        ":memory:", CreateCampaign(scenario=scenario, name=name, **create), clock=TickingClock()
    )


def club_chart(tmp_path: Path, bundled: str, old: str, new: str, file: str | None = None) -> Path:
    """The bundled chart ``bundled`` with ``old`` (which it must hold) replaced by ``new``, written to
    ``file`` (our-<bundled>.toml unless named) in ``tmp_path``."""
    text = (scenarios_root() / "charts" / f"{bundled}.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / (file or f"our-{bundled}.toml")
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def texts(entry: dict[str, Any]) -> list[str]:
    """The texts of an entry's ruling steps, in order."""
    return [step["text"] for step in entry["ruling"]["steps"]]


def panzer_division(unit_id: str = "7pz", name: str = "7th Panzer", **figures: int) -> dict[str, Any]:
    """RegisterUnit of a German armor division: 10-10 with a 4-8 cadre unless ``figures`` differ."""
    figures = {"attack": 10, "defense": 10, "cadre_attack": 4, "cadre_defense": 8, **figures}
    division = {"nation": "Germany", "type": "armor", "size": "division", **figures}
    return {"kind": "RegisterUnit", "side": "Axis", "unit_id": unit_id, "name": name, **division}
