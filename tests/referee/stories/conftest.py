"""The stories run on every backend: SQLite in memory, an SQLite file and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from referee.service import RefereeService


@pytest.fixture
def europa(make_service: Callable[..., RefereeService], location: str) -> RefereeService:
    """A Barbarossa campaign on each backend."""
    return make_service(location)


@pytest.fixture
def third_reich(make_service: Callable[..., RefereeService], location: str) -> RefereeService:
    """A 1939 Third Reich campaign on each backend."""
    return make_service(location, scenario="revised-third-reich/campaign-1939")
