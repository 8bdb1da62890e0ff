"""Land combat and ground movement (seed 004, RULES.md H-01..H-09, H-50, H-51, A-58, A-60, A-61,
A-64, A-66, A-68): the 2D6 land CRT (`charts`, K-40, provisional), a combat's defence, support,
odds, shifts and result (`land_combat`), the minor allies fighting with their patron, the units a
result leaves owed and their removal to the force pool, and a ground unit's move checked hex by
hex. Movement lives here because it is the ground units' own (the mechanized phase is a land
combat's, A-58); an air unit's reach and a fleet's move are air and naval's.

It offers siblings (`interface`): the event that removes land losses and the minor allies of a
front, both shared with the attrition option.
"""
