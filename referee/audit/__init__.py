"""Audit and verification: was anything changed, did the rules give what was recorded, do the
receipts the players kept still match (`turnledger audit`, `verify`, `report`; docs/auditing.md,
docs/verifying.md).

- `report`: the audit's report (`audit`, `audit_entry`, `report_data`), from `readjudication`
  (every entry decided again against the state before it) and `gathering` (who entered what,
  disputes, rollbacks, undone rolls, the dice statistics);
- `verify_record`: `turnledger verify`, the chain against the head noted at the table, this
  machine's checkpoint and the receipts given here;
- `receipts`: the head's and each digital roll's receipt, given and checked;
- `verify_export`: the standalone verifier of an export (standard library only, copied into one
  folder with `referee/dice/digital_dice.py`, `referee/dice/dice_schemes.py`,
  `ledger/entry_line.py` and `ledger/receipts.py`).

Everything here reads a campaign through the service (`referee.service.RefereeService`); nothing
writes an entry but `verify_record`'s note of an accepted rewrite.
"""
