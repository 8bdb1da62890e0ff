"""Issue 29, F-26 [003] under option second_front_modifiers=playtest: an attacker in its first turn
out of supply and not isolated attacks at full strength (halved outside the playtest rules and as a
defender), and the armor-effects step of Winter and Snow is read by the one-die combat, which counts
no AEC outside Clear and Frost anyway (E-12 [002])."""

from __future__ import annotations

from typing import Any

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.europa_support import AACHEN
from tests.support import TickingClock

ATTACK: dict[str, Any] = {
    **AACHEN,
    "attackers": [
        {"label": "1us", "strength": 12, "divisional": True, "nation": "USA", "supply": "unsupplied_first_turn"},
        {"label": "2us", "strength": 8, "divisional": True, "nation": "USA", "supply": "unsupplied"},
    ],
    "defenders": [{"label": "246vg", "strength": 5, "divisional": True, "supply": "unsupplied_first_turn"}],
}


def shown(options: dict[str, str]) -> list[str]:
    create = CreateCampaign(scenario="second-front/1943", name="sf", options=options)
    service = RefereeService.create(":memory:", create, clock=TickingClock())
    try:
        service.execute_json({"kind": "SetWeather", "zone": "C", "condition": "Snow"})
        while (service.state().table.calendar.player, service.state().table.calendar.phase) != ("Allies", "Combat"):
            service.execute_json({"kind": "AdvancePhase"})
        before, _ = service.preview(service.parse(ATTACK))
        return [before.ruling.summary, *(step.text for step in before.ruling.steps)]
    finally:
        service.close()


def test_F26_a_first_turn_unsupplied_attacker_is_not_halved_unless_isolated() -> None:
    texts = shown({})
    assert "1us: first turn out of supply, not isolated: attack not halved" in texts
    assert "246vg: first turn out of supply, a defender: unsupplied" in texts
    assert "armor effects reduced a step in Snow; the one-die combat counts no AEC outside Clear and Frost" in texts
    plain = shown({"second_front_modifiers": "off"})
    assert "1us: first turn out of supply, outside Second Front's playtest rules: unsupplied" in plain
    assert not any(text.startswith("armor effects reduced") for text in plain)
