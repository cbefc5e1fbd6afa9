"""The Terrain Effects Chart 10.15: Movement Point cost by mode, stacking and observation.

The chart (``10.15-terrain-effects.toml``) prints five movement columns: Dispersed Mode for
infantry/heavy weapons/HQ/engineers and for armor/recon, Concentrated Mode for the same two
groups, and Travel Mode for every unit. Costs are exact ``Fraction``s of the Movement Allowance
of 4 (10.15). A hex's cost is its own terrain's, or the cost of the road, trail, railroad or
raised road followed into it where that route has an effect in the mode; a hexside crossed adds
its "+n" or prohibits (P); Hilltop and Slope never change movement. "2(3)" costs 2 on Maps C
and D, 3 on Maps A and B. Observation reads a hex's Observation Range and the numbered terrain
types that block its line of sight.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import Any, Final, Literal

from ledger.charts.loader import package_data
from ledger.games.highway_to_the_reich import PACKAGE
from ledger.games.highway_to_the_reich.rulings import (
    ARTILLERY_COLUMN,
    OBSERVATION_ROW,
    ROAD_OVER_HEXSIDE,
    ROUGH_ARMOR,
)

CASE: Final = "10.15"
DATA_FILE: Final = "10.15-terrain-effects"
MODES: Final = ("dispersed", "concentrated", "travel")
UNIT_TYPES: Final = (
    "infantry",
    "heavy-weapons",
    "hq",
    "engineer",
    "armor",
    "recon",
    "artillery",
)
INFANTRY_GROUP: Final = ("infantry", "heavy-weapons", "hq", "engineer")
ARMOR_GROUP: Final = ("armor", "recon")
MAPS: Final = ("A", "B", "C", "D")
SIDES: Final = ("german", "allied")

CostKind = Literal["cost", "extra", "prohibited", "no-effect"]


class MapNeeded(ValueError):
    """A cost printed as "2(3)" (one cost on Maps C and D, another on A and B) was read with no
    map sheet given (10.15). The message names the terrain and both costs."""


@dataclass(frozen=True, slots=True)
class PrintedCost:
    """One printed movement cell (10.15): ``text`` as printed and its meaning: ``kind`` cost
    (enter for ``value``), extra (``+value`` on top of the other terrain), prohibited or
    no-effect; ``value_ab`` the Maps A and B cost of a "2(3)" cell; ``artillery_only`` the
    "*" of the Ferry's Travel column."""

    text: str
    kind: CostKind
    value: Fraction | None = None
    value_ab: Fraction | None = None
    artillery_only: bool = False

    def on_map(self, map_sheet: str | None, terrain: str) -> Fraction:
        """The value on ``map_sheet`` (A-D). Raises ``MapNeeded`` when the cell differs by map
        and no map is given, ``ValueError`` when the cell has no value (P, •)."""
        if self.value is None:
            raise ValueError(f"{terrain}: {self.text} has no Movement Point value ({CASE})")
        if self.value_ab is None:
            return self.value
        if map_sheet is None:
            raise MapNeeded(
                f"{terrain} costs {self.value} on Maps C and D but {self.value_ab} on Maps A and "
                f"B: give the map ({CASE})"
            )
        return self.value_ab if map_sheet in ("A", "B") else self.value


def parse_cost(text: str) -> PrintedCost:
    """A printed cell: ``"1/2"``, ``"2(3)"``, ``"+2"``, ``"+2*"``, ``"P"`` or ``"•"``.
    Raises ``ValueError`` for anything else."""
    raw = text.strip()
    if raw == "P":
        return PrintedCost(raw, "prohibited")
    if raw == "•":
        return PrintedCost(raw, "no-effect")
    try:
        if raw.startswith("+"):
            star = raw.endswith("*")
            return PrintedCost(raw, "extra", Fraction(raw[1:].rstrip("*")), None, star)
        if raw.endswith(")") and "(" in raw:
            plain, _, bracket = raw[:-1].partition("(")
            return PrintedCost(raw, "cost", Fraction(plain), Fraction(bracket))
        return PrintedCost(raw, "cost", Fraction(raw))
    except ValueError:
        raise ValueError(f"{text!r} is not a 10.15 movement cell ({CASE})") from None


