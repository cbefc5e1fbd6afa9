"""The exact odds of a Close Assault or Probe before any die is thrown (15.29, 15.71-15.77,
15.81-15.89, 15.93), for ``close_assault``.

Each side's throw over its 36 readings (the attacker's loss after 15.54, 15.18 and 15.95; the
defender's +2 gap thrown again under ruling ``15.79-defender-plus-2-gap`` ``"reroll"``), split
over the 15.89 die after a Captured result; both throws mixed over the columns the 17.4 morale
dice can reach into the joint outcomes, their marginals and each side's expected losses; an
assault without dice (15.29); the CP (11.21-11.27, 15.96) and ammunition (50.14, 50.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ledger.charts.figures import Figure, to_json
from ledger.combat.assault_captured import prisoner_percent_distribution
from ledger.combat.assault_casualties import (
    ExpectedLosses,
    TakenLosses,
    surrendered_losses,
    take_losses,
)
from ledger.combat.assault_chart import (
    attacker_throw,
    column_differential,
    defender_throw,
    is_overrun,
    loss_charts,
    two_dice_throws,
)
from ledger.combat.assault_losses import attacker_percent_15_18, retreat_extra_percent
from ledger.combat.assault_morale import final_column_odds
from ledger.combat.assault_setup import (
    MORALE_ROLLED,
    NO_ASSAULT,
    NOTHING_ALLOCATED_RETREAT,
    Action,
    AssaultOutcome,
    AssaultSetup,
    AssaultSide,
    SideExpectation,
    Status,
)
from ledger.combat.costs import AmmoCharge, CPCharge, ammunition_for, combat_cp
from ledger.combat.forces import ColumnShift


@dataclass(frozen=True, slots=True)
class CloseAssaultCalculation:
    """A Close Assault or Probe worked out before any die is thrown.

    ``action``: ``"close_assault"`` or ``"probe"``; ``figures``: Raw and Actual points,
    15.28, 15.4, the Basic Assault Differential, the probe test, clamping, ...; ``shifts``:
    the column shifts known now (morale too when both Adjusted Morales are given);
    ``basic_column``: the row of the Basic Assault Differential; ``column``: the final column
    (a chart 15.79 key), ``MORALE_ROLLED`` when the 17.4 dice decide it, or ``NO_ASSAULT``
    (``no_assault`` gives the reason, 15.29); ``columns``: each final column's probability.

    ``outcomes``: every ``AssaultOutcome`` with its exact probability (they sum to 1);
    the marginals: ``attacker_loss``, ``defender_loss`` {percent: p}, ``status`` {"engaged",
    "contact", "none": p} (a retreating defender leaves Contact; a Probe has none), ``retreat``
    {hexes: p}, ``attacker_captured``, ``defender_captured`` {percent: p}, ``surrender``
    {"", "attacker", "defender", "both": p}. ``attacker_expected`` and ``defender_expected``
    (``{"retreats": ..., "stands": ...}``: the defender takes every Retreat, or stands and
    takes 10 % a hex, 15.82) are the expected losses. ``cp`` are the CP charges (11.2x, 15.96;
    when morale is rolled, at the column that costs the defender most, every column's in
    ``cp_by_column``) and ``ammunition`` both sides' ammunition (50.14, 50.2). ``setup``
    (``AssaultSetup``) keeps what ``read_close_assault`` needs.
    """

    action: Action
    figures: tuple[Figure, ...]
    shifts: tuple[ColumnShift, ...]
    basic_column: str
    column: str
    columns: dict[str, Fraction]
    no_assault: str
    outcomes: tuple[tuple[AssaultOutcome, Fraction], ...]
    attacker_loss: dict[int, Fraction]
    defender_loss: dict[int, Fraction]
    status: dict[str, Fraction]
    retreat: dict[int, Fraction]
    attacker_captured: dict[int, Fraction]
    defender_captured: dict[int, Fraction]
    surrender: dict[str, Fraction]
    attacker_expected: SideExpectation
    defender_expected: dict[str, SideExpectation]
    cp: tuple[CPCharge, ...]
    cp_by_column: dict[str, tuple[CPCharge, ...]]
    ammunition: tuple[AmmoCharge, ...]
    setup: AssaultSetup

    def as_json(self) -> dict[str, object]:
        """Everything a player checks, as JSON-ready data (``forces.to_json``)."""
        data = to_json(self)
        assert isinstance(data, dict)
        data["outcomes"] = [
            {**_outcome_json(outcome), "probability": to_json(p)} for outcome, p in self.outcomes
        ]
        return data


def _outcome_json(outcome: AssaultOutcome) -> dict[str, object]:
    data = to_json(outcome)
    assert isinstance(data, dict)
    return data


def _with_prisoners(
    odds: dict[tuple[int, int, int], Fraction], key: tuple[int, int], captured: bool, p: Fraction
) -> None:
    """Add one throw's odds, split over the 15.89 die when it brings a Captured result."""
    if not captured:
        odds[(*key, 0)] = odds.get((*key, 0), Fraction(0)) + p
        return
    for percent, q in prisoner_percent_distribution().items():
        odds[(*key, percent)] = odds.get((*key, percent), Fraction(0)) + p * q


