"""The game-neutral layer of the referee: what every game package builds on.

State shared by all games (identity, calendar, weather, markers, dice, rosters, facts), the
neutral events and their fold, commands and handlers every game has, dice, calendar helpers,
rulings and errors. Nothing here imports a game package; the games import this.
"""
