"""The checks of a plot's lines against the rules (5.2 III G 3 b, d): each line's unit, weapon
system, TOE Strength Points and target, and the plot as a whole (a point used once, 14.26; one
position a gun unit, 12.11; Back guns neither split nor coordinate, 12.16; Italian guns
coordinate within their hex, 12.14; Pinned or Back units neither fire Anti-Armor nor assault,
12.44, 12.16; a Barrage needs Ammunition, 12.0, 50.14, and so does a Close Assault, 15.15).
Used by ``ledger.commands.plots.commit_plot``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from ledger.model.errors import LedgerError
from ledger.model.lookup import resolve
from ledger.model.plots import FORCE_ROLES, TARGET_CLASSES, PlotLine, PlotStep
from ledger.model.state import GameState
from ledger.model.units import Side, TOEHolding, Unit
from ledger.rules.shortage_status import ammunition_effect

HEX_MAX: Final = 12
"""Longest hex name a line takes (characters): "C3721", "Mersa Matruh"."""
TARGET_MAX: Final = 40
"""Longest target a barrage line takes (characters): "Infantry #2", a unit's name (12.23)."""
CASE: Final = "5.2 III G"


def plot_line_errors(
    state: GameState, side: Side, step: PlotStep, lines: Sequence[PlotLine], segment: int
) -> tuple[list[PlotLine], list[LedgerError]]:
    """Each line checked, its unit and system resolved (ids and names filled in), and the
    errors of the plot as a whole."""
    own = replace(state, units={k: u for k, u in state.units.items() if u.side == side})
    checked: list[PlotLine] = []
    errors: list[LedgerError] = []
    for number, line in enumerate(lines, 1):
        field = f"line {number}"
        found, line_errors = _line(own, step, line, field)
        errors += line_errors
        if found is not None:
            checked.append(found)
    errors += _points_errors(own, checked)
    if step == "barrage":
        errors += _barrage_errors(own, checked)
    else:
        errors += _force_errors(own, side, checked, segment)
    return checked, errors


