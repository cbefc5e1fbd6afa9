"""Posting one resolved combat to the journal: what the dice did to the ledger, all or nothing.

A calculation (``ledger.combat``: ``barrage``, ``anti_armor``, ``close_assault``, ``assault_losses``) says what a
combat did; the players confirm it, and a ``CombatPosting`` (``ledger.combat.posting``) carries it here as plain values:
TOE losses and captured points per unit, markers, Disorganization Points, CP and Ammunition.
``post_combat`` checks it against the state and returns the events, in this order:

1. ``CombatResolved`` (the players' event: hexes, dice, column, result; markers placed,
   prisoners and captured guns and tanks for the capturing side, 15.86d);
2. app-made ``CPExpended`` (11.2x; the DP of CP beyond the CPA as ``spend_cp`` computes them,
   6.21), ``SuppliesConsumed`` of the Ammunition fired (50.2, cause ``ammunition``),
   ``TOEPointsLost`` (cause ``barrage``, ``anti-armor``, ``close-assault`` or ``captured``) and
   ``CohesionAdjusted`` (15.87, 10.36/15.29: 3 DP).

Undo (``ledger.commands.undo.undo``) takes the whole combat back in one step, since only the first
event is the players'. CP for combat count once per Combat Segment (11.24): a unit already
charged this segment pays only what brings it to the larger charge, never above 5 CP for the
Phasing side or 3 for the other (``Unit.combat_cp``); the segment ends when the phase advances,
when the Operations Stage ends, or with ``end_combat_segment``.

Combat belongs in the Phasing Player's Movement and Combat Phase (5.2 III.G.3): ruling
``combat-phase`` refuses a posting elsewhere, or one whose Phasing side is not the side of the
phase's player (Player A or B, ``ledger.model.initiative``; ``combat_phase_errors``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ledger.combat.costs import NON_PHASING_CAP, PHASING_CAP
from ledger.combat.posting import (
    CAPTURED_RULING,
    COMBATS,
    DP_CAUSES,
    LOSS_CAUSES,
    Charge,
    CombatPosting,
)
from ledger.commands.cp import MAY_NOT_MOVE_COHESION
from ledger.commands.initiative import combat_phase_errors
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import combat_markers_cleared
from ledger.model.capability import disorganization_earned
from ledger.model.errors import LedgerError
from ledger.model.events import (
    CohesionAdjusted,
    CombatResolved,
    CPExpended,
    Event,
    SuppliesConsumed,
    TOEPointsLost,
)
from ledger.model.quantities import CP_QUANTUM, Supplies, format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import COMBAT_MARKERS, PINNED_MARKERS, SIDES, Side, Unit
from ledger.rules.shortage_counts import ShortageRulings, infantry_type_points
from ledger.rules.shortage_status import MAP_HEX


def _refuse(errors: list[LedgerError]) -> Outcome:
    return Outcome(errors=tuple(errors))


def post_combat(state: GameState, posting: CombatPosting, source: Source) -> Outcome:
    """The events of one resolved combat (see the module docstring), or every problem found
    and no events: an unknown combat or side, no target hex; a unit that is unknown, not yet
    arrived (8.86) or outside the posting's hexes; a loss or capture of a system the unit does
    not hold or beyond the TOE points it holds (4.52); a marker the combat cannot place (12.44,
    15.81, 15.93) or placed on the wrong side; CP not in whole quarter points (8.37), for a
    unit without CPA (6.11) or attacking at Cohesion -26 (6.26); Ammunition beyond what the
    unit can draw (15.15, 50.12); DP not positive. Under ruling ``combat-phase`` (default
    ``movement-and-combat``) also outside a Movement and Combat Phase, or when the posting's
    Phasing side (``phasing``, else the attacker) is not the side of that phase's player
    (5.2 III.G, 7.16; ``combat_phase_errors``)."""
    errors = _posting_errors(posting)
    if errors:
        return _refuse(errors)
    phasing = posting.phasing or posting.attacker
    errors = combat_phase_errors(state, _COMBAT_NAMES.get(posting.combat, "Combat"), phasing)
    if errors:
        return _refuse(errors)
    errors = _unit_errors(state, posting)
    if errors:
        return _refuse(errors)
    errors += _marker_errors(state, posting)
    errors += _toe_errors(state, posting)
    charges, cp_errors = _cp_plan(state, posting, phasing)
    draws, ammo_errors = _ammunition_plan(state, posting)
    errors += cp_errors + ammo_errors + _dp_errors(posting)
    if errors:
        return _refuse(errors)
    posted = replace(source, app_made=True)
    resolved = _resolved(state, posting, source, charges)
    events: list[Event] = [resolved]
    events += [CPExpended(posted, u, cp, dp, action) for u, cp, dp, action, _, _ in charges if cp]
    events += [
        SuppliesConsumed(
            replace(posted, reason=f"{state.units[user].name}: {posting.combat} ammunition"),
            holder,
            Supplies(ammo=points),
            "ammunition",
            "50.2",
        )
        for user, holder, points in draws
    ]
    events += [
        TOEPointsLost(posted, x.unit, x.losses, x.cause, x.case) for x in posting.losses if x.losses
    ]
    events += [
        TOEPointsLost(posted, x.unit, ((x.system, x.points),), "captured", x.case)
        for x in posting.captured
    ]
    events += [
        CohesionAdjusted(posted, x.unit, -x.dp, x.cause, x.case) for x in posting.disorganization
    ]
    return Outcome(events=tuple(events))


def end_combat_segment(state: GameState, source: Source) -> Outcome:
    """End the current Combat Segment (12.44, 11.24): Pinned markers come off and every unit's
    Combat Segment CP return to 0, in one ``CombatMarkersCleared`` (the players' own event, so
    undo takes it back alone). Refused when no unit is Pinned or has combat CP this segment,
    and, under ruling ``combat-phase``, outside a Movement and Combat Phase (5.2 III.G.3: the
    Combat Segment is part of it)."""
    errors = combat_phase_errors(state, "A Combat Segment ends", None)
    if errors:
        return _refuse(errors)
    cleared = combat_markers_cleared(state, PINNED_MARKERS, source)
    if cleared is None:
        return _refuse(
            [LedgerError("segment", "no unit is Pinned or has combat CP in this segment", "12.44")]
        )
    return Outcome(events=(cleared,))


_COMBAT_NAMES = {
    "barrage": "A Barrage",
    "anti_armor": "Anti-Armor fire",
    "close_assault": "A Close Assault",
    "probe": "A Probe",
}
"""How a refusal names each combat kind (11.0)."""


def _posting_errors(posting: CombatPosting) -> list[LedgerError]:
    errors: list[LedgerError] = []
    if posting.combat not in COMBATS:
        found = posting.combat
        errors.append(
            LedgerError("combat", f"expected one of {', '.join(COMBATS)}, found {found!r}", "11.0")
        )
    for name, side in (("attacker", posting.attacker), ("phasing", posting.phasing)):
        if side is not None and side not in SIDES:
            errors.append(LedgerError(name, f"expected axis or commonwealth, found {side!r}"))
    if not posting.hexes or not all(h.strip() for h in posting.hexes):
        errors.append(
            LedgerError(
                "hexes", f"give the attacking hexes and the target hex, found {posting.hexes!r}"
            )
        )
    return errors


def _named_units(posting: CombatPosting) -> list[tuple[str, str]]:
    """(field, unit id) of every unit the posting names."""
    return [
        *(("losses", x.unit) for x in posting.losses),
        *(("captured", x.unit) for x in posting.captured),
        *(("markers", x.unit) for x in posting.markers),
        *(("disorganization", x.unit) for x in posting.disorganization),
        *(("cp", x.unit) for x in posting.cp),
        *(("ammunition", x.unit) for x in posting.ammunition),
    ]


def _unit_errors(state: GameState, posting: CombatPosting) -> list[LedgerError]:
    errors: list[LedgerError] = []
    seen: set[tuple[str, str]] = set()
    for name, unit_id in _named_units(posting):
        if (name, unit_id) in seen:
            continue
        seen.add((name, unit_id))
        unit = state.units.get(unit_id)
        if unit is None:
            errors.append(LedgerError(name, f"no unit {unit_id!r} in this game"))
        elif not unit.in_play(state.clock):
            assert unit.arrival is not None
            errors.append(
                LedgerError(
                    name,
                    f"{unit.name} arrives {unit.arrival.short}; it is {state.clock.short}",
                    "8.86",
                )
            )
        elif MAP_HEX.match(unit.location) and unit.location not in posting.hexes:
            errors.append(
                LedgerError(
                    name,
                    f"{unit.name} is in {unit.location}, not in the combat's hexes "
                    f"({', '.join(posting.hexes)})",
                    "11.25",
                )
            )
    return errors


def _marker_errors(state: GameState, posting: CombatPosting) -> list[LedgerError]:
    errors: list[LedgerError] = []
    for x in posting.markers:
        unit = state.units[x.unit]
        if x.marker not in COMBAT_MARKERS:
            found = f"expected one of {', '.join(COMBAT_MARKERS)}, found {x.marker!r}"
            errors.append(LedgerError("markers", f"{unit.name}: {found}", x.case))
        elif x.marker == "pinned" and posting.combat != "barrage":
            errors.append(
                LedgerError(
                    "markers", f"{unit.name}: only a Barrage pins, not {posting.combat}", "12.44"
                )
            )
        elif x.marker == "pinned" and unit.side == posting.attacker:
            errors.append(
                LedgerError(
                    "markers",
                    f"{unit.name} is {unit.side}'s, the side firing: it is not pinned",
                    "12.44",
                )
            )
        elif x.marker != "pinned" and posting.combat == "probe":
            errors.append(
                LedgerError(
                    "markers",
                    f"{unit.name}: a Probe leaves units neither Engaged nor in Contact",
                    "15.93",
                )
            )
        elif x.marker != "pinned" and posting.combat != "close_assault":
            errors.append(
                LedgerError(
                    "markers",
                    f"{unit.name}: only a Close Assault leaves units {x.marker}, not {posting.combat}",
                    "15.81",
                )
            )
    return errors


def _toe_errors(state: GameState, posting: CombatPosting) -> list[LedgerError]:
    """Each (unit, system) lost and captured together, within the TOE points held (4.52)."""
    errors: list[LedgerError] = []
    asked: dict[tuple[str, str], int] = {}
    cases: dict[tuple[str, str], str] = {}
    rows = [(x.unit, s, p, x.case, "losses") for x in posting.losses for s, p in x.losses]
    rows += [(x.unit, x.system, x.points, x.case, "captured") for x in posting.captured]
    for unit_id, system, points, case, name in rows:
        if points <= 0:
            errors.append(
                LedgerError(
                    name,
                    f"{state.units[unit_id].name} {system}: expected TOE points above 0, found {points}",
                    case,
                )
            )
        asked[unit_id, system] = asked.get((unit_id, system), 0) + max(points, 0)
        cases.setdefault((unit_id, system), case)
    for name in (x.cause for x in posting.losses if x.cause not in LOSS_CAUSES):
        errors.append(
            LedgerError("losses", f"expected one of {', '.join(LOSS_CAUSES)}, found {name!r}")
        )
    for (unit_id, system), points in asked.items():
        unit = state.units[unit_id]
        held = next((h.points for h in unit.toe if h.system == system), None)
        if held is None:
            listed = ", ".join(h.system for h in unit.toe) or "none"
            errors.append(
                LedgerError(
                    "losses", f"{unit.name} has no {system!r} in its TOE ({listed})", "4.52"
                )
            )
        elif points > held:
            errors.append(
                LedgerError(
                    "losses",
                    f"{unit.name} holds {held} {system} TOE points, {points} lost or captured: "
                    f"{points - held} too many",
                    cases[unit_id, system],
                )
            )
    return errors


def _cp_action(posting: CombatPosting, unit: Unit, phasing: Side) -> tuple[str, Fraction]:
    """The 6.3 action a unit's combat CP are recorded under, and its 11.24 cap."""
    if unit.side != phasing:
        return ("defend-probe" if posting.combat == "probe" else "defend"), NON_PHASING_CAP
    if posting.combat == "probe":
        return "probe", PHASING_CAP
    if posting.combat == "barrage" and unit.side != posting.attacker:
        return "undergo-barrage-phasing", PHASING_CAP
    return "barrage-or-assault", PHASING_CAP


