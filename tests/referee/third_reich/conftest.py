"""Fixtures the Third Reich tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee.service import RefereeService
from tests.referee.third_reich.reich_support import new


@pytest.fixture
def reich() -> Iterator[RefereeService]:
    """A fresh 1939 campaign in memory, closed after the test."""
    service = new()
    yield service
    service.close()
