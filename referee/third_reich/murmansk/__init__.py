"""The Murmansk box (seed 004, RULES.md G-56, G-58, G-70..G-72, I-65, J-58): what each side sends
(`box`), the eight steps of the fight (`fight`), when it is fought under option murmansk_timing and
which U-boats and ASW sit out strategic warfare (`timing`), the allocations as sealed orders
(`sealed`), and the hits it takes off northern lend lease, fought or typed in. Its own system: it
reads lend lease's shipments from the state and fights with strategic warfare's exchange.

It offers siblings (`interface`): what the box holds out of a strategic-warfare round
(`strategic_warfare_round`, G-72).
"""
