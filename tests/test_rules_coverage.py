"""docs/rules-coverage.md lists every rule ID of the sections issue #3 names, and its tests exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COVERAGE = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
ROWS = {match.group(1): match.group(0) for match in re.finditer(r"^\| ([A-Z]-\d+[a-z]?) \|.*$", COVERAGE, re.M)}


def expected_ids() -> list[str]:
    lines = (ROOT / "tests" / "data" / "rule-ids-issue-3.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_no_rule_id_of_sections_a_b_c_i_j_is_missing() -> None:
    ids = expected_ids()
    assert len(ids) > 200
    missing = [rule_id for rule_id in ids if rule_id not in ROWS]
    assert not missing, f"add these rule IDs to docs/rules-coverage.md: {missing}"


def test_every_named_test_exists() -> None:
    named = re.findall(r"(tests/[\w/]+\.py)::(test_\w+)", COVERAGE)
    assert len(named) > 50
    for path, function in named:
        assert f"def {function}(" in (ROOT / path).read_text(encoding="utf-8"), f"{path}::{function} does not exist"


def test_done_rows_name_a_test_and_other_rows_a_reason() -> None:
    for rule_id, row in ROWS.items():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        status, reason = cells[1], cells[3]
        assert status in {"done", "partial", "not yet", "other issue"}, rule_id
        assert reason, f"{rule_id} has no test or reason"
