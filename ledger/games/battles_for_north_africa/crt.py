"""The Mobile and Assault Combat Results Tables, and the choice between them (Combat Phase ¶5).

The CRT numbers are not in the text: a player loads their own (``ledger.io.games`` reads a CSV,
docs/games/bfna.md). Each table becomes a ``Chart`` whose rows are the printed odds columns (in
printed order) and whose results are the codes of Combat Phase ¶7-¶14 (AR2, DR2, DR3, AE, DE,
An, Dn, E1, E2, E2R, NE); a cell covers the modified die rolls printed for it. The final value of
a die roll plus the drm stack is read on the table's first or last row when it falls beyond them
(Using The Dice Roll ¶1).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from types import MappingProxyType
from typing import Final, Literal

from ledger.charts.dice import D6, DiceKind
from ledger.charts.engine import Chart, ChartRow
from ledger.charts.odds import modified_odds, parse_ratio
from ledger.games.battles_for_north_africa.terrain import HexTerrain, hexside_terrain
from ledger.games.battles_for_north_africa.units import CombatUnit

TableName = Literal["mobile", "assault"]
TABLES: Final[tuple[TableName, ...]] = ("mobile", "assault")
CODE: Final = re.compile(r"^(AR2|DR2|DR3|AE|DE|A[1-9]|D[1-9]|E1|E2|E2R|NE)$")
"""A result code of Combat Phase ¶7-¶14 (n of An/Dn from 1 to 9)."""
ASSAULT_OPTION_ODDS: Final = Fraction(3, 2)
"""At 3-2 or better an attack with armor may use the Assault CRT (Combat Phase ¶5)."""


def check_code(text: str) -> str:
    """``text`` as a result code (``"D2"``, ``"E2R"``); ``ValueError`` naming the codes of
    Combat Phase ¶7-¶14 otherwise."""
    code = text.strip().upper()
    if not CODE.match(code):
        raise ValueError(
            f"{text!r} is not a result code: AR2, DR2, DR3, AE, DE, A1..A9, D1..D9, E1, E2, E2R "
            "or NE (Combat Phase ¶7-¶14)"
        )
    return code


@dataclass(frozen=True, slots=True)
class CombatResultsTable:
    """One loaded CRT: ``name`` ("mobile" or "assault"), its ``chart`` (rows = odds columns in
    printed order, cells = the die rolls each result code covers) and its ``rolls``, the printed
    die roll rows, ascending and contiguous."""

    name: TableName
    chart: Chart
    rolls: tuple[int, ...]

    @property
    def columns(self) -> tuple[str, ...]:
        """The printed odds columns, lowest odds first (``"1-2"``, ``"1-1"``, ...)."""
        return self.chart.keys

    def final_rolls(self, drm: int) -> dict[int, Fraction]:
        """The exact odds of each row read with a d6 + ``drm``, clamped to the first and last
        rows (Using The Dice Roll ¶1): {roll row: probability}, summing to 1."""
        return modified_odds(D6, drm, low=self.rolls[0], high=self.rolls[-1])

    def result_odds(self, column: str, drm: int) -> dict[str, Fraction]:
        """The exact odds of every result code on ``column`` at ``drm``, in the table's result
        order: {code: probability}, summing to 1. ``KeyError`` for an unknown column."""
        odds: dict[str, Fraction] = {}
        for roll, chance in self.final_rolls(drm).items():
            code = self.chart.lookup(column, roll)
            odds[code] = odds.get(code, Fraction(0)) + chance
        return {c: odds[c] for c in self.chart.results if c in odds}


def build_table(
    name: TableName, columns: Sequence[str], cells: Mapping[tuple[str, int], str], source: str
) -> CombatResultsTable:
    """A CRT from its ``cells`` {(odds column, die roll): code}.

    ``columns`` are the printed odds columns in printed order (each a ratio such as ``"3-2"``,
    rising). Every column must have a code for every die roll row, the rows must run without a
    hole and include every unmodified roll 1 to 6 (they may reach beyond it), and every code must be one of
    ``check_code``'s. Raises ``ValueError`` saying which.
    """
    if not columns:
        raise ValueError(f"the {name} CRT has no odds columns (Combat Phase ¶4)")
    ratios = [parse_ratio(c).value for c in columns]
    if any(b <= a for a, b in pairwise(ratios)):
        raise ValueError(f"the {name} CRT's columns must rise from left to right: {list(columns)}")
    rolls = sorted({roll for _, roll in cells})
    if not rolls:
        raise ValueError(f"the {name} CRT has no die roll rows (Using The Dice Roll ¶1)")
    if rolls != list(range(rolls[0], rolls[-1] + 1)):
        raise ValueError(f"the {name} CRT's die roll rows skip a value: {rolls}")
    if rolls[0] > 1 or rolls[-1] < 6:
        raise ValueError(
            f"the {name} CRT's die roll rows {rolls[0]}..{rolls[-1]} must cover 1..6 "
            "(Using The Dice Roll ¶1)"
        )
    results: list[str] = []
    rows = []
    for column in columns:
        by_code: dict[str, list[int]] = {}
        for roll in rolls:
            code = cells.get((column, roll))
            if code is None:
                raise ValueError(f"the {name} CRT has no result at {column}, die roll {roll}")
            code = check_code(code)
            by_code.setdefault(code, []).append(roll)
            if code not in results:
                results.append(code)
        cells_row = tuple((code, tuple(r)) for code, r in by_code.items())
        rows.append(ChartRow(key=column, label=column, cells=cells_row))
    dice = _roll_kind(tuple(rolls))
    chart = Chart(
        id=f"bfna-{name}-crt",
        case="Combat Phase ¶4-¶14",
        title=f"{name.capitalize()} CRT",
        source=source,
        dice=dice,
        row_key="odds",
        results=tuple(results),
        rows=tuple(rows),
    )
    return CombatResultsTable(name, chart, tuple(rolls))


def _roll_kind(rolls: tuple[int, ...]) -> DiceKind:
    """The table's die roll rows as a dice kind: an unmodified d6 read on them (odds 0 for the
    rows only a drm reaches), so ``Chart.distribution`` gives the odds at drm 0."""
    odds = modified_odds(D6, 0, low=rolls[0], high=rolls[-1])
    full = {r: odds.get(r, Fraction(0)) for r in rolls}
    return DiceKind(f"bfna-roll-{rolls[0]}-{rolls[-1]}", "d6 + drm", MappingProxyType(full))


@dataclass(frozen=True, slots=True)
class TableChoice:
    """Which CRT a combat uses (Combat Phase ¶5): ``table``; ``printed`` the one the defenders
    call for before any choice; ``may_choose_assault`` when an armored attack at 3-2 or better
    could take the Assault CRT instead; ``reasons`` each with its case."""

    table: TableName
    printed: TableName
    may_choose_assault: bool
    reasons: tuple[str, ...]


def choose_table(
    attackers: Sequence[CombatUnit],
    defenders: Sequence[CombatUnit],
    *,
    target: HexTerrain,
    fortification: int,
    ratio: Fraction | None,
    requested: TableName | None = None,
    all_hexsides: bool = False,
) -> TableChoice:
    """The CRT for this combat (Combat Phase ¶5).

    Mobile when an armor or heavy armor type unit defends, else Assault; never Mobile in a
    fortification, mountain or hill hex, or when any attacker attacks across a TEC hexside
    (``all_hexsides``: any hexside feature, ruling ``bfna-mobile-crt-hexsides``). With armor
    attacking at ``ratio`` 3/2 or more (``None``: no defense) the attacker may take the Assault
    CRT. ``requested`` is the attacker's choice (``None``: the printed table). Raises
    ``ValueError`` when the request asks for a table the rules do not allow.
    """
    reasons = []
    if any(d.type.armor_for_crt for d in defenders):
        printed: TableName = "mobile"
        reasons.append("an armor or heavy armor unit defends: Mobile CRT (Combat Phase ¶5)")
    else:
        printed = "assault"
        reasons.append("no armor or heavy armor unit defends: Assault CRT (Combat Phase ¶5)")
    barred = _mobile_barred(attackers, target, fortification, all_hexsides)
    if printed == "mobile" and barred:
        printed = "assault"
        reasons.append(f"but {barred}: Assault CRT (Combat Phase ¶5)")
    may_choose = (
        printed == "mobile"
        and any(a.type.armor_for_crt for a in attackers)
        and (ratio is None or ratio >= ASSAULT_OPTION_ODDS)
    )
    if may_choose:
        reasons.append(
            "armor attacks at 3-2 or better: the Assault CRT may be chosen (Combat Phase ¶5)"
        )
    table = requested or printed
    if table != printed and not (table == "assault" and may_choose):
        raise ValueError(
            f"this combat must use the {printed.capitalize()} CRT, not the "
            f"{table.capitalize()} CRT: {'; '.join(reasons)}"
        )
    if table != printed:
        reasons.append("the attacker chose the Assault CRT (Combat Phase ¶5)")
    return TableChoice(table, printed, may_choose, tuple(reasons))


def _mobile_barred(
    attackers: Sequence[CombatUnit], target: HexTerrain, fortification: int, all_hexsides: bool
) -> str:
    if fortification:
        return f"the defenders are in a fortification {fortification} hex"
    if target.no_mobile_crt:
        return f"the defenders are in {target.label.lower()}"
    for unit in attackers:
        for feature_id in unit.hexsides:
            side = hexside_terrain(feature_id)
            if side.tec or all_hexsides:
                return f"{unit.name} attacks across {side.named}"
    return ""
