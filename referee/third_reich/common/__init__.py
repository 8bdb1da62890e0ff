"""What every Third Reich system reads, and none owns: the state (`state`), the scenario's data
(`data`), what handlers read of it (`context`), the words of the table (`terms`), the fire tables
(`fire`, K-42) and the cities of the map (`territory_map`, K-43) with their chart registrations
(`charts`), the force roster's eliminations and returns (`roster`), the fold's helpers and the
rollback's appliers (`fold`), what the table forms share (`form_helpers`) and the shape of a
system (`system`).

Common imports no system (pyproject.toml's import contracts): a system may import it, and it is the
one part of the game two systems share without an interface.
"""
