"""Close Assault and Probe with exact odds (11.32-11.34, 15.1-15.9, chart 15.79).

The Phasing side (attacker) commits TOE Strength Points with an Offensive Close Assault Rating,
the non-Phasing side (defender) points with a Defensive one. Each side's Raw points are summed
before dividing (11.34) into Actual points (11.32, half up), with 15.28's small-force rules and
15.4's combined-arms reduction. Attacker Actual minus defender Actual is the Basic Assault
Differential (15.26); its column of chart 15.79 is moved by the sum of the column shifts of
terrain (15.3), force ratio (15.51), organizational size (15.53), a lone zero-rated defender
(15.54) and morale (15.6). The columns from +11 up are the Overrun section (15.77).

Each side then throws its own two dice once (15.71, 15.75): the sequential reading (large die
tens) gives its loss percentage, the sum of the same two dice the attacker's Engaged and the
defender's Retreat results and each side's Captured result (15.73); a Captured result adds one
die on chart 15.89. ``calculate_close_assault`` gives the exact odds of every combination (and,
when a side's morale is still to be rolled on 17.4, mixes over the columns it can reach) with
the expected Raw and TOE losses; ``read_close_assault`` gives the result of the dice thrown.

A Probe (15.25, 15.91-15.96) is the same assault with Engaged results ignored and no Contact.

Rulings (``AssaultRulings``): ``15.79-defender-plus-2-gap``, ``15.4-combined-arms``,
``15.35-fortification-columns``, ``15.95-recce-reduction``, ``15.25-probe-threshold``, with the
casualty rulings of ``ledger.combat.assault_losses`` (15.83e, 15.84b, 15.86) and the morale
(``MoraleRulings``) and size (``SizeRulings``) rulings they use. Not modelled here: 15.15's
surrender of a hex whose defenders are all out of ammunition, 15.17's parenthesised ratings
beside combat units (pass such points as ``not_fighting``), 15.34's prohibited assaults.

Split by concept: ``assault_chart`` (chart 15.79 for one throw), ``assault_setup`` (rulings,
morale, sides), ``assault_differential`` (11.3, 15.2-15.5), ``assault_morale`` (15.6, 17.2),
``assault_casualties`` (15.8) and ``assault_odds`` (the joint odds); this module keeps the
entry points and ``CloseAssaultResult``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ledger.charts.figures import Figure, to_json
from ledger.combat.assault_casualties import TakenLosses, surrendered_losses, take_losses
from ledger.combat.assault_chart import (
    GAP_RULING,
    attacker_throw,
    check_d66_reading,
    check_prisoner_die,
    defender_throw,
    is_overrun,
    loss_charts,
)
from ledger.combat.assault_differential import (
    actual_after_combined_arms,
    assault_action,
    assault_actuals,
    check_assault_forces,
    check_both_or_neither,
    fixed_column_shifts,
    lone_zero_rated_defender,
    note_setup_figures,
    raw_points_note,
    units_and_hexes,
)
from ledger.combat.assault_losses import parenthesised_defence_overwhelmed, retreat_extra_percent
from ledger.combat.assault_morale import read_final_column
from ledger.combat.assault_odds import (
    CloseAssaultCalculation,
    adjusted_attacker_loss,
    assault_status,
    close_assault_odds,
)
from ledger.combat.assault_setup import (
    DEFAULT_ASSAULT_RULINGS,
    DEFENSIVE,
    NO_ASSAULT,
    NOTHING_ALLOCATED_DP,
    OFFENSIVE,
    Action,
    AssaultOutcome,
    AssaultRulings,
    AssaultSetup,
    AssaultSide,
    SideMorale,
    Status,
    Surrendered,
)
from ledger.combat.costs import AmmoCharge, CPCharge
from ledger.combat.forces import ColumnShift, Element, Loss, total_raw
from ledger.combat.terrain import Hexside
from ledger.rules.unit_size import Level


@dataclass(frozen=True, slots=True)
class CloseAssaultResult:
    """The result of one Close Assault or Probe for the dice thrown.

    ``column``: the final column (or ``NO_ASSAULT``); ``figures``: the readings and what they
    gave; ``outcome``: the chart results; ``attacker_raw_lost`` / ``defender_raw_lost``: Raw
    Close Assault Points lost (15.83c, a stand's 10 % a hex included); ``attacker_losses`` /
    ``defender_losses``: a proposal of the TOE points to remove (15.83d, the losing Player may
    choose others); ``attacker_captured`` / ``defender_captured``: TOE points of those losses
    captured (15.85); ``status``: "engaged", "contact" or "none" (15.81, 15.93); ``retreat``:
    hexes the defender retreats (0 when it stands, 15.82); ``attacker_dp`` / ``defender_dp``:
    Disorganization Points (15.87, 15.29); ``cp`` and ``ammunition`` as in the calculation.
    """

    action: Action
    column: str
    figures: tuple[Figure, ...]
    outcome: AssaultOutcome
    attacker_raw_lost: int
    defender_raw_lost: int
    attacker_losses: tuple[Loss, ...]
    defender_losses: tuple[Loss, ...]
    attacker_captured: int
    defender_captured: int
    status: Status
    retreat: int
    attacker_dp: int
    defender_dp: int
    cp: tuple[CPCharge, ...]
    ammunition: tuple[AmmoCharge, ...]

    def as_json(self) -> dict[str, object]:
        """The result as JSON-ready data (``forces.to_json``)."""
        data = to_json(self)
        assert isinstance(data, dict)
        return data


def calculate_close_assault(
    attackers: Sequence[Element],
    defenders: Sequence[Element],
    *,
    not_fighting: Sequence[Element] = (),
    guns_back: Sequence[Element] = (),
    terrain: Sequence[str] = (),
    hexsides: Sequence[Hexside] = (),
    attacker_levels: Sequence[Level] = (),
    defender_levels: Sequence[Level] = (),
    attacker_morale: SideMorale | None = None,
    defender_morale: SideMorale | None = None,
    probe: bool = False,
    available_toe: Mapping[str, int] | None = None,
    committed_elsewhere: Mapping[str, int] | None = None,
    phasing_units: Sequence[tuple[str, str]] | None = None,
    non_phasing_units: Sequence[tuple[str, str]] | None = None,
    rulings: AssaultRulings = DEFAULT_ASSAULT_RULINGS,
) -> CloseAssaultCalculation:
    """Work out one Close Assault or Probe against one hex before the dice (15.1-15.9).

    ``attackers``: the Phasing side's committed TOE points (Offensive Close Assault Rating);
    ``defenders``: the non-Phasing points committed (Defensive rating). ``not_fighting``:
    defending points in the hex that add no rating but count for losses (Pinned, Retreated
    Before Assault into it, out of ammunition, withheld: 15.12, 15.15, 15.16); ``guns_back``:
    defending guns Back, which count only in an Overrun (15.13, 15.84a). ``terrain`` (8.37 keys
    of the defender's hex) and ``hexsides`` crossed give 15.3's shifts. ``attacker_levels`` /
    ``defender_levels``: the effective organizational levels of each side's units (15.52,
    15.53; both or neither). ``attacker_morale`` / ``defender_morale``: ``SideMorale`` (both or
    neither). ``probe``: the Phasing Player calls it a Probe (15.22); ``available_toe`` {unit:
    TOE points available} and ``committed_elsewhere`` {unit: TOE points in other assaults}
    make it one below 50 % (15.25, 15.91). ``phasing_units`` / ``non_phasing_units``: (unit
    id, hex) of every unit in the hexes involved, who pay CP (11.25; default: the units of the
    elements given).

    Raises ``ValueError`` naming the field, the value and the case for forces of mixed or
    equal sides, a gun Back that is not a gun, morale or levels for one side only, a missing
    ``available_toe`` entry, or an unknown terrain key.
    """
    check_assault_forces(attackers, defenders, not_fighting, guns_back)
    check_both_or_neither("morale", attacker_morale, defender_morale, "15.61")
    check_both_or_neither("levels", attacker_levels or None, defender_levels or None, "15.52")
    figures: list[Figure] = []
    action = assault_action(attackers, probe, available_toe, committed_elsewhere, rulings, figures)
    a_raw, d_raw = total_raw(attackers, OFFENSIVE), total_raw(defenders, DEFENSIVE)
    figures += [
        Figure(
            "attacker Raw Offensive Close Assault points",
            a_raw,
            "11.31, 11.34",
            raw_points_note(attackers, OFFENSIVE),
        ),
        Figure(
            "defender Raw Defensive Close Assault points",
            d_raw,
            "11.31, 11.34, 15.12",
            raw_points_note(defenders, DEFENSIVE),
        ),
    ]
    a_act, d_act, more = assault_actuals(a_raw, d_raw)
    figures += more
    a_act = actual_after_combined_arms("attacker", attackers, a_act, rulings.combined_arms, figures)
    d_act = actual_after_combined_arms("defender", defenders, d_act, rulings.combined_arms, figures)
    basic = a_act - d_act
    chart = loss_charts()[0]
    basic_column = chart.row_for(basic).key
    figures += [
        Figure("Basic Assault Differential", basic, "15.26", f"{a_act} - {d_act}"),
        Figure("column of the Basic Assault Differential", basic_column, "15.72"),
    ]
    if action == "probe":
        figures.append(
            Figure(
                "Probe satisfies the ZOC combat requirement",
                "yes" if basic >= -4 else "no",
                "10.31",
                "a Probe does when its Basic Assault Differential is -4 or better",
            )
        )
    lone = lone_zero_rated_defender(defenders, not_fighting, guns_back)
    shifts = fixed_column_shifts(
        a_raw, d_raw, lone, terrain, hexsides, attacker_levels, defender_levels, rulings
    )
    rolled = (
        attacker_morale is not None
        and defender_morale is not None
        and (attacker_morale.rolled or defender_morale.rolled)
    )
    if attacker_morale and defender_morale and not rolled:
        assert attacker_morale.adjusted is not None and defender_morale.adjusted is not None
        final = attacker_morale.adjusted - defender_morale.adjusted
        figures.append(
            Figure(
                "Final Adjusted Morale",
                final,
                "15.61",
                f"{attacker_morale.adjusted} - {defender_morale.adjusted}",
            )
        )
        if final:
            shifts.append(ColumnShift("Final Adjusted Morale", final, "15.61, 15.62"))
    fixed = sum(s.columns for s in shifts)
    setup = AssaultSetup(
        action=action,
        base_row=basic_column,
        fixed_columns=fixed,
        attacker_morale=attacker_morale if rolled else None,
        defender_morale=defender_morale if rolled else None,
        attacker_three_times=d_raw >= 3 * a_raw,
        defender_three_times=a_raw >= 3 * d_raw,
        attacker=AssaultSide(
            tuple(attackers), tuple(attackers), tuple(attackers), OFFENSIVE, attacker=True
        ),
        defender=AssaultSide(
            tuple(defenders),
            (*defenders, *not_fighting),
            (*defenders, *not_fighting, *guns_back),
            DEFENSIVE,
            attacker=False,
        ),
        defender_allocated=bool(defenders),
        no_attacker_losses=lone,
        overwhelmed=parenthesised_defence_overwhelmed(a_raw, defenders),
        recce_probe=action == "probe" and bool(attackers) and all(e.recce for e in attackers),
        major_city=any(t.startswith("major_city") for t in terrain),
        phasing_units=tuple(
            phasing_units if phasing_units is not None else units_and_hexes(attackers)
        ),
        non_phasing_units=tuple(
            non_phasing_units
            if non_phasing_units is not None
            else units_and_hexes(defenders, not_fighting, guns_back)
        ),
        rulings=rulings,
    )
    note_setup_figures(setup, figures)
    return close_assault_odds(setup, basic_column, tuple(figures), tuple(shifts))


def read_close_assault(
    calc: CloseAssaultCalculation,
    attacker_reading: int,
    defender_reading: int,
    attacker_prisoner_die: int | None = None,
    defender_prisoner_die: int | None = None,
    attacker_morale_reading: int | None = None,
    defender_morale_reading: int | None = None,
    *,
    defender_stands: bool = False,
) -> CloseAssaultResult:
    """The result of ``calc`` for the dice thrown (15.73-15.89).

    ``attacker_reading`` / ``defender_reading``: each side's two dice read in sequence, large
    die tens (11..66; their sum is tens + units). A prisoner die (1..6) is needed for a side
    whose throw brings a Captured result with losses (15.73d, 15.89), a morale reading (11..66)
    for a side whose Adjusted Morale is still to be rolled (17.22). ``defender_stands``: the
    defender takes 10 % a hex instead of retreating (15.82; nothing in a major city). Dice are
    ignored when ``calc`` has no assault (15.29). Raises ``ValueError`` naming the field, the
    value and the case for a bad or missing reading, and for a defender reading in the printed
    gap under ruling ``15.79-defender-plus-2-gap`` ``"reroll"`` (throw again).
    """
    setup = calc.setup
    if calc.column == NO_ASSAULT:
        return _result_without_dice(calc)
    check_d66_reading(attacker_reading, "attacker_reading", "15.73a")
    check_d66_reading(defender_reading, "defender_reading", "15.73a")
    figures: list[Figure] = []
    column, surrender = read_final_column(
        setup, attacker_morale_reading, defender_morale_reading, figures
    )
    if surrender:
        return _surrender_result(calc, surrender, figures)
    large, small = divmod(attacker_reading, 10)
    chart_loss, engaged, captured = attacker_throw(column, large, small)
    figures.append(
        Figure(
            "attacker throw",
            f"{chart_loss} % loss",
            "15.73a, b, c",
            f"reading {attacker_reading} and sum {large + small} in column {column}: "
            f"{'Engaged' if engaged else 'not Engaged'}, "
            f"{'Captured' if captured else 'no Captured'}",
        )
    )
    a_loss, captured = adjusted_attacker_loss(chart_loss, captured, setup)
    a_cap = (
        check_prisoner_die(attacker_prisoner_die, "attacker_prisoner_die", "15.73d")
        if captured
        else 0
    )
    large, small = divmod(defender_reading, 10)
    d_loss, retreat, d_captured = defender_throw(column, large, small, setup.rulings.defender_gap)
    if d_loss is None:
        raise ValueError(
            f"defender_reading: {defender_reading} is in the printed gap of column {column}; "
            f"ruling {GAP_RULING} 'reroll': throw again (15.79)"
        )
    figures.append(
        Figure(
            "defender throw",
            f"{d_loss} % loss",
            "15.73a, b, c",
            f"reading {defender_reading} and sum {large + small} in column {column}: "
            f"Retreat {retreat}, {'Captured' if d_captured else 'no Captured'}",
        )
    )
    d_captured = d_captured and d_loss > 0
    d_cap = (
        check_prisoner_die(defender_prisoner_die, "defender_prisoner_die", "15.73d")
        if d_captured
        else 0
    )
    engaged = engaged and retreat == 0 and setup.action != "probe"
    outcome = AssaultOutcome(a_loss, d_loss, engaged, retreat, a_cap, d_cap)
    overrun = is_overrun(column)
    ours = take_losses(setup.attacker, a_loss, a_cap, False, setup, False)
    extra = retreat_extra_percent(retreat, 0, major_city=setup.major_city) if defender_stands else 0
    beaten = setup.overwhelmed and d_loss >= 20
    theirs = take_losses(setup.defender, d_loss + extra, d_cap, overrun, setup, beaten)
    if extra:
        figures.append(Figure("defender stands", f"+{extra} %", "15.82", f"{retreat} hexes"))
    return CloseAssaultResult(
        action=setup.action,
        column=column,
        figures=tuple(figures),
        outcome=outcome,
        attacker_raw_lost=ours.raw,
        defender_raw_lost=theirs.raw,
        attacker_losses=ours.losses,
        defender_losses=theirs.losses,
        attacker_captured=sum(c.points for c in ours.captured),
        defender_captured=sum(c.points for c in theirs.captured),
        status=assault_status(outcome, setup.action, defender_stands),
        retreat=0 if defender_stands else retreat,
        attacker_dp=ours.dp,
        defender_dp=theirs.dp,
        cp=calc.cp_by_column[column],
        ammunition=calc.ammunition,
    )


def _surrender_result(
    calc: CloseAssaultCalculation, kind: Surrendered, figures: list[Figure]
) -> CloseAssaultResult:
    """17.25: the surrendering side's units all go to the enemy; no assault dice."""
    setup = calc.setup
    empty = TakenLosses(0, (), (), 0)
    ours = surrendered_losses(setup.attacker) if kind in ("attacker", "both") else empty
    theirs = surrendered_losses(setup.defender) if kind in ("defender", "both") else empty
    figures.append(Figure("surrender", kind, "17.25", "no Close Assault dice are thrown"))
    return CloseAssaultResult(
        action=setup.action,
        column="",
        figures=tuple(figures),
        outcome=AssaultOutcome(0, 0, False, 0, 0, 0, kind),
        attacker_raw_lost=ours.raw,
        defender_raw_lost=theirs.raw,
        attacker_losses=ours.losses,
        defender_losses=theirs.losses,
        attacker_captured=sum(c.points for c in ours.captured),
        defender_captured=sum(c.points for c in theirs.captured),
        status="none",
        retreat=0,
        attacker_dp=0,
        defender_dp=0,
        cp=calc.cp,
        ammunition=calc.ammunition,
    )


def _result_without_dice(calc: CloseAssaultCalculation) -> CloseAssaultResult:
    """15.29: the certain outcome of an assault without dice."""
    outcome = calc.outcomes[0][0]
    return CloseAssaultResult(
        action=calc.action,
        column=NO_ASSAULT,
        figures=(Figure("no assault", calc.no_assault, "15.29"),),
        outcome=outcome,
        attacker_raw_lost=0,
        defender_raw_lost=0,
        attacker_losses=(),
        defender_losses=(),
        attacker_captured=0,
        defender_captured=0,
        status="none",
        retreat=outcome.retreat,
        attacker_dp=0,
        defender_dp=NOTHING_ALLOCATED_DP if outcome.retreat else 0,
        cp=calc.cp,
        ammunition=calc.ammunition,
    )
