"""Unit values: printed strengths with their brackets, and the 14.0 scenario presets.

Combined Arms prints no figures on its counters (3.22); each scenario lists its unit types'
Attack Strength Hard, Attack Strength Soft, Range Allowance, Defense Strength and Movement
Allowance (3.23, 14.0). Brackets carry rules: a bracketed Attack Strength is read on the Hard
Combat Results Tables (12.42), a bracketed Defense Strength defends as a Hard Target (12.43).
The presets are ``data/14.0-unit-values.toml``; their unit types are inferred from the figures
(ruling 14.0-unit-types, the OCR lost the type symbols).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Final, Literal, get_args

from ledger.charts.loader import package_data
from ledger.games.combined_arms import PACKAGE

UnitType = Literal[
    "tank",
    "assault-gun",
    "armored-recon",
    "infantry",
    "apc-infantry",
    "truck-infantry",
    "artillery",
    "anti-tank",
    "apc",
    "truck",
]
"""The unit types of 3.21 as the calculators name them; ``apc-infantry`` and
``truck-infantry`` are infantry mounted in an APC or a truck (7.11)."""
UNIT_TYPES: Final[tuple[str, ...]] = get_args(UnitType)

ARMOR: Final = frozenset({"tank", "assault-gun"})
"""Tanks and assault guns: the armored units whose Overrun strength 5.35 fixes by terrain."""

Side = Literal["alpha", "bravo"]
SIDES: Final[tuple[str, ...]] = get_args(Side)

_PRINTED = re.compile(r"^\s*(\[)?\s*(\d+)\s*(\])?\s*$")


@dataclass(frozen=True, slots=True)
class PrintedStrength:
    """A strength as 14.0 prints it: ``value`` (whole points) and ``bracketed`` ("[4]").

    For an Attack Strength, bracketed means the Hard Combat Results Tables (12.42); for a
    Defense Strength, that the unit is a Hard Target (12.43)."""

    value: int
    bracketed: bool = False

    @property
    def shown(self) -> str:
        """As printed: ``"[4]"`` or ``"8"``."""
        return f"[{self.value}]" if self.bracketed else str(self.value)


def parse_printed(value: int | str, case: str = "14.0") -> PrintedStrength:
    """``"[4]"`` → bracketed 4, ``"8"`` or ``8`` → unbracketed 8.

    Raises ``ValueError`` (with ``case``) for anything else or a negative number."""
    if isinstance(value, bool):
        raise ValueError(f"expected a strength such as 8 or [4], found {value!r} ({case})")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"a strength cannot be negative, found {value} ({case})")
        return PrintedStrength(value, False)
    found = _PRINTED.match(value)
    if found is None or bool(found.group(1)) != bool(found.group(3)):
        raise ValueError(f"expected a strength such as 8 or [4], found {value!r} ({case})")
    return PrintedStrength(int(found.group(2)), bool(found.group(1)))


@dataclass(frozen=True, slots=True)
class UnitValues:
    """A unit type's five 14.0 figures: ``attack_hard`` and ``attack_soft`` (used against Hard
    and Soft Targets, 3.23), ``range`` (Range Allowance in hexes), ``defense`` (bracketed = Hard
    Target, 12.43) and ``movement`` (Movement Allowance in Movement Points)."""

    attack_hard: PrintedStrength
    attack_soft: PrintedStrength
    range: int
    defense: PrintedStrength
    movement: int

    @property
    def hard_target(self) -> bool:
        """True when the Defense Strength is bracketed: the unit defends as a Hard Target."""
        return self.defense.bracketed

    def attack_against(self, hard_target: bool) -> PrintedStrength:
        """The Attack Strength used against a Hard (``True``) or Soft Target (3.23)."""
        return self.attack_hard if hard_target else self.attack_soft

    @property
    def shown(self) -> str:
        """The five figures as 14.0 prints them: ``"[4] [10] 4 [4] 12"``."""
        figures = (self.attack_hard.shown, self.attack_soft.shown, str(self.range))
        return " ".join((*figures, self.defense.shown, str(self.movement)))


@dataclass(frozen=True, slots=True)
class SideInfo:
    """One side of a scenario: its ``nation`` and Command Control Level ``ccl`` (12.0, 14.0)."""

    nation: str
    ccl: int


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario's 14.0 header: ``number`` (1-6), ``title``, ``terrain_mode`` (13.1) and each
    side's nation and Command Control Level."""

    number: int
    title: str
    terrain_mode: str
    alpha: SideInfo
    bravo: SideInfo

    def side(self, side: str) -> SideInfo:
        """The Alpha or Bravo side's header."""
        return self.alpha if side == "alpha" else self.bravo


