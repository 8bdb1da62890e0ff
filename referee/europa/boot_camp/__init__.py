"""Europa Boot Camp (seed 002, RULES E and C-65): combat on the 1D6 CRT with its AEC, stacks stated
for the stacking limit, the provisional replacements, and rulings on retreat, advance, supply,
zones of control and movement.

- Rules: `combat` (totals, odds, AEC, DRM), `result` (the die and the losses), `map_rules` (what is
  read off the map), `charts` (the CRT and TEC, K-20).
- Commands, events, fold and handlers: `commands`, `events`, `fold`, `handlers`, `rulings` (retreat
  and supply rulings), `supply` (the supply status held for the player turn, A-22); `system`
  gathers them for `referee.europa.game`.

Offers siblings nothing: no other system imports it (the console's combat form reaches it through
`referee.europa.forms`).
"""