def _cp_plan(
    state: GameState, posting: CombatPosting, phasing: Side
) -> tuple[list[Charge], list[LedgerError]]:
    """11.22-11.27 with the 11.24 cap per Combat Segment; DP as ``spend_cp`` gives them."""
    errors: list[LedgerError] = []
    largest: dict[str, Fraction] = {}
    for charge in posting.cp:
        if charge.cp < 0 or charge.cp % CP_QUANTUM:
            errors.append(
                LedgerError(
                    "cp",
                    f"{state.units[charge.unit].name}: expected 0 or more CP in whole quarter "
                    f"points, found {charge.cp}",
                    "8.37",
                )
            )
        largest[charge.unit] = max(largest.get(charge.unit, Fraction(0)), charge.cp)
    plan: list[Charge] = []
    for unit_id, cp in largest.items():
        unit = state.units[unit_id]
        action, cap = _cp_action(posting, unit, phasing)
        before = unit.combat_cp
        after = min(cap, max(before, cp))
        cpa = state.cpa(unit)
        if cpa is None:
            errors.append(
                LedgerError(
                    "cp",
                    f"{unit.name} has no CPA in the scenario data, so its DP cannot be computed",
                    "6.11",
                )
            )
            continue
        attacking = action in ("barrage-or-assault", "probe")
        if (
            attacking
            and after > before
            and unit.cohesion <= MAY_NOT_MOVE_COHESION
            and state.ruling("6.26-cohesion-minus-26") == "enforce"
        ):
            errors.append(
                LedgerError(
                    "cp",
                    f"{unit.name} is at Cohesion Level {format_cp(unit.cohesion)}: at −26 or worse "
                    "it may not attack",
                    "6.26",
                )
            )
        spent = after - before
        dp = disorganization_earned(unit.cp_expended, spent, cpa)
        plan.append((unit_id, spent, dp, action, before, after))
    return plan, errors


