"""The judge: the referee service, the game registry and one package per game.

`referee/common/` is the game-neutral layer every game builds on; `referee/europa/` and
`referee/third_reich/` are the games, each one `Game` object (`game.py`) that
`referee/games.py` registers. `referee` imports `ledger` but never `tui`, Textual or Rich
(import-linter contracts in pyproject.toml).
"""
