"""Attrition (seed 004, RULES.md H-10..H-15, H-40, H-41, A-60, J-63): the attrition option's roll
on a front's column of factors in contact (`attrition`, the provisional table K-41), the units
each side removes or saves by replacement swaps and the hexes the attacker names
(`attrition_losses`); and isolation attrition of an out-of-supply hex (`isolation`). Both remove
units by a 2D6 roll with no combat; the attrition option's units are removed with land combat's
event (`referee.third_reich.land.interface`).

It offers siblings nothing: no other system imports it.
"""
