"""Hex coordinates for a map a player describes (supply paths, ``supply``).

A hex is written ``"col,row"`` (``"12,5"``) and held as the tuple ``(col, row)``. How columns and
rows sit is the map's ``layout``:

- ``"odd-q"``: flat-topped hexes in vertical columns, odd columns pushed half a hex down (the
  usual wargame map with hexes numbered column then row);
- ``"even-q"``: the same with even columns pushed down;
- ``"odd-r"`` / ``"even-r"``: pointy-topped hexes in horizontal rows, odd / even rows pushed half
  a hex right;
- ``"axial"``: axial coordinates (q, r), the six neighbours of (q, r) being (q±1, r), (q, r±1),
  (q+1, r-1) and (q-1, r+1).

Every layout is turned into axial coordinates to find neighbours, then back. Distances count
the hexes entered: the hex measured to, not the one measured from (Measuring Distances ¶1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

Hex = tuple[int, int]
Layout = Literal["odd-q", "even-q", "odd-r", "even-r", "axial"]
LAYOUTS: Final[tuple[Layout, ...]] = ("odd-q", "even-q", "odd-r", "even-r", "axial")
AXIAL_STEPS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def parse_hex(text: str) -> Hex:
    """``"12,5"`` → ``(12, 5)`` (spaces allowed, negative numbers for axial maps). Raises
    ``ValueError`` for anything else."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return int(parts[0].strip()), int(parts[1].strip())
    except ValueError:
        raise ValueError(f'{text!r} is not a hex; write column,row such as "12,5"') from None


def hex_text(h: Hex) -> str:
    """``(12, 5)`` → ``"12,5"``."""
    return f"{h[0]},{h[1]}"


def to_axial(h: Hex, layout: Layout) -> Hex:
    """``h`` in ``layout`` as axial (q, r)."""
    c, r = h
    if layout == "odd-q":
        return c, r - (c - (c & 1)) // 2
    if layout == "even-q":
        return c, r - (c + (c & 1)) // 2
    if layout == "odd-r":
        return c - (r - (r & 1)) // 2, r
    if layout == "even-r":
        return c - (r + (r & 1)) // 2, r
    return c, r


def from_axial(a: Hex, layout: Layout) -> Hex:
    """Axial (q, r) as a hex of ``layout`` (the inverse of ``to_axial``)."""
    q, r = a
    if layout == "odd-q":
        return q, r + (q - (q & 1)) // 2
    if layout == "even-q":
        return q, r + (q + (q & 1)) // 2
    if layout == "odd-r":
        return q + (r - (r & 1)) // 2, r
    if layout == "even-r":
        return q + (r + (r & 1)) // 2, r
    return q, r


def around(h: Hex, layout: Layout) -> tuple[Hex, ...]:
    """The six hexes touching ``h``, on or off any map."""
    q, r = to_axial(h, layout)
    return tuple(from_axial((q + dq, r + dr), layout) for dq, dr in AXIAL_STEPS)


def distance(a: Hex, b: Hex, layout: Layout) -> int:
    """Hexes from ``a`` to ``b`` on an open map (Measuring Distances ¶1: ``b`` counts, ``a``
    does not); 0 for the same hex."""
    aq, ar = to_axial(a, layout)
    bq, br = to_axial(b, layout)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True, slots=True)
class HexMap:
    """The hexes of a map (``hexes``, in ``layout``) and the ``sea`` hexes among them, which no
    unit or supply path enters (Movement Phase ¶3)."""

    layout: Layout
    hexes: frozenset[Hex]
    sea: frozenset[Hex] = frozenset()

    def __post_init__(self) -> None:
        if self.layout not in LAYOUTS:
            raise ValueError(f"layout {self.layout!r} is not one of {', '.join(LAYOUTS)}")
        off = sorted(self.sea - self.hexes)
        if off:
            raise ValueError(f"sea hexes {', '.join(map(hex_text, off))} are not on the map")

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The hexes of the map touching ``h``, sea included."""
        return tuple(n for n in around(h, self.layout) if n in self.hexes)

    def adjacent(self, a: Hex, b: Hex) -> bool:
        """True when ``a`` and ``b`` share a hexside."""
        return b in around(a, self.layout)


def rectangle(columns: tuple[int, int], rows: tuple[int, int]) -> frozenset[Hex]:
    """Every hex (col, row) with col and row in the inclusive ranges given; ``ValueError`` for a
    range that runs backwards."""
    (c0, c1), (r0, r1) = columns, rows
    if c1 < c0 or r1 < r0:
        raise ValueError(f"map columns {c0}..{c1} or rows {r0}..{r1} run backwards")
    return frozenset((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))


def texts(hexes: Iterable[Hex]) -> list[str]:
    """Hexes as ``"col,row"`` texts, in the order given."""
    return [hex_text(h) for h in hexes]
