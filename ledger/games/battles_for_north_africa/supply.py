"""Supply status on a map the player describes (Supply ¶1-¶4).

A combat unit is in supply when a supply path of at most 7 hexes (an armor car, recon or
motorcycle unit: as many hexes as its MP, Supply ¶3) reaches a supply route: a road net leading
to a friendly supply source the enemy does not control (Supply ¶2). Path and route must be free
of enemy units and of enemy ZOC, but a friendly combat unit in a hex cancels the enemy ZOC there
for tracing supply (Supply ¶2); active minefield or anti-tank ditch hexsides of an enemy hex are
closed to supply paths (Fortifications ¶2: the map file lists them). Sea hexes are never entered
(Movement Phase ¶3). Failing that, an undepleted HQ with a supply source on its counter may
serve as an emergency source, with route and path each at most 7 hexes (a recce type's path no
longer than its MP either), and is then flipped to its depleted side (Supply ¶4; rulings
``bfna-hq-emergency-route`` and ``bfna-emergency-path-recce``).

Enemy ZOC comes from the enemy's combat units on the map (intro ¶8): into the six hexes around
them, sea left out, none from a unit with DF 0 (Unit Capabilities ¶8), in reserve (Reserve
Status ¶6), disabled, or heavy armor alone in its hex (Unit Capabilities ¶11); the map file may
add ZOC hexes. Paths are found breadth first (``collections.deque``), so each is a shortest one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from ledger.games.battles_for_north_africa.hexgrid import Hex, HexMap, hex_text
from ledger.games.battles_for_north_africa.units import UnitType

SIDES: Final = ("axis", "allied")
SUPPLY_PATH_HEXES: Final = 7  # Supply ¶2
EMERGENCY_HEXES: Final = 7  # Supply ¶4, both route and path


def enemy_of(side: str) -> str:
    """The other side; ``ValueError`` for a side not in ``SIDES``."""
    if side not in SIDES:
        raise ValueError(f"side {side!r} is not one of {', '.join(SIDES)} (intro ¶3)")
    return SIDES[1 - SIDES.index(side)]


@dataclass(frozen=True, slots=True)
class MapUnit:
    """A unit on the map: ``id``, ``side``, ``hex``, ``type``, ``mp`` (needed for the types
    whose supply path is their MP, Supply ¶3), ``df`` (0: no ZOC), ``in_reserve``, ``disabled``;
    for an HQ, ``supply_source`` (a supply symbol on the counter) and ``depleted`` (Supply ¶4)."""

    id: str
    side: str
    hex: Hex
    type: UnitType
    mp: int | None = None
    df: int = 1
    in_reserve: bool = False
    disabled: bool = False
    supply_source: bool = False
    depleted: bool = False

    @property
    def is_combat_unit(self) -> bool:
        """False for an HQ (Unit Capabilities ¶13)."""
        return not self.type.hq


@dataclass(frozen=True, slots=True)
class SupplyMap:
    """Everything supply is traced on: the ``map``; ``roads``, each a pair of adjacent road hexes
    (primary, secondary or minor: all carry a route, Supply ¶2); ``sources`` by side;
    ``enemy_controlled`` source hexes held by the other side; ``units``; ``zoc`` hexes to add per
    side; ``closed_hexsides`` per side, pairs of hexes a path of that side may not cross."""

    map: HexMap
    roads: frozenset[frozenset[Hex]]
    sources: Mapping[str, tuple[Hex, ...]]
    units: tuple[MapUnit, ...]
    enemy_controlled: frozenset[Hex] = frozenset()
    zoc: Mapping[str, frozenset[Hex]] = field(default_factory=dict)
    closed_hexsides: Mapping[str, frozenset[frozenset[Hex]]] = field(default_factory=dict)

    def road_neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The hexes joined to ``h`` by a road."""
        return tuple(n for n in self.map.neighbours(h) if frozenset((h, n)) in self.roads)


