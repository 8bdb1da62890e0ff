"""Where the Revised Third Reich sequence of play accepts the commands of territory (A-63 [004]).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import Accepted, CommandPhases
from referee.third_reich.common.terms import OFFENSIVE

BOMBING = Accepted(("Combat", "Mechanized Combat"), "an air attack on a city", "G-92, A-63 [004]", needs=OFFENSIVE)
"""Where `ResolveCityBombing` is accepted (G-92: instead of supporting ground combat)."""

PHASES: CommandPhases = {
    "ResolveCityBombing": (BOMBING,),
}
"""Command kind -> where the book accepts it; conquests, city losses, the colonies' roll and the
supply-source check are taken in any phase."""
