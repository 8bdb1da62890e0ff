"""What this release changed in what Third Reich commands record (`referee.audit`): an entry of an
earlier release, decided again today, records more than it did; seen as the releases before the
change recorded it, it must be the same, or the audit reports a problem."""

from __future__ import annotations

from typing import Any

from referee.common.game import RuleChange


def _without_wars(event: dict[str, Any]) -> dict[str, Any] | None:
    return None if event.get("type") == "WarDeclared" else event


def _year_start_as_before(event: dict[str, Any]) -> dict[str, Any] | None:
    if event.get("type") == "LendLeaseSent":
        return {key: value for key, value in event.items() if key != "spending_base"}
    if event.get("type") == "YearStartApplied":
        return {key: value for key, value in event.items() if key != "sw_hits_deducted"}
    return event


def _lend_lease_as_one_amount(event: dict[str, Any]) -> dict[str, Any] | None:
    if event.get("type") in ("LendLeaseIntercepted", "LendLeaseArrived"):
        return {key: value for key, value in event.items() if key != "by_route"}
    return event


def _swaps_as_stated(event: dict[str, Any]) -> dict[str, Any] | None:
    if event.get("type") == "BrpCharged" and str(event.get("detail", "")).startswith("attrition swaps for"):
        return {key: value for key, value in event.items() if key != "amount"}
    return event


def _without_roster_changes(event: dict[str, Any]) -> dict[str, Any] | None:
    return None if event.get("type") == "UnitStatusChanged" else event


_BACK_IN_ROSTER = (
    "a registered unit recovered by a replacement or built again is now full in the force roster at once "
    "(issue 28); entries recorded before left it eliminated there"
)

_ARRIVALS = (
    "lend lease now arrives route by route, each on its own timetable (G-56, G-59, J-58); entries recorded "
    "before gave one amount for all routes"
)

RULE_CHANGES = (
    RuleChange(
        "DeclareWar",
        _without_wars,
        "a declaration now records the war it creates, from its entry (WarDeclared, G-34), so that a second "
        "declaration and lend lease before its war can be refused; entries recorded before kept no war",
    ),
    RuleChange(
        "PerformYearStart",
        _year_start_as_before,
        "lend lease given at a year start now moves the totals the Spring turn's half-spend limit counts from "
        "(G-42), and the year start names the years whose strategic-warfare hits it deducted (G-61); entries "
        "recorded before did neither",
    ),
    RuleChange(
        "RecordMurmanskHits",
        _lend_lease_as_one_amount,
        "Murmansk hits now come off each northern route's shipment (G-70); entries recorded before took them "
        "off one amount",
    ),
    RuleChange(
        "RemoveAttritionLosses",
        _swaps_as_stated,
        "a unit saved from attrition by a replacement now pays the cost its type and factors give (G-40, H-13) "
        "when none is stated; entries recorded before paid the cost stated, 0 when none was",
    ),
    RuleChange("RecoverUnit", _without_roster_changes, _BACK_IN_ROSTER),
    RuleChange("BuildUnits", _without_roster_changes, _BACK_IN_ROSTER),
    RuleChange("AdvancePhase", _lend_lease_as_one_amount, _ARRIVALS),
    RuleChange("AdvancePlayerTurn", _lend_lease_as_one_amount, _ARRIVALS),
    RuleChange("AdvanceGameTurn", _lend_lease_as_one_amount, _ARRIVALS),
)
"""What releases after 0.2 changed in what Third Reich commands record."""
