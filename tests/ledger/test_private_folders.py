"""The folders of private files (ledger/private_file.py, docs/security.md "Secrets"): turnledger's
own folders are created 0700 whatever the umask, and a secrets or trust file is neither read nor
written in a folder others may write (unless its sticky bit keeps them from replacing it), nor
read when it belongs to another user. A campaign in /tmp (1777) keeps its dice seeds as anywhere."""

from __future__ import annotations

import grp
import os
import pwd
import stat
from pathlib import Path
from typing import Any

import pytest

from ledger.errors import PrivateFileError
from ledger.private_file import read_private, write_private
from ledger.trust import TRUST_DIR_VARIABLE, LocalTrust
from referee.service import RefereeService


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_turnledgers_own_folders_are_created_0700_under_umask_000(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`mkdir -p` left ~/.turnledger at the umask's mode (0777 under umask 000): every folder made
    for a trust or secrets file is 0700, the file 0600."""
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv(TRUST_DIR_VARIABLE)
    old_umask = os.umask(0)
    try:
        trust = LocalTrust.of("campaign", "/somewhere/game.db")
        trust.vouch(1, "ab" * 32)
        trust.save()
        write_private(home / ".turnledger" / "dice-secrets" / "campaign.json", "{}")
        write_private(tmp_path / "named" / "by" / "variable" / "x.json", "{}")
    finally:
        os.umask(old_umask)
    assert trust.path is not None and trust.path.parent == home / ".turnledger" / "trust"
    for folder in (home / ".turnledger", trust.path.parent, home / ".turnledger" / "dice-secrets"):
        assert mode(folder) == 0o700, folder
    for folder in (tmp_path / "named", tmp_path / "named" / "by", tmp_path / "named" / "by" / "variable"):
        assert mode(folder) == 0o700, folder
    assert mode(trust.path) == 0o600


def test_a_secrets_file_in_a_folder_others_can_write_is_neither_read_nor_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoever may write in the folder may replace the file: refused by name of folder and mode,
    with the cure; nothing is written there. A folder its group may write is refused when the
    group has other members, and accepted when it is the user's private group (umask 002)."""
    shared = tmp_path / "shared"
    shared.mkdir()
    write_private(shared / "seeds.json", "kept")
    os.chmod(shared, 0o777)
    for attempt in (lambda: read_private(shared / "seeds.json"), lambda: write_private(shared / "seeds.json", "new")):
        with pytest.raises(PrivateFileError) as refused:
            attempt()
        message = str(refused.value)
        assert f"the folder {shared} can be written by other users (mode 0777)" in message
        assert f"chmod 700 {shared}" in message
    assert sorted(path.name for path in shared.iterdir()) == ["seeds.json"]
    os.chmod(shared, 0o770)
    os.chown(shared, -1, pwd.getpwuid(os.geteuid()).pw_gid)
    assert read_private(shared / "seeds.json") == "kept"  # the user's own group, no other member
    monkeypatch.setattr(grp, "getgrgid", lambda gid: grp.struct_group(("table", "x", gid, ["alice", "boris"])))
    with pytest.raises(PrivateFileError, match="mode 0770"):
        read_private(shared / "seeds.json")


def test_a_folder_with_the_sticky_bit_is_accepted_and_a_file_of_another_user_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/tmp's mode (1777): nobody but a file's owner may replace it there. A file under the expected
    name that is not this user's is refused (and its content never read)."""
    public = tmp_path / "public"
    public.mkdir()
    os.chmod(public, 0o1777)
    write_private(public / "seeds.json", "kept")
    assert read_private(public / "seeds.json") == "kept"
    real_uid = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: real_uid + 4242)
    with pytest.raises(PrivateFileError, match="belongs to another user"):
        read_private(public / "seeds.json")


def test_a_campaign_in_a_folder_others_can_write_opens_but_keeps_no_seeds_there(
    make_service: Any, tmp_path: Path
) -> None:
    """In a plain 0777 folder the campaign is read and recorded as ever; committing digital dice
    is refused naming the folder, recording nothing. With the sticky bit (as /tmp) it works."""
    folder = tmp_path / "table"
    folder.mkdir()
    os.chmod(folder, 0o777)
    service = make_service(str(folder / "game.db"))
    service.execute_json({"kind": "AdvancePhase"})
    head = service.head()
    with pytest.raises(PrivateFileError, match=r"table can be written by other users \(mode 0777\)"):
        service.execute_json({"kind": "CommitDice"})
    assert service.head() == head
    assert not [path for path in folder.iterdir() if "dice-secrets" in path.name]
    os.chmod(folder, 0o1777)
    service.execute_json({"kind": "CommitDice"})
    assert service.head() == head + 1
    assert mode(folder / "game.db.dice-secrets.json") == 0o600
    service.close()
    assert RefereeService.open(str(folder / "game.db")).head() == head + 1
