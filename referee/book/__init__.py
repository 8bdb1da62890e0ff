"""The book's own part of the service: what it does for every game beside the game's rules.

`referee/service.py` assembles `RefereeService` from here as a game's ``game.py`` assembles its
`Game` from its sub-packages:

- `handlers`: the handlers of the book's own commands (Rollback, AdoptRuleset, AdoptCharts,
  CommitDice, and the refusals of CreateCampaign and BranchCampaign as entries), registered in
  `BOOK_HANDLERS` as a game registers its own, and `decide`, the one way every command is
  decided: the book's handler or the game's, each given a `desk.Desk`;
- `desk`: what a command is decided with (the state before it, its game, the record and the
  dice secrets the service lends);
- `rules_change`: AdoptRuleset and AdoptCharts, which read today's bundled files;
- `opening`: a new campaign's starting state and the events of entry #1;
- `record`: what is done with the whole record (verify, export, read model, branch);
- `console_reads`: what the console reads besides the state (forms, options, notes, bookmarks);
- `sealed_orders`: sealing and revealing orders at the service's edge (salt drawn, order kept).

A new shared part of the service goes here; a rule of one game goes in that game's package.
"""
