"""Showing exact numbers in derivations: fractions as decimals when they terminate ("13.2")."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def show(value: Fraction | int) -> str:
    """'13.2' for 66/5, '7/3' for a fraction with no finite decimal, '4' for whole numbers."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    denominator = exact.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return f"{exact.numerator}/{exact.denominator}"
    return str(Decimal(exact.numerator) / Decimal(exact.denominator))
