"""The table: the `turnledger` command line (and, later, the Textual console). Shows and asks; never decides."""
