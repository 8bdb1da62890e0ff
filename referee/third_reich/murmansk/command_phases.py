"""Where the Revised Third Reich sequence of play accepts the Murmansk fight (G-70..G-72 [004], J-58).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import Accepted, CommandPhases
from referee.third_reich.murmansk.box import WESTERN_ALLIES
from referee.third_reich.murmansk.timing import TIMINGS

MURMANSK = tuple(
    Accepted(
        timing.fight_phases,
        "the Murmansk fight",
        timing.rule,
        turn=WESTERN_ALLIES,
        when=f"under murmansk_timing={reading}",
        needs=f"of {timing.fight_season}",
    )
    for reading, timing in TIMINGS.items()
)
"""The fight's moment under each reading of J-58 (`referee.third_reich.murmansk.timing.TIMINGS`,
which `require_fight_time` checks)."""

PHASES: CommandPhases = {
    "ResolveMurmanskFight": MURMANSK,
}
"""Command kind -> where the book accepts it; hits typed in (`RecordMurmanskHits`) are taken in any phase."""
