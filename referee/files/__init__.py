"""Campaign files: what the command line and the console read and write beside the record.

- `locations`: a campaign's location checked, shown without its password, handed to a child
  process; `side_files`: where the files a campaign keeps beside it go (`bookmarks` is one; the
  dice secrets, `referee.dice.secret_keeper`, another);
- `batch`: a JSONL file of commands applied line by line, resumable; `outputs`: every file the
  command line writes (exports, the read model, reports), through ledger/output_file.py;
  `read_model`: the game's figures for the SQLite read model;
- `chart_check`: a referee's own chart file checked against the bundled layouts before it is
  adopted (`turnledger charts check`).

None of these is an entry: they sit around the record, never in it.
"""
