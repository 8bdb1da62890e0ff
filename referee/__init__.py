"""The judge: rules as pure functions and the one service that turns commands into entries.

`referee` imports `ledger` but never `tui`, Textual or Rich (tests/test_architecture.py).
"""
