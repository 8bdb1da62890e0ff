"""Revised Europa's common part: what every Europa system reads, and which imports none of them.

- `state`: the campaign's state (the table with its cities and losses owed, SP pools, Resource
  Points, replacement tracks) and its accounts; `data`: the scenario's logistics data;
  `setup`: the starting accounts from a scenario (entry #1).
- `options`: the named options (RULES J) with their readings; `context`: what a handler reads of
  the campaign (options since a release, phase checks, pools, tracks, weather).
- `command_phases`: where the sequence of play (A-10 [000], A-17 [001], A-21 [002]) accepts each
  command; `facts`: the facts the referee states off the map that several systems read (each
  system declares its own in its ``system.py``); `turn_numbers`: how the charts' turn labels are
  numbered (the Second Front calendar, factories, reinforcements and Winterization read them).
- `views`: what the console shows of a campaign's accounts.

The systems (sub-packages beside this one) import these freely; this package imports no system
(pyproject.toml's import contracts keep it so).
"""