@dataclass(frozen=True, slots=True)
class Preset:
    """A 14.0 unit type a request may name instead of typing its figures: ``id``
    (``"s1-alpha-tank"``), ``scenario`` (``None`` for the trucks every force has), ``side``
    (``"alpha"``, ``"bravo"`` or ``"both"``), ``type`` (inferred, ruling 14.0-unit-types),
    ``values``, the side's ``nation`` and a ``note``."""

    id: str
    scenario: int | None
    side: str
    type: str
    values: UnitValues
    nation: str = ""
    note: str = ""

    @property
    def label(self) -> str:
        """``"Scenario 1 Alpha (Russians) tank: [4] [10] 4 [4] 12"``."""
        where = "All scenarios" if self.scenario is None else f"Scenario {self.scenario}"
        side = "both sides" if self.side == "both" else self.side.title()
        nation = f" ({self.nation})" if self.nation else ""
        return f"{where} {side}{nation} {self.type}: {self.values.shown}"


@cache
def scenarios() -> tuple[Scenario, ...]:
    """The six scenarios' headers of 14.0, by number. Raises ``ValueError`` if the data file is
    malformed (a programming error: the file ships with the package)."""
    data = package_data(PACKAGE, "14.0-unit-values")
    return tuple(_scenario(raw) for raw in data["scenario"])


def scenario(number: int) -> Scenario:
    """Scenario ``number``'s header; ``KeyError`` naming the scenarios 1-6 otherwise (14.0)."""
    for found in scenarios():
        if found.number == number:
            return found
    raise KeyError(f"no scenario {number}; the scenarios are 1 to {len(scenarios())} (14.0)")


@cache
def all_presets() -> tuple[Preset, ...]:
    """Every 14.0 preset in printed order (scenario 1 Alpha, Bravo, the trucks, scenario 2 ...)."""
    data = package_data(PACKAGE, "14.0-unit-values")
    return tuple(_preset(raw) for raw in data["unit"])


def presets(side: str | None = None, scenario_number: int | None = None) -> tuple[Preset, ...]:
    """The presets of ``side`` (``"alpha"``/``"bravo"``; the trucks belong to both) and/or
    ``scenario_number`` (the trucks belong to all), in printed order; all when both are None."""
    return tuple(
        p
        for p in all_presets()
        if (side is None or p.side in (side, "both"))
        and (scenario_number is None or p.scenario in (scenario_number, None))
    )


def preset(preset_id: str) -> Preset:
    """The preset called ``preset_id``; ``KeyError`` listing the ids of the same scenario, or
    all ids, otherwise (14.0)."""
    for found in all_presets():
        if found.id == preset_id:
            return found
    prefix = preset_id.split("-", 1)[0] + "-"
    near = [p.id for p in all_presets() if p.id.startswith(prefix)] or [p.id for p in all_presets()]
    raise KeyError(f"no unit preset {preset_id!r}; presets: {', '.join(near)} (14.0)")


def values_from(printed: list[Any] | tuple[Any, ...], case: str = "14.0") -> UnitValues:
    """The five printed figures (Hard attack, Soft attack, range, defense, movement) as
    ``UnitValues``; brackets on the range or movement are dropped. Raises ``ValueError``."""
    if len(printed) != 5:
        raise ValueError(f"expected the five figures of 14.0, found {list(printed)} ({case})")
    hard, soft, reach, defense, move = (parse_printed(v, case) for v in printed)
    return UnitValues(hard, soft, reach.value, defense, move.value)


def with_type(found: Preset, unit_type: str) -> Preset:
    """``found`` as ``unit_type`` (a request saying a tank row is an assault gun, 14.0)."""
    if unit_type not in UNIT_TYPES:
        raise ValueError(f"unknown unit type {unit_type!r}; types: {', '.join(UNIT_TYPES)}")
    return replace(found, type=unit_type)


def _scenario(raw: dict[str, Any]) -> Scenario:
    return Scenario(
        number=int(raw["number"]),
        title=str(raw["title"]),
        terrain_mode=str(raw["terrain_mode"]),
        alpha=SideInfo(str(raw["alpha"]["nation"]), int(raw["alpha"]["ccl"])),
        bravo=SideInfo(str(raw["bravo"]["nation"]), int(raw["bravo"]["ccl"])),
    )


def _preset(raw: dict[str, Any]) -> Preset:
    number = raw.get("scenario")
    side = str(raw["side"])
    nation = ""
    if number is not None and side in SIDES:
        nation = scenario(int(number)).side(side).nation
    unit_type = str(raw["type"])
    if unit_type not in UNIT_TYPES:
        raise ValueError(f"14.0-unit-values.toml unit {raw.get('id')}: type {unit_type!r}")
    return Preset(
        id=str(raw["id"]),
        scenario=None if number is None else int(number),
        side=side,
        type=unit_type,
        values=values_from(raw["values"], f"14.0, preset {raw['id']}"),
        nation=nation,
        note=str(raw.get("note", "")),
    )
