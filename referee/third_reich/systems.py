"""The systems of the Revised Third Reich game, one sub-package each (seed 004):

- `economy`: BRPs, options, builds and force pools, recovery and repair, SRs, the year start and
  the half-total spending limit (A-63, G-01..G-53, G-80);
- `wars`: who is at war with whom, surrenders, lend lease sent and arriving (G-33..G-35, G-55..G-60);
- `territory`: conquests, minor allies, Vichy, the USSR's supply sources, cities lost and bombed
  (G-30..G-36, G-82, G-83, G-90..G-93, A-67);
- `land`: land combat, the units it costs, minor allies in the fight, ground moves (H-01..H-09,
  H-50, H-51, A-64, A-68);
- `attrition`: the attrition option and isolation attrition (H-10..H-15, H-40, H-41);
- `air_naval`: air and naval combat, counter-air, interception, drops, landings, air and sea moves
  (H-20..H-34);
- `murmansk`: the Murmansk box, fought or with its hits typed (G-70..G-72, J-58);
- `strategic_warfare`: U-boats and bombers against an economy, and the forces the book keeps
  (G-61..G-68).

`common` holds what they all read (the state, the scenario's data, the handlers' context, the
fire tables and the cities chart, the roster, the fold's helpers); a system imports `common` and
`referee.common`, and a sibling only through its ``interface.py`` (pyproject.toml's import
contracts). `referee.third_reich.game` assembles the `Game` from `SYSTEMS`.
"""

from __future__ import annotations

from referee.third_reich.air_naval.system import SYSTEM as AIR_NAVAL
from referee.third_reich.attrition.system import SYSTEM as ATTRITION
from referee.third_reich.common.system import System
from referee.third_reich.economy.system import SYSTEM as ECONOMY
from referee.third_reich.land.system import SYSTEM as LAND
from referee.third_reich.murmansk.system import SYSTEM as MURMANSK
from referee.third_reich.strategic_warfare.system import SYSTEM as STRATEGIC_WARFARE
from referee.third_reich.territory.system import SYSTEM as TERRITORY
from referee.third_reich.wars.system import SYSTEM as WARS

SYSTEMS: tuple[System, ...] = (ECONOMY, WARS, TERRITORY, LAND, ATTRITION, AIR_NAVAL, MURMANSK, STRATEGIC_WARFARE)