@dataclass(frozen=True, slots=True)
class Terrain:
    """One 10.15 row: ``key``, ``label``, ``kind`` (hex, feature, hexside or route), its
    Blocked By ``number`` (0 for none), ``stacking`` limit in Stacking Points (``None`` for •),
    the five movement ``costs``, ``observation_range`` in hexes (``None`` for •), the terrain
    numbers that block its sight (``blocked_by``) and ``german_only`` (the Ferry)."""

    key: str
    label: str
    kind: str
    number: int
    stacking: int | None
    costs: tuple[PrintedCost, ...]
    observation_range: int | None
    blocked_by: tuple[int, ...]
    german_only: bool = False


@dataclass(frozen=True, slots=True)
class TerrainChart:
    """The whole 10.15 chart: ``terrain`` by key, the ``movement_allowance`` (4) and the
    ``rough_armor`` option it was built with."""

    terrain: Mapping[str, Terrain] = field(hash=False)
    movement_allowance: int
    rough_armor: str

    def get(self, key: str, kinds: Sequence[str]) -> Terrain:
        """The row ``key`` of one of ``kinds``; ``ValueError`` listing the known keys."""
        found = self.terrain.get(key)
        if found is None or found.kind not in kinds:
            known = ", ".join(k for k, t in self.terrain.items() if t.kind in kinds)
            raise ValueError(f"unknown terrain {key!r}; expected one of {known} ({CASE})")
        return found


def parse_numbers(text: str) -> tuple[int, ...]:
    """A Blocked By cell such as ``"2, 4-9"`` as ``(2, 4, 5, 6, 7, 8, 9)``; ``""`` as ()."""
    found: list[int] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        low, _, high = part.partition("-")
        found.extend(range(int(low), int(high or low) + 1))
    return tuple(found)


@cache
def terrain_chart(rough_armor: str = ROUGH_ARMOR.default) -> TerrainChart:
    """The bundled 10.15 chart; ``rough_armor="swapped"`` exchanges the Rough row's two armor
    cells (ruling ``htr-10.15-rough-armor``). Raises ``ValueError`` for an unknown option."""
    if rough_armor not in ROUGH_ARMOR.options:
        raise ValueError(f"unknown option {rough_armor!r} of {ROUGH_ARMOR.id} ({CASE})")
    data = package_data(PACKAGE, DATA_FILE)
    rows = {r["key"]: _terrain(r) for r in data["terrain"]}
    if rough_armor == "swapped":
        costs = list(rows["rough"].costs)
        costs[1], costs[3] = costs[3], costs[1]
        rows["rough"] = replace(rows["rough"], costs=tuple(costs))
    return TerrainChart(rows, int(data["table"]["movement_allowance"]), rough_armor)


def _terrain(row: Mapping[str, Any]) -> Terrain:
    return Terrain(
        key=row["key"],
        label=row["label"],
        kind=row["kind"],
        number=int(row.get("number", 0)),
        stacking=row.get("stacking"),
        costs=tuple(parse_cost(c) for c in row["costs"]),
        observation_range=row.get("observation_range"),
        blocked_by=parse_numbers(row.get("blocked_by", "")),
        german_only=bool(row.get("german_only", False)),
    )


