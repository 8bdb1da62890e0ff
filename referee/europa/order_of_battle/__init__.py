"""Europa order of battle: the reinforcement and withdrawal schedule as a chart, the arrivals of
each turn, and the garrisons the printed orders of battle require (RULES K-11; A-11, C-50, L-22
[000]; F-25 [003]).

- Rules and chart: `reinforcements` (the schedule, its arrivals, withdrawals and garrisons).
- Commands and handlers: `commands`, `handlers` (ReceiveReinforcements), `garrison_handlers`
  (CheckGarrison, withdrawals); `system` gathers them for `referee.europa.game`.
- A system of its own rather than part of logistics: what it serves is the force rosters (units
  arrive, are withdrawn, garrison an area); the RPs and air groups an arrival brings are credited
  through the logistics and air interfaces.

Offers siblings (`interface`): an arrival (`Arrival`, whose air groups the air boxes place) and
whether a unit has been withdrawn (`is_withdrawn`, read by AA fire).
"""
