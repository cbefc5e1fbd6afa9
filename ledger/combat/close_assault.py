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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import ceil
from typing import Any, Final, Literal

from ledger.charts.dice import FACES
from ledger.charts.engine import Chart
from ledger.charts.loader import bundled_chart
from ledger.combat.assault_losses import (
    CAPTURED_BASIS_RULING,
    HEX_SHARES_RULING,
    VULNERABILITY_HALF_RULING,
    attacker_percent_15_18,
    disorganization_points,
    gun_vulnerability_losses,
    guns_subject_to_vulnerability,
    parenthesised_defence_overwhelmed,
    prisoner_percent,
    prisoner_percent_distribution,
    propose_captured,
    propose_raw_losses,
    raw_loss,
    remaining_after,
    retreat_extra_percent,
)
from ledger.combat.costs import AmmoCharge, CPCharge, ammunition_for, combat_cp
from ledger.combat.forces import ColumnShift, Element, Figure, Loss, actual, to_json, total_raw
from ledger.combat.terrain import FORTIFICATION_RULING, Hexside, close_assault_shifts
from ledger.model.quantities import round_half_up
from ledger.model.rulings import check_options
from ledger.rules.morale import DEFAULT_RULINGS as DEFAULT_MORALE_RULINGS
from ledger.rules.morale import (
    SURRENDER,
    AdjustedMorale,
    MoraleRulings,
    adjusted_morale,
    adjusted_morale_distribution,
)
from ledger.rules.unit_size import Level, SizeRulings, organizational_shift

ATTACKER_LOSSES: Final = "15.79-attacker-losses"
DEFENDER_LOSSES: Final = "15.79-defender-losses"
ATTACKER_ENGAGED: Final = "15.79-attacker-engaged"
ATTACKER_CAPTURED: Final = "15.79-attacker-captured"
DEFENDER_CAPTURED: Final = "15.79-defender-captured"
DEFENDER_RETREAT: Final = "15.79-defender-retreat"

GAP_RULING: Final = "15.79-defender-plus-2-gap"
GAP_ROW: Final = "+2"
COMBINED_ARMS_RULING: Final = "15.4-combined-arms"
RECCE_RULING: Final = "15.95-recce-reduction"
PROBE_RULING: Final = "15.25-probe-threshold"

OFFENSIVE: Final = "offensive_close_assault"
DEFENSIVE: Final = "defensive_close_assault"
SUPPORTING_KINDS: Final = frozenset({"infantry", "machinegun", "machine_gun", "heavy_weapons"})
"""Weapon-system kinds that support tanks under 15.4 (infantry, machinegun, heavy weapons)."""
COMBINED_ARMS_MAX: Final = 4
"""15.4: the combined-arms reduction is never more than four Actual points."""
NOTHING_ALLOCATED_RETREAT: Final = 3
NOTHING_ALLOCATED_DP: Final = 3
"""15.29: a defender that allocates nothing retreats 3 hexes and earns 3 DP."""
NO_ASSAULT: Final = "no assault"
MORALE_ROLLED: Final = "depends on the morale dice"

Action = Literal["close_assault", "probe"]
Status = Literal["engaged", "contact", "none"]
Surrendered = Literal["", "attacker", "defender", "both"]


