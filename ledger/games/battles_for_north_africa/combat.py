"""One Battles for North Africa combat worked out before the die is rolled.

``work_out_combat`` totals the strengths (``strength``), finds the odds column (rounded in the
defender's favour to a printed column, Combat Phase ¶4, with ``ledger.charts.odds.odds_column``),
chooses the Mobile or Assault CRT (Combat Phase ¶5), adds up the drm stack (Combat Phase ¶6)
and, when the player's CRTs are loaded, gives the exact odds of every result code with the final
die roll clamped to the table's ends (Using The Dice Roll ¶1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from ledger.charts.odds import OddsColumn, odds_column, parse_ratio
from ledger.games.battles_for_north_africa import rulings as R
from ledger.games.battles_for_north_africa.crt import (
    CombatResultsTable,
    TableChoice,
    TableName,
    choose_table,
)
from ledger.games.battles_for_north_africa.drm import Drm, drm_stack
from ledger.games.battles_for_north_africa.strength import (
    FireSupport,
    SetupError,
    Totals,
    total_strengths,
)
from ledger.games.battles_for_north_africa.terrain import HexTerrain
from ledger.games.battles_for_north_africa.units import CombatUnit

WHOLE_RATIOS: Final = (
    *(f"1-{n}" for n in range(10, 1, -1)),
    "1-1",
    "3-2",
    *(f"{n}-1" for n in range(2, 11)),
)
"""The columns odds round to when no CRT is loaded (ruling ``bfna-columns-without-crt``)."""


@dataclass(frozen=True, slots=True)
class CombatSetup:
    """Everything a combat's odds depend on: the units, the defender's ``terrain`` and
    ``fortification`` (0, 1 or 2), the TEC's ``terrain_drm``, support (``FireSupport`` lists and
    air bombardment strengths), ``stukas`` on the hex, ``initiative_failure`` and the attacker's
    ``table`` choice (``None``: the table the rules call for)."""

    attackers: tuple[CombatUnit, ...]
    defenders: tuple[CombatUnit, ...]
    terrain: HexTerrain
    fortification: int = 0
    terrain_drm: int = 0
    offensive_fire: tuple[FireSupport, ...] = ()
    defensive_fire: tuple[FireSupport, ...] = ()
    close_attack: tuple[int, ...] = ()
    close_defense: tuple[int, ...] = ()
    stukas: int = 0
    initiative_failure: bool = False
    table: TableName | None = None


@dataclass(frozen=True, slots=True)
class CombatOdds:
    """A combat worked out: ``totals``, the odds ``column`` (``None`` under ruling
    ``bfna-columns-without-crt=ratio-only`` with no CRT, or when no defender has a DF), the
    ``choice`` of CRT, the ``drms``
    and their sum ``drm``; with a CRT loaded, ``crt`` names it, ``final_rolls`` are the exact
    odds of each row read and ``results`` those of each result code (both summing to 1)."""

    totals: Totals
    column: OddsColumn | None
    choice: TableChoice
    drms: tuple[Drm, ...]
    drm: int
    crt: str = ""
    final_rolls: dict[int, Fraction] = field(default_factory=dict)
    results: dict[str, Fraction] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


def work_out_combat(
    setup: CombatSetup,
    tables: Mapping[str, CombatResultsTable] | None = None,
    rulings: Mapping[str, str] | None = None,
) -> CombatOdds:
    """Work out ``setup`` on the loaded ``tables`` ({"mobile": ..., "assault": ...}; ``None`` or
    empty when no CRT is loaded) under ``rulings`` ({id: option}, defaults where left out).

    Raises ``SetupError`` (``strength``) naming the part of the setup at fault: every problem of
    the units and support at once (``total_strengths``; stukas against woods at ``stukas``,
    Air Missions ¶4-¶5), then a table the rules do not allow at ``table`` (``choose_table``)
    or a CRT file without the table needed at ``crt``; ``OddsTooLow`` for odds below the table
    under ruling ``bfna-odds-below-table=refuse``.
    """
    chosen = {**R.defaults(), **(rulings or {})}
    s = setup
    problems = _stuka_problems(s)
    try:
        totals = total_strengths(
            s.attackers,
            s.defenders,
            target=s.terrain,
            fortification=s.fortification,
            offensive_fire=s.offensive_fire,
            defensive_fire=s.defensive_fire,
            close_attack=s.close_attack,
            close_defense=s.close_defense,
            compound=chosen[R.HALVINGS.id] == "compound",
            at_uses_bf_with_others=chosen[R.AT_WITH_OTHERS.id] == "bf-against-armor",
        )
    except SetupError as exc:
        raise SetupError([*exc.problems, *problems]) from None
    if problems:
        raise SetupError(problems)
    ratio = totals.attack / totals.defense if totals.defense else None
    try:
        choice = choose_table(
            s.attackers,
            s.defenders,
            target=s.terrain,
            fortification=s.fortification,
            ratio=ratio,
            requested=s.table,
            all_hexsides=chosen[R.MOBILE_HEXSIDES.id] == "all-hexsides",
        )
    except ValueError as exc:
        raise SetupError([("table", str(exc))]) from None
    drms = drm_stack(
        s.attackers,
        s.defenders,
        table=choice.table,
        terrain_drm=s.terrain_drm,
        supporting_bf=totals.offensive_fire,
        stukas=s.stukas,
        initiative_failure=s.initiative_failure,
        stuka_each=chosen[R.STUKA_COUNT.id] == "each",
        disabled_each=chosen[R.DISABLED_COUNT.id] == "each",
    )
    drm = sum(d.value for d in drms)
    notes = _notes(s, choice.table)
    if not totals.defense and not any(d.is_combat_unit and d.df > 0 for d in s.defenders):
        notes.append(
            "no defender has a DF: HQs and DF 0 units attacked without other combat units are "
            "eliminated, with no die roll (Combat Phase ¶16)"
        )
        return CombatOdds(totals, None, choice, drms, drm, notes=tuple(notes))
    if not tables:
        if chosen[R.NO_CRT_COLUMNS.id] == "ratio-only":
            column = None
        else:
            column = _column(totals, WHOLE_RATIOS, chosen)
        notes.append("no CRT loaded: odds, column and drm only (the CRT is not in the rules text)")
        return CombatOdds(totals, column, choice, drms, drm, notes=tuple(notes))
    table = tables.get(choice.table)
    if table is None:
        raise SetupError(
            [
                (
                    "crt",
                    f"the loaded CRT has no {choice.table} table, only {', '.join(tables)}; this "
                    "combat needs it (Combat Phase ¶5)",
                )
            ]
        )
    column = _column(totals, table.columns, chosen)
    notes.append(_clamp_note(table, drm))
    return CombatOdds(
        totals,
        column,
        choice,
        drms,
        drm,
        crt=table.name,
        final_rolls=table.final_rolls(drm),
        results=table.result_odds(column.column, drm),
        notes=tuple(n for n in notes if n),
    )


def _stuka_problems(setup: CombatSetup) -> list[tuple[str, str]]:
    """Stukas fly only close attack support (Air Missions ¶5), which woods refuse (¶4)."""
    if setup.stukas < 0:
        return [("stukas", f"stukas cannot be negative: {setup.stukas} (Air Missions ¶5)")]
    if setup.stukas and setup.terrain.no_close_attack_support:
        return [
            (
                "stukas",
                "stukas only give close attack support, and there is none against units in "
                f"{setup.terrain.label.lower()} (Air Missions ¶4-¶5)",
            )
        ]
    return []


def _column(totals: Totals, columns: Sequence[str], chosen: Mapping[str, str]) -> OddsColumn:
    """The odds column (Combat Phase ¶4). A total defense of 0 from defenders with a DF (an
    in-battery AT unit out of supply defends with FPF 0 against armor, Supply ¶1) is beyond
    every ratio: the last column is read, as for any odds above the table."""
    if not totals.defense:
        last = max(columns, key=lambda c: parse_ratio(c).value)
        note = f"{totals.attack} to 0: above every column, read on {last} (Combat Phase ¶4)"
        return OddsColumn(totals.attack, Fraction(0), None, last, "high", note)
    return odds_column(
        totals.attack,
        totals.defense,
        columns,
        below="refuse" if chosen[R.BELOW_TABLE.id] == "refuse" else "lowest",
        case="Combat Phase ¶4",
    )


def _clamp_note(table: CombatResultsTable, drm: int) -> str:
    low, high = 1 + drm, 6 + drm
    first, last = table.rolls[0], table.rolls[-1]
    if first <= low and high <= last:
        return ""
    return (
        f"d6 {drm:+d} gives {low}..{high}; the {table.name} CRT prints {first}..{last}, so totals "
        "beyond it are read on its end rows (Using The Dice Roll ¶1)"
    )


def _notes(setup: CombatSetup, table: str) -> list[str]:
    notes = []
    if table == "mobile" and any(a.type.heavy_armor for a in setup.attackers):
        notes.append("heavy armor gives its -1 drm on the Assault CRT only (Heavy Armor Units ¶1)")
    combat = [a for a in setup.attackers if a.is_combat_unit]
    if not combat or all(a.af == 0 and not a.in_battery for a in combat):
        notes.append(
            "HQ units and AF 0 units attacking without other combat units are eliminated "
            "(Combat Phase ¶16)"
        )
    return notes
