"""Europa logistics: Supply Points, Resource Points and replacements (RULES B and C; seed 000, with
the 001 SP model B-60..B-68 and 001 replacements as options), the Soviet factories (K-07, C-50,
C-51) and the hand corrections of these accounts.

- Rules: `supply` (SP income, weather cut, cap, costs), `supply_001`, `charges` (paying for an
  activity), `replacements` (city and factory RPs, special replacements, recoveries, rebuilding),
  `factories` (the factory chart, upgrades, relocation), `turns` (what the calendar's moves do to
  these accounts).
- Commands, events, fold and handlers: `commands`, `events`, `fold`, `supply_handlers`,
  `supply_001_handlers`, `resource_handlers`, `replacement_handlers`, `account_handlers`,
  `factory_handlers`; `system` gathers them for `referee.europa.game`.
- The factories are here, not in the order of battle: what they serve is the RP output of the
  replacement tracks (C-50, C-51).

Offers siblings (`interface`): SP charges and the combat supply costs, the replacement rules a loss
allocation reads, and the events other systems record on these accounts.
"""
