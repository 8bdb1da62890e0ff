"""The auditor's views on a PostgreSQL campaign (issue 13, item 5; ledger/pg_views.py): entries,
the rollback that undid each, rolls and notes, read with plain SQL from the campaign's database,
always current."""

from __future__ import annotations

import itertools

import psycopg
import pytest

from referee.commands import CreateCampaign
from referee.service import RefereeService

from pg import create_database

_names = itertools.count(1)


@pytest.fixture
def campaign_url(postgres_server: str) -> str:
    url = create_database(postgres_server, f"views_{next(_names)}")
    service = RefereeService.create(url, CreateCampaign(scenario="revised-europa/barbarossa", name="views"))
    roll = {"kind": "RecordRoll", "purpose": "attack on Brest", "dice": "2D6", "rolled_by": "Hans"}
    service.execute_json({**roll, "faces": [6, 6]})  # 2
    service.execute_json({"kind": "Annotate", "entry": 2, "text": "the dice left the tray", "disputed": True})  # 3
    service.execute_json({**roll, "faces": [1, 2], "on_behalf_of": "Hans"})  # 4
    service.execute_json({"kind": "Rollback", "to": 3, "reason": "rolled twice"})  # 5
    service.execute_json({"kind": "SettleDispute", "entry": 2, "dispute": 3, "ruling": "the roll stands"})  # 6
    service.close()
    return url


def test_the_views_answer_from_the_campaigns_own_tables(campaign_url: str) -> None:
    with psycopg.connect(campaign_url) as connection:
        entries = connection.execute("select number, kind, actor, on_behalf_of from turnledger_entries order by number")
        assert [row[1] for row in entries.fetchall()] == [
            "CreateCampaign",
            "RecordRoll",
            "Annotate",
            "RecordRoll",
            "Rollback",
            "SettleDispute",
        ]
        undone = connection.execute("select number, undone_by from turnledger_undone where undone_by is not null")
        assert undone.fetchall() == [(4, 5)]
        rolls = connection.execute(
            "select r.entry, r.faces, r.total, r.rolled_by, u.undone_by from turnledger_rolls r "
            "join turnledger_undone u on u.campaign_id = r.campaign_id and u.number = r.entry order by r.entry"
        ).fetchall()
        assert rolls == [(2, [6, 6], 12, "Hans", None), (4, [1, 2], 3, "Hans", 5)]
        notes = connection.execute(
            "select entry, on_entry, disputed, settles, settled_by from turnledger_notes order by entry"
        )
        assert notes.fetchall() == [(3, 2, True, None, 6), (6, 2, False, 3, None)]
        behalf = connection.execute("select number from turnledger_entries where on_behalf_of = 'Hans'").fetchall()
        assert behalf == [(4,)]