def _ammunition_sources(state: GameState, unit: Unit) -> list[tuple[str, int | None]]:
    """Where a unit draws Ammunition, in order (50.15, as ``shortage_status.drawable`` counts
    it): its own, its side's real dumps in its hex (``None``: unlimited, 60.44), its side's
    first-line truck points there."""
    sources: list[tuple[str, int | None]] = [(unit.id, unit.supplies.ammo)]
    if not unit.location:
        return sources
    for dump in state.dumps.values():
        if dump.side == unit.side and dump.location == unit.location and dump.kind != "dummy":
            sources.append((dump.id, None if dump.unlimited else dump.supplies.ammo))
    for group in state.trucks.values():
        if (
            group.side == unit.side
            and group.line == "first"
            and group.location == unit.location
            and group.in_play(state.clock)
        ):
            sources.append((group.id, group.cargo.ammo))
    return sources


def _ammunition_plan(
    state: GameState, posting: CombatPosting
) -> tuple[list[tuple[str, str, int]], list[LedgerError]]:
    """(using unit, holder, Ammunition Points) drawn, or the units short (15.15, 50.12); the
    figures of a unit short are its side's secret (its stocks in the hex, 11.36)."""
    needed: dict[str, int] = {}
    errors: list[LedgerError] = []
    for charge in posting.ammunition:
        if charge.points < 0:
            errors.append(
                LedgerError(
                    "ammunition",
                    f"{charge.unit}: expected 0 or more Ammunition Points, found {charge.points}",
                    charge.case,
                )
            )
        needed[charge.unit] = needed.get(charge.unit, 0) + max(charge.points, 0)
    used: dict[str, int] = {}
    draws: list[tuple[str, str, int]] = []
    for unit_id, points in needed.items():
        unit = state.units[unit_id]
        left = points
        sources = _ammunition_sources(state, unit)
        for holder, held in sources:
            if left == 0:
                break
            take = left if held is None else min(left, held - used.get(holder, 0))
            if take > 0:
                draws.append((unit_id, holder, take))
                used[holder] = used.get(holder, 0) + take
                left -= take
        if left:
            available = points - left
            errors.append(
                LedgerError(
                    "ammunition",
                    f"{unit.name} fires {points} Ammunition Points ({posting.combat}, 50.2) and can "
                    f"draw {available} (its own, its side's dumps and first-line trucks in its hex): "
                    f"{left} short",
                    "15.15" if available else "50.12",
                    secret_of=unit.side,
                    instead=f"{unit.name}, of the other side, cannot draw all the Ammunition its "
                    "fire takes: its own side posts this combat, or the umpire",
                )
            )
    return draws, errors


