"""Where the Revised Third Reich sequence of play accepts the strategic-warfare commands (G-61 [004]).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import ANY, Accepted, CommandPhases

SW_HITS = Accepted(("Strategic Warfare",), "strategic-warfare hits", "G-61 [004]", turn=ANY)
STRATEGIC_WARFARE = Accepted(
    ("Strategic Warfare",), "a strategic-warfare attack", "G-61 [004]", needs="by the attacking weapon's side"
)

PHASES: CommandPhases = {
    "RecordStrategicWarfareHits": (SW_HITS,),
    "ResolveStrategicWarfare": (STRATEGIC_WARFARE,),
}
"""Command kind -> where the book accepts it; `StateStrategicForces` is taken in any phase."""
