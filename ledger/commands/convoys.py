"""Truck groups' own Capability Points: a convoy's CPA (54.2), the CP it expends moving (8.98)
and loading or unloading supplies (6.3), its own phase (8.18) and the Tripoli/Tunisia boxes'
bar on moving in an OpStage of loading there (8.88).

A truck group keeps the CP it expended this Operations Stage (``TruckGroup.cp_expended``),
cleared at its end like a unit's (6.16). A convoy (second/third line, 8.18) never expends more
than the CPA of its slowest truck type for supplies (54.2: light 40, medium and heavy
30), its moves and its loading together. First-line trucks attached to a unit are part
of it (8.96): the unit expends their loading CP (ruling ``6.3-truck-loading-cp``) and they
move with it. A group that expended CP, or whose unit did, used its CPA this OpStage and
drinks its water (52.42, ``ledger.commands.upkeep.truck_water_upkeep``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome
from ledger.model.errors import LedgerError
from ledger.model.events import Event, TrucksLoaded
from ledger.model.holdings import TruckGroup
from ledger.model.phases import MOVEMENT_AND_COMBAT, ORGANIZATION, TRUCK_CONVOY, is_phase, phase
from ledger.model.places import is_tripoli_tunisia_box
from ledger.model.quantities import format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import TRUCK_TYPES, truck_chart
from ledger.rules.cp_actions import cp_actions


def group_name(state: GameState, group_id: str) -> str:
    """What players call a truck group (``GameState.truck_group_name``): ``"convoy at Cairo
    (50 TP)"``, ``"first-line trucks of 1st RNF MG Bn (10 TP)"``; never its id."""
    return state.truck_group_name(group_id)


def convoy_phase_refusal(state: GameState) -> str | None:
    """Why no convoy moves (other than as a Reaction) in the current phase, as
    ``move_trucks`` refuses it (8.18, ruling ``8.18-truck-convoy-phase``); ``None`` in the
    Truck Convoy Movement Phase, or in any phase under the house rule ``any-phase``."""
    if state.ruling("8.18-truck-convoy-phase") == "any-phase" or is_phase(
        state.phase, TRUCK_CONVOY
    ):
        return None
    return (
        f"convoys move in the Truck Convoy Movement Phase (H); it is the "
        f"{phase(state.phase).label} (advance with `quartermaster phase`, record a Reaction "
        "with --reaction, or choose the house rule 8.18-truck-convoy-phase=any-phase)"
    )


def truck_cpa(group: TruckGroup) -> int | None:
    """The CPA a truck group moves supplies at: its slowest type's for supplies (54.2): 5 light
    and 5 medium → min(40, 30) = 30. ``None`` for a group without truck points."""
    points = (group.light, group.medium, group.heavy)
    cpas = [truck_chart()[t].cpa_supplies for t, n in zip(TRUCK_TYPES, points, strict=True) if n]
    return min((c for c in cpas if c is not None), default=None)


def loading_payer(state: GameState, group: TruckGroup) -> str | None:
    """Who expends a group's 6.3 loading CP under ruling ``6.3-truck-loading-cp``: the id of
    the unit first-line trucks are attached to (``attached-unit``), else ``None`` — the group's
    own CP."""
    if state.ruling("6.3-truck-loading-cp") != "attached-unit" or group.line != "first":
        return None
    return group.attached_to if group.attached_to in state.units else None


def loading_cp(state: GameState) -> Fraction:
    """6.3: CP one load or unload costs: 0 in the Organization Phase, 2 in any other."""
    action = "water-or-load-organization" if is_phase(state.phase, ORGANIZATION) else "load-unload"
    cost = cp_actions()[action].cost
    assert cost is not None
    return cost


