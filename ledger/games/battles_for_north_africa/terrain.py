"""The terrain effects on combat that the Battles for North Africa text states itself.

``data/terrain.toml`` lists the hex types of a defender's hex (intro ¶4) and the hexside features
an attack may cross (intro ¶6, Fortifications ¶2) with the effects of Combat Phase ¶3 and ¶5,
Air Missions ¶4 and Movement Phase ¶3. The TEC's own numbers (movement costs, the defending
terrain drm) are not in the text: a request gives the terrain drm read from the player's TEC.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from ledger.charts.loader import package_data
from ledger.games.battles_for_north_africa.units import PACKAGE


@dataclass(frozen=True, slots=True)
class HexTerrain:
    """A defender's hex type: ``no_mobile_crt`` (mountains, hills: Combat Phase ¶5),
    ``armored_af_halved`` (mountains: Combat Phase ¶3), ``no_close_attack_support`` (woods: Air
    Missions ¶4), ``armored_only_by_road`` / ``all_only_by_road`` (Movement Phase ¶3)."""

    id: str
    label: str
    no_mobile_crt: bool = False
    armored_af_halved: bool = False
    no_close_attack_support: bool = False
    armored_only_by_road: bool = False
    all_only_by_road: bool = False


@dataclass(frozen=True, slots=True)
class HexsideTerrain:
    """A hexside feature attacked across: ``tec`` (one the TEC prices, which forbids the Mobile
    CRT, Combat Phase ¶5), ``af_halved`` (escarpment, Combat Phase ¶3), road-only crossings
    (Movement Phase ¶3)."""

    id: str
    label: str
    tec: bool = False
    af_halved: bool = False
    armored_only_by_road: bool = False
    all_only_by_road: bool = False

    @property
    def named(self) -> str:
        """The hexside in a sentence: "an escarpment hexside", "a ridge hexside"."""
        label = self.label.lower()
        return f"{'an' if label[0] in 'aeiou' else 'a'} {label} hexside"


@cache
def _data() -> dict[str, Any]:
    return package_data(PACKAGE, "terrain")


@cache
def hex_types() -> Mapping[str, HexTerrain]:
    """Every defender's hex type by id (``"clear"``, ``"mountains"``, ...)."""
    return MappingProxyType(
        {k: HexTerrain(id=k, **v) for k, v in _data()["hex"].items()},
    )


@cache
def hexside_types() -> Mapping[str, HexsideTerrain]:
    """Every hexside feature by id (``"escarpment"``, ``"minefield"``, ...)."""
    return MappingProxyType(
        {k: HexsideTerrain(id=k, **v) for k, v in _data()["hexside"].items()},
    )


def hex_terrain(terrain_id: str) -> HexTerrain:
    """The hex type ``terrain_id``; ``ValueError`` listing the known ones (intro ¶4). A sea hex
    is refused: no unit may be in one (Movement Phase ¶3)."""
    if terrain_id == "sea":
        raise ValueError("no unit can defend in a sea hex (Movement Phase ¶3)")
    try:
        return hex_types()[terrain_id]
    except KeyError:
        known = ", ".join(hex_types())
        raise ValueError(f"unknown terrain {terrain_id!r}; terrain: {known} (intro ¶4)") from None


def hexside_terrain(feature_id: str) -> HexsideTerrain:
    """The hexside feature ``feature_id``; ``ValueError`` listing the known ones (intro ¶6)."""
    try:
        return hexside_types()[feature_id]
    except KeyError:
        known = ", ".join(hexside_types())
        raise ValueError(f"unknown hexside {feature_id!r}; hexsides: {known} (intro ¶6)") from None
