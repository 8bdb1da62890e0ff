"""The book: an event-sourced, hash-chained record of one campaign, for any game.

`ledger` knows entries, the chain, replay, rollback marks, verification and exchange; a game
hands it a `Fold` (`ledger/folding.py`) and it never names one. It imports neither `referee`
nor `tui`, and no UI library (import-linter contracts in pyproject.toml).
"""