def handling(state: GameState, origin: str, destination: str, source: Source) -> Outcome:
    """What loading or unloading truck groups costs when supplies move from ``origin`` to
    ``destination`` (called by ``ledger.commands.transfers.transfer``; no truck group, nothing):
    app-made ``TrucksLoaded`` for each group that expends its own CP (6.3) or loads in a
    Tripoli/Tunisia box (8.88), and one app-made ``CPExpended`` ("load-unload", 2 CP) per unit
    whose attached trucks load outside the Organization Phase. Refused: a group going over its
    CPA (8.98), a unit that may not expend the CP (``spend_cp``), a convoy loading in a box
    after it moved this OpStage (ruling ``8.88-box-loading``)."""
    cost = loading_cp(state)
    posted = replace(source, app_made=True, reason="loading or unloading trucks (6.3)")
    events: list[Event] = []
    errors: list[LedgerError] = []
    payers: list[str] = []
    for group_id in dict.fromkeys(h for h in (origin, destination) if h in state.trucks):
        group = state.trucks[group_id]
        payer = loading_payer(state, group)
        own = cost if payer is None else Fraction(0)
        if payer is not None and cost and payer not in payers:
            payers.append(payer)
        errors += _loading_errors(state, group, own, group_name(state, group_id))
        in_box = is_tripoli_tunisia_box(group.location)
        mark = state.clock if in_box else group.box_loaded_at
        if own or mark != group.box_loaded_at:
            events.append(TrucksLoaded(posted, group_id, own, mark, group.box_loaded_at))
    for unit_id in payers:
        charged = spend_cp(state, unit_id, None, posted, "load-unload")
        name = state.units[unit_id].name
        errors += [LedgerError(e.field, f"{name}: {e.message}", e.case) for e in charged.errors]
        events += charged.events
    if errors:
        return Outcome(errors=tuple(errors))
    return Outcome(events=tuple(events))


def _loading_errors(
    state: GameState, group: TruckGroup, cp: Fraction, name: str
) -> list[LedgerError]:
    errors: list[LedgerError] = []
    cpa = truck_cpa(group)
    if cp and cpa is not None and group.cp_expended + cp > cpa:
        errors.append(
            LedgerError(
                "trucks",
                f"{name}: its trucks have expended {format_cp(group.cp_expended)} of "
                f"their CPA {cpa}; loading or unloading costs {format_cp(cp)} more outside the "
                f"Organization Phase: {format_cp(group.cp_expended + cp - cpa)} over",
                "6.3, 8.98",
            )
        )
    if (
        is_tripoli_tunisia_box(group.location)
        and state.ruling("8.88-box-loading") == "no-move-that-opstage"
        and group.cp_expended > 0
        and group.box_loaded_at != state.clock
    ):
        errors.append(
            LedgerError(
                "trucks",
                f"{name}: its trucks have moved this Operations Stage; in the "
                f"{group.location} box trucks load or unload in one without moving (ruling "
                "8.88-box-loading)",
                "8.88",
            )
        )
    return errors


def movement_errors(
    state: GameState, group: TruckGroup, cp: Fraction, *, reaction: bool = False
) -> list[LedgerError]:
    """Why a convoy may not move ``cp`` more CP now: outside its phase (8.18, ruling
    ``8.18-truck-convoy-phase``; a ``reaction`` in a Movement and Combat Phase only when a unit
    of its side is in its hex, 8.53a), after loading or unloading in a Tripoli/Tunisia box this
    OpStage (8.88), or over its CPA with the CP it already expended (8.98, 54.2)."""
    errors = _phase_errors(state, group, reaction)
    name = group_name(state, group.id)
    if group.box_loaded_at == state.clock:
        errors.append(
            LedgerError(
                "trucks",
                f"{name} loaded or unloaded in the {group.location} box this "
                "Operations Stage: it may not move in it",
                "8.88",
            )
        )
    cpa = truck_cpa(group)
    total = group.cp_expended + cp
    if cpa is not None and total > cpa:
        errors.append(
            LedgerError(
                "--cp",
                f"{name} moves at CPA {cpa} (its slowest type, 54.2); "
                f"{format_cp(group.cp_expended)} expended + {format_cp(cp)} asked = "
                f"{format_cp(total)}, {format_cp(total - cpa)} over",
                "8.98",
            )
        )
    return errors


def _phase_errors(state: GameState, group: TruckGroup, reaction: bool) -> list[LedgerError]:
    if state.ruling("8.18-truck-convoy-phase") == "any-phase":
        return []
    now = phase(state.phase).label
    if not reaction:
        refusal = convoy_phase_refusal(state)
        return [] if refusal is None else [LedgerError("trucks", refusal, "8.18")]
    errors: list[LedgerError] = []
    if not is_phase(state.phase, MOVEMENT_AND_COMBAT):
        errors.append(
            LedgerError(
                "--reaction",
                f"Reaction happens in a Movement and Combat Phase; it is the {now}",
                "8.51",
            )
        )
    if not any(
        u.side == group.side and u.location == group.location for u in state.units_in_play()
    ):
        errors.append(
            LedgerError(
                "--reaction",
                f"a convoy reacts only stacked with a friendly combat unit; none is in "
                f"{group.location}",
                "8.53",
            )
        )
    return errors
