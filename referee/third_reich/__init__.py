"""Revised Third Reich rules (seed 004), one sub-package per system (`referee.third_reich.systems`
lists them: economy, wars, territory, land, attrition, air_naval, murmansk, strategic_warfare),
`common` for what they all read, and the game-wide parts beside `game.py`, which assembles the
`Game`."""
