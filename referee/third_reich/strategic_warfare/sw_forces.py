"""The strategic-warfare forces each power holds, kept by the book (seed 004, RULES.md G-62..G-67,
G-70, G-72).

Germany starts with 3 U-boat factors and no interceptors, the UK with no ASW and no bombers
(G-67); builds add factors within the year's limits (G-63); forced conversions add 9 ASW for a
fleet or 5 interceptors for an air fleet (G-64, G-65); fire removes them, in a round (G-62) or in
the Murmansk box (G-70). A side's factors of one kind fight together: the Western Allies' ASW and
bombers are the UK's and the USA's (once in play) together. Which power's factors a side loses the
text does not say; provisionally each factor lost comes off the power holding more of that kind,
the UK on a tie, as Murmansk hits are shared between two shipments (`murmansk.split_hits`).

A campaign recorded before the book kept these boxes has no counts: a kind is known once
`StateStrategicForces` states it, and until then the rounds that use it are checked as before.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.third_reich.common.state import BrpEconomy, ReichState
from referee.third_reich.strategic_warfare import events as ec
from referee.third_reich.strategic_warfare.events import SwKind

KINDS: dict[str, SwKind] = {
    "submarines": "submarines",
    "asw": "asw",
    "bombers": "bombers",
    "interceptors": "interceptors",
}
"""The strategic-warfare kinds by name (G-40 [004]: each factor costs 3 BRPs)."""

WIELDS: dict[str, tuple[str, ...]] = {
    "Germany": ("submarines", "interceptors"),
    "UK": ("asw", "bombers"),
    "USA": ("asw", "bombers"),
}
"""G-63 [004]: who builds which strategic-warfare factors (the UK, and the USA once at war)."""

STARTING: dict[str, dict[str, int]] = {
    "Germany": {"submarines": 3, "interceptors": 0},
    "UK": {"asw": 0, "bombers": 0},
    "USA": {"asw": 0, "bombers": 0},
}
"""G-67 [004]: 3 U-boats for Germany and no ASW for the UK at the start, nothing added before Spring
1940; the text puts no bombers or interceptors in the boxes at the start either."""

FIGHTS: dict[str, tuple[SwKind, SwKind]] = {"submarines": ("submarines", "asw"), "bombers": ("bombers", "interceptors")}
"""G-62 [004]: the attacking weapon -> (the offence's kind, the defence's kind)."""

CONVERTED: dict[SwKind, int] = {"asw": 9, "interceptors": 5}
"""G-64, G-65 [004]: the factors a forced conversion puts in the box (a 9-factor fleet becomes 9 ASW,
a 5-4 air fleet 5 interceptors)."""

NAMES = {"submarines": "U-boat", "asw": "ASW", "bombers": "bomber", "interceptors": "interceptor"}
"""Each kind as in '3 U-boat factors'."""
PLURALS = {"submarines": "U-boats", "asw": "ASW", "bombers": "bombers", "interceptors": "interceptors"}
"""Each kind as in '3 U-boats'."""


def starting_forces(power: str) -> dict[str, int]:
    """G-67 [004]: the strategic-warfare factors ``power`` starts the campaign with (none for a
    power that wields none)."""
    return dict(STARTING.get(power, {}))


def holders(state: ReichState, kind: str) -> list[BrpEconomy]:
    """The powers in play that wield ``kind`` (G-63 [004]), the UK before the USA."""
    found = [state.brp_economies.get(power) for power, kinds in WIELDS.items() if kind in kinds]
    return [economy for economy in found if economy is not None and economy.in_play]


def side_counts(state: ReichState, kind: str) -> dict[str, int] | None:
    """Power -> factors of ``kind`` the side holds, by the book; None when no power in play wields it
    or the book does not know one holder's count."""
    counts: dict[str, int] = {}
    for economy in holders(state, kind):
        if kind not in economy.sw_forces:
            return None
        counts[economy.power] = economy.sw_forces[kind]
    return counts or None


def share_losses(counts: Mapping[str, int], lost: int) -> dict[str, int]:
    """Each factor lost off the power holding more of the kind, the first listed on a tie
    (provisional, see the module); never more than a power holds."""
    left = dict(counts)
    taken = dict.fromkeys(counts, 0)
    for _ in range(min(lost, sum(left.values()))):
        power = max(left, key=lambda name: left[name])
        left[power] -= 1
        taken[power] += 1
    return {power: value for power, value in taken.items() if value}


def adjusted(counts: Mapping[str, int], total: int, first: str) -> dict[str, int]:
    """``counts`` brought to ``total``: a rise goes to ``first``, a fall comes off ``first``, then the
    others in order, each down to 0 (a referee's correction of a side's count)."""
    result = dict(counts)
    difference = total - sum(result.values())
    order = [first, *(power for power in result if power != first)]
    if difference > 0:
        result[first] = result.get(first, 0) + difference
    for power in order:
        if difference >= 0:
            break
        taken = min(result[power], -difference)
        result[power] -= taken
        difference += taken
    return result


def changed(economy: BrpEconomy, kind: SwKind, change: int, reason: str) -> list[ec.SwForcesChanged]:
    """The event moving ``economy``'s count of ``kind`` by ``change``: none when the book keeps no
    such count (a campaign recorded before it kept the boxes) or nothing changes."""
    if not change or kind not in economy.sw_forces:
        return []
    return [ec.SwForcesChanged(power=economy.power, kind=kind, change=change, reason=reason)]


def stated(before: Mapping[str, int], after: Mapping[str, int], kind: SwKind, reason: str) -> list[ec.SwForcesStated]:
    """The statements setting each power whose count differs between ``before`` and ``after``."""
    return [
        ec.SwForcesStated(power=power, kind=kind, factors=factors, reason=reason)
        for power, factors in after.items()
        if before.get(power) != factors
    ]


def losses(counts: Mapping[str, int] | None, kind: SwKind, lost: int, reason: str) -> list[ec.SwForcesChanged]:
    """The events taking ``lost`` factors of ``kind`` off a side whose counts the book keeps."""
    if counts is None:
        return []
    return [
        ec.SwForcesChanged(power=power, kind=kind, change=-taken, reason=reason)
        for power, taken in share_losses(counts, lost).items()
    ]


def holder_name(counts: Mapping[str, int]) -> tuple[str, str]:
    """Who holds a side's counts, and the verb: ('Germany', 'has'), ('the UK', 'has') or ('the Western
    Allies', 'have')."""
    if len(counts) != 1:
        return "the Western Allies", "have"
    power = next(iter(counts))
    return (f"the {power}" if power in ("UK", "USA") else power), "has"


def shown(counts: Mapping[str, int]) -> str:
    """'8' for one power, '6 (UK 4, USA 2)' for a side of two."""
    total = sum(counts.values())
    if len(counts) < 2:
        return str(total)
    return f"{total} ({', '.join(f'{power} {value}' for power, value in counts.items())})"