# --- rulings --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AssaultRulings:
    """The options in force for one Close Assault (each field one ruling; defaults shown).

    ``defender_gap``: ``15.79-defender-plus-2-gap`` (``"10"``, ``"5"``, ``"reroll"``);
    ``combined_arms``: ``15.4-combined-arms`` (``"text"``, ``"example"``); ``fortification``:
    ``15.35-fortification-columns`` (``"chart"``, ``"example"``); ``recce``:
    ``15.95-recce-reduction`` (``"ten-points"``, ``"tenth"``); ``probe_threshold``:
    ``15.25-probe-threshold`` (``"together"``, ``"each-unit"``); ``hex_shares``,
    ``vulnerability_half`` and ``captured_basis`` the casualty rulings of
    ``ledger.combat.assault_losses`` (15.83e, 15.84b, 15.86); ``morale`` and ``size`` the 17.4
    and 15.53 rulings. Raises ``ValueError`` naming the ruling for an unknown option.
    """

    defender_gap: str = "10"
    combined_arms: str = "text"
    fortification: str = "chart"
    recce: str = "ten-points"
    probe_threshold: str = "together"
    hex_shares: str = "largest-remainder"
    vulnerability_half: str = "up"
    captured_basis: str = "toe"
    morale: MoraleRulings = DEFAULT_MORALE_RULINGS
    size: SizeRulings = field(default_factory=SizeRulings)

    def __post_init__(self) -> None:
        check_options(
            (
                (GAP_RULING, self.defender_gap),
                (COMBINED_ARMS_RULING, self.combined_arms),
                (FORTIFICATION_RULING, self.fortification),
                (RECCE_RULING, self.recce),
                (PROBE_RULING, self.probe_threshold),
                (HEX_SHARES_RULING, self.hex_shares),
                (VULNERABILITY_HALF_RULING, self.vulnerability_half),
                (CAPTURED_BASIS_RULING, self.captured_basis),
            )
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> AssaultRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(
            defender_gap=option(GAP_RULING),
            combined_arms=option(COMBINED_ARMS_RULING),
            fortification=option(FORTIFICATION_RULING),
            recce=option(RECCE_RULING),
            probe_threshold=option(PROBE_RULING),
            hex_shares=option(HEX_SHARES_RULING),
            vulnerability_half=option(VULNERABILITY_HALF_RULING),
            captured_basis=option(CAPTURED_BASIS_RULING),
            morale=MoraleRulings.from_choices(option),
            size=SizeRulings.from_choices(option),
        )


@cache
def loss_charts(defender_gap: str = "10") -> tuple[Chart, Chart]:
    """Chart 15.79's attacker and defender loss charts, the defender's +2 gap (readings 34-36)
    given to ``defender_gap`` (ruling ``15.79-defender-plus-2-gap``: ``"10"`` or ``"5"``;
    ``"reroll"`` leaves the gap, whose readings are thrown again)."""
    defender = bundled_chart(DEFENDER_LOSSES)
    if defender_gap != "reroll":
        defender = defender.fill_gap(GAP_ROW, defender_gap)
    return bundled_chart(ATTACKER_LOSSES), defender


# --- inputs ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SideMorale:
    """One side's morale for a Close Assault (15.61, 15.63, 17.2): either its ``adjusted``
    Adjusted Morale Rating already found, or its ``basic`` Morale and ``cohesion`` Level (a
    Fraction or int) so that the 17.4 dice become part of the odds. ``with_rommel``: Axis
    units stacked with Rommel (17.28). Raises ``ValueError`` unless exactly one form is given.
    """

    adjusted: int | None = None
    basic: int | None = None
    cohesion: Fraction | int | None = None
    with_rommel: bool = False

    def __post_init__(self) -> None:
        rolled = self.basic is not None or self.cohesion is not None
        if (self.adjusted is None) == (not rolled) or (
            rolled and (self.basic is None or self.cohesion is None)
        ):
            raise ValueError(
                f"morale: give either adjusted ({self.adjusted}) or both basic ({self.basic}) "
                f"and cohesion ({self.cohesion}) (15.61, 17.2)"
            )

    @property
    def rolled(self) -> bool:
        """True when the 17.4 dice are still to be thrown."""
        return self.adjusted is None

    def odds(
        self, enemy_three_times: bool, rulings: MoraleRulings
    ) -> dict[AdjustedMorale, Fraction]:
        """The Adjusted Morale (or ``"surrender"``) with its exact probability (17.22-17.28)."""
        if self.adjusted is not None:
            return {self.adjusted: Fraction(1)}
        assert self.basic is not None and self.cohesion is not None
        return adjusted_morale_distribution(
            self.basic,
            self.cohesion,
            rulings,
            enemy_three_times_stronger=enemy_three_times,
            with_rommel=self.with_rommel,
        )

    def read(
        self, reading: int | None, enemy_three_times: bool, rulings: MoraleRulings, who: str
    ) -> AdjustedMorale:
        """The Adjusted Morale for a 17.4 ``reading`` (needed only when rolled)."""
        if self.adjusted is not None:
            return self.adjusted
        assert self.basic is not None and self.cohesion is not None
        if reading is None:
            raise ValueError(f"{who}_morale_reading: None; the 17.4 dice are needed (17.22)")
        _check_d66(reading, f"{who}_morale_reading", "17.22")
        return adjusted_morale(
            self.basic,
            self.cohesion,
            reading,
            rulings,
            enemy_three_times_stronger=enemy_three_times,
            with_rommel=self.with_rommel,
        )


# --- results --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AssaultOutcome:
    """One combination of results of both sides' dice (15.73-15.76).

    ``attacker_loss`` and ``defender_loss``: percent of Raw Close Assault Points lost (after
    15.54 and, under ``15.95-recce-reduction`` ``"ten-points"``, 15.95); ``engaged``: the
    Engaged result stands (not ignored by a Retreat, 15.74, or a Probe, 15.93); ``retreat``:
    hexes the defender must retreat (15.82); ``attacker_captured`` / ``defender_captured``:
    percent of that side's TOE losses captured (15.89; 0 without a Captured result);
    ``surrender``: a side that surrendered on its 17.4 morale throw (17.25), no dice thrown.
    """

    attacker_loss: int
    defender_loss: int
    engaged: bool
    retreat: int
    attacker_captured: int
    defender_captured: int
    surrender: Surrendered = ""


@dataclass(frozen=True, slots=True)
class SideExpectation:
    """The expected losses of one side over every outcome (exact ``Fraction``s): Raw Close
    Assault Points (15.83c), TOE Strength Points (15.83d, ``propose_raw_losses``), TOE points
    captured (15.85, 15.86) and the chance of 15.87's 3 Disorganization Points."""

    raw_lost: Fraction
    toe_lost: Fraction
    toe_captured: Fraction
    dp_chance: Fraction


@dataclass(frozen=True, slots=True)
class AssaultSide:
    """One side of a calculated assault, as its losses are taken (15.83b, d; 15.84a):
    ``committed`` the TOE points that fought (15.87 counts them), ``elements`` the points that
    may absorb losses (the defender's Pinned, retreated and withheld points too),
    ``overrun_elements`` those in an Overrun (the defender's guns Back too), ``rating`` the
    Close Assault rating that absorbs (Offensive for the attacker) and ``attacker``."""

    committed: tuple[Element, ...]
    elements: tuple[Element, ...]
    overrun_elements: tuple[Element, ...]
    rating: str
    attacker: bool

    @property
    def committed_toe(self) -> int:
        return sum(e.points for e in self.committed)

    def raw_total(self, overrun: bool) -> int:
        return total_raw(self.overrun_elements if overrun else self.elements, self.rating)


@dataclass(frozen=True, slots=True)
class AssaultSetup:
    """What reading the dice needs besides the charts (``CloseAssaultCalculation.setup``): the
    ``action``, the Basic Assault Differential's row ``base_row`` and the sum of the column
    shifts known before the dice ``fixed_columns``; the ``SideMorale`` of each side when the
    17.4 dice are still to come (``None`` otherwise) and whether each side's enemy is three
    times as strong (17.26b); both ``AssaultSide``s; the 15.29, 15.54, 15.18 and 15.95 flags;
    whether the defender is in a major city (15.82); the units that pay CP; the rulings."""

    action: Action
    base_row: str
    fixed_columns: int
    attacker_morale: SideMorale | None
    defender_morale: SideMorale | None
    attacker_three_times: bool
    defender_three_times: bool
    attacker: AssaultSide
    defender: AssaultSide
    defender_allocated: bool
    no_attacker_losses: bool
    overwhelmed: bool
    recce_probe: bool
    major_city: bool
    phasing_units: tuple[tuple[str, str], ...]
    non_phasing_units: tuple[tuple[str, str], ...]
    rulings: AssaultRulings


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


def _outcome_json(outcome: AssaultOutcome) -> dict[str, object]:
    data = to_json(outcome)
    assert isinstance(data, dict)
    return data


DEFAULT_ASSAULT_RULINGS: Final = AssaultRulings()


# --- strength: 11.32-11.34, 15.28, 15.4 -----------------------------------------------------
def combined_arms_reduction(elements: Iterable[Element], option: str = "text") -> tuple[int, int]:
    """15.4: (unsupported tank TOE points, Actual Close Assault points lost) for one side.

    In each hex, tank TOE points (``Element.is_tank``: not recce or self-propelled guns) beyond
    the infantry, machinegun and heavy-weapons TOE points of that side in that hex
    (``SUPPORTING_KINDS``) are unsupported; the unsupported points of every hex are added up.
    Ruling ``15.4-combined-arms``: ``"text"`` loses one Actual point per one to three of them
    (2 unsupported tanks -> 1, 4 -> 2); ``"example"`` one per three, rounded half up as 11.32
    rounds (2 -> 1, 4 -> 1), which gives both numbers of 15.4's example. Never more than 4.
    """
    tanks: dict[str, int] = {}
    support: dict[str, int] = {}
    for e in elements:
        if e.is_tank:
            tanks[e.hex] = tanks.get(e.hex, 0) + e.points
        elif e.kind in SUPPORTING_KINDS:
            support[e.hex] = support.get(e.hex, 0) + e.points
    unsupported = sum(max(0, n - support.get(h, 0)) for h, n in tanks.items())
    per_three = Fraction(unsupported, 3)
    lost = ceil(per_three) if option == "text" else round_half_up(per_three)
    return unsupported, min(lost, COMBINED_ARMS_MAX)


def assault_actuals(attacker_raw: int, defender_raw: int) -> tuple[int, int, list[Figure]]:
    """Actual Close Assault points of both sides from their Raw points (11.32, 11.33, 15.28):
    Raw / 10 rounded half up; a side under 5 Raw has 0; when both sides have under 10 Raw,
    each side's Raw points are its Actual points. Returns (attacker, defender, figures).
    65 Raw -> 7 (11.35); 45 -> 5; 8 against 6 Raw -> 8 against 6."""
    figures: list[Figure] = []
    found = []
    for who, raw in (("attacker", attacker_raw), ("defender", defender_raw)):
        value = actual(raw)
        note = f"{raw} Raw / 10, halves up"
        if raw < 5:
            value, note = 0, f"{raw} Raw: fewer than 5 Raw is 0 (15.28)"
        elif attacker_raw < 10 and defender_raw < 10:
            value, note = raw, f"{raw} Raw: both sides under 10 Raw, Raw used as Actual (15.28)"
        figures.append(Figure(f"{who} Actual Close Assault points", value, "11.32, 15.28", note))
        found.append(value)
    return found[0], found[1], figures


def column_differential(column: str) -> int:
    """The Adjusted Assault Differential a column of chart 15.79 stands for, for 11.27 and
    15.96 (its upper bound; the lower one for ``"ov17+"``): ``"-5..-4"`` -> -4."""
    row = bundled_chart(ATTACKER_LOSSES).row(column)
    bound = row.high if row.high is not None else row.low
    assert bound is not None
    return bound


def is_overrun(column: str) -> bool:
    """15.77: the columns from +11 up are the Overrun section."""
    low = bundled_chart(ATTACKER_LOSSES).row(column).low
    return low is not None and low >= 11


# --- one throw of one side (15.73) ----------------------------------------------------------
def attacker_throw(column: str, large: int, small: int) -> tuple[int, bool, bool]:
    """The attacker's chart results for one throw in ``column``: (loss percent, Engaged,
    Captured). The sequential reading gives the loss, the sum of the same dice the rest
    (15.73); ``attacker_throw("+3", 3, 4) == (5, False, False)`` (15.73's example)."""
    losses, _ = loss_charts()
    reading, total = 10 * large + small, large + small
    loss = int(losses.lookup(column, reading))
    engaged = bundled_chart(ATTACKER_ENGAGED).lookup(column, total) == "engaged"
    captured = bundled_chart(ATTACKER_CAPTURED).lookup(column, total) == "captured"
    return loss, engaged, captured


def defender_throw(
    column: str, large: int, small: int, defender_gap: str = "10"
) -> tuple[int | None, int, bool]:
    """The defender's chart results for one throw in ``column``: (loss percent, Retreat hexes,
    Captured); the loss is ``None`` for a reading of the printed gap under ruling
    ``15.79-defender-plus-2-gap`` ``"reroll"``. ``defender_throw("+3", 1, 2) == (20, 0, True)``
    and ``defender_throw("+3", 3, 4)[1] == 1`` (15.73's example)."""
    _, losses = loss_charts(defender_gap)
    reading, total = 10 * large + small, large + small
    result = losses.lookup(column, reading)
    loss = None if result not in losses.results else int(result)
    retreat = int(bundled_chart(DEFENDER_RETREAT).lookup(column, total))
    captured = bundled_chart(DEFENDER_CAPTURED).lookup(column, total) == "captured"
    return loss, retreat, captured


def _throws() -> Iterable[tuple[int, int]]:
    return ((large, small) for large in FACES for small in FACES)


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
    for large, small in _throws():
        loss, engaged, captured = attacker_throw(column, large, small)
        loss, captured = _attacker_adjusted(loss, captured, setup)
        _with_prisoners(odds, (loss, int(engaged)), captured, Fraction(1, 36))
    return odds


def _attacker_adjusted(loss: int, captured: bool, setup: AssaultSetup) -> tuple[int, bool]:
    """15.54: no attacker casualties; 15.18: the first 20 % ignored against parenthesised
    defenders three times weaker; 15.95 ``"ten-points"``: 10 points off a recce probe."""
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
    for large, small in _throws():
        loss, retreat, captured = defender_throw(column, large, small, setup.rulings.defender_gap)
        if loss is not None:
            results.append((loss, retreat, captured and loss > 0))
    odds: dict[tuple[int, int, int], Fraction] = {}
    for loss, retreat, captured in results:
        _with_prisoners(odds, (loss, retreat), captured, Fraction(1, len(results)))
    return odds


# --- one side's casualties (15.82-15.87, via ledger.combat.assault_losses) -------------------
@dataclass(frozen=True, slots=True)
class _Taken:
    """One side's casualties for one loss percentage."""

    raw: int
    losses: tuple[Loss, ...]
    captured: tuple[Loss, ...]
    dp: int

    @property
    def toe(self) -> int:
        return sum(loss.points for loss in self.losses)


def _take(
    side: AssaultSide,
    percent: int,
    captured_pct: int,
    overrun: bool,
    setup: AssaultSetup,
    overwhelmed: bool,
) -> _Taken:
    """15.83c, d: the Raw points lost and the TOE points proposed for them; 15.84b, c: Forward
    (in an Overrun, all the defender's) guns' Vulnerability losses; 15.85, 15.86: the points
    captured; 15.18: a defender's remaining points captured; 15.87: the DP."""
    rulings = setup.rulings
    pool = side.overrun_elements if overrun else side.elements
    total = side.raw_total(overrun)
    if side.attacker and setup.recce_probe and rulings.recce == "tenth":
        # 15.95 "tenth": 9/10 of the Raw loss, still rounded up (ceil(ceil(x) / 10) = ceil(x / 10))
        raw = -(-raw_loss(percent, 9 * total, attacker=True, overrun=False) // 10)
    else:
        raw = raw_loss(percent, total, attacker=side.attacker, overrun=overrun)
    losses: tuple[Loss, ...] = ()
    if raw:
        losses = propose_raw_losses(pool, raw, side.rating, hex_shares=rulings.hex_shares)
        left = remaining_after(pool, losses)
        guns = guns_subject_to_vulnerability(left, defender=not side.attacker, overrun=overrun)
        if guns:
            losses += gun_vulnerability_losses(
                guns,
                raw,
                offensive=side.attacker,
                vulnerability_half=rulings.vulnerability_half,
            )
    captured: tuple[Loss, ...] = ()
    if captured_pct and losses:
        captured = propose_captured(losses, captured_pct, captured_basis=rulings.captured_basis)
    if overwhelmed:
        left = remaining_after(pool, losses)
        captured += tuple(Loss(e.unit, e.system, e.points, e.raw(side.rating)) for e in left)
    toe = sum(loss.points for loss in losses)
    return _Taken(raw, losses, captured, disorganization_points(toe, side.committed_toe))


def _surrendered(side: AssaultSide) -> _Taken:
    """17.25: every point of the side's units in the hex goes to the enemy."""
    everything = tuple(
        Loss(e.unit, e.system, e.points, e.raw(side.rating)) for e in side.overrun_elements
    )
    return _Taken(side.raw_total(True), everything, everything, 0)


@dataclass(slots=True)
class _Expect:
    raw: Fraction = Fraction(0)
    toe: Fraction = Fraction(0)
    captured: Fraction = Fraction(0)
    dp: Fraction = Fraction(0)

    def add(self, p: Fraction, taken: _Taken) -> None:
        self.raw += p * taken.raw
        self.toe += p * taken.toe
        self.captured += p * sum(c.points for c in taken.captured)
        self.dp += p if taken.dp else 0

    def value(self) -> SideExpectation:
        return SideExpectation(self.raw, self.toe, self.captured, self.dp)


# --- the calculation --------------------------------------------------------------------------
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
    _check_forces(attackers, defenders, not_fighting, guns_back)
    _both_or_neither("morale", attacker_morale, defender_morale, "15.61")
    _both_or_neither("levels", attacker_levels or None, defender_levels or None, "15.52")
    figures: list[Figure] = []
    action = _action(attackers, probe, available_toe, committed_elsewhere, rulings, figures)
    a_raw, d_raw = total_raw(attackers, OFFENSIVE), total_raw(defenders, DEFENSIVE)
    figures += [
        Figure(
            "attacker Raw Offensive Close Assault points",
            a_raw,
            "11.31, 11.34",
            _raw_note(attackers, OFFENSIVE),
        ),
        Figure(
            "defender Raw Defensive Close Assault points",
            d_raw,
            "11.31, 11.34, 15.12",
            _raw_note(defenders, DEFENSIVE),
        ),
    ]
    a_act, d_act, more = assault_actuals(a_raw, d_raw)
    figures += more
    a_act = _combined_arms("attacker", attackers, a_act, rulings.combined_arms, figures)
    d_act = _combined_arms("defender", defenders, d_act, rulings.combined_arms, figures)
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
    lone = _lone_zero_rated(defenders, not_fighting, guns_back)
    shifts = _fixed_shifts(
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
        phasing_units=tuple(phasing_units if phasing_units is not None else _units_of(attackers)),
        non_phasing_units=tuple(
            non_phasing_units
            if non_phasing_units is not None
            else _units_of(defenders, not_fighting, guns_back)
        ),
        rulings=rulings,
    )
    _note_setup(setup, figures)
    return _odds(setup, basic_column, tuple(figures), tuple(shifts))


def _check_forces(
    attackers: Sequence[Element],
    defenders: Sequence[Element],
    not_fighting: Sequence[Element],
    guns_back: Sequence[Element],
) -> None:
    """One side attacks, the other defends; guns Back are guns (15.13)."""
    ours = {e.side for e in attackers}
    theirs = {e.side for e in (*defenders, *not_fighting, *guns_back)}
    if len(ours) > 1:
        raise ValueError(f"attackers: TOE points of both sides ({', '.join(sorted(ours))}) (15.0)")
    if len(theirs) > 1:
        raise ValueError(
            f"defenders: TOE points of both sides ({', '.join(sorted(theirs))}) (15.0)"
        )
    if ours and ours == theirs:
        raise ValueError(f"defenders: the side {next(iter(ours))} attacks itself (15.0)")
    if not (defenders or not_fighting or guns_back):
        raise ValueError("defenders: no defending TOE points in the hex assaulted (15.21)")
    for gun in guns_back:
        if gun.combat_class != "gun":
            raise ValueError(
                f"guns_back: {gun.unit} {gun.system} is {gun.combat_class} class, not a gun (15.13)"
            )


def _both_or_neither(name: str, attacker: object, defender: object, case: str) -> None:
    if (attacker is None) != (defender is None):
        missing = "defender" if defender is None else "attacker"
        raise ValueError(f"{missing}_{name}: None; give both sides' {name} or neither ({case})")


def _action(
    attackers: Sequence[Element],
    probe: bool,
    available: Mapping[str, int] | None,
    elsewhere: Mapping[str, int] | None,
    rulings: AssaultRulings,
    figures: list[Figure],
) -> Action:
    """15.22, 15.25, 15.91: a Probe when called one, or when the attacking units used less than
    half their available TOE points (ruling ``15.25-probe-threshold``)."""
    declared: Action = "probe" if probe else "close_assault"
    if available is None:
        note = "called a Probe by the Phasing Player" if probe else "no available TOE given"
        figures.append(Figure("assault type", declared, "15.22, 15.25", note))
        return declared
    used: dict[str, int] = {}
    for e in attackers:
        used[e.unit] = used.get(e.unit, 0) + e.points
    for unit in used:
        if unit not in available:
            raise ValueError(f"available_toe: no entry for attacking unit {unit!r} (15.25)")
        used[unit] += (elsewhere or {}).get(unit, 0)
    if rulings.probe_threshold == "together":
        short = 2 * sum(used.values()) < sum(available[u] for u in used)
    else:
        short = any(2 * used[u] < available[u] for u in used)
    action: Action = "probe" if short or probe else "close_assault"
    note = (
        f"{sum(used.values())} of {sum(available[u] for u in used)} available TOE points used "
        f"(ruling {PROBE_RULING} {rulings.probe_threshold!r})"
        + ("; under 50 %: a Probe" if short else "")
    )
    figures.append(Figure("assault type", action, "15.25, 15.91", note))
    return action


def _raw_note(elements: Sequence[Element], rating: str) -> str:
    parts = [f"{e.points} x {e.rating(rating)}" for e in elements if e.points]
    return " + ".join(parts) + " (TOE x rating)" if parts else "no TOE points committed"


def _combined_arms(
    who: str, elements: Sequence[Element], value: int, option: str, figures: list[Figure]
) -> int:
    unsupported, lost = combined_arms_reduction(elements, option)
    if not unsupported:
        return value
    reduced = max(0, value - lost)
    figures.append(
        Figure(
            f"{who} Actual after Combined Arms",
            reduced,
            "15.4",
            f"{unsupported} unsupported tank TOE points: {value} - {lost} "
            f"(ruling {COMBINED_ARMS_RULING} {option!r}), not below 0",
        )
    )
    return reduced


def _lone_zero_rated(
    defenders: Sequence[Element], not_fighting: Sequence[Element], guns_back: Sequence[Element]
) -> bool:
    """15.54: one unit without a Defensive Close Assault Rating, alone in the hex."""
    units = {e.unit for e in (*defenders, *not_fighting, *guns_back)}
    return (
        bool(defenders)
        and len(units) == 1
        and all(e.ratings.defensive_close_assault in (None, 0) for e in defenders)
    )


def _fixed_shifts(
    a_raw: int,
    d_raw: int,
    lone: bool,
    terrain: Sequence[str],
    hexsides: Sequence[Hexside],
    attacker_levels: Sequence[Level],
    defender_levels: Sequence[Level],
    rulings: AssaultRulings,
) -> list[ColumnShift]:
    """15.3 terrain, 15.54 or 15.51, 15.53: the column shifts that need no die."""
    shifts = close_assault_shifts(terrain, hexsides, fortification=rulings.fortification)
    if lone:
        shifts.append(
            ColumnShift("lone defender without a Defensive Close Assault Rating", 3, "15.54")
        )
    elif a_raw >= 2 * d_raw and a_raw > d_raw:
        shifts.append(ColumnShift(f"{a_raw} Raw is at least twice {d_raw} Raw", 2, "15.51"))
    elif d_raw >= 2 * a_raw and d_raw > a_raw:
        shifts.append(ColumnShift(f"{d_raw} Raw is at least twice {a_raw} Raw", -2, "15.51"))
    if attacker_levels and defender_levels:
        size = organizational_shift(attacker_levels, defender_levels, rulings.size)
        if size.signed:
            shifts.append(ColumnShift(size.reason, size.signed, "15.52, 15.53"))
    return shifts


def _units_of(*groups: Sequence[Element]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for group in groups:
        for e in group:
            if (e.unit, e.hex) not in found:
                found.append((e.unit, e.hex))
    return found


def _note_setup(setup: AssaultSetup, figures: list[Figure]) -> None:
    if setup.no_attacker_losses:
        figures.append(Figure("attacker casualties", 0, "15.54", "lone zero-rated defender"))
    if setup.overwhelmed:
        figures.append(
            Figure(
                "parenthesised defence overwhelmed",
                "yes",
                "15.18",
                "attacker ignores its first 20 %; at 20 % or more the defenders left are captured",
            )
        )
    if setup.recce_probe:
        figures.append(
            Figure(
                "recce-only Probe",
                f"losses reduced ({setup.rulings.recce})",
                "15.95",
                f"ruling {RECCE_RULING}",
            )
        )
    for who, side in (("attacker", setup.attacker), ("defender", setup.defender)):
        figures.append(
            Figure(
                f"{who} TOE points committed",
                side.committed_toe,
                "15.87",
                "30 % of them lost costs 3 DP",
            )
        )
    figures.append(
        Figure(
            "defender Raw points for losses",
            setup.defender.raw_total(False),
            "15.83b",
            f"{setup.defender.raw_total(True)} in an Overrun (15.83b, 15.84a)",
        )
    )


def _column_odds(setup: AssaultSetup) -> tuple[dict[str, Fraction], dict[Surrendered, Fraction]]:
    """{final column: p} and {who surrendered: p}, over the 17.4 throws still to come."""
    chart = loss_charts()[0]
    if setup.attacker_morale is None or setup.defender_morale is None:
        return {chart.shift(setup.base_row, setup.fixed_columns).row: Fraction(1)}, {}
    morale = setup.rulings.morale
    ours = setup.attacker_morale.odds(setup.attacker_three_times, morale)
    theirs = setup.defender_morale.odds(setup.defender_three_times, morale)
    columns: dict[str, Fraction] = {}
    surrender: dict[Surrendered, Fraction] = {}
    for am, pa in ours.items():
        for dm, pd in theirs.items():
            if isinstance(am, str) or isinstance(dm, str):
                kind = _surrender_kind(am, dm)
                surrender[kind] = surrender.get(kind, Fraction(0)) + pa * pd
                continue
            row = chart.shift(setup.base_row, setup.fixed_columns + am - dm).row
            columns[row] = columns.get(row, Fraction(0)) + pa * pd
    return {k: columns[k] for k in chart.keys if k in columns}, surrender


def _surrender_kind(am: AdjustedMorale, dm: AdjustedMorale) -> Surrendered:
    if am == SURRENDER and dm == SURRENDER:
        return "both"
    return "attacker" if am == SURRENDER else "defender"


def _status(outcome: AssaultOutcome, action: Action, stands: bool = False) -> Status:
    """15.81, 15.93: Engaged; else Contact while still adjacent; a Probe leaves neither."""
    if outcome.engaged:
        return "engaged"
    if action == "probe" or outcome.surrender or (outcome.retreat and not stands):
        return "none"
    return "contact"


def _odds(
    setup: AssaultSetup,
    basic_column: str,
    figures: tuple[Figure, ...],
    shifts: tuple[ColumnShift, ...],
) -> CloseAssaultCalculation:
    """Mix both sides' throws over the reachable columns into the joint odds."""
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
    columns, surrender = _column_odds(setup)
    column = next(iter(columns)) if len(columns) == 1 else MORALE_ROLLED
    note = f"{basic_column} {setup.fixed_columns:+d} columns"
    if setup.attacker_morale is not None:
        note += " and the Final Adjusted Morale still to be rolled (17.4)"
    elif fixed_row.clamped:
        note += f"; stopped at the end of the chart after {fixed_row.applied:+d}"
    figures += (Figure("final column", column, "15.27, 15.72", note),)
    joint: dict[AssaultOutcome, Fraction] = {}
    ours = _Expect()
    theirs = {"retreats": _Expect(), "stands": _Expect()}
    memo: dict[tuple[bool, int, int, bool, bool], _Taken] = {}

    def taken(side: AssaultSide, pct: int, cap: int, overrun: bool, overwhelmed: bool) -> _Taken:
        key = (side.attacker, pct, cap, overrun, overwhelmed)
        if key not in memo:
            memo[key] = _take(side, pct, cap, overrun, setup, overwhelmed)
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
            ours.add(p, _surrendered(setup.attacker))
        if kind in ("defender", "both"):
            for expect in theirs.values():
                expect.add(p, _surrendered(setup.defender))
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
            "status": _status(o, action),
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


# --- reading the dice -----------------------------------------------------------------------
def _check_d66(reading: int, name: str, case: str) -> None:
    """A sequential reading: two digits, each a face 1..6."""
    if (
        isinstance(reading, bool)
        or not isinstance(reading, int)
        or not (11 <= reading <= 66 and reading // 10 in FACES and reading % 10 in FACES)
    ):
        raise ValueError(f"{name}: {reading!r} is not a reading 11..66 of two dice ({case})")


def _check_die(die: int | None, name: str, case: str) -> int:
    if die is None:
        raise ValueError(f"{name}: None; a Captured result needs one die on chart 15.89 ({case})")
    if isinstance(die, bool) or not isinstance(die, int) or die not in FACES:
        raise ValueError(f"{name}: {die!r} is not a face of one die, 1..6 ({case})")
    return prisoner_percent(die)


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
    _check_d66(attacker_reading, "attacker_reading", "15.73a")
    _check_d66(defender_reading, "defender_reading", "15.73a")
    figures: list[Figure] = []
    column, surrender = _read_column(
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
    a_loss, captured = _attacker_adjusted(chart_loss, captured, setup)
    a_cap = _check_die(attacker_prisoner_die, "attacker_prisoner_die", "15.73d") if captured else 0
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
        _check_die(defender_prisoner_die, "defender_prisoner_die", "15.73d") if d_captured else 0
    )
    engaged = engaged and retreat == 0 and setup.action != "probe"
    outcome = AssaultOutcome(a_loss, d_loss, engaged, retreat, a_cap, d_cap)
    overrun = is_overrun(column)
    ours = _take(setup.attacker, a_loss, a_cap, False, setup, False)
    extra = retreat_extra_percent(retreat, 0, major_city=setup.major_city) if defender_stands else 0
    beaten = setup.overwhelmed and d_loss >= 20
    theirs = _take(setup.defender, d_loss + extra, d_cap, overrun, setup, beaten)
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
        status=_status(outcome, setup.action, defender_stands),
        retreat=0 if defender_stands else retreat,
        attacker_dp=ours.dp,
        defender_dp=theirs.dp,
        cp=calc.cp_by_column[column],
        ammunition=calc.ammunition,
    )


def _read_column(
    setup: AssaultSetup,
    attacker_reading: int | None,
    defender_reading: int | None,
    figures: list[Figure],
) -> tuple[str, Surrendered]:
    """The final column for the morale dice thrown (15.61, 15.62, 17.22), or who surrendered."""
    chart = loss_charts()[0]
    if setup.attacker_morale is None or setup.defender_morale is None:
        return chart.shift(setup.base_row, setup.fixed_columns).row, ""
    morale = setup.rulings.morale
    am = setup.attacker_morale.read(
        attacker_reading, setup.attacker_three_times, morale, "attacker"
    )
    dm = setup.defender_morale.read(
        defender_reading, setup.defender_three_times, morale, "defender"
    )
    figures.append(Figure("attacker Adjusted Morale", am, "17.22", f"reading {attacker_reading}"))
    figures.append(Figure("defender Adjusted Morale", dm, "17.22", f"reading {defender_reading}"))
    if isinstance(am, str) or isinstance(dm, str):
        return "", _surrender_kind(am, dm)
    shift = chart.shift(setup.base_row, setup.fixed_columns + am - dm)
    figures.append(Figure("Final Adjusted Morale", am - dm, "15.61, 15.62", f"{am} - {dm}"))
    note = f"{setup.base_row} {setup.fixed_columns + am - dm:+d} columns"
    if shift.clamped:
        note += f"; stopped at the end of the chart after {shift.applied:+d}"
    figures.append(Figure("final column", shift.row, "15.27, 15.72", note))
    return shift.row, ""


def _surrender_result(
    calc: CloseAssaultCalculation, kind: Surrendered, figures: list[Figure]
) -> CloseAssaultResult:
    """17.25: the surrendering side's units all go to the enemy; no assault dice."""
    setup = calc.setup
    empty = _Taken(0, (), (), 0)
    ours = _surrendered(setup.attacker) if kind in ("attacker", "both") else empty
    theirs = _surrendered(setup.defender) if kind in ("defender", "both") else empty
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
