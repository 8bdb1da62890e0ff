"""Territory (seed 004, RULES.md G-30..G-36, G-80..G-83, G-90..G-93, A-67, J-57, J-60): conquests
and what they need and are worth, minor allies joining a patron (and the Axis minors by Summer I
1941), the fall of France and Vichy with its colonies' roll, the USSR's supply sources, and a great
power's cities taken or bombed. Its own system, apart from wars, because it decides who holds
what on the map and what that is worth in BRPs, where wars decide only who fights whom.

It offers siblings (`interface`): whether the USSR plays on below 75 (`ussr_fights_on`).
"""
