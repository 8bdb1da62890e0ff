"""Europa map facts: the rulings on what the players read off the board, which the book holds only
as facts the referee states (K-12): stacking (D-09), supply trace (D-100..D-108), interdiction
(L-12), the air surprise (L-21), rail movement and gauge (L-07, L-08), exploitation (A-15, A-16),
retreat (D-70, D-72, D-73), movement costs (L-01..L-04, J-39..J-42), and the table checks (the
Soviet set-up A-36, the 001 Supply phase A-19, the removal of zones and rail breaks A-11).

- Rules: `movement_costs`, `rail`, `retreat`, `stacking`, `supply_trace`, `table_checks`.
- Commands and handlers: `commands`, `handlers` (map rulings), `movement_handlers`,
  `table_check_handlers`; `system` gathers them, with the set-up facts, for `referee.europa.game`.
  Each records a ruling and no account changes, so this system has no events or fold.

Offers siblings (`interface`): air transport of supply, read as a supply trace (for the air system).
"""