def movement_column(mode: str, unit_type: str, artillery: str = ARTILLERY_COLUMN.default) -> int:
    """The index (0..4) of the 10.15 column a ``unit_type`` reads in ``mode``; artillery by the
    ruling ``htr-10.15-artillery-column``. Raises ``ValueError`` for unknown values."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; modes: {', '.join(MODES)} ({CASE})")
    if unit_type not in UNIT_TYPES:
        raise ValueError(
            f"unknown unit type {unit_type!r}; types: {', '.join(UNIT_TYPES)} ({CASE})"
        )
    if mode == "travel":
        return 4
    if unit_type == "artillery":
        if artillery not in ARTILLERY_COLUMN.options:
            raise ValueError(f"unknown option {artillery!r} of {ARTILLERY_COLUMN.id} ({CASE})")
        armor = artillery == "armor-column"
    else:
        armor = unit_type in ARMOR_GROUP
    return (0 if mode == "dispersed" else 2) + (1 if armor else 0)


@dataclass(frozen=True, slots=True)
class HexEntry:
    """One hex entered: its ``terrain`` (clear ... city), whether it holds a ``hilltop`` or a
    ``slope``, the ``hexside`` crossed into it (stream, dike, canal, river, blocked, lake, ferry
    or ``None``) and the ``route`` followed into it (road, trail, railroad, raised-road, None)."""

    terrain: str
    hilltop: bool = False
    slope: bool = False
    hexside: str | None = None
    route: str | None = None


@dataclass(frozen=True, slots=True)
class MoveContext:
    """Who moves: ``mode``, ``unit_type``, ``side`` (german/allied: only Germans use ferries),
    ``map_sheet`` (A-D, needed where a cost is "2(3)") and the chosen rulings (by option)."""

    mode: str
    unit_type: str
    side: str = "allied"
    map_sheet: str | None = None
    road_over_hexside: str = ROAD_OVER_HEXSIDE.default
    artillery: str = ARTILLERY_COLUMN.default


@dataclass(frozen=True, slots=True)
class StepCost:
    """The cost of entering one hex: ``cost`` in Movement Points (``None`` when prohibited),
    ``prohibited`` with its ``reason``, the hex's ``stacking`` limit (Stacking Points) and
    ``working``, each part of the cost as a line a player can check."""

    entry: HexEntry
    cost: Fraction | None
    prohibited: bool
    reason: str
    stacking: int | None
    working: tuple[str, ...]


def step_cost(entry: HexEntry, who: MoveContext, chart: TerrainChart) -> StepCost:
    """The Movement Point cost of entering ``entry`` (10.15). Raises ``ValueError`` for an
    unknown terrain, hexside, route, mode, unit type or side, ``MapNeeded`` (a ``ValueError``)
    for a "2(3)" cost read with no map."""
    if who.side not in SIDES:
        raise ValueError(f"unknown side {who.side!r}; sides: {', '.join(SIDES)} ({CASE})")
    if who.map_sheet is not None and who.map_sheet not in MAPS:
        raise ValueError(f"unknown map {who.map_sheet!r}; maps: {', '.join(MAPS)} ({CASE})")
    column = movement_column(who.mode, who.unit_type, who.artillery)
    hex_row = chart.get(entry.terrain, ("hex",))
    route = chart.get(entry.route, ("route",)) if entry.route else None
    side = chart.get(entry.hexside, ("hexside",)) if entry.hexside else None
    working: list[str] = []
    base, source = hex_row.costs[column], hex_row
    if route is not None:
        if route.costs[column].kind == "no-effect":
            working.append(f"{route.label}: no effect in this mode, the hex's terrain decides")
        else:
            base, source = route.costs[column], route
    if base.kind == "prohibited":
        return _blocked(entry, hex_row, f"{source.label} is prohibited (P)", working)
    cost = base.on_map(who.map_sheet, source.label)
    working.append(f"{source.label}: {base.text} → {cost}")
    if side is not None:
        if route is not None and source is route and who.road_over_hexside == "route-bridges":
            working.append(f"{side.label} hexside: crossed along the {route.label.lower()}")
        else:
            extra = _hexside(side, column, who)
            if isinstance(extra, str):
                return _blocked(entry, hex_row, extra, working)
            cost += extra
            working.append(f"{side.label} hexside: {side.costs[column].text}")
    if entry.hilltop or entry.slope:
        working.append("Hilltop/Slope: no effect on movement")
    return StepCost(entry, cost, False, "", hex_row.stacking, tuple(working))


def _hexside(side: Terrain, column: int, who: MoveContext) -> Fraction | str:
    """The extra cost of crossing ``side``, or the reason it is prohibited."""
    printed = side.costs[column]
    if side.german_only and who.side != "german":
        return f"only German units may use a {side.label} (10.15)"
    if printed.kind == "prohibited":
        return f"{side.label} hexside is prohibited (P)"
    if printed.artillery_only and who.unit_type != "artillery":
        return f"only artillery-type units cross a {side.label} in Travel Mode (10.15)"
    if printed.kind == "no-effect" or printed.value is None:
        return Fraction(0)
    return printed.value


def _blocked(entry: HexEntry, hex_row: Terrain, reason: str, working: list[str]) -> StepCost:
    return StepCost(entry, None, True, reason, hex_row.stacking, (*working, reason))


@dataclass(frozen=True, slots=True)
class PathCost:
    """A path of hexes entered in order: each ``steps`` cost, the ``total`` Movement Points
    (``None`` once a step is prohibited), the ``movement_allowance`` (4) and whether the path
    ``fits`` in it."""

    steps: tuple[StepCost, ...]
    total: Fraction | None
    movement_allowance: int
    fits: bool


def path_cost(path: Sequence[HexEntry], who: MoveContext, chart: TerrainChart) -> PathCost:
    """The cost of entering every hex of ``path`` in order (10.15); see ``step_cost``. An error
    of ``step_cost`` (``MapNeeded`` or ``ValueError``) is raised again, of the same type, with
    the hex's place in the path (``"hex 2 of the path: ..."``) in front."""
    steps = []
    for number, entry in enumerate(path, start=1):
        try:
            steps.append(step_cost(entry, who, chart))
        except ValueError as exc:
            raise type(exc)(f"hex {number} of the path: {exc}") from exc
    total: Fraction | None = Fraction(0)
    for step in steps:
        total = None if total is None or step.cost is None else total + step.cost
    fits = total is not None and total <= chart.movement_allowance
    return PathCost(tuple(steps), total, chart.movement_allowance, fits)


