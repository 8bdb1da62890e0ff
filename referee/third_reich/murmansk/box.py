"""What goes into the Murmansk box and what comes out of its fight (seed 004, RULES.md G-56,
G-58, G-70, G-72, H-23): each side's commitments (German air, fleets and U-boats; Allied fleets
and ASW, never air) with the lend lease BRPs in the box, and the outcome the fight gives (losses,
survivors, BRP hits). The fight itself, its eight steps, is `referee.third_reich.murmansk.fight`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

NORTHERN_MAXIMUM = 20
"""G-56, G-58, G-60 [004]: at most 20 BRPs go north from each of the UK and the USA."""
AIR_FLEET = 5
"""H-23 [004]: the 5-4 air fleet; no more 9-factor fleets fire at air than air fleets attacked."""
FLEET = 9
"""H-23 [004]: the 9-factor fleet."""
WESTERN_ALLIES = "Western Allies"


@dataclass(frozen=True)
class Forces:
    """Factors of each asset in the box (what was sent, lost, or is left)."""

    german_air: int = 0
    german_fleets: int = 0
    uboats: int = 0
    allied_fleets: int = 0
    asw: int = 0


NAMES = {
    "german_air": "German air",
    "german_fleets": "German fleets",
    "uboats": "U-boats",
    "allied_fleets": "Allied fleets",
    "asw": "ASW",
}
"""How the assets are named in the derivation."""


@dataclass(frozen=True)
class Commitments:
    """What each side sends to the Murmansk box and the lend lease BRPs in it (G-56, G-58, G-72 [004]).

    German air comes from Norway's airbases and cities, German fleets from Norway's ports (Bergen
    alone under one J-58 reading), U-boats from the strategic-warfare box; their number stays
    hidden until the fight (the Allies only see whether any were sent), so it is entered here.
    The Allies send fleets and ASW; air they may never send, so ``allied_air`` exists only to be
    refused with the rule.

    Raises:
        IllegalOrderError: Allied air, negative factors, more than 20 BRPs from one power, or
            no lend lease at all in the box.
    """

    german_air: int = 0
    german_fleets: int = 0
    uboats: int = 0
    allied_fleets: int = 0
    asw: int = 0
    allied_air: int = 0
    uk_brps: int = 0
    usa_brps: int = 0

    def __post_init__(self) -> None:
        if self.allied_air > 0:
            raise IllegalOrderError(
                f"the Western Allies may never send air to the Murmansk box (G-72 [004]); "
                f"{self.allied_air} Allied air factors were entered"
            )
        for item in fields(self):
            value = getattr(self, item.name)
            if value < 0:
                name = {**NAMES, "allied_air": "Allied air", "uk_brps": "UK BRPs", "usa_brps": "USA BRPs"}[item.name]
                raise IllegalOrderError(f"{name} cannot be negative: {value} (G-72 [004])")
        for power, amount in (("UK", self.uk_brps), ("USA", self.usa_brps)):
            if amount > NORTHERN_MAXIMUM:
                raise IllegalOrderError(
                    f"{power} sent {amount} BRPs north; at most {NORTHERN_MAXIMUM} go by the northern route from "
                    "each power (G-56, G-58, G-60 [004])"
                )
        if not self.brps:
            raise IllegalOrderError(
                "no lend lease is in the Murmansk box; the box is used only when the UK or the USA "
                "sends BRPs north (G-56, G-58, G-70 [004])"
            )

    @property
    def forces(self) -> Forces:
        """The factors sent, without the BRPs."""
        return Forces(self.german_air, self.german_fleets, self.uboats, self.allied_fleets, self.asw)

    @property
    def lend_lease(self) -> dict[str, int]:
        """Sender -> BRPs in the box, the UK first; only the powers that sent any."""
        return {power: amount for power, amount in (("UK", self.uk_brps), ("USA", self.usa_brps)) if amount}

    @property
    def brps(self) -> int:
        """All the BRPs in the box."""
        return self.uk_brps + self.usa_brps


@dataclass(frozen=True)
class MurmanskOutcome:
    """The fight: losses, survivors, BRP hits (whole and per sender), the rolls used and the derivation."""

    lost: Forces
    survivors: Forces
    brp_hits: int
    hits_by_sender: dict[str, int]
    arriving: dict[str, int]
    rolls: list[tuple[str, int]]
    steps: list[Step] = field(default_factory=list)

    @property
    def summary(self) -> str:
        """One line for the ruling."""
        losses = ", ".join(f"{NAMES[name]} lose {getattr(self.lost, name)}" for name in NAMES)
        return f"Murmansk box: {losses}; {self.brp_hits} lend lease BRPs lost, {sum(self.arriving.values())} arrive"
