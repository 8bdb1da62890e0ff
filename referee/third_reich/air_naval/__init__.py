"""Air and naval operations (seed 004, RULES.md H-20..H-34, J-59, J-64, J-66, J-69, K-46): air and
naval fire (`air_naval`), a contested hex's fight and counter-air (`air_battles`), air zones
(`air_zones`), airborne drops (`airborne`), interception, transport and landings
(`naval_operations`), and the checks of an air unit's reach and a fleet's move against the air
and naval unit chart (`air_naval_units`, provisional). It records rulings and no events of its own.

It offers siblings nothing: no other system imports it.
"""
