"""What a combat result code does to each unit (Combat Phase ¶7-¶16, Retreat ¶3-¶4, Heavy Armor
Units ¶3, Advance after Combat ¶1-¶2).

``explain(code)`` says what a code means for each side; ``apply_result`` applies it to the
listed units. Step reductions go to the defender's units in the text's order (Combat Phase ¶15):
artillery first (lowest AF first), then non-motorized, then the other non-armored units, armored
units last; each step goes to the first unit in that order still on the map, so a unit with two
steps left takes both before the next is touched. The attacking player chooses the order of his
own units (ruling ``bfna-attacker-own-reductions``). A step taken from artillery removes it
(Combat Phase ¶15); heavy armor takes no step but is retreated 2 hexes and rolls on the Heavy
Armor Disablement Table (not in the text), and a disabled one is removed (Heavy Armor Units ¶3).
In-battery artillery that must retreat is removed, SP artillery retreats and goes out of battery
(Retreat ¶3). HQs and DF 0 units left alone in a defending hex are eliminated (Combat Phase ¶16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from ledger.games.battles_for_north_africa.crt import check_code
from ledger.games.battles_for_north_africa.units import CombatUnit

Side = Literal["attacker", "defender"]
DISABLEMENT: Final = "dr on the Heavy Armor Disablement Table (not in the text)"


@dataclass(frozen=True, slots=True)
class ResultCode:
    """What a code does: step reductions, removal and retreat (hexes) for each side, the
    ``case`` and a ``meaning`` in plain words."""

    code: str
    attacker_steps: int = 0
    defender_steps: int = 0
    attacker_removed: bool = False
    defender_removed: bool = False
    attacker_retreat: int = 0
    defender_retreat: int = 0
    case: str = ""
    meaning: str = ""


_FIXED: Final = {
    "AR2": ResultCode("AR2", attacker_retreat=2, case="Combat Phase ¶7",
                      meaning="the attackers fall back 2 hexes"),
    "DR2": ResultCode("DR2", defender_retreat=2, case="Combat Phase ¶7",
                      meaning="the defenders fall back 2 hexes"),
    "DR3": ResultCode("DR3", defender_retreat=3, case="Combat Phase ¶8",
                      meaning="the defenders fall back 3 hexes"),
    "AE": ResultCode("AE", attacker_removed=True, case="Combat Phase ¶9",
                     meaning="every attacking unit leaves play"),
    "DE": ResultCode("DE", defender_removed=True, case="Combat Phase ¶9",
                     meaning="every defending unit leaves play"),
    "E1": ResultCode("E1", attacker_steps=1, defender_steps=1, case="Combat Phase ¶11",
                     meaning="each side loses one step; nobody retreats"),
    "E2": ResultCode("E2", attacker_steps=2, defender_steps=1, case="Combat Phase ¶12",
                     meaning="the defenders lose one step, the attackers two; nobody retreats"),
    "E2R": ResultCode("E2R", attacker_steps=2, defender_steps=1, defender_retreat=2,
                      case="Combat Phase ¶13",
                      meaning="the defenders lose one step and then fall back 2 hexes; the "
                      "attackers lose two steps"),
    "NE": ResultCode("NE", case="Combat Phase ¶14", meaning="nothing happens to either side"),
}  # fmt: skip


def explain(code: str) -> ResultCode:
    """The meaning of result ``code`` (``"D2"`` → 2 defender steps, survivors retreat 2:
    Combat Phase ¶10). ``ValueError`` for text that is not a code (``crt.check_code``)."""
    code = check_code(code)
    if code in _FIXED:
        return _FIXED[code]
    n = int(code[1])
    if code[0] == "A":
        return ResultCode(code, attacker_steps=n, attacker_retreat=2, case="Combat Phase ¶10",
                          meaning=f"the attackers lose {n} step(s); the rest fall back 2 hexes")  # fmt: skip
    return ResultCode(code, defender_steps=n, defender_retreat=2, case="Combat Phase ¶10",
                      meaning=f"the defenders lose {n} step(s); the rest fall back 2 hexes")  # fmt: skip


def explanation_table() -> tuple[ResultCode, ...]:
    """Every code of Combat Phase ¶7-¶14, with A1/D1 and A2/D2 standing for An/Dn."""
    order = ("AR2", "DR2", "DR3", "AE", "DE", "A1", "A2", "D1", "D2", "E1", "E2", "E2R", "NE")
    return tuple(explain(c) for c in order)


@dataclass(frozen=True, slots=True)
class UnitOutcome:
    """What happens to one unit: ``steps_taken`` (step reductions it took), ``steps_left``
    (counter sides left, 0 when removed), ``removed``, ``retreat`` (hexes, 0 for none) and each
    ``effect`` in words with its case."""

    unit: str
    side: Side
    steps_taken: int
    steps_left: int
    removed: bool
    retreat: int
    effects: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ResultApplication:
    """A code applied: its ``meaning``, each unit's ``outcomes`` (attackers first, as listed),
    the order steps were taken in on each side, steps no unit could take (``unabsorbed``),
    the attacker's ``advance`` in hexes (Advance after Combat ¶1-¶2) and ``notes``."""

    meaning: ResultCode
    outcomes: tuple[UnitOutcome, ...]
    attacker_order: tuple[str, ...]
    defender_order: tuple[str, ...]
    unabsorbed: dict[str, int] = field(default_factory=dict)
    advance: int = 0
    notes: tuple[str, ...] = ()


