"""docs/rules-coverage.md lists every rule ID of the sections issues #3 and #4 name, and its tests exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COVERAGE = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
ROWS = {match.group(1): match.group(0) for match in re.finditer(r"^\| ([A-Z]-\d+[a-z]?) \|.*$", COVERAGE, re.M)}


def expected_ids(issue: int) -> list[str]:
    lines = (ROOT / "tests" / "data" / f"rule-ids-issue-{issue}.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize(("issue", "at_least"), [(3, 200), (4, 130), (5, 80)])
def test_no_rule_id_of_the_issues_sections_is_missing(issue: int, at_least: int) -> None:
    ids = expected_ids(issue)
    assert len(ids) > at_least
    missing = [rule_id for rule_id in ids if rule_id not in ROWS]
    assert not missing, f"add these rule IDs to docs/rules-coverage.md: {missing}"


def test_every_named_test_exists() -> None:
    named = re.findall(r"(tests/[\w/]+\.py)::(test_\w+)", COVERAGE)
    assert len(named) > 100
    for path, function in named:
        assert f"def {function}(" in (ROOT / path).read_text(encoding="utf-8"), f"{path}::{function} does not exist"


def test_done_rows_name_a_test_and_other_rows_a_reason() -> None:
    for rule_id, row in ROWS.items():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        status, reason = cells[1], cells[3]
        assert status in {"done", "partial", "not yet", "other issue"}, rule_id
        assert reason, f"{rule_id} has no test or reason"
