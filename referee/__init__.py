"""The judge: the referee service, the game registry and one package per game.

At the top: `service.py` (commands in, entries out), `games.py` (the games by name),
`commands.py` (every command by game), `schema.py` and `game_reference.py` (what docs/commands.md
and `turnledger facts` print), `release.py` (the version). Beside them the service's few shared
parts, each a sub-package: `book/` (the book's own commands and the service's parts), `dice/`
(digital dice), `audit/` (audit and verification), `files/` (the files around a campaign).

`referee/common/` is the game-neutral layer every game builds on; `referee/europa/` and
`referee/third_reich/` are the games, each one `Game` object (`game.py`) that
`referee/games.py` registers. `referee` imports `ledger` but never `tui`, Textual or Rich
(import-linter contracts in pyproject.toml).
"""
