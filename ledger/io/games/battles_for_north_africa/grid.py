"""The hex map a ``supply`` request names: a TOML or JSON file (docs/games/bfna.md, "The map
file"; example docs/examples/bfna/grid.toml), or the same data inline.

The file is read with ``ledger.io.files`` (1 MiB at most, UTF-8, 32 levels of nesting), its shape checked with pydantic (``models.GridIn``),
then every hex is placed on the map. Each problem names ``grid.<field inside the file>`` and the
file; all of a round's problems come at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ledger.games.battles_for_north_africa.hexgrid import (
    Hex,
    HexMap,
    Layout,
    hex_text,
    parse_hex,
    rectangle,
)
from ledger.games.battles_for_north_africa.supply import MapUnit, SupplyMap
from ledger.games.battles_for_north_africa.units import unit_type
from ledger.io.combat_request import RequestError
from ledger.io.files import FileRefused, dotted, parse_json, parse_toml, tree_problems
from ledger.io.games.battles_for_north_africa.models import GRID_CASE, GridIn
from ledger.io.games.battles_for_north_africa.problems import pydantic_errors, read_text
from ledger.model.errors import LedgerError


def load_grid(base: Path, grid: str | dict[str, Any]) -> SupplyMap:
    """The map of a ``supply`` request: a file named relative to ``base`` (TOML when the name
    ends in ``.toml``, else JSON), or the map itself inline. Raises ``RequestError`` naming
    ``grid`` (and the field inside the file) for a file that cannot be read or parsed, a bad
    hex, a hex off the map, a road between hexes that do not touch, an unknown unit type, a
    unit on a sea hex, or an armor car, recon or motorcycle unit without its MP (Supply ¶3)."""
    if isinstance(grid, str):
        text = read_text(base, grid, "grid", GRID_CASE)
        origin = grid
        kind = "TOML" if grid.endswith(".toml") else "JSON"
        try:
            data: Any = (
                parse_toml(text, "grid", grid) if kind == "TOML" else parse_json(text, "grid")
            )
            odd = [f"{dotted(loc)}: {m}" for loc, m in tree_problems(data)]
        except FileRefused as exc:
            raise RequestError(
                [
                    LedgerError(
                        "grid",
                        f"{origin}: not valid {kind}: {e.message.removeprefix('not JSON: ')}",
                        GRID_CASE,
                    )
                    for e in exc.errors
                ]
            ) from exc
        if odd:
            raise RequestError([LedgerError("grid", f"{origin}: {m}", GRID_CASE) for m in odd])
    else:
        data, origin = grid, "inline map"
    try:
        raw = GridIn.model_validate(data)
    except ValidationError as exc:
        errors = pydantic_errors(exc, {}, prefix="grid.", origin=origin)
        raise RequestError(
            [LedgerError(e.field, e.message, e.case or GRID_CASE) for e in errors]
        ) from exc
    return _GridBuilder(raw, origin).build()


class _GridBuilder:
    """Turns a validated map file into a ``SupplyMap``, collecting every problem."""

    def __init__(self, raw: GridIn, origin: str) -> None:
        self.raw = raw
        self.origin = origin
        self.errors: list[LedgerError] = []
        self.map = HexMap("odd-q", frozenset())

    def bad(self, where: str, message: str, case: str = GRID_CASE) -> None:
        self.errors.append(LedgerError(f"grid.{where}", f"{self.origin}: {message}", case))

    def hex(self, text: str, where: str) -> Hex | None:
        try:
            h = parse_hex(text)
        except ValueError as exc:
            self.bad(where, str(exc))
            return None
        if h not in self.map:
            self.bad(where, f"hex {hex_text(h)} is not on the map")
            return None
        return h

    def hexes(self, items: Sequence[str], where: str) -> list[Hex]:
        found = [self.hex(t, f"{where}[{i}]") for i, t in enumerate(items)]
        return [h for h in found if h is not None]

    def build(self) -> SupplyMap:
        raw = self.raw
        layout: Layout = raw.layout
        cells: set[Hex] = set()
        if (raw.columns is None) != (raw.rows is None):
            self.bad("columns", "give both columns and rows, or neither")
        elif raw.columns is not None and raw.rows is not None:
            try:
                cells |= rectangle(raw.columns, raw.rows)
            except ValueError as exc:
                self.bad("columns", str(exc))
        for i, text in enumerate(raw.hexes):
            try:
                cells.add(parse_hex(text))
            except ValueError as exc:
                self.bad(f"hexes[{i}]", str(exc))
        if not cells and not self.errors:
            self.bad("columns", "the map has no hexes; give columns and rows or hexes")
        self.map = HexMap(layout, frozenset(cells))
        sea = frozenset(self.hexes(raw.sea, "sea"))
        self.map = HexMap(layout, frozenset(cells), sea)
        roads = self._roads()
        sources: dict[str, tuple[Hex, ...]] = {
            side: tuple(self.hexes(hs, f"sources.{side}")) for side, hs in raw.sources.items()
        }
        controlled = frozenset(self.hexes(raw.enemy_controlled, "enemy_controlled"))
        zoc: dict[str, frozenset[Hex]] = {
            side: frozenset(self.hexes(hs, f"zoc.{side}")) for side, hs in raw.zoc.items()
        }
        closed: dict[str, frozenset[frozenset[Hex]]] = {
            side: self._hexsides(pairs, side) for side, pairs in raw.closed_hexsides.items()
        }
        units = self._units(sea)
        if self.errors:
            raise RequestError(self.errors)
        return SupplyMap(self.map, roads, sources, units, controlled, zoc, closed)

    def _roads(self) -> frozenset[frozenset[Hex]]:
        edges: set[frozenset[Hex]] = set()
        for i, chain in enumerate(self.raw.roads):
            where = f"roads[{i}]"
            if len(chain) < 2:
                self.bad(where, "a road runs through 2 hexes or more")
                continue
            hexes = [self.hex(t, f"{where}[{j}]") for j, t in enumerate(chain)]
            for j, (a, b) in enumerate(pairwise(hexes)):
                if a is None or b is None:
                    continue
                if not self.map.adjacent(a, b):
                    self.bad(
                        f"{where}[{j + 1}]",
                        f"road hexes {hex_text(a)} and {hex_text(b)} do not touch (intro ¶7)",
                        "intro ¶7",
                    )
                edges.add(frozenset((a, b)))
        return frozenset(edges)

    def _hexsides(self, pairs: Sequence[tuple[str, str]], side: str) -> frozenset[frozenset[Hex]]:
        found = set()
        for i, (a_text, b_text) in enumerate(pairs):
            where = f"closed_hexsides.{side}[{i}]"
            a, b = self.hex(a_text, where), self.hex(b_text, where)
            if a is None or b is None:
                continue
            if not self.map.adjacent(a, b):
                self.bad(where, f"{hex_text(a)} and {hex_text(b)} share no hexside")
            found.add(frozenset((a, b)))
        return frozenset(found)

    def _units(self, sea: frozenset[Hex]) -> tuple[MapUnit, ...]:
        units = []
        seen: set[str] = set()
        for i, u in enumerate(self.raw.units):
            where = f"units[{i}]"
            if u.id in seen:
                self.bad(f"{where}.id", f"unit id {u.id!r} repeats")
            seen.add(u.id)
            try:
                kind = unit_type(u.type)
            except ValueError as exc:
                self.bad(f"{where}.type", str(exc), "Unit Capabilities ¶9")
                continue
            h = self.hex(u.hex, f"{where}.hex")
            if h is None:
                continue
            if h in sea:
                self.bad(f"{where}.hex", f"{u.id} is on sea hex {hex_text(h)}", "Movement Phase ¶3")
                continue
            if kind.supply_path_mp and u.mp is None:
                self.bad(
                    f"{where}.mp",
                    f"{u.id} ({kind.label}) traces supply as far as its MP; give mp",
                    "Supply ¶3",
                )
            if u.disabled and not kind.heavy_armor:
                self.bad(
                    f"{where}.disabled", "only heavy armor can be disabled", "Unit Capabilities ¶11"
                )
            if (u.supply_source or u.depleted) and not kind.hq:
                self.bad(
                    f"{where}.supply_source", "only an HQ can be an emergency source", "Supply ¶4"
                )
            units.append(
                MapUnit(
                    u.id,
                    u.side,
                    h,
                    kind,
                    u.mp,
                    u.df,
                    u.in_reserve,
                    u.disabled,
                    u.supply_source,
                    u.depleted,
                )
            )
        return tuple(units)
