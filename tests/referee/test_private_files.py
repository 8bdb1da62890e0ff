"""Secrets stay private: the dice secrets file is 0600 from its first byte and one that others
can read is refused by name, changing nothing (docs/security.md, "Secrets")."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from ledger.errors import PrivateFileError
from referee.service import RefereeService
from tests.referee.test_digital_dice import ROLL


def test_the_dice_secrets_file_is_private_from_its_first_byte(
    make_service: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With umask 000 and no chmod afterwards, every file renamed into place is already 0600."""
    modes: list[int] = []
    real_replace = os.replace

    def replace(source: Any, target: Any) -> None:
        modes.append(stat.S_IMODE(os.stat(source).st_mode))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "chmod", lambda *args, **kwargs: None)  # a reader before any chmod
    old_umask = os.umask(0)
    try:
        service = make_service(str(tmp_path / "dice.db"))
        service.execute_json({"kind": "CommitDice"})
    finally:
        os.umask(old_umask)
    secrets_file = tmp_path / "dice.db.dice-secrets.json"
    assert modes and set(modes) == {0o600}
    assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
    assert not [path for path in tmp_path.iterdir() if path.name.endswith(".tmp")]


def test_a_secrets_file_others_can_read_is_refused_and_nothing_changes(make_service: Any, tmp_path: Path) -> None:
    service = make_service(str(tmp_path / "dice.db"))
    service.execute_json({"kind": "CommitDice"})
    service.close()
    secrets_file = tmp_path / "dice.db.dice-secrets.json"
    os.chmod(secrets_file, 0o644)
    reopened = RefereeService.open(str(tmp_path / "dice.db"))
    try:
        head = reopened.head()
        with pytest.raises(PrivateFileError, match=r"dice-secrets\.json can be read by other users \(mode 0644\)"):
            reopened.execute_json(ROLL)
        assert reopened.head() == head
    finally:
        reopened.close()
