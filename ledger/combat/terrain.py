"""Terrain column shifts for combat (8.37 combat columns; 12.33, 12.34, 14.25, 14.31-14.35,
15.31-15.36), from ``ledger/charts/data/8.37-terrain-combat.toml``.

Terrain keys name the defender's hex (``"rough"``, ``"fortification_2"``, ``"major_city"``, ...);
``Hexside`` names a hexside an attack crosses, seen from the attacker (``"up_slope"`` climbs
towards the defender) and what road or track crosses it. Every shift is a ``ColumnShift``
(negative: towards the defender).

- Barrage (12.33, 12.34): only the single best terrain or fortification counts; an Armor-class
  target gets a fortification's benefit only in a Major City (8.37 note 12).
- Anti-Armor (14.32, 14.33): the best terrain in the hex, plus the best hexside crossed. Fire
  is impossible across an Up Escarpment, a Ridge or Down Slope crossed by no road or track, or a
  Down Escarpment crossed by no track (14.34, the chart's P).
- Close Assault (15.32-15.36): the hex's terrain and fortification add up (15.35's example:
  Level 2 Fortification in Rough through a Ridge is 6 columns); of the hexsides crossed the
  defender gets its best one, and an attacker-favouring hexside crossed as well offsets it
  (15.36: down slope +1 with up escarpment -3 is -2). A hexside carrying two features (a wadi
  along a slope) counts both (15.35).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, Literal

from ledger.combat.forces import ColumnShift, CombatClass

DATA_FILE: Final = "8.37-terrain-combat.toml"
PROHIBITED: Final = "prohibited"
Function = Literal["barrage", "anti_armor", "close_assault"]
Crossing = Literal["", "road", "track"]


@dataclass(frozen=True, slots=True)
class Hexside:
    """A hexside the attack crosses: ``features`` (keys of the chart's hexside rows, usually
    one; two for a wadi along a slope, 15.35) and the road or track crossing it (14.34)."""

    features: tuple[str, ...]
    crossed_by: Crossing = ""

    def __post_init__(self) -> None:
        known = hexside_keys()
        for feature in self.features:
            if feature not in known:
                raise ValueError(
                    f"hexside {feature!r} is not on the Terrain Effects Chart (8.37); "
                    f"known: {', '.join(known)}"
                )
        if self.crossed_by not in ("", "road", "track"):
            raise ValueError(f"hexside crossed_by {self.crossed_by!r}: expected road, track or ''")


@cache
def _chart() -> dict[str, Any]:
    entry = resources.files("ledger.charts").joinpath("data", DATA_FILE)
    return tomllib.loads(entry.read_text(encoding="utf-8"))


def terrain_keys() -> tuple[str, ...]:
    """The hex terrain keys the ledger knows (8.37), in chart order."""
    return tuple(_chart()["hex"])


def hexside_keys() -> tuple[str, ...]:
    """The hexside keys the ledger knows (8.37), in chart order."""
    return tuple(_chart()["hexside"])


def terrain_label(key: str) -> str:
    """The printed name of a hex terrain or hexside key."""
    chart = _chart()
    for table in ("hex", "hexside"):
        if key in chart[table]:
            return str(chart[table][key]["label"])
    raise KeyError(key)


def check_terrain(terrain: Iterable[str]) -> tuple[str, ...]:
    """``terrain`` as a tuple, refusing unknown keys with ``ValueError`` naming the key (8.37)."""
    found = tuple(terrain)
    known = terrain_keys()
    for key in found:
        if key not in known:
            raise ValueError(
                f"terrain {key!r} is not on the Terrain Effects Chart (8.37); known: {', '.join(known)}"
            )
    return found


FORTIFICATION_RULING: Final = "15.35-fortification-columns"


def _hex_shift(
    key: str, function: Function, target: CombatClass | None = None, fortification: str = "chart"
) -> int:
    row = _chart()["hex"][key]
    level = row.get("fortification")
    if level is not None:
        if function == "close_assault" and fortification == "example":
            return -int(level)  # ruling 15.35-fortification-columns: the example's Level N = N
        if function == "barrage" and target == "armor" and not key.startswith("major_city"):
            return 0  # 8.37 note 12: armor targets get the fortification benefit only in a city
        return int(_chart()["fortification"][str(level)][function])
    return int(row.get(function, 0))


def barrage_shift(terrain: Iterable[str], target: CombatClass) -> ColumnShift | None:
    """12.33, 12.34: the single best terrain shift for a barrage target of class ``target`` in a
    hex of ``terrain`` (``None`` when no terrain shifts the column). Level 2 Fortification: two
    columns left (12.33's example: 12 points fire on the 7-8 column)."""
    best: tuple[int, str] | None = None
    for key in check_terrain(terrain):
        value = _hex_shift(key, "barrage", target)
        if value < 0 and (best is None or value < best[0]):
            best = (value, key)
    if best is None:
        return None
    return ColumnShift(
        f"{terrain_label(best[1])} (only the best terrain counts)", best[0], "12.33, 12.34"
    )


def anti_armor_prohibited(hexsides: Sequence[Hexside]) -> str | None:
    """14.34: why no anti-armor fire may cross one of ``hexsides`` (``None`` when it may)."""
    for side in hexsides:
        for feature in side.features:
            if _chart()["hexside"][feature].get("anti_armor") == PROHIBITED:
                return f"{terrain_label(feature)}: no anti-armor fire across it (14.34)"
            if feature in ("ridge", "down_slope") and side.crossed_by == "":
                return f"{terrain_label(feature)} crossed by no road or track (14.34)"
            if feature == "down_escarpment" and side.crossed_by != "track":
                return f"{terrain_label(feature)} crossed by no track (14.34)"
    return None


def anti_armor_shifts(
    terrain: Iterable[str], hexsides: Sequence[Hexside] = ()
) -> list[ColumnShift]:
    """14.32, 14.33: the best hex terrain shift plus the best hexside shift (listed separately).

    Rough with 9 Actual points fires on the 8 column (14.32). Check
    ``anti_armor_prohibited`` first: a prohibited hexside has no shift, it stops the fire."""
    shifts: list[ColumnShift] = []
    best_hex = min(
        ((_hex_shift(k, "anti_armor"), k) for k in check_terrain(terrain)), default=(0, "")
    )
    if best_hex[0] < 0:
        shifts.append(
            ColumnShift(
                f"{terrain_label(best_hex[1])} (best terrain in the hex)",
                best_hex[0],
                "14.32, 14.33",
            )
        )
    values = [
        (int(v), f)
        for side in hexsides
        for f in side.features
        if isinstance(v := _chart()["hexside"][f].get("anti_armor", 0), int)
    ]
    best_side = min(values, default=(0, ""))
    if best_side[0] < 0:
        shifts.append(
            ColumnShift(
                f"across {terrain_label(best_side[1])} (in addition, 14.33)",
                best_side[0],
                "14.25, 14.33",
            )
        )
    return shifts


def close_assault_shifts(
    terrain: Iterable[str], hexsides: Sequence[Hexside] = (), *, fortification: str = "chart"
) -> list[ColumnShift]:
    """15.31-15.36: the shifts of the defender's hex (each terrain and fortification adds up)
    and of the hexsides crossed (the defender's best hexside, offset by the attacker's best;
    both features of a two-feature hexside count). A fortification shifts as chart 8.37 prints
    (Level 2: 3 columns) or, with ``fortification="example"`` (ruling
    ``15.35-fortification-columns``), as 15.35's example counts it (Level 2: 2). Mountain is 3 columns left (15.32: +4 is read
    on +1); Level 2 Fortification in Rough across a Ridge is -2, -2, -2 (15.35)."""
    shifts: list[ColumnShift] = []
    for key in check_terrain(terrain):
        value = _hex_shift(key, "close_assault", fortification=fortification)
        if value:
            shifts.append(ColumnShift(f"defender in {terrain_label(key)}", value, "15.32"))
    per_side = [
        (sum(int(_chart()["hexside"][f].get("close_assault", 0)) for f in side.features), side)
        for side in hexsides
    ]
    worst = min(per_side, default=None, key=lambda p: p[0])
    best = max(per_side, default=None, key=lambda p: p[0])
    if worst is not None and worst[0] < 0:
        names = " and ".join(terrain_label(f) for f in worst[1].features)
        shifts.append(ColumnShift(f"assault across {names}", worst[0], "15.33, 15.35"))
    if best is not None and best[0] > 0:
        names = " and ".join(terrain_label(f) for f in best[1].features)
        shifts.append(ColumnShift(f"assault down {names}", best[0], "15.36"))
    return shifts
