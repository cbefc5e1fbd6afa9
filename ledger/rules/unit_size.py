"""Unit size: the organizational level of a unit (9.2, chart 9.4), shells (9.26-9.28, 15.55),
the Organizational Size Difference column shift (15.52, 15.53) and who may pin whom (8.54).

A unit's printed level comes from its printed Stacking Points through chart 9.4 (9.22, 9.23:
the value on the counter, not the name) — 5 division, 3 super brigade (the "3-point brigade"),
2 brigade or battle group, 1 battalion, 0 company — or, when the scenario gives no Stacking
Points, from its ``echelon``. Its effective level is one rung lower when it is a shell (9.28),
and a company when it is an HQ with no combat units with it (9.12; chart 9.4 puts an HQ on the
company row).

Shells (9.26) are judged on the formation tree of ``ledger.rules.organization`` (units in play that
are with the HQ now: attached to it, or assigned and not detached, 9.21):

* a division is a shell when half or fewer of the brigade-equivalents that may be assigned to
  it are with it and not shells themselves (9.27); a brigade counts only through its own HQ
  counter (15.55), so battalions with the division HQ never make up a brigade;
* a brigade (either size) is a shell when fewer than 2/3 of the battalions that may be assigned
  to it are with it and not shells; one that may have only two is not a shell with two
  battalions of which at least one is not a shell;
* a battalion is a shell below 50 % of its class's maximum TOE Strength Points (4.46), an
  artillery unit below 25 %; a company is the lowest level and never a shell.

"May be assigned" is ``Unit.max_assigned`` from the scenario, else ruling
``9.26-may-be-assigned``; a division or brigade with nothing that may be assigned is judged as
ruling ``9.26-no-subordinates`` says. Counts are whole numbers and compared exactly.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, Literal, get_args

from ledger.model.rulings import check_options
from ledger.model.state import GameState
from ledger.model.units import Side, Unit
from ledger.rules.organization import FormationNode, current_parent, formation_tree, is_combat_unit

Level = Literal["division", "super_brigade", "brigade", "battalion", "company"]
LEVELS: Final[tuple[Level, ...]] = get_args(Level)
"""The organizational levels of chart 9.4, largest first (the scenario files' echelon words)."""
BRIGADES: Final[frozenset[Level]] = frozenset({"super_brigade", "brigade"})
"""The brigade-equivalents (9.22): 3-point and 2-point brigades."""

MAY_BE_ASSIGNED_RULING: Final = "9.26-may-be-assigned"
NO_SUBORDINATES_RULING: Final = "9.26-no-subordinates"
BRIGADE_SIZES_RULING: Final = "15.53-brigade-sizes"

SHELL_PERCENT: Final = 50
"""9.26: a battalion below this share of its maximum TOE Strength Points is a shell ..."""
ARTILLERY_SHELL_PERCENT: Final = 25
"""... an artillery unit below this share."""


@dataclass(frozen=True, slots=True)
class SizeRulings:
    """The options in force for the size rulings (defaults shown); ``ValueError`` naming the
    ruling for an option it does not have."""

    may_be_assigned: str = "scenario-units"
    no_subordinates: str = "toe-like-battalion"
    brigade_sizes: str = "same-size"

    def __post_init__(self) -> None:
        check_options(
            (
                (MAY_BE_ASSIGNED_RULING, self.may_be_assigned),
                (NO_SUBORDINATES_RULING, self.no_subordinates),
                (BRIGADE_SIZES_RULING, self.brigade_sizes),
            )
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> SizeRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(
            option(MAY_BE_ASSIGNED_RULING),
            option(NO_SUBORDINATES_RULING),
            option(BRIGADE_SIZES_RULING),
        )


# --- chart 9.4 ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LevelRow:
    """One row of chart 9.4: the level, its Stacking Points, its 9.28 rung (division 3, brigade
    equivalents 2, battalion 1, company 0) and the level a shell of it counts as (``None`` for
    a company)."""

    level: Level
    label: str
    stacking_points: int
    tier: int
    shell_counts_as: Level | None


_Judgement = tuple[bool, int | None, int | None, int | None, str]
"""shell, counted, needed, of, reason."""


def _data(name: str) -> dict[str, Any]:
    folder = resources.files("ledger.charts").joinpath("data")
    return tomllib.loads(folder.joinpath(name).read_text(encoding="utf-8"))


@cache
def stacking_chart() -> dict[Level, LevelRow]:
    """Chart 9.4 by level, largest first (``charts/data/9.4-stacking-point-values.toml``)."""
    rows = (
        LevelRow(r["level"], r["label"], r["stacking_points"], r["tier"], r.get("shell_counts_as"))
        for r in _data("9.4-stacking-point-values.toml")["level"]
    )
    return {row.level: row for row in rows}


def level_of_stacking_points(points: int) -> Level | None:
    """9.22, chart 9.4: the level printed Stacking Points stand for (5 → ``"division"``, 3 →
    ``"super_brigade"``, 2 → ``"brigade"``, 1 → ``"battalion"``, 0 → ``"company"``); ``None``
    for a value the chart does not print (4, 6 or more)."""
    for row in stacking_chart().values():
        if row.stacking_points == points:
            return row.level
    return None


def printed_level(unit: Unit) -> Level | None:
    """The unit's level as printed: from its Stacking Points through chart 9.4 (9.22, 9.23),
    or, when the scenario gives none, from its ``echelon`` field. ``None`` when neither tells
    (no Stacking Points and an echelon that is not a 9.4 level, or Stacking Points off the
    chart)."""
    if unit.stacking_points is not None:
        return level_of_stacking_points(unit.stacking_points)
    echelon = unit.echelon.strip().lower().replace(" ", "_")
    return next((level for level in LEVELS if level == echelon), None)


def tier(level: Level) -> int:
    """The 9.28 rung of a level: division 3, brigade-equivalents (both sizes) 2, battalion 1,
    company 0."""
    return stacking_chart()[level].tier


def shell_counts_as(level: Level) -> Level:
    """9.28, chart 9.4: the level a shell of ``level`` is reduced to (division → 3-point
    brigade, any brigade → battalion, battalion → company). ``ValueError`` for a company."""
    lower = stacking_chart()[level].shell_counts_as
    if lower is None:
        raise ValueError(f"9.28: a {level} is the lowest level; it cannot be reduced")
    return lower


# --- shells (9.26-9.28) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SizeReport:
    """A unit's size now.

    ``printed`` is its chart 9.4 level (or echelon), ``effective`` the level it fights and pins
    at (9.28; company for an HQ with no combat units, 9.12). ``shell`` is the 9.26 judgement.
    ``counted`` is what was counted — non-shell brigade-equivalents (division), non-shell
    battalions (brigade) or TOE Strength Points (battalion) — ``needed`` the least that is not
    a shell and ``of`` what may be assigned or the class maximum TOE; all three ``None`` when
    nothing was judged. ``reason`` names the case.
    """

    unit_id: str
    printed: Level
    effective: Level
    shell: bool
    counted: int | None
    needed: int | None
    of: int | None
    reason: str


def may_be_assigned(state: GameState, unit: Unit, rulings: SizeRulings | None = None) -> int | None:
    """9.26: how many next-lower-level units (brigade-equivalents for a division, battalions
    for a brigade) may be assigned to ``unit``: ``Unit.max_assigned`` when the scenario gives
    it; else, under ruling ``9.26-may-be-assigned`` ``"scenario-units"``, the units of the
    scenario (in play or not) whose ``parent`` is this unit and whose printed level is the next
    lower one (battalions: combat units only); ``None`` under ``"not-judged"`` or for a unit
    that is not a division or brigade."""
    rulings = rulings or state.rulings_of(SizeRulings.from_choices)
    level = printed_level(unit)
    if level is None or level in ("battalion", "company"):
        return None
    if unit.max_assigned is not None:
        return unit.max_assigned
    if rulings.may_be_assigned == "not-judged":
        return None
    return sum(
        1 for u in state.units.values() if u.parent == unit.id and _is_lower(state, u, level)
    )


def _is_lower(state: GameState, unit: Unit, parent_level: Level) -> bool:
    """A unit of the next lower level for 9.26: a brigade-equivalent under a division, a combat
    battalion under a brigade."""
    level = printed_level(unit)
    if parent_level == "division":
        return level in BRIGADES
    return level == "battalion" and is_combat_unit(state, unit)


def size_report(state: GameState, unit_id: str, rulings: SizeRulings | None = None) -> SizeReport:
    """The size of one unit now, with the units that are with it (9.21, 9.26-9.28).

    Raises ``KeyError`` for an unknown id, ``ValueError`` when the unit's level cannot be told
    (see ``printed_level``); a subordinate whose level cannot be told is not counted."""
    return formation_size(state, formation_tree(state, unit_id), rulings)


def formation_size(
    state: GameState, node: FormationNode, rulings: SizeRulings | None = None
) -> SizeReport:
    """The size of ``node``'s unit with the units below it in the tree (as ``size_report``)."""
    result = _Judge(state, rulings or state.rulings_of(SizeRulings.from_choices), {}).report(node)
    assert result is not None  # report() raises when the level is unknown
    return result


def size_reports(
    state: GameState, side: Side | None = None, rulings: SizeRulings | None = None
) -> dict[str, SizeReport]:
    """The size of every unit in play (optionally of one side), by unit id. Units whose level
    cannot be told (``printed_level`` is ``None``) are left out."""
    judge = _Judge(state, rulings or state.rulings_of(SizeRulings.from_choices), {})
    in_play = {u.id for u in state.units_in_play()}
    roots = [uid for uid in sorted(in_play) if current_parent(state.units[uid]) not in in_play]
    for uid in [*roots, *sorted(in_play)]:  # the rest: units in a loop of parent links
        if uid not in judge.memo:
            judge.report(formation_tree(state, uid), skip_unknown=True)
    return {
        uid: report
        for uid, report in judge.memo.items()
        if report is not None and (side is None or state.units[uid].side == side)
    }


@dataclass(slots=True)
class _Judge:
    """Judges nodes bottom-up, remembering each unit's report (``None``: level unknown)."""

    state: GameState
    rulings: SizeRulings
    memo: dict[str, SizeReport | None]

    def report(self, node: FormationNode, skip_unknown: bool = False) -> SizeReport | None:
        unit = node.unit
        if unit.id in self.memo:
            return self.memo[unit.id]
        printed = printed_level(unit)
        if printed is None:
            if not skip_unknown:
                raise ValueError(
                    f"9.22: {unit.name} ({unit.id}) has neither Stacking Points on chart 9.4 "
                    f"(found {unit.stacking_points}) nor an echelon that is a level "
                    f"(found {unit.echelon!r})"
                )
            self.memo[unit.id] = None
            return None
        shell, counted, needed, of, reason = self._judge(node, printed, skip_unknown)
        effective = shell_counts_as(printed) if shell else printed
        alone = not is_combat_unit(self.state, unit) and not any(
            is_combat_unit(self.state, u) for u in node.walk() if u is not unit
        )
        if alone:
            effective = "company"
            reason += "; 9.12: an HQ with no combat units has 0 Stacking Points (company, 9.4)"
        result = SizeReport(unit.id, printed, effective, shell, counted, needed, of, reason)
        self.memo[unit.id] = result
        return result

    def _judge(self, node: FormationNode, printed: Level, skip_unknown: bool) -> _Judgement:
        if printed == "company":
            return False, None, None, None, "9.28: a company is the lowest level"
        if printed == "battalion":
            return _by_toe(self.state, node.unit, "9.26")
        allowed = may_be_assigned(self.state, node.unit, self.rulings)
        if allowed is None:
            return False, None, None, None, "9.26: not judged, the scenario gives no max_assigned"
        if allowed == 0:
            if self.rulings.no_subordinates == "never-shell":
                return False, None, None, None, "9.26: nothing may be assigned (never a shell)"
            return _by_toe(self.state, node.unit, "9.26 (ruling 9.26-no-subordinates)")
        below = [
            self.report(child, skip_unknown)
            for child in node.children
            if _is_lower(self.state, child.unit, printed)
        ]
        whole = sum(1 for r in below if r is not None and not r.shell)
        if printed == "division":
            needed = allowed // 2 + 1
            reason = f"9.26, 9.27, 15.55: {whole} of {allowed} brigade-equivalents with it and"
            reason += f" not shells; {needed} needed (more than half)"
            return whole * 2 <= allowed, whole, needed, allowed, reason
        needed = (2 * allowed + 2) // 3
        shell = whole * 3 < 2 * allowed
        reason = f"9.26, 9.27: {whole} of {allowed} battalions with it and not shells; {needed}"
        reason += " needed (2/3)"
        if shell and allowed == 2 and len(below) >= 2 and whole >= 1:
            shell = False
            reason += "; 9.26 exception: two battalions with it, one of them not a shell"
        return shell, whole, needed, allowed, reason


def _by_toe(state: GameState, unit: Unit, case: str) -> _Judgement:
    """9.26: a shell below 50 % of the class maximum TOE (25 % for artillery)."""
    unit_class = state.classes.get(unit.class_id)
    maximum = unit_class.max_toe if unit_class is not None else None
    if unit_class is None or maximum is None:
        return False, None, None, None, f"{case}: not judged, the class gives no maximum TOE"
    artillery = unit_class.unit_type == "artillery"
    percent = ARTILLERY_SHELL_PERCENT if artillery else SHELL_PERCENT
    needed = (maximum * percent + 99) // 100
    points = unit.toe_points
    shell = points * 100 < maximum * percent
    kind = "an artillery unit" if artillery else "a battalion"
    reason = f"{case}: {points} of {maximum} TOE Strength Points; {kind} needs {needed}"
    return shell, points, needed, maximum, f"{reason} ({percent} %)"


# --- 15.52, 15.53: Organizational Size Difference -----------------------------------------------
@dataclass(frozen=True, slots=True)
class SizeShift:
    """The 15.53 adjustment for one Close Assault: ``columns`` (0 or more) in favour of
    ``favours`` (``None`` when 0), the largest level on each side, and the case."""

    columns: int
    favours: Literal["attacker", "defender"] | None
    attacker: Level
    defender: Level
    reason: str

    @property
    def signed(self) -> int:
        """Columns right (in the attacker's favour) when positive, left when negative."""
        return -self.columns if self.favours == "defender" else self.columns


@cache
def size_difference_table() -> dict[tuple[Level, Level], tuple[int, str]]:
    """Chart 15.53 as ``{(larger, smaller): (columns, printed line)}``
    (``charts/data/15.53-organizational-size.toml``); pairs not printed are not in it."""
    table: dict[tuple[Level, Level], tuple[int, str]] = {}
    for row in _data("15.53-organizational-size.toml")["difference"]:
        for larger in row["larger"]:
            for smaller in row["smaller"]:
                table[(larger, smaller)] = (row["columns"], row["label"])
    return table


def size_difference_columns(
    larger: Level, smaller: Level, rulings: SizeRulings | None = None
) -> int:
    """15.53: the columns in favour of the larger of two levels (effective levels, 9.28).

    Equal levels give 0; a 3-point against a 2-point brigade gives what ruling
    ``15.53-brigade-sizes`` says (``"same-size"``: 0, ``"one-column"``: 1). ``ValueError`` when
    ``larger`` is smaller than ``smaller``."""
    rulings = rulings or SizeRulings()
    if LEVELS.index(larger) > LEVELS.index(smaller):
        raise ValueError(f"15.53: {larger} is smaller than {smaller}")
    if (larger, smaller) == ("super_brigade", "brigade"):
        return 1 if rulings.brigade_sizes == "one-column" else 0
    return size_difference_table().get((larger, smaller), (0, ""))[0]


def largest_level(levels: Iterable[Level]) -> Level:
    """15.52: the largest level among one side's units, whatever their number. ``ValueError``
    for no units."""
    found = list(levels)
    if not found:
        raise ValueError("15.52: a side needs at least one unit")
    return min(found, key=LEVELS.index)


def organizational_shift(
    attacker: Iterable[Level], defender: Iterable[Level], rulings: SizeRulings | None = None
) -> SizeShift:
    """15.52, 15.53: the column shift for the largest unit of each side (pass effective levels,
    ``SizeReport.effective``, so that shells count one level lower, 9.28).

    Example: a division against a lone battalion shell (a company) shifts 8 columns to the
    division's side. ``ValueError`` when a side has no units."""
    ours, theirs = largest_level(attacker), largest_level(defender)
    favours: Literal["attacker", "defender"] = "attacker"
    larger, smaller = ours, theirs
    if LEVELS.index(ours) > LEVELS.index(theirs):
        larger, smaller, favours = theirs, ours, "defender"
    columns = size_difference_columns(larger, smaller, rulings)
    if columns == 0:
        reason = f"15.53: {ours} against {theirs}, no adjustment"
        return SizeShift(0, None, ours, theirs, reason)
    house = f"3-point against 2-point Brigade (ruling {BRIGADE_SIZES_RULING})"
    line = size_difference_table().get((larger, smaller), (0, house))[1]
    reason = f"15.53: {line}, {columns} column{'s' if columns > 1 else ''} to the {favours}"
    return SizeShift(columns, favours, ours, theirs, reason)


# --- 8.54 ---------------------------------------------------------------------------------------
def may_pin(pinning: Level, pinned: Level) -> bool:
    """8.54: whether a unit of size ``pinning`` may pin (8.53c) a unit of size ``pinned``; pass
    effective levels (9.28). A battalion never pins a division; a company never pins a brigade
    (either size) or a division. Every other pair may."""
    if pinning == "battalion":
        return pinned != "division"
    if pinning == "company":
        return pinned not in ("division", "super_brigade", "brigade")
    return True