def _attacker_odds(column: str, setup: AssaultSetup) -> dict[tuple[int, int, int], Fraction]:
    """{(loss %, engaged 0/1, captured %): p} for the attacker's throw in ``column``."""
    odds: dict[tuple[int, int, int], Fraction] = {}
    for large, small in two_dice_throws():
        loss, engaged, captured = attacker_throw(column, large, small)
        loss, captured = adjusted_attacker_loss(loss, captured, setup)
        _with_prisoners(odds, (loss, int(engaged)), captured, Fraction(1, 36))
    return odds


def adjusted_attacker_loss(loss: int, captured: bool, setup: AssaultSetup) -> tuple[int, bool]:
    """The attacker's chart result adjusted by ``setup``: (loss percent, Captured). 15.54: no
    attacker casualties against a lone zero-rated defender; 15.18: the first 20 % ignored
    against parenthesised defenders three times weaker (``attacker_percent_15_18``); 15.95
    under ruling ``15.95-recce-reduction`` ``"ten-points"``: 10 points off a recce-only
    Probe, not below 0. A Captured result stands only with a loss left."""
    if setup.no_attacker_losses:
        return 0, False
    if setup.overwhelmed:
        loss = attacker_percent_15_18(loss)
    if setup.recce_probe and setup.rulings.recce == "ten-points":
        loss = max(0, loss - 10)
    return loss, captured and loss > 0


def _defender_odds(column: str, setup: AssaultSetup) -> dict[tuple[int, int, int], Fraction]:
    """{(loss %, retreat hexes, captured %): p} for the defender's throw in ``column``; under
    ``"reroll"`` the throws of the printed gap are thrown again (left out, the rest rescaled)."""
    results = []
    for large, small in two_dice_throws():
        loss, retreat, captured = defender_throw(column, large, small, setup.rulings.defender_gap)
        if loss is not None:
            results.append((loss, retreat, captured and loss > 0))
    odds: dict[tuple[int, int, int], Fraction] = {}
    for loss, retreat, captured in results:
        _with_prisoners(odds, (loss, retreat), captured, Fraction(1, len(results)))
    return odds


def assault_status(outcome: AssaultOutcome, action: Action, stands: bool = False) -> Status:
    """The marker an ``outcome`` leaves on the units involved (15.81, 15.93): ``"engaged"``
    for an Engaged result; else ``"contact"`` while the sides stay adjacent; ``"none"`` after
    a Probe, a surrender, or a Retreat the defender takes (``stands``: it stands instead and
    takes 10 % a hex, 15.82, so Contact remains)."""
    if outcome.engaged:
        return "engaged"
    if action == "probe" or outcome.surrender or (outcome.retreat and not stands):
        return "none"
    return "contact"