@dataclass(frozen=True, slots=True)
class Observation:
    """A line of sight (10.15): the ``row`` read (its terrain label), its ``range`` in hexes,
    the ``blocking`` terrain numbers, the ``distance``, the ``blockers`` found between, and
    whether the observer ``sees`` the target, with the ``reason``."""

    row: str
    range: int
    blocking: tuple[int, ...]
    distance: int
    blockers: tuple[str, ...]
    sees: bool
    reason: str


def observation(
    observer: HexEntry,
    target: HexEntry,
    distance: int,
    between: Sequence[str],
    chart: TerrainChart,
    row: str = OBSERVATION_ROW.default,
) -> Observation:
    """Whether ``observer`` sees ``target`` ``distance`` hexes away with the terrain types
    ``between`` them (keys such as ``"woods"``): the row of the observer's hex (or the target's,
    ruling ``htr-10.15-observation-row``), its Hilltop row if it holds one, gives the range and
    the numbered types that block. Raises ``ValueError`` for unknown terrain or distance < 1."""
    if distance < 1:
        raise ValueError(f"an observation distance is at least 1 hex, not {distance} ({CASE})")
    if row not in OBSERVATION_ROW.options:
        raise ValueError(f"unknown option {row!r} of {OBSERVATION_ROW.id} ({CASE})")
    read = observer if row == "observer-hex" else target
    chart.get(read.terrain, ("hex",))
    terrain = chart.terrain["hilltop" if read.hilltop else read.terrain]
    kinds = ("hex", "feature", "hexside")
    found = [chart.get(key, kinds) for key in between]
    blockers = tuple(t.label for t in found if t.number and t.number in terrain.blocked_by)
    sight = terrain.observation_range or 0
    if distance > sight:
        sees, reason = False, f"{distance} hexes is beyond the {terrain.label} range of {sight}"
    elif blockers:
        sees, reason = False, f"blocked by {', '.join(blockers)}"
    else:
        sees, reason = True, f"within {sight} hexes and nothing between blocks"
    return Observation(
        terrain.label, sight, terrain.blocked_by, distance, blockers, sees, f"{reason} ({CASE})"
    )
