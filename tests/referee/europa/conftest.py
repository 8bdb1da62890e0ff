"""Fixtures the Europa tests share."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.europa_support import in_memory

from support import TickingClock


@pytest.fixture
def barbarossa() -> Iterator[RefereeService]:
    """Barbarossa (ruleset europa-000) in memory."""
    with closing(in_memory("barbarossa")) as service:
        yield service


@pytest.fixture
def sf(tmp_path: Path) -> Iterator[RefereeService]:
    """A Second Front campaign (ruleset europa-003) at Jul I 43, on file."""
    create = CreateCampaign(scenario="second-front/1943", name="sf")
    with closing(RefereeService.create(str(tmp_path / "sf.db"), create, clock=TickingClock())) as service:
        yield service
