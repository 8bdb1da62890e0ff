"""The starting air groups, Group Allowances and the triage of shot-down groups as a chart
(Revised Europa L-20, A-35, L-22 [000]; K-09, K-11, K-13).

L-20 gives every starting group and Group Allowance (GA) of Barbarossa, the Finns', Hungarians'
and Romanians' included, and what the northern front adds. The file
(`scenarios/charts/europa-air-groups.toml`) holds those numbers as the text gives them, the role
of each group type (fighter, bomber, transport ...: filled in for turnledger, the air surprise
and A-35 read which groups are fighters) and the triage of the EFT and EET boxes, which the text
names (A-35: "triage groups in the EFT and EET boxes") but does not print (the original rules,
K-13): a provisional 1D6 table. A club replaces the file with its own (`turnledger charts
check`, `AdoptCharts`).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import read_chart
from referee.common.pinned import pinned_chart
from referee.common.state import BaseState

BUNDLED = "europa-air-groups"
KEY = "air_groups"
ROLES = ("fighter", "bomber", "attack", "recon", "transport")
BOXES = ("operable", "inoperable", "ready_box", "ready_box_inoperable", "eft", "eet", "remnants", "eliminated")
"""Where an air group is: on the map operable or inoperable; off the map in the Ready (Available)
box, operable or inoperable; shot down to the EFT or EET box (L-13); in the Remnants box (L-14);
out of play."""
ON_MAP = ("operable", "inoperable")
TRIAGE = ("ready_box_inoperable", "remnants", "stays", "eliminated")
"""What triage makes of a group in the EFT or EET box."""


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class NationAir(_Data):
    """One nation's starting groups and GA (L-20 [000]), and what the northern front adds."""

    nation: str = Field(min_length=1, description="as the campaign's nations name it")
    side: str = Field(min_length=1)
    ga: int = Field(ge=0, le=500, description="the Group Allowance at the start")
    groups: dict[str, int] = Field(description="group type -> groups at the start")
    north_groups: dict[str, int] = Field(default_factory=dict, description="added when the northern front is played")
    north_ga: int = Field(default=0, ge=0, le=50)


class Triage(_Data):
    """A 1D6 per group in the EFT or EET box (faces 1..6)."""

    eft: list[Literal["ready_box_inoperable", "remnants", "stays", "eliminated"]] = Field(min_length=6, max_length=6)
    eet: list[Literal["ready_box_inoperable", "remnants", "stays", "eliminated"]] = Field(min_length=6, max_length=6)
    rule: str


class AirGroupsChart(_Data):
    """Starting air groups and GAs by nation (L-20), group roles, the triage table (A-35)."""

    title: str
    provisional: bool
    source: str
    rule: str
    roles: dict[str, Literal["fighter", "bomber", "attack", "recon", "transport"]]
    nations: list[NationAir] = Field(min_length=1)
    triage: Triage

    @model_validator(mode="after")
    def _shape(self) -> AirGroupsChart:
        seen: set[str] = set()
        for index, nation in enumerate(self.nations):
            if nation.nation in seen:
                raise ValueError(f"nations.{index}: {nation.nation} is listed twice")
            seen.add(nation.nation)
            for kind, count in {**nation.groups, **nation.north_groups}.items():
                if kind not in self.roles:
                    raise ValueError(f"nations.{index} ({nation.nation}): group type {kind!r} has no role in [roles]")
                if count <= 0:
                    raise ValueError(f"nations.{index} ({nation.nation}): {kind} = {count}: at least 1 group")
        return self

    def of_side(self, side: str) -> list[NationAir]:
        """The nations of ``side`` (any case)."""
        return [nation for nation in self.nations if nation.side.casefold() == side.casefold()]


def group_id(nation: str, kind: str, number: int) -> str:
    """The roster id of a starting group: 'ussr-i16-3'."""
    slug = re.sub(r"[^a-z0-9]+", "-", f"{nation} {kind}".casefold()).strip("-")
    return f"{slug}-{number}"


def group_name(kind: str, number: int) -> str:
    """What the table calls the group: 'I16 #3' (the air surprise's targets read the type before ' #')."""
    return f"{kind} #{number}"


def load_air_groups(name: str = BUNDLED) -> tuple[AirGroupsChart, str]:
    """The chart validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, AirGroupsChart, "air groups chart")


def pinned_air_groups(state: BaseState) -> AirGroupsChart:
    """The air groups chart pinned into the campaign."""
    return pinned_chart(state, KEY, AirGroupsChart, BUNDLED)