def reduction_order(
    units: Sequence[CombatUnit], *, by_af_in_every_group: bool = True
) -> tuple[CombatUnit, ...]:
    """``units`` in the order the attacking player must reduce an opponent's units (Combat
    Phase ¶15): artillery by lowest AF, then non-motorized, then non-armored, then armored;
    inside the last three by lowest AF too when ``by_af_in_every_group`` (ruling
    ``bfna-reduction-order-af``), else as listed. HQs take no steps and are left out."""

    def group(u: CombatUnit) -> int:
        if u.type.artillery:
            return 0
        if not u.type.motorized:
            return 1
        return 2 if not u.type.armored else 3

    indexed = [(i, u) for i, u in enumerate(units) if u.is_combat_unit]
    indexed.sort(
        key=lambda iu: (
            group(iu[1]),
            iu[1].af if by_af_in_every_group or group(iu[1]) == 0 else 0,
            iu[0],
        )
    )
    return tuple(u for _, u in indexed)


@dataclass
class _Track:
    """A unit's state while a result is applied (mutable working copy)."""

    unit: CombatUnit
    steps_left: int
    steps_taken: int = 0
    removed: bool = False
    retreat: int = 0
    hit_heavy: bool = False
    effects: list[str] = field(default_factory=list)


def steps_instead_problem(fortification: int, through_minefields: bool) -> str:
    """Why defenders may not take step reductions instead of retreating ("" when they may):
    only in a fortification 1 hex or when every attacker came across minefield hexsides
    (Retreat ¶4)."""
    if fortification == 1 or through_minefields:
        return ""
    return (
        "only defenders in a fortification 1 hex, or attacked only across minefield hexsides, "
        f"may take steps instead of retreating; fortification is {fortification} (Retreat ¶4)"
    )


def apply_result(
    code: str,
    attackers: Sequence[CombatUnit],
    defenders: Sequence[CombatUnit],
    *,
    table: str = "",
    fortification: int = 0,
    through_minefields: bool = False,
    steps_instead_of_retreat: bool = False,
    by_af_in_every_group: bool = True,
    attacker_same_order: bool = False,
) -> ResultApplication:
    """Apply result ``code`` to the listed units.

    ``table`` is the CRT read ("mobile" allows a longer advance); ``fortification`` (0, 1, 2)
    the defender's hex; ``through_minefields`` that every attacker attacked across minefield
    hexsides; ``steps_instead_of_retreat`` that defenders in a fortification 1 hex (or behind
    those minefields) take step reductions instead of retreating (two each when armor attacked
    a fortification 1 hex) (Retreat ¶4). ``by_af_in_every_group`` and ``attacker_same_order``
    are rulings ``bfna-reduction-order-af`` and ``bfna-attacker-own-reductions``. Raises
    ``ValueError`` for an unknown code, no units on a side, or steps instead of retreat where
    Retreat ¶4 does not allow it.
    """
    meaning = explain(code)
    if not attackers or not defenders:
        raise ValueError("a result applies to attacking and defending units (Combat Phase ¶6)")
    if steps_instead_of_retreat:
        problem = steps_instead_problem(fortification, through_minefields)
        if problem:
            raise ValueError(problem)
    att = [_Track(u, u.steps) for u in attackers]
    dfn = [_Track(u, u.steps) for u in defenders]
    att_order = att if not attacker_same_order else _ordered(att, by_af_in_every_group)
    dfn_order = _ordered(dfn, by_af_in_every_group)
    att_order = [t for t in att_order if t.unit.is_combat_unit]
    unabsorbed = {}
    if meaning.attacker_removed:
        _remove_all(att, "AE")
    if meaning.defender_removed:
        _remove_all(dfn, "DE")
    left = _take_steps(dfn_order, meaning.defender_steps)
    if left:
        unabsorbed["defender"] = left
    left = _take_steps(att_order, meaning.attacker_steps)
    if left:
        unabsorbed["attacker"] = left
    notes: list[str] = []
    _lone_non_combat(dfn, notes)
    retreat = meaning.defender_retreat
    if retreat and fortification == 2:
        notes.append("fortification 2: the defenders need not retreat (Retreat ¶4)")
        retreat = 0
    if retreat and steps_instead_of_retreat:
        armor = any(a.unit.type.armor_for_crt for a in att) and fortification == 1
        _steps_instead(dfn, 2 if armor else 1)
        retreat = 0
    _retreat(dfn, retreat)
    _retreat(att, meaning.attacker_retreat)
    advance = _advance(att, dfn, meaning.code, table)
    if advance:
        notes.append(
            f"the defending hex is empty: the attackers may advance {advance} hex(es) "
            "(Advance after Combat ¶1-¶2)"
        )
    return ResultApplication(
        meaning,
        tuple(_outcome(t, "attacker") for t in att) + tuple(_outcome(t, "defender") for t in dfn),
        tuple(t.unit.name for t in att_order),
        tuple(t.unit.name for t in dfn_order),
        unabsorbed,
        advance,
        tuple(notes),
    )