def zoc_of(supply_map: SupplyMap, side: str) -> frozenset[Hex]:
    """Every hex in the ZOC of ``side``'s units (see the module docstring) plus the file's."""
    units = supply_map.units
    found = set(supply_map.zoc.get(side, frozenset()))
    for unit in units:
        if unit.side != side or not unit.is_combat_unit or unit.df == 0:
            continue
        if unit.in_reserve or unit.disabled:
            continue
        if unit.type.heavy_armor:
            company = [u for u in units if u.hex == unit.hex and u.is_combat_unit and u is not unit]
            if not company:
                continue
        found.update(n for n in supply_map.map.neighbours(unit.hex) if n not in supply_map.map.sea)
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class UnitSupply:
    """One unit's supply status: ``in_supply``; the ``limit`` of its path (hexes) and its case;
    the ``path`` from its hex to the route (both ends included; its length is len - 1); the
    ``route`` along roads from there to the ``source`` (a source hex, or an HQ's id for
    emergency supply, ``via_hq``); ``reason`` in words."""

    unit: str
    in_supply: bool
    limit: int
    limit_case: str
    path: tuple[Hex, ...] = ()
    route: tuple[Hex, ...] = ()
    source: str = ""
    via_hq: str = ""
    reason: str = ""


class _Tracer:
    """The blocking rules for one side, shared by every search."""

    def __init__(self, supply_map: SupplyMap, side: str) -> None:
        self.map = supply_map
        enemy = enemy_of(side)
        friends = {u.hex for u in supply_map.units if u.side == side and u.is_combat_unit}
        self.enemy_units = {u.hex for u in supply_map.units if u.side == enemy}
        self.enemy_zoc = zoc_of(supply_map, enemy) - friends
        self.closed = supply_map.closed_hexsides.get(side, frozenset())
        self.side = side

    def open(self, h: Hex) -> bool:
        return h not in self.map.map.sea and h not in self.enemy_units and h not in self.enemy_zoc

    def why_closed(self, h: Hex) -> str:
        if h in self.enemy_units:
            return "an enemy unit"
        if h in self.enemy_zoc:
            return "enemy ZOC"
        return "sea" if h in self.map.map.sea else ""

    def crossable(self, a: Hex, b: Hex) -> bool:
        return frozenset((a, b)) not in self.closed

    def search(
        self,
        start: Hex,
        limit: int,
        step: Callable[[Hex], Iterable[Hex]],
        goal: Callable[[Hex], bool],
    ) -> tuple[Hex, ...] | None:
        """The shortest path from ``start`` to a ``goal`` hex within ``limit`` hexes (breadth
        first), moving by ``step`` through open hexes; ``None`` when there is none."""
        parent: dict[Hex, Hex | None] = {start: None}
        depth = {start: 0}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            if goal(h):
                path = [h]
                while (p := parent[path[-1]]) is not None:
                    path.append(p)
                return tuple(reversed(path))
            if depth[h] == limit:
                continue
            for n in step(h):
                if n not in parent and self.open(n) and self.crossable(h, n):
                    parent[n] = h
                    depth[n] = depth[h] + 1
                    queue.append(n)
        return None

    def route_tree(self, starts: Iterable[Hex], limit: int | None) -> dict[Hex, Hex | None]:
        """Road hexes reachable along open roads from ``starts`` (within ``limit`` hexes when
        given), each with the next hex towards its start (``None`` at a start)."""
        parent: dict[Hex, Hex | None] = {}
        depth: dict[Hex, int] = {}
        queue: deque[Hex] = deque()
        for s in starts:
            if self.open(s) and s not in parent:
                parent[s], depth[s] = None, 0
                queue.append(s)
        while queue:
            h = queue.popleft()
            if limit is not None and depth[h] == limit:
                continue
            for n in self.map.road_neighbours(h):
                if n not in parent and self.open(n) and self.crossable(h, n):
                    parent[n], depth[n] = h, depth[h] + 1
                    queue.append(n)
        return parent


def _route(tree: Mapping[Hex, Hex | None], h: Hex) -> tuple[Hex, ...]:
    route = [h]
    while (p := tree[route[-1]]) is not None:
        route.append(p)
    return tuple(route)


def unit_id_problems(
    supply_map: SupplyMap, side: str, unit_ids: Sequence[str]
) -> list[tuple[int, str]]:
    """Every id of ``unit_ids`` that is not one of ``side``'s combat units on the map:
    ``(index, message)`` pairs, empty when all are."""
    known = {u.id: u for u in supply_map.units}
    problems = []
    for i, uid in enumerate(unit_ids):
        unit = known.get(uid)
        if unit is None:
            problems.append((i, f"no unit {uid!r} on the map; units: {', '.join(known)}"))
        elif unit.side != side or not unit.is_combat_unit:
            problems.append((i, f"{uid} is not a combat unit of the {side} side (Supply Phase ¶1)"))
    return problems


