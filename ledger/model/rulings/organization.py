"""Rulings on organization: its phases and CP, the trucks' phases and loading (5.2, 6.3, 8.18,
8.88, 8.96-8.98, 19.44), and unit size (9.26, 15.53).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

ORGANIZATION_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="organization-phase-limits",
        case="5.2, 8.97, 19.44",
        question=(
            "The sequence of play puts assignment, attachment and detachment in the "
            "Organization Phase; 8.97 lets a Parent Formation detach units in the Movement and "
            "Combat Phase and limits truck attachment to the Organization Phase. 'enforce': "
            "assign and attach only in the Organization Phase, detach there or in the Movement "
            "and Combat Phase, trucks only in the Organization Phase unless the unit was "
            "attached or detached this Operations Stage. 'any-phase': house rule, any phase."
        ),
        options=("enforce", "any-phase"),
        default="enforce",
    ),
    Ruling(
        id="6.3-parent-formation-cp",
        case="6.3, 6.15",
        question=(
            "6.3 charges an attachment or detachment to both the Parent Formation and the unit "
            "without saying which counters of the formation expend the CP. 'hq': the Parent "
            "Formation's HQ counter. 'formation': every unit with the Parent Formation (not "
            "the unit joining or leaving)."
        ),
        options=("hq", "formation"),
        default="hq",
    ),
    Ruling(
        id="assign-cost",
        case="6.3, 5.2",
        question=(
            "6.3 prices attaching and detaching but lists no cost for assigning a non-assigned "
            "unit (a reinforcement) to a Parent Formation. 'free': no CP. "
            "'as-attach-unassigned': 2 CP each for the formation and the unit."
        ),
        options=("free", "as-attach-unassigned"),
        default="free",
    ),
    Ruling(
        id="8.18-truck-convoy-phase",
        case="8.18, 8.98, 8.53, 5.2 III.H",
        question=(
            "Second- and third-line trucks (convoys) move voluntarily only in their own Truck "
            "Convoy Movement Phase (5.2 III.H); 8.98 still lets them move in the other player's "
            "portion (Reaction, 8.53a: only stacked with a friendly combat unit). The ledger "
            "does not record which side is Player A. 'enforce': a convoy moves in either "
            "player's Truck Convoy Movement Phase, or as a Reaction in a Movement and Combat "
            "Phase when a unit of its side is in its hex. 'any-phase': house rule, any phase."
        ),
        options=("enforce", "any-phase"),
        default="enforce",
    ),
    Ruling(
        id="8.88-box-loading",
        case="8.88",
        question=(
            "8.88 forbids moving a truck in the Operations Stage in which it loads or unloads "
            "supplies in a Tripoli/Tunisia box. Does a convoy that has moved this OpStage "
            "(into the box) break it by then unloading? 'no-move-that-opstage': yes, loading "
            "or unloading there and moving exclude each other in one OpStage. "
            "'no-move-after': only moving after loading or unloading is refused."
        ),
        options=("no-move-that-opstage", "no-move-after"),
        default="no-move-that-opstage",
    ),
    Ruling(
        id="6.3-truck-loading-cp",
        case="6.3, 8.96, 8.98",
        question=(
            "Loading or unloading supplies on trucks costs 2 CP outside the Organization Phase "
            "(6.3) without saying whose. 'attached-unit': first-line trucks attached to a unit "
            "are part of it (8.96), so that unit expends them; a convoy, or first-line trucks "
            "attached to no unit, expend them from their own CPA. 'trucks': every truck group "
            "expends them from its own CPA."
        ),
        options=("attached-unit", "trucks"),
        default="attached-unit",
    ),
    Ruling(
        id="9.26-may-be-assigned",
        case="9.26, 19.1",
        question=(
            "9.26 counts against the units that may be assigned to a division or brigade (its "
            "OA sheet). When the scenario gives no max_assigned for the HQ: 'scenario-units': "
            "the units of the scenario file, in play or not, whose parent is the HQ and whose "
            "printed level is the next lower one. 'not-judged': such an HQ is never a shell."
        ),
        options=("scenario-units", "not-judged"),
        default="scenario-units",
    ),
    Ruling(
        id="9.26-no-subordinates",
        case="9.26, 15.55",
        question=(
            "A counter of division or brigade size to which nothing may be assigned (a "
            "regiment printed as one counter, such as the Italian class m brigades of 15.55) "
            "has no units to count. 'toe-like-battalion': it is a shell below 50 % of its "
            "class maximum TOE (25 % for artillery), like a battalion. 'never-shell': never."
        ),
        options=("toe-like-battalion", "never-shell"),
        default="toe-like-battalion",
    ),
    Ruling(
        id="15.53-brigade-sizes",
        case="15.52, 15.53, 9.4",
        question=(
            "The 15.53 table prints no line for a 3-point brigade against a 2-point brigade. "
            "'same-size': no adjustment ('Any Brigade' is one size on the table). "
            "'one-column': 1 column to the 3-point brigade (the step between the division's "
            "lines against the two brigade sizes)."
        ),
        options=("same-size", "one-column"),
        default="same-size",
    ),
)
"""Organization and truck phases and CP (5.2, 6.3, 8.18, 8.88, 8.96-8.98, 19.44), unit size (9.26, 15.53)."""