def _ordered(tracks: list[_Track], by_af: bool) -> list[_Track]:
    order = reduction_order([t.unit for t in tracks], by_af_in_every_group=by_af)
    by_id = {id(t.unit): t for t in tracks}
    return [by_id[id(u)] for u in order]


def _remove_all(tracks: list[_Track], code: str) -> None:
    for t in tracks:
        if t.unit.type.heavy_armor and not t.unit.disabled:
            t.retreat = 2
            t.hit_heavy = True
            t.effects.append(
                f"{code}: heavy armor is not removed; it retreats 2 hexes and takes a "
                f"{DISABLEMENT} (Heavy Armor Units ¶3)"
            )
            continue
        t.removed = True
        t.steps_left = 0
        t.effects.append(f"{code}: removed from play (Combat Phase ¶9)")


def _take_steps(order: list[_Track], steps: int) -> int:
    """Give ``steps`` step reductions to the units of ``order``; the steps no unit could take."""
    while steps:
        target = next((t for t in order if not t.removed and not t.hit_heavy), None)
        if target is None:
            break
        _one_step(target)
        steps -= 1
    return steps


def _one_step(t: _Track) -> None:
    unit = t.unit
    if unit.type.heavy_armor and unit.disabled:
        t.removed, t.steps_left = True, 0
        t.effects.append("disabled heavy armor must take a loss: removed (Heavy Armor Units ¶3)")
    elif unit.type.heavy_armor:
        t.hit_heavy, t.retreat = True, max(t.retreat, 2)
        t.effects.append(
            f"heavy armor takes no step: retreats 2 hexes instead and takes a {DISABLEMENT} "
            "(Heavy Armor Units ¶3)"
        )
    elif unit.type.artillery:
        t.steps_taken += 1
        t.removed, t.steps_left = True, 0
        t.effects.append("artillery takes a step: removed from play (Combat Phase ¶15)")
    else:
        t.steps_taken += 1
        t.steps_left -= 1
        if t.steps_left == 0:
            t.removed = True
            t.effects.append("step reduction on its last side: removed (Unit Capabilities ¶10)")
        else:
            t.effects.append("step reduction: flipped (Unit Capabilities ¶10)")


def _lone_non_combat(tracks: list[_Track], notes: list[str]) -> None:
    """Combat Phase ¶16: HQs and DF 0 units go when no defender with a DF is left."""
    holders = [t for t in tracks if t.unit.is_combat_unit and t.unit.df > 0]
    if holders and all(t.removed for t in holders):
        for t in tracks:
            if not t.removed and (not t.unit.is_combat_unit or t.unit.df == 0):
                t.removed, t.steps_left = True, 0
                t.effects.append(
                    "left without combat units with a DF: eliminated (Combat Phase ¶16)"
                )
                notes.append(f"{t.unit.name} was eliminated with the units it stacked with")


def _steps_instead(tracks: list[_Track], each: int) -> None:
    for t in tracks:
        if t.removed or not t.unit.is_combat_unit:
            continue
        for _ in range(each):
            if t.removed or t.hit_heavy:
                break
            _one_step(t)
        t.effects.append(f"took {each} step(s) instead of retreating (Retreat ¶4)")


def _retreat(tracks: list[_Track], hexes: int) -> None:
    if not hexes:
        return
    for t in tracks:
        unit = t.unit
        if t.removed or t.hit_heavy:
            continue
        if unit.disabled:
            t.removed, t.steps_left = True, 0
            t.effects.append("disabled heavy armor must retreat: removed (Heavy Armor Units ¶3)")
        elif unit.in_battery and not unit.type.self_propelled:
            t.removed, t.steps_left = True, 0
            t.effects.append("in-battery artillery must retreat: removed instead (Retreat ¶3)")
        else:
            t.retreat = hexes
            t.effects.append(f"retreats {hexes} hexes (Combat Phase ¶7-¶13)")
            if unit.in_battery:
                t.effects.append(
                    "SP artillery retreats in battery: flipped out of battery (Retreat ¶3)"
                )


def _advance(attackers: list[_Track], defenders: list[_Track], code: str, table: str) -> int:
    if not all(t.removed or t.retreat for t in defenders):
        return 0
    if all(t.removed or t.retreat for t in attackers):
        return 0
    if table != "mobile":
        return 1
    return 3 if code == "DR3" else 2


def _outcome(t: _Track, side: Side) -> UnitOutcome:
    return UnitOutcome(
        t.unit.name, side, t.steps_taken, t.steps_left, t.removed, t.retreat, tuple(t.effects)
    )
