"""Europa land combat: the revised rules (seed 000, RULES D.1..D.7) and the earlier revision (001,
option combat_rules), the losses owed and their allocation, and isolation attrition (D-104..D-106).

- Rules: `battle` (the attack as described, the options, the checks before any arithmetic),
  `assess` (000: strengths, armor, odds, shifts, DRMs), `assess_001` (the 001 reading), `result`
  (the CRT and the losses), `odds`, `units`, `isolation`; the charts the text lacks: `charts` (CRT
  and terrain, K-01, K-03), `unit_chart` (K-04), `rule_d` (optional rule D's D10, D-12) and
  `winterization` (D-20, D-23), with `inputs` reading the last two for a combat.
- Commands, events, fold and handlers: `commands`, `events`, `fold`, `handlers` (ResolveCombat),
  `loss_handlers` (AllocateLosses, and no phase left with a loss owed), `isolation_handlers`;
  `system` gathers them for `referee.europa.game`.

Offers siblings (`interface`): the losses owed (`losses_owed`, `CombatResolved`, `LossesAllocated`),
so that a bombardment's or a Boot Camp combat's loss is met by the same AllocateLosses, and the
combat chart a bombardment reads.
"""