def _line(
    own: GameState, step: PlotStep, line: PlotLine, field: str
) -> tuple[PlotLine | None, list[LedgerError]]:
    unit_id = resolve(own, line.unit_id, f"{field} unit", ("unit",))
    if isinstance(unit_id, LedgerError):
        return None, [unit_id]
    unit = own.units[unit_id]
    errors: list[LedgerError] = []
    if not unit.in_play(own.clock):
        assert unit.arrival is not None
        errors.append(
            LedgerError(
                f"{field} unit",
                f"{unit.name} arrives {unit.arrival.short}; it is {own.clock.short} now",
                "8.86",
            )
        )
    holding = _holding(own, unit, line.system, step, line.role)
    if isinstance(holding, LedgerError):
        return None, [*errors, replace(holding, field=f"{field} system")]
    system = own.systems.get(holding.system)
    if not 1 <= line.points <= holding.points:
        errors.append(
            LedgerError(
                f"{field} points",
                f"{line.points}: {unit.name} holds {holding.points} TOE Strength Points of "
                f"{_system_name(own, holding.system)}; give 1 to {holding.points}",
                "14.26",
            )
        )
    hex_ = line.hex.strip()
    if (step == "barrage" or line.role != "withheld") and not hex_:
        errors.append(LedgerError(f"{field} hex", "give the target hex", CASE))
    if len(hex_) > HEX_MAX or not hex_.isprintable():
        errors.append(
            LedgerError(f"{field} hex", f"{hex_[:HEX_MAX]!r}: at most {HEX_MAX} characters")
        )
    role = line.role
    target = line.target.strip()
    if step == "barrage":
        role = "barrage"
        if line.role != "barrage":
            errors.append(
                LedgerError(f"{field} role", f"{line.role!r}: a Barrage plot only barrages", CASE)
            )
        if system is None or not system.ratings.barrage:
            errors.append(
                LedgerError(
                    f"{field} system",
                    f"{_system_name(own, holding.system)} of {unit.name} has no Barrage Rating",
                    "11.11",
                )
            )
        if not ammunition_effect(own, unit).may_barrage:
            errors.append(
                LedgerError(
                    f"{field} unit", f"{unit.name} has no Ammunition to fire a Barrage", "50.14"
                )
            )
        if line.position not in ("forward", "back"):
            errors.append(
                LedgerError(
                    f"{field} position",
                    f"{line.position!r}: a gun unit is Forward or Back for the segment",
                    "12.11",
                )
            )
        if line.target_class not in TARGET_CLASSES:
            errors.append(
                LedgerError(
                    f"{field} target class",
                    f"{line.target_class!r}: one of {', '.join(TARGET_CLASSES)}",
                    "12.23",
                )
            )
        if not target or len(target) > TARGET_MAX or not target.isprintable():
            errors.append(
                LedgerError(
                    f"{field} target",
                    f"{target[:TARGET_MAX]!r}: name the target as you call it, e.g. "
                    f"'Infantry #2' (at most {TARGET_MAX} characters)",
                    "12.24",
                )
            )
        if hex_ and hex_ == unit.location:
            errors.append(
                LedgerError(
                    f"{field} hex",
                    f"{hex_} is {unit.name}'s own hex; a barrage is fired into an adjacent hex",
                    "12.31",
                )
            )
    else:
        if line.role not in FORCE_ROLES:
            errors.append(
                LedgerError(
                    f"{field} role",
                    f"{line.role!r}: one of anti_armor, close_assault or withheld",
                    CASE,
                )
            )
        if line.role in ("anti_armor", "close_assault") and "pinned" in unit.combat_markers:
            errors.append(
                LedgerError(
                    f"{field} unit",
                    f"{unit.name} is Pinned: no Anti-Armor fire or Close Assault this segment",
                    "12.44",
                )
            )
        if line.role == "close_assault" and ammunition_effect(own, unit).out_of_ammunition:
            errors.append(
                LedgerError(
                    f"{field} unit",
                    f"{unit.name} is out of Ammunition: no Close Assault (withhold it)",
                    "15.15",
                )
            )
        if line.role == "anti_armor" and (system is None or not system.ratings.anti_armor):
            errors.append(
                LedgerError(
                    f"{field} system",
                    f"{_system_name(own, holding.system)} of {unit.name} has no Anti-Armor Rating",
                    "14.11",
                )
            )
    checked = PlotLine(
        unit.id,
        holding.system,
        line.points,
        role,
        hex_,
        line.position if step == "barrage" else "",
        target if step == "barrage" else "",
        line.target_class if step == "barrage" else "",
        unit.name,
        _system_name(own, holding.system),
    )
    return checked, errors


def _system_name(state: GameState, system_id: str) -> str:
    system = state.systems.get(system_id)
    return system.name if system is not None else system_id


def _holding(
    state: GameState, unit: Unit, text: str, step: PlotStep, role: str
) -> TOEHolding | LedgerError:
    """The unit's TOE holding ``text`` names (its system id or name); an empty ``text``: the
    one holding fit for the line (a Barrage Rating for a barrage, an Anti-Armor Rating for
    Anti-Armor, any for the rest), when there is exactly one."""
    held = [h for h in unit.toe if h.points > 0]
    wanted = text.strip().casefold()
    if wanted:
        for h in held:
            if wanted in (h.system.casefold(), _system_name(state, h.system).casefold()):
                return h
        names = ", ".join(_system_name(state, h.system) for h in held) or "none"
        return LedgerError("system", f"{unit.name} holds no {text!r}; it holds {names}", "4.52")
    rating = "barrage" if step == "barrage" else "anti_armor" if role == "anti_armor" else None
    fit = [
        h
        for h in held
        if rating is None
        or (h.system in state.systems and state.systems[h.system].ratings.get(rating))
    ] or held
    if len(fit) == 1:
        return fit[0]
    names = ", ".join(_system_name(state, h.system) for h in fit) or "none"
    return LedgerError("system", f"name the weapon system of {unit.name} ({names})", "4.52")


