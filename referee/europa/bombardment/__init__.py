"""Europa bombardment and air strikes: artillery and air bombardment of a hex, strategic strikes on
facilities, factories and stocks, facility repair and an Re paid in RPs (RULES D-80..D-89 [000],
D-86, D-87 [001]; the bombardment tables K-02).

- Rules: `bombardment` (factors, column, shifts, result), `charts` (the 000 and 001 tables).
- Commands, events, fold and handlers: `commands`, `events` (the markers of hits waiting on a
  hex), `fold`, `handlers` (bombardment), `strike_handlers` (strikes, repair, Re in RPs); `system`
  gathers them for `referee.europa.game`.

Offers siblings (`interface`): the hits waiting on a hex and the artillery SP a bombardment already
paid, which a combat on that hex uses (D-13, D-84, B-37).
"""