def close_assault_odds(
    setup: AssaultSetup,
    basic_column: str,
    figures: tuple[Figure, ...],
    shifts: tuple[ColumnShift, ...],
) -> CloseAssaultCalculation:
    """The ``CloseAssaultCalculation`` of ``setup`` (15.71-15.89, 15.93): both sides' throws
    (36 readings each, split over the 15.89 die after a Captured result) mixed over the final
    columns the 17.4 morale dice can reach (``final_column_odds``) into the joint odds of every
    ``AssaultOutcome`` (exact ``Fraction``s summing to 1), their marginals and each side's
    expected losses (the defender's both when it retreats and when it stands, 15.82).
    ``basic_column`` is the Basic Assault Differential's row, ``figures`` and ``shifts`` those
    worked out so far (the "final column" figure is added). An attacker that allocates
    nothing, or a defender that allocates nothing, gives the certain outcome of 15.29. The CP
    (11.21-11.27, 15.96) are those of the column whose charges total most (every column's in
    ``cp_by_column``); the ammunition is both sides' (50.14, 50.2)."""
    chart = loss_charts()[0]
    fixed_row = chart.shift(basic_column, setup.fixed_columns)
    if not setup.attacker.elements:
        no = "15.29: the attacker allocates no units, so there is no assault"
        outcome = AssaultOutcome(0, 0, False, 0, 0, 0)
        return _no_dice(setup, figures, shifts, basic_column, no, outcome, (), (), 0)
    if not setup.defender_allocated:
        no = "15.29: the defender allocates no units; all its units retreat 3 hexes with 3 DP"
        outcome = AssaultOutcome(0, 0, False, NOTHING_ALLOCATED_RETREAT, 0, 0)
        cp = _cp(setup, fixed_row.row)
        return _no_dice(setup, figures, shifts, basic_column, no, outcome, cp, (), 1)
    columns, surrender = final_column_odds(setup)
    column = next(iter(columns)) if len(columns) == 1 else MORALE_ROLLED
    note = f"{basic_column} {setup.fixed_columns:+d} columns"
    if setup.attacker_morale is not None:
        note += " and the Final Adjusted Morale still to be rolled (17.4)"
    elif fixed_row.clamped:
        note += f"; stopped at the end of the chart after {fixed_row.applied:+d}"
    figures += (Figure("final column", column, "15.27, 15.72", note),)
    joint: dict[AssaultOutcome, Fraction] = {}
    ours = ExpectedLosses()
    theirs = {"retreats": ExpectedLosses(), "stands": ExpectedLosses()}
    memo: dict[tuple[bool, int, int, bool, bool], TakenLosses] = {}

    def taken(
        side: AssaultSide, pct: int, cap: int, overrun: bool, overwhelmed: bool
    ) -> TakenLosses:
        key = (side.attacker, pct, cap, overrun, overwhelmed)
        if key not in memo:
            memo[key] = take_losses(side, pct, cap, overrun, setup, overwhelmed)
        return memo[key]

    for col, pc in columns.items():
        overrun = is_overrun(col)
        a_odds, d_odds = _attacker_odds(col, setup), _defender_odds(col, setup)
        for (al, ae, ac), pa in a_odds.items():
            ours.add(pc * pa, taken(setup.attacker, al, ac, False, False))
            for (dl, dr, dc), pd in d_odds.items():
                engaged = bool(ae) and dr == 0 and setup.action != "probe"
                outcome = AssaultOutcome(al, dl, engaged, dr, ac, dc)
                joint[outcome] = joint.get(outcome, Fraction(0)) + pc * pa * pd
        for (dl, dr, dc), pd in d_odds.items():
            beaten = setup.overwhelmed and dl >= 20
            extra = retreat_extra_percent(dr, 0, major_city=setup.major_city)
            theirs["retreats"].add(pc * pd, taken(setup.defender, dl, dc, overrun, beaten))
            theirs["stands"].add(pc * pd, taken(setup.defender, dl + extra, dc, overrun, beaten))
    for kind, p in surrender.items():
        outcome = AssaultOutcome(0, 0, False, 0, 0, 0, kind)
        joint[outcome] = joint.get(outcome, Fraction(0)) + p
        if kind in ("attacker", "both"):
            ours.add(p, surrendered_losses(setup.attacker))
        if kind in ("defender", "both"):
            for expect in theirs.values():
                expect.add(p, surrendered_losses(setup.defender))
    cp_by_column = {col: _cp(setup, col) for col in (columns or {fixed_row.row: Fraction(1)})}
    return CloseAssaultCalculation(
        action=setup.action,
        figures=figures,
        shifts=shifts,
        basic_column=basic_column,
        column=column,
        columns=columns,
        no_assault="",
        outcomes=_ordered(joint),
        **_marginals(joint, setup.action),
        attacker_expected=ours.value(),
        defender_expected={k: v.value() for k, v in theirs.items()},
        cp=max(cp_by_column.values(), key=lambda c: sum(x.cp for x in c)),
        cp_by_column=cp_by_column,
        ammunition=_ammunition(setup),
        setup=setup,
    )