def _dp_errors(posting: CombatPosting) -> list[LedgerError]:
    errors: list[LedgerError] = []
    for x in posting.disorganization:
        if x.cause not in DP_CAUSES:
            found = f"expected one of {', '.join(DP_CAUSES)}, found {x.cause!r}"
            errors.append(LedgerError("disorganization", f"{x.unit}: {found}", x.case))
        if x.dp <= 0 or x.dp % CP_QUANTUM:
            errors.append(
                LedgerError(
                    "disorganization",
                    f"{x.unit}: expected DP above 0 in whole quarter points, found {x.dp}",
                    x.case,
                )
            )
    return errors


def _becomes_prisoners(state: GameState, unit: Unit, system: str) -> bool:
    """15.86d under ruling ``15.86-captured-class-points``: whether captured points of
    ``system`` are Prisoner Points (else captured equipment: tanks and guns)."""
    if system not in state.classes:
        return False
    if state.ruling(CAPTURED_RULING) == "class-points":
        return True
    rulings = state.rulings_of(ShortageRulings.from_choices)
    return (
        system == unit.class_id and infantry_type_points(unit, state.classes[system], rulings) > 0
    )


def _enemy(side: Side) -> Side:
    return SIDES[1 - SIDES.index(side)]


def _resolved(
    state: GameState, posting: CombatPosting, source: Source, charges: list[Charge]
) -> CombatResolved:
    prisoners: dict[Side, int] = {}
    captured: dict[tuple[Side, str], int] = {}
    for x in posting.captured:
        unit = state.units[x.unit]
        captor = _enemy(unit.side)
        if _becomes_prisoners(state, unit, x.system):
            prisoners[captor] = prisoners.get(captor, 0) + x.points
        else:
            captured[captor, x.system] = captured.get((captor, x.system), 0) + x.points
    marked = tuple(dict.fromkeys(x.unit for x in posting.markers))
    return CombatResolved(
        source,
        posting.combat,
        tuple(posting.hexes),
        tuple(posting.dice),
        posting.seed,
        posting.column,
        tuple(posting.summary),
        tuple((x.unit, x.marker) for x in posting.markers),
        tuple((u, state.units[u].combat_markers) for u in marked),
        tuple(prisoners.items()),
        tuple((side, system, points) for (side, system), points in captured.items()),
        tuple((u, before, after) for u, _, _, _, before, after in charges if after != before),
    )
