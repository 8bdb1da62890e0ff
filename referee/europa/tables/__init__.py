"""Europa's general tables the text uses but does not print, as charts: the Success table (K-09;
commandos D-22, partisans L-08), the Airbase table (K-09, L-14) and the weather roll tables (K-10,
A-06).

- Charts: `charts` (the three, provisional and replaceable); commands and handlers: `commands`,
  `handlers`; `system` gathers them for `referee.europa.game`.

Offers siblings nothing: each roll is one ruling of its own.
"""
