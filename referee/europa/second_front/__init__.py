"""Europa Second Front (seed 003): minimum-dice-roll AA fire (Optional Rule 37L, RULES F-01..F-14,
K-30, K-31), fortifications and the Westwall (Rule 30A4, F-20..F-26), and its calendar and
playtest numbers (A-40, A-41, F-26).

- Rules: `aa_fire` (AA strength, columns, shifts), `aa_roster` (what AA reads off the rosters),
  `aa_charts` (the AA table), `fortifications` (the effects chart and each kind's rules),
  `playtest` (the A-40 calendar and the F-26 numbers).
- Commands, events, fold and handlers: `commands`, `events` (fortification markers), `fold`,
  `aa_handlers`, `fortification_handlers`, `westwall_handlers`; `system` gathers them for
  `referee.europa.game`.

Offers siblings (`interface`): the playtest numbers other rules apply (Boot Camp's combat, the move
checks and map rulings), the fortifications in a hex, and the RPs forfeited for a Westwall
restoration.
"""
