"""The BRP economy (seed 004, RULES.md A-63, G-01..G-53, G-63, G-80): options declared on each
front, builds within the half-total limit and the year's force pool (`force_pools`, K-44, a
chart), airbases and build sites, recovery by replacements, naval repair, SRs, a power entering
play, BRPs granted or spent by hand, and the year start (growth, conquests, strategic-warfare
hits and limits, the USSR's cities; `year_start`). Its own system because every other one pays
through it and it owns the BRP account's figures.

It offers siblings (`interface`): the BRP charge and its checks (`BrpCharged`, `afford`,
`within_half`), the year-start command, a city's value and the bomber-hit conversions.
"""
