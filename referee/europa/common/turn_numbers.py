"""How every Europa calendar here numbers its turns: ``2 * (months since June 1941) + (1 for II)``
(`referee.common.calendar`), so Jul I 1943 = 50, May I 1945 = 94 and Dec II 1942 = 37; turns
before June 1941 are negative (Sep I 1939 = −42). The charts write their periods as the calendar
shows them ('Jul I 1943'); the Second Front calendar (A-40 [003]), the factory upgrades, the
reinforcement schedule and the Winterization table read them here. Pure functions."""

from __future__ import annotations

from referee.common.errors import IllegalOrderError

MONTHS = ("Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May")


def turn_of(month: str, half: str, year: int) -> int:
    """The turn number of a half-month: turn_of('Jul', 'I', 1943) = 50."""
    if month not in MONTHS or half not in ("I", "II"):
        raise IllegalOrderError(f"a Europa turn is a month ({', '.join(MONTHS)}) and a half (I or II)")
    calendar_month = (MONTHS.index(month) + 5) % 12  # Jan = 0
    months = (year - 1941) * 12 + calendar_month - 5
    return 2 * months + (1 if half == "II" else 0)


def year_of(turn: int) -> int:
    """The calendar year of a turn."""
    return 1941 + (turn // 2 + 5) // 12


def label_of(turn: int) -> str:
    """'Jul I 1943' for turn 50."""
    return f"{MONTHS[(turn // 2) % 12]} {'II' if turn % 2 else 'I'} {year_of(turn)}"


def turn_of_label(label: str) -> int:
    """The turn of a label as the calendar shows it: turn_of_label('Jul I 1943') = 50 (the charts'
    periods are written so). Raises `IllegalOrderError` for anything else."""
    parts = label.split()
    if len(parts) != 3 or not parts[2].isdigit():
        raise IllegalOrderError(f"a Europa turn is written 'Jul I 1943' (month, I or II, year); not {label!r}")
    return turn_of(parts[0], parts[1], int(parts[2]))
