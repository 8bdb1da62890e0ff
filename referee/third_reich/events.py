"""The events a Revised Third Reich campaign reads: the neutral ones and each system's, with the
upcasters from what earlier releases stored (release 0.1.0's openings and account documents, and
each system's own)."""

from __future__ import annotations

from referee.common.events import EventCatalog, events_of
from referee.common.legacy import Legacy
from referee.third_reich.common.system import union
from referee.third_reich.options import LEGACY_DEFAULTS
from referee.third_reich.systems import SYSTEMS

LEGACY = Legacy(
    collections=("brp", "roster"),
    table_fields_dropped=("cities", "cities_reached", "losses_due"),
    option_defaults=LEGACY_DEFAULTS,
)
"""Release 0.1.0 kept Europa's (empty) accounts and table fields in a Third Reich campaign."""

CATALOG = EventCatalog(
    events_of(*(module for system in SYSTEMS for module in system.events)),
    upcasters={
        ("AccountRestored", 1): LEGACY.account,
        **union((system.upcasters for system in SYSTEMS), "upcaster"),
    },
    expanders={("CampaignOpened", 1): LEGACY.opening},
)
