"""Strategic warfare (seed 004, RULES.md G-61..G-68, H-20, H-21, H-27): a round of U-boats against
ASW or bombers against interceptors and the BRP hits on the target's economy (`warfare`), hits
typed in and the air fleets bomber hits convert, the forces each power holds as the book keeps
them (`sw_forces`) and the checks of a round against them (`warfare_forces`).

It offers siblings (`interface`): the kinds and counts of strategic-warfare factors and their
changes (the economy builds and converts them, the Murmansk box loses them) and the exchange of
fire the Murmansk box fights with.
"""