def trace_supply(
    supply_map: SupplyMap,
    side: str,
    unit_ids: Sequence[str] = (),
    *,
    hq_path_only: bool = False,
    emergency_seven: bool = False,
) -> tuple[UnitSupply, ...]:
    """The supply status of ``side``'s combat units (those of ``unit_ids`` only, when given),
    in map order. ``hq_path_only`` is option ``path-only`` of ruling
    ``bfna-hq-emergency-route``, ``emergency_seven`` option ``seven`` of ruling
    ``bfna-emergency-path-recce``. Raises ``ValueError`` for an unknown side, the first
    problem of ``unit_id_problems``, or an MP-limited unit without ``mp``."""
    tracer = _Tracer(supply_map, side)
    for _, message in unit_id_problems(supply_map, side, unit_ids)[:1]:
        raise ValueError(message)
    units = [
        u
        for u in supply_map.units
        if u.side == side and u.is_combat_unit and (not unit_ids or u.id in unit_ids)
    ]
    sources = [s for s in supply_map.sources.get(side, ()) if s not in supply_map.enemy_controlled]
    tree = tracer.route_tree(sources, None)
    hqs = [
        u
        for u in supply_map.units
        if u.side == side and u.type.hq and u.supply_source and not u.depleted
    ]
    return tuple(_unit_supply(u, tracer, tree, hqs, hq_path_only, emergency_seven) for u in units)


def _limit(unit: MapUnit) -> tuple[int, str]:
    if unit.type.supply_path_mp:
        if unit.mp is None:
            raise ValueError(
                f"{unit.id}: a {unit.type.label} traces supply by its MP; give mp (Supply ¶3)"
            )
        return unit.mp, "Supply ¶3"
    return SUPPLY_PATH_HEXES, "Supply ¶2"


def _unit_supply(
    unit: MapUnit,
    tracer: _Tracer,
    tree: Mapping[Hex, Hex | None],
    hqs: Sequence[MapUnit],
    hq_path_only: bool,
    emergency_seven: bool,
) -> UnitSupply:
    limit, case = _limit(unit)
    emergency = EMERGENCY_HEXES if emergency_seven else min(limit, EMERGENCY_HEXES)
    path = tracer.search(unit.hex, limit, tracer.map.map.neighbours, lambda h: h in tree)
    if path is not None:
        route = _route(tree, path[-1])
        return UnitSupply(
            unit.id, True, limit, case, path, route, hex_text(route[-1]),
            reason=f"path of {len(path) - 1} hex(es) to a road route to source {hex_text(route[-1])}",
        )  # fmt: skip
    best: UnitSupply | None = None
    for hq in hqs:
        hq_tree = tracer.route_tree([hq.hex], None if hq_path_only else EMERGENCY_HEXES)
        if hq_path_only:
            hq_tree = {hq.hex: None} if hq.hex in hq_tree else {}
        found = tracer.search(unit.hex, emergency, tracer.map.map.neighbours, hq_tree.__contains__)
        if found is None or (best is not None and len(found) >= len(best.path)):
            continue
        best = UnitSupply(
            unit.id, True, emergency, "Supply ¶4", found, _route(hq_tree, found[-1]),
            f"HQ {hq.id}", hq.id,
            f"emergency supply from HQ {hq.id}, which is flipped to its depleted side (Supply ¶4)",
        )  # fmt: skip
    if best is not None:
        return best
    return UnitSupply(unit.id, False, limit, case, reason=_why_not(unit, tracer, tree, limit))


def _why_not(unit: MapUnit, tracer: _Tracer, tree: Mapping[Hex, Hex | None], limit: int) -> str:
    if not tree:
        return "no supply route: every friendly source is enemy controlled or blocked (Supply ¶2)"
    blocked = [
        f"{hex_text(n)} ({tracer.why_closed(n)})"
        for n in tracer.map.map.neighbours(unit.hex)
        if not tracer.open(n)
    ]
    text = f"no open path of {limit} hexes or fewer reaches a supply route (Supply ¶2)"
    return text + (f"; blocked next to it: {', '.join(blocked)}" if blocked else "")
