"""Combat unit types and the combat unit value of Battles for North Africa.

A type's flags come from ``data/unit-types.toml``: motorized and armored (Unit Capabilities ¶9),
artillery (¶12), anti-tank (AT Units ¶1), self-propelled (Artillery Units ¶2, Retreat ¶3), heavy
armor (¶11, Heavy Armor Units), a supply path as long as the MP (Supply ¶3) and HQ (¶14).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from ledger.charts.loader import package_data

PACKAGE = "ledger.games.battles_for_north_africa"


@dataclass(frozen=True, slots=True)
class UnitType:
    """One combat unit type (``id`` such as ``"armor-car"``) and what the text makes of it."""

    id: str
    label: str
    motorized: bool = False
    armored: bool = False
    artillery: bool = False
    anti_tank: bool = False
    self_propelled: bool = False
    heavy_armor: bool = False
    supply_path_mp: bool = False
    hq: bool = False

    @property
    def armor_for_crt(self) -> bool:
        """True for the armor and heavy armor types, the ones that choose the Mobile CRT
        (Combat Phase ¶5); an armor car is armored but does not."""
        return self.id in ("armor", "heavy-armor")


@cache
def unit_types() -> Mapping[str, UnitType]:
    """Every unit type by id, from ``data/unit-types.toml`` (Unit Capabilities ¶9, ¶12)."""
    data: dict[str, Any] = package_data(PACKAGE, "unit-types")
    found = {}
    for type_id, raw in data["type"].items():
        flags = {k: bool(v) for k, v in raw.items() if k != "label"}
        found[type_id] = UnitType(id=type_id, label=str(raw["label"]), **flags)
    return MappingProxyType(found)


def unit_type(type_id: str) -> UnitType:
    """The unit type ``type_id``; ``ValueError`` listing the known types otherwise
    (Unit Capabilities ¶9)."""
    try:
        return unit_types()[type_id]
    except KeyError:
        known = ", ".join(unit_types())
        raise ValueError(
            f"unknown unit type {type_id!r}; types: {known} (Unit Capabilities ¶9)"
        ) from None


@dataclass(frozen=True, slots=True)
class CombatUnit:
    """One unit in a combat, with the values printed on its counter.

    ``af``/``df`` are the Attack and Defense Factors, ``bf``/``fpf`` the barrage fire and final
    protective fire of an artillery unit ``in_battery`` (Unit Capabilities ¶12). ``in_supply``
    is its supply status (Supply ¶1); ``disabled`` marks a disabled heavy armor unit (Heavy Armor
    Units ¶2); ``rommel`` marks Rommel's HQ mech infantry company (Rommel's HQ ¶1). ``steps`` is
    how many counter sides it has left: 1 means its next step reduction removes it (Unit
    Capabilities ¶10). ``hexsides`` are the hexside features an attacker attacks across
    (``terrain.hexside_types``) and ``by_road`` says it attacks along a road (Combat Phase ¶2).

    Raises ``ValueError`` (ending in its case) for a negative factor, ``steps`` below 1, an HQ
    with factors (Unit Capabilities ¶14), in-battery for a type that is not artillery,
    ``disabled`` for one that is not heavy armor, or ``rommel`` for one not mech infantry.
    """

    name: str
    type: UnitType
    af: int = 0
    df: int = 0
    bf: int = 0
    fpf: int = 0
    in_battery: bool = False
    in_supply: bool = True
    disabled: bool = False
    rommel: bool = False
    steps: int = 2
    hexsides: tuple[str, ...] = ()
    by_road: bool = False

    def __post_init__(self) -> None:
        for name in ("af", "df", "bf", "fpf"):
            if getattr(self, name) < 0:
                raise ValueError(f"{self.name}: {name} cannot be negative (Unit Capabilities ¶7)")
        if self.type.hq and (self.af or self.df or self.bf or self.fpf):
            raise ValueError(
                f"{self.name}: an HQ's counter shows 0-0-MP, so its af, df, bf and fpf are 0 "
                "(Unit Capabilities ¶14)"
            )
        if self.steps < 1:
            raise ValueError(f"{self.name}: steps must be 1 or more (Unit Capabilities ¶10)")
        if self.in_battery and not self.type.artillery:
            raise ValueError(
                f"{self.name}: only artillery has an in-battery mode, not {self.type.label} "
                "(Unit Capabilities ¶12)"
            )
        if self.disabled and not self.type.heavy_armor:
            raise ValueError(
                f"{self.name}: only heavy armor can be disabled, not {self.type.label} "
                "(Unit Capabilities ¶11)"
            )
        if self.rommel and self.type.id != "mech-infantry":
            raise ValueError(
                f"{self.name}: Rommel's HQ is a mech infantry company, not {self.type.label} "
                "(Rommel's HQ ¶1)"
            )

    @property
    def is_combat_unit(self) -> bool:
        """False for an HQ (a non-combat unit, Unit Capabilities ¶13)."""
        return not self.type.hq
