"""The events a Revised Europa campaign reads: the neutral ones, logistics and combat, with the
upcasters from what release 0.1.0 stored."""

from __future__ import annotations

from referee.common.events import EventCatalog, events_of
from referee.common.legacy import Legacy
from referee.europa.bombardment import events as bombardment_events
from referee.europa.boot_camp import events as boot_camp_events
from referee.europa.combat import events as combat_events
from referee.europa.logistics import events as logistics_events
from referee.europa.second_front import events as fortification_events

LEGACY = Legacy(collections=("supply", "replacements", "roster", "resources"))
"""Release 0.1.0 kept empty BRP accounts in a Europa campaign; everything else is kept."""

CATALOG = EventCatalog(
    events_of(logistics_events, combat_events, bombardment_events, boot_camp_events, fortification_events),
    upcasters={("AccountRestored", 1): LEGACY.account},
    expanders={("CampaignOpened", 1): LEGACY.opening},
)
