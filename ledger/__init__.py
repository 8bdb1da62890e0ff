"""The book: an event-sourced, hash-chained record of one campaign.

`ledger` knows accounting (entries, chains, pools that may not go negative), never wargame
rules. It imports neither `referee` nor `tui`, and no UI library (see tests/test_architecture.py).
"""
