"""SQL views over a PostgreSQL campaign's own tables, for an auditor with `psql` (docs/auditing.md).

The SQLite read model is a file written from the record; on a PostgreSQL server shared between
machines the record is already in a database, so the same questions are asked of views over it,
always current: ``turnledger_entries`` (one row per entry, with the rollback that undid it),
``turnledger_rolls`` and ``turnledger_notes`` (annotations, disputes and the rulings that settle
them). Each stored entry is the library's event whose state holds the entry's canonical JSON
(``entry_json``); the views unpack it with PostgreSQL's JSON functions and change nothing.
"""

from __future__ import annotations

from typing import Any

VIEWS = (
    """
    create or replace view turnledger_entries as
    select e.originator_id as campaign_id,
           (j->>'number')::bigint as number,
           j->>'recorded_at' as recorded_at,
           j->>'actor' as actor,
           j->>'on_behalf_of' as on_behalf_of,
           j->>'at' as at,
           j->'command'->>'kind' as kind,
           j->'ruling'->>'summary' as summary,
           j->'command' as command,
           j->'rolls' as rolls,
           j->'events' as events,
           j->>'hash' as hash,
           j->>'prev_hash' as prev_hash
    from turnledger_events e
    cross join lateral (select (convert_from(e.state, 'UTF8')::jsonb->>'entry_json')::jsonb as j) entry
    where entry.j is not null
    """,
    """
    create or replace view turnledger_undone as
    select en.campaign_id, en.number,
           (select min(r.number) from turnledger_entries r
            where r.campaign_id = en.campaign_id and r.kind = 'Rollback' and r.number > en.number
              and (r.command->>'to')::bigint < en.number) as undone_by
    from turnledger_entries en
    """,
    """
    create or replace view turnledger_rolls as
    select en.campaign_id, en.number as entry, roll.ordinality - 1 as idx,
           roll.value->>'purpose' as purpose, roll.value->>'dice' as dice, roll.value->'faces' as faces,
           (roll.value->>'total')::int as total, coalesce(roll.value->>'method', 'physical') as method,
           roll.value->>'rolled_by' as rolled_by, coalesce(roll.value->>'entered_by', en.actor) as entered_by,
           (roll.value->>'period')::bigint as period, (roll.value->>'n')::bigint as n,
           roll.value->>'commitment' as commitment
    from turnledger_entries en
    cross join lateral jsonb_array_elements(en.rolls) with ordinality as roll(value, ordinality)
    """,
    """
    create or replace view turnledger_notes as
    select n.campaign_id, n.number as entry, n.actor as by, (n.command->>'entry')::bigint as on_entry,
           coalesce(n.command->>'text', n.command->>'ruling') as text,
           coalesce((n.command->>'disputed')::boolean, false) as disputed,
           (n.command->>'dispute')::bigint as settles,
           (select min(s.number) from turnledger_entries s
            where s.campaign_id = n.campaign_id and s.kind = 'SettleDispute'
              and (s.command->>'dispute')::bigint = n.number) as settled_by
    from turnledger_entries n
    where n.kind in ('Annotate', 'SettleDispute')
    """,
)


def create_views(recorder: Any) -> None:
    """Create (or replace) the views in the campaign's PostgreSQL database."""
    with recorder.datastore.transaction(commit=True) as cursor:
        for view in VIEWS:
            cursor.execute(view)
