"""`undone_from` follows the live record back as spans (issue 17: it held a set of every live
entry number, a million of them once a long campaign had any rollback). Checked against the
walk it replaced, entry by entry, on generated records with rollbacks, undos of undos included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.rollback import undone_from


def walked(rollbacks: list[list[int]], last: int) -> dict[int, int]:
    """The definition: walk back from the last entry, a rollback jumping to the entry it went
    back to; every entry a rollback skipped that the walk never reached is undone by it."""
    targets = {rollback: target for rollback, target in rollbacks}  # noqa: C416 - pairs are lists, not tuples
    live: set[int] = set()
    number = last
    while number >= 1:
        live.add(number)
        number = targets[number] if number in targets else number - 1
    return {
        number: rollback
        for rollback, target in sorted(targets.items())
        for number in range(target + 1, rollback)
        if number not in live
    }


@st.composite
def records(draw: st.DrawFn) -> tuple[list[list[int]], int]:
    """A record of up to 300 entries; some entries roll back to an earlier one."""
    last = draw(st.integers(min_value=1, max_value=300))
    rollbacks = []
    for number in range(3, last + 1):
        if draw(st.integers(min_value=0, max_value=9)) == 0:
            rollbacks.append([number, draw(st.integers(min_value=1, max_value=number - 1))])
    return rollbacks, last


@given(records())
@settings(max_examples=150, deadline=None)
def test_the_spans_give_what_the_walk_gives(record: tuple[list[list[int]], int]) -> None:
    rollbacks, last = record
    assert undone_from(rollbacks, last) == walked(rollbacks, last)


def test_an_undo_of_an_undo_brings_the_first_stretch_back() -> None:
    # #5 goes back to #2 (undoes #3, #4); #7 goes back to #4: #3 and #4 live again, #5 and #6 undone
    assert undone_from([[5, 2], [7, 4]], 8) == {5: 7, 6: 7}
    assert undone_from([[5, 2]], 6) == {3: 5, 4: 5}
