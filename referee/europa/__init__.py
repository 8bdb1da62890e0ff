"""Revised Europa rules (seed 000 by default; seed 001 differences as named options; Boot Camp 002
and Second Front 003 as rulesets of the same game).

One sub-package per system (logistics, combat, bombardment, air, boot_camp, second_front,
map_facts, order_of_battle, tables), each with its commands, events and fold where it keeps
state, rule modules, handlers and charts, its ``system.py`` (what `game.py` takes) and, where
siblings need something, its ``interface.py`` (the one module a sibling may import); `rules` is
what they share. `game.py` assembles the `Game`, `events.py` the event catalogue and `forms.py`
the console's table forms.
"""