def _no_dice(
    setup: AssaultSetup,
    figures: tuple[Figure, ...],
    shifts: tuple[ColumnShift, ...],
    basic_column: str,
    reason: str,
    outcome: AssaultOutcome,
    cp: tuple[CPCharge, ...],
    ammunition: tuple[AmmoCharge, ...],
    defender_dp: int,
) -> CloseAssaultCalculation:
    """15.29: no dice are thrown; one certain outcome."""
    joint = {outcome: Fraction(1)}
    nothing = SideExpectation(Fraction(0), Fraction(0), Fraction(0), Fraction(0))
    theirs = SideExpectation(Fraction(0), Fraction(0), Fraction(0), Fraction(defender_dp))
    return CloseAssaultCalculation(
        action=setup.action,
        figures=(*figures, Figure("final column", NO_ASSAULT, "15.29", reason)),
        shifts=shifts,
        basic_column=basic_column,
        column=NO_ASSAULT,
        columns={},
        no_assault=reason,
        outcomes=_ordered(joint),
        **_marginals(joint, setup.action),
        attacker_expected=nothing,
        defender_expected={"retreats": theirs, "stands": theirs},
        cp=cp,
        cp_by_column={},
        ammunition=ammunition,
        setup=setup,
    )


def _ordered(
    joint: Mapping[AssaultOutcome, Fraction],
) -> tuple[tuple[AssaultOutcome, Fraction], ...]:
    """Outcomes from the attacker's best (defender's heaviest loss) down, surrenders last."""
    return tuple(
        sorted(
            joint.items(),
            key=lambda item: (
                item[0].surrender,
                -item[0].defender_loss,
                item[0].attacker_loss,
                -item[0].retreat,
                item[0].engaged,
                item[0].attacker_captured,
                item[0].defender_captured,
            ),
        )
    )


def _marginals(
    joint: Mapping[AssaultOutcome, Fraction], action: Action
) -> dict[str, dict[Any, Fraction]]:
    """Each result's own odds, from the joint odds."""
    found: dict[str, dict[Any, Fraction]] = {
        name: {}
        for name in (
            "attacker_loss",
            "defender_loss",
            "status",
            "retreat",
            "attacker_captured",
            "defender_captured",
            "surrender",
        )
    }
    for o, p in joint.items():
        values = {
            "attacker_loss": o.attacker_loss,
            "defender_loss": o.defender_loss,
            "status": assault_status(o, action),
            "retreat": o.retreat,
            "attacker_captured": o.attacker_captured,
            "defender_captured": o.defender_captured,
            "surrender": o.surrender,
        }
        for name, value in values.items():
            found[name][value] = found[name].get(value, Fraction(0)) + p
    return {name: dict(sorted(odds.items(), key=lambda kv: kv[0])) for name, odds in found.items()}


def _cp(setup: AssaultSetup, column: str) -> tuple[CPCharge, ...]:
    """11.21-11.27, 15.96: the CP of every unit in the hexes involved at ``column``."""
    return tuple(
        combat_cp(
            setup.phasing_units,
            setup.non_phasing_units,
            action=setup.action,
            final_differential=column_differential(column),
        )
    )


def _ammunition(setup: AssaultSetup) -> tuple[AmmoCharge, ...]:
    """50.14, 50.2: both sides' committed TOE points use ammunition for Close Assault."""
    return tuple(
        ammunition_for(setup.attacker.committed, "close_assault")
        + ammunition_for(setup.defender.committed, "close_assault")
    )
