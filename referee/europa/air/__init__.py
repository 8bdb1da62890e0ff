"""Europa air: air to air combat, flak and repair on the air tables (K-09; L-09..L-13, L-23, J-03),
the missions flown and their order (A-12), the air boxes and Group Allowances (A-35, L-13, L-14,
L-20, L-22), and the surprise turn's air surprise (L-21, I-21, I-22; J-38 [001]).

- Rules: `missions` (what needs no air table: mission size, order, interdiction, flak DRMs,
  capacity, repair), `boxes` (where each group is and what moves it), `surprise`, and the charts
  `charts` (the air tables) and `groups` (starting groups, GAs, triage).
- Commands and handlers: `commands`, `handlers` (air combat), `box_handlers` (the air boxes),
  `box_hooks` (what the older air commands record in the boxes once a campaign keeps them);
  `system` gathers them, with the air box facts, for `referee.europa.game`. The book keeps no air
  unit status beyond the stated boxes, so this system has no events or fold of its own.

Offers siblings (`interface`): the interdiction and air surprise rules and the boxes the surprise
changes (for the map rulings), and the air groups a reinforcement brings (for the order of battle).
"""
