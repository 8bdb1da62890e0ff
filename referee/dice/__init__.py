"""Digital dice: how a roll is made, committed, rolled, revealed and checked, and whether the dice
are fair (DESIGN "Dice: physical and verifiable", revision 3; docs/dice.md, docs/verifying.md).

- `dice_schemes` and `digital_dice`: the message a roll's faces are drawn from, scheme by scheme,
  and the check of every roll of a record; standard library only, and named as the standalone
  verifier copies them into one folder (their file names are part of docs/verifying.md);
- `periods`: who may roll now, the commitment of a new period and the reveal at a turn's end;
- `binding`: which fields of a recorded command a scheme-3 roll leaves unbound (its free text);
- `secret_keeper`: the private file beside a campaign that keeps each period's seed (and the
  sealed orders) until the record may hold it;
- `stats`: counts per face and the chi-square test the audit reports.

The shared layer's `referee.common.dice` rolls through `dice_schemes`; the service, the audit and
the console read the rest. Nothing here imports a game.
"""
