"""The events a Revised Third Reich campaign reads: the neutral ones and the BRP economy's, with
the upcasters from what release 0.1.0 stored."""

from __future__ import annotations

from referee.common.events import EventCatalog, events_of
from referee.common.legacy import Legacy
from referee.third_reich import combat_events, economy_events, murmansk_events
from referee.third_reich.options import LEGACY_DEFAULTS

LEGACY = Legacy(
    collections=("brp", "roster"),
    table_fields_dropped=("cities", "cities_reached", "losses_due"),
    option_defaults=LEGACY_DEFAULTS,
)
"""Release 0.1.0 kept Europa's (empty) accounts and table fields in a Third Reich campaign."""

CATALOG = EventCatalog(
    events_of(economy_events, combat_events, murmansk_events),
    upcasters={("AccountRestored", 1): LEGACY.account, **economy_events.UPCASTERS},
    expanders={("CampaignOpened", 1): LEGACY.opening},
)