def _points_errors(state: GameState, lines: Sequence[PlotLine]) -> list[LedgerError]:
    """14.26, 15.16, 12.15: a TOE Strength Point is used once; a unit's lines of one system
    never add up to more than it holds."""
    used: dict[tuple[str, str], int] = defaultdict(int)
    for line in lines:
        used[(line.unit_id, line.system)] += line.points
    errors = []
    for (unit_id, system), points in used.items():
        unit = state.units[unit_id]
        held = sum(h.points for h in unit.toe if h.system == system)
        if points > held:
            errors.append(
                LedgerError(
                    "points",
                    f"{unit.name}'s lines give {points} TOE Strength Points of "
                    f"{_system_name(state, system)}; it holds {held} and a point is used once",
                    "14.26",
                )
            )
    return errors


def _barrage_errors(state: GameState, lines: Sequence[PlotLine]) -> list[LedgerError]:
    """12.11 one position a unit; 12.16 a Back unit neither splits nor coordinates fire;
    12.14 Italian Forward units coordinate only with units in their own hex."""
    errors: list[LedgerError] = []
    positions: dict[str, set[str]] = defaultdict(set)
    targets: dict[str, set[tuple[str, str]]] = defaultdict(set)
    firing: dict[tuple[str, str], set[str]] = defaultdict(set)
    for line in lines:
        positions[line.unit_id].add(line.position)
        key = (line.hex, line.target.casefold())
        targets[line.unit_id].add(key)
        firing[key].add(line.unit_id)
    for unit_id, where in positions.items():
        name = state.units[unit_id].name
        if len(where) > 1:
            errors.append(
                LedgerError(
                    "position",
                    f"{name} is plotted both Forward and Back; the whole unit takes one position",
                    "12.11",
                )
            )
        elif where == {"back"}:
            if len(targets[unit_id]) > 1:
                errors.append(
                    LedgerError(
                        "target",
                        f"{name} is Back and fires at {len(targets[unit_id])} targets; a Back "
                        "unit may not split its fire",
                        "12.16",
                    )
                )
            for key in targets[unit_id]:
                if len(firing[key]) > 1:
                    errors.append(
                        LedgerError(
                            "target",
                            f"{name} is Back and shares its target {key[1]!r} in {key[0]} with "
                            "other guns; a Back unit may not coordinate fire",
                            "12.16",
                        )
                    )
    for (hex_, target), units in firing.items():
        places = {state.units[u].location for u in units}
        italian = [u for u in units if state.units[u].nationality == "italian"]
        if italian and len(places) > 1:
            names = ", ".join(sorted(state.units[u].name for u in italian))
            errors.append(
                LedgerError(
                    "target",
                    f"{names} (Italian) fire at {target!r} in {hex_} with guns of other hexes; "
                    "Italian Forward guns coordinate only within their own hex",
                    "12.14",
                )
            )
    return errors


def _force_errors(
    state: GameState, side: Side, lines: Sequence[PlotLine], segment: int
) -> list[LedgerError]:
    """12.16, 14.13, 15.13: a gun unit plotted Back this segment takes no part in Anti-Armor
    fire or Close Assault."""
    back = {
        line.unit_id
        for p in state.plots
        if p.step == "barrage"
        and p.side == side
        and p.period == state.clock
        and p.phase == state.phase
        and p.segment == segment
        for line in p.lines
        if line.position == "back"
    }
    errors = []
    for unit_id in sorted({ln.unit_id for ln in lines if ln.role != "withheld"} & back):
        errors.append(
            LedgerError(
                "unit",
                f"{state.units[unit_id].name} was plotted Back in this segment's Barrage Step: "
                "no Anti-Armor fire or Close Assault for it",
                "12.16",
            )
        )
    return errors
