"""Consistent reads under concurrent writers (docs/security.md): `verify` and `export` read one
view fixed when they start, so two referees applying meanwhile cause no false alarm, and the
export imports and verifies."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from referee.commands import CreateCampaign
from referee.service import RefereeService, import_campaign

from support import TickingClock

WRITER = """
import sys
from ledger.errors import ConflictError
from referee.service import RefereeService

service = RefereeService.open(sys.argv[1])
for i in range(int(sys.argv[3])):
    while True:
        try:
            service.execute_json({"kind": "SetMarker", "name": f"{sys.argv[2]}{i}", "value": "x"})
            break
        except ConflictError:
            pass
service.close()
"""


def test_verify_and_export_while_two_writers_apply(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    RefereeService.create(
        path, CreateCampaign(scenario="revised-europa/barbarossa", name="shared"), clock=TickingClock()
    ).close()
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, path, name, "400"], stderr=subprocess.PIPE, text=True)
        for name in ("a", "b")
    ]
    rounds = 0
    try:
        while rounds < 3 or any(writer.poll() is None for writer in writers):
            service = RefereeService.open(path, check=False)
            try:
                report = service.verify()
                assert report.ok, report.problems
                export = tmp_path / f"round{rounds}.jsonl"
                with export.open("w", encoding="utf-8") as out:
                    written = service.export_jsonl(out)
            finally:
                service.close()
            copy = import_campaign(str(export), str(tmp_path / f"round{rounds}.db"))
            try:
                assert copy.head() == written and copy.verify().ok
            finally:
                copy.close()
            rounds += 1
            if rounds > 200:
                break
            time.sleep(0.01)
    finally:
        for writer in writers:
            _, errors = writer.communicate(timeout=120)
            assert writer.returncode == 0, errors
    service = RefereeService.open(path)
    try:
        assert service.head() == 801 and service.verify().ok
    finally:
        service.close()
