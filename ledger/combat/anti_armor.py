"""Anti-Armor fire (14.1-14.5) on the Anti-Armor Combat Results Table (chart 14.6).

One side's committed TOE points fire their Anti-Armor ratings into one hex (14.12, 14.22). The
Raw points (rating x TOE points, summed, 11.31, 11.34) become Actual points (11.32); 1 to 4 Raw
points fire on the 0* column (chart note). Terrain in the target hex and across the hexside
shifts the column left (14.32, 14.33); some hexsides forbid the fire (14.34). Two dice read in
sequence give the Damage Points; the Phasing Player's reading is moved up one printed row (its
rows are pairs: 11-12, 13-14, 15-16, 21-22, ...; 11-12 stays, chart note).

Damage Points are absorbed by the affected TOE points of the target hex (14.41-14.48): each
point absorbs its Armor Protection; a self-propelled gun its Armor Protection plus its (effective)
Vulnerability (14.47); halftracks double their Armor Protection when they are the only points the
fire can affect (14.48). The owner must lose points absorbing at least the damage (14.43); damage
beyond all the absorption in the hex is ignored (14.45).

Proposed losses (``propose_losses``): the fewest TOE points that absorb the damage; among those,
the least absorption wasted; among those, the fewest points of the highest absorption (the owner
keeps the best-protected points); points of one absorption are taken from the targets in the
order given. Any other allocation the owner prefers is checked by ``check_allocation``.

Rulings: ``14.35-shift-below-one``, ``14.32-shift-from-16-plus``,
``combat-example-anti-armor-reading`` (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from ledger.charts.dice import D66
from ledger.charts.engine import Chart
from ledger.charts.loader import bundled_chart
from ledger.combat.costs import AmmoCharge, CPCharge, ammunition_for, combat_cp
from ledger.combat.forces import ColumnShift, Element, Figure, Loss, actual, to_json, total_raw
from ledger.combat.terrain import Hexside, anti_armor_prohibited, anti_armor_shifts

CHART_ID: Final = "14.6-anti-armor"
ZERO_STAR: Final = "0*"
NO_EFFECT: Final = "no effect"
"""The column of a fire that cannot be made or has no effect (the reason is given with it)."""

SHIFT_BELOW_ONE_RULING: Final = "14.35-shift-below-one"
SHIFT_BELOW_ONE_OPTIONS: Final = ("zero-star-column", "no-effect")
SHIFT_FROM_16_RULING: Final = "14.32-shift-from-16-plus"
SHIFT_FROM_16_OPTIONS: Final = ("column", "points")
EXAMPLE_READING_RULING: Final = "combat-example-anti-armor-reading"

DICE_ROWS: Final[tuple[tuple[int, int], ...]] = tuple(
    (10 * tens + units, 10 * tens + units + 1) for tens in range(1, 7) for units in (1, 3, 5)
)
"""The printed rows of chart 14.6: pairs of readings (11, 12), (13, 14), ..., (65, 66)."""


def anti_armor_chart() -> Chart:
    """Chart 14.6 (``ledger/charts/data/14.6-anti-armor.toml``): rows are the columns "0*",
    "1".."15", "16+" of Actual Anti-Armor Points; results are Damage Points "0".."32"."""
    return bundled_chart(CHART_ID)


@dataclass(frozen=True, slots=True)
class ArmorTarget:
    """``points`` TOE points of weapon system ``system`` of unit ``unit`` in the target hex.

    ``armor_protection`` and ``vulnerability`` are per TOE point; ``vulnerability`` is the
    effective one (2 for a gun firing anti-armor, 12.19/14.14; halved for an offensive Close
    Assault, 12.18) and only counts for a ``self_propelled`` gun (14.47). ``halftrack`` marks
    infantry riding halftracks (14.48). Points are not affected when ``withheld`` from both
    Anti-Armor and Close Assault (14.21, 14.44), ``pinned`` by barrage (they take no part, as in
    the combat example) or ``back`` (artillery in the Back position, 14.13). Raises
    ``ValueError`` for negative points or ratings.
    """

    unit: str
    system: str
    points: int
    armor_protection: int
    vulnerability: int = 0
    self_propelled: bool = False
    halftrack: bool = False
    withheld: bool = False
    pinned: bool = False
    back: bool = False
    hex: str = ""
    name: str = ""

    def __post_init__(self) -> None:
        for field in ("points", "armor_protection", "vulnerability"):
            value = getattr(self, field)
            if value < 0:
                raise ValueError(
                    f"{self.unit} {self.system}: {field} {value} cannot be negative (14.42)"
                )

    @property
    def affected(self) -> bool:
        """True when anti-armor fire into the hex can destroy these points (14.11-14.13, 14.44)."""
        return (
            self.points > 0
            and self.armor_protection > 0
            and not (self.withheld or self.pinned or self.back)
        )

    @classmethod
    def from_element(
        cls,
        element: Element,
        *,
        withheld: bool = False,
        pinned: bool = False,
        vulnerability: int | None = None,
    ) -> ArmorTarget:
        """The target made of ``element``: its Armor Protection and Vulnerability ratings (or
        the effective ``vulnerability`` given, 14.47), Back when a gun is not Forward (14.13)."""
        return cls(
            unit=element.unit,
            system=element.system,
            points=element.points,
            armor_protection=element.rating("armor_protection"),
            vulnerability=(
                element.rating("vulnerability") if vulnerability is None else vulnerability
            ),
            self_propelled=element.self_propelled,
            halftrack=element.halftrack,
            withheld=withheld,
            pinned=pinned,
            back=element.forward is False,
            hex=element.hex,
            name=element.name,
        )


@dataclass(frozen=True, slots=True)
class Absorber:
    """``points`` affected TOE points of ``unit``'s ``system``, each absorbing ``per_point``
    Damage Points (14.42, 14.47, 14.48); ``case`` and ``note`` say why."""

    unit: str
    system: str
    points: int
    per_point: int
    halftrack: bool
    case: str
    note: str


def absorbers(targets: Iterable[ArmorTarget]) -> tuple[Absorber, ...]:
    """The affected points of ``targets`` with what each absorbs, in the order given: Armor
    Protection (14.42); a self-propelled gun adds its Vulnerability (14.47); halftracks double
    their Armor Protection when all the affected points are halftracks (14.48)."""
    affected = [t for t in targets if t.affected]
    only_halftracks = bool(affected) and all(t.halftrack for t in affected)
    found: list[Absorber] = []
    for t in affected:
        per_point, case, note = t.armor_protection, "14.42", "Armor Protection"
        if only_halftracks:
            per_point, case = 2 * per_point, "14.48"
            note = "halftracks alone in the hex: Armor Protection doubled"
        if t.self_propelled:
            per_point += t.vulnerability
            case, note = "14.47", f"{note} + Vulnerability {t.vulnerability} (self-propelled)"
        found.append(Absorber(t.unit, t.system, t.points, per_point, t.halftrack, case, note))
    return tuple(found)


def propose_losses(targets: Iterable[ArmorTarget], damage: int) -> tuple[Loss, ...]:
    """A loss the owner may take for ``damage`` Damage Points (14.43): the fewest affected TOE
    points absorbing at least ``damage``, then the least absorption wasted, then the fewest
    points of the highest absorption; every affected point when they cannot absorb it all
    (14.45). Each ``Loss.absorbs`` is the Damage Points those points absorb.
    14.43's example: 6 M11 (2) and 3 M13 (3), 7 Damage -> one M13 and two M11 (3 + 2 + 2).
    Raises ``ValueError`` for negative damage."""
    _check_damage(damage)
    pool = absorbers(targets)
    if damage == 0 or not pool:
        return ()
    if sum(a.points * a.per_point for a in pool) <= damage:
        return tuple(Loss(a.unit, a.system, a.points, a.points * a.per_point) for a in pool)
    held: dict[int, int] = {}
    for a in pool:
        held[a.per_point] = held.get(a.per_point, 0) + a.points
    values = sorted(held, reverse=True)
    take = _fewest_points(values, [held[v] for v in values], damage)
    losses: list[Loss] = []
    for value, wanted in zip(values, take, strict=True):
        for a in pool:
            if a.per_point == value and wanted > 0:
                lost = min(a.points, wanted)
                wanted -= lost
                losses.append(Loss(a.unit, a.system, lost, lost * value))
    return tuple(losses)


def _fewest_points(values: list[int], held: list[int], damage: int) -> tuple[int, ...]:
    """How many points of each absorption ``values`` (descending) to lose: fewest points, then
    the least absorption, then lexicographically fewest of the higher values."""
    count, reach = 0, 0
    for value, n in zip(values, held, strict=True):
        step = min(n, -(-(damage - reach) // value))
        count, reach = count + step, reach + step * value
        if reach >= damage:
            break
    # (points, absorption) -> the lexicographically smallest counts per value reaching it
    states: dict[tuple[int, int], tuple[int, ...]] = {(0, 0): ()}
    for value, n in zip(values, held, strict=True):
        grown: dict[tuple[int, int], tuple[int, ...]] = {}
        for (points, total), counts in states.items():
            for k in range(min(n, count - points) + 1):
                key, vector = (points + k, total + k * value), (*counts, k)
                if key not in grown or vector < grown[key]:
                    grown[key] = vector
        states = grown
    best = min(total for (points, total) in states if points == count and total >= damage)
    return states[(count, best)]


def check_allocation(
    targets: Iterable[ArmorTarget], damage: int, allocation: Iterable[Loss]
) -> tuple[Loss, ...]:
    """The owner's ``allocation`` of ``damage`` Damage Points checked (14.43-14.45): each Loss
    names affected points of the target hex, no more than held, and together they absorb at
    least the damage (or every affected point is lost, 14.45). Points of a unit's system held
    with different absorptions count the highest first. Returns the losses with ``absorbs``
    filled in; raises ``ValueError`` naming the unit, the points or the shortfall and the case.
    """
    _check_damage(damage)
    pool = absorbers(targets)
    wanted: dict[tuple[str, str], int] = {}
    for loss in allocation:
        if loss.points < 0:
            raise ValueError(f"allocation: {loss.unit} {loss.system} points {loss.points} (14.43)")
        key = (loss.unit, loss.system)
        if not any((a.unit, a.system) == key for a in pool):
            raise ValueError(
                f"allocation: {loss.unit} {loss.system} has no TOE points the anti-armor fire "
                "can affect in the target hex (14.21, 14.44)"
            )
        wanted[key] = wanted.get(key, 0) + loss.points
    checked: list[Loss] = []
    for (unit, system), points in wanted.items():
        mine = sorted(
            (a for a in pool if (a.unit, a.system) == (unit, system)), key=lambda a: -a.per_point
        )
        held = sum(a.points for a in mine)
        if points > held:
            raise ValueError(
                f"allocation: {unit} {system} loses {points} TOE points, {held} can be affected "
                "(14.43)"
            )
        absorbs, left = 0, points
        for a in mine:
            lost = min(a.points, left)
            absorbs, left = absorbs + lost * a.per_point, left - lost
        checked.append(Loss(unit, system, points, absorbs))
    needed = min(damage, sum(a.points * a.per_point for a in pool))
    covered = sum(loss.absorbs for loss in checked)
    if covered < needed:
        raise ValueError(
            f"allocation absorbs {covered} Damage Points, {needed} needed: {needed - covered} "
            "short (14.43)"
        )
    return tuple(checked)


def reassignable_to_assault(actual_points: int) -> int:
    """14.23: with no Armor Protection points in the target hex, up to half the firing Actual
    Anti-Armor points (rounded down) may go to Close Assault instead: 5 -> 2, 3 -> 1."""
    if actual_points < 0:
        raise ValueError(f"actual_points {actual_points} cannot be negative (14.23)")
    return actual_points // 2


@dataclass(frozen=True, slots=True)
class DamageOutcome:
    """One possible result of a fire: ``damage`` Damage Points with its exact ``probability``,
    the proposed ``losses`` (``propose_losses``), the ``toe_points`` they total and how many of
    those are ``halftrack_points`` (whose carrying Truck Points are lost with them, 14.48)."""

    damage: int
    probability: Fraction
    losses: tuple[Loss, ...]
    toe_points: int
    halftrack_points: int


@dataclass(frozen=True, slots=True)
class AntiArmorCalculation:
    """One side's Anti-Armor fire into one hex, before the dice (14.1-14.4, chart 14.6).

    ``figures``: Raw and Actual Anti-Armor points, starting and final column, the reading rule,
    the absorption in the hex (and the 14.23 reassignable points when the hex holds no armor).
    ``shifts``: the terrain column shifts (negative: left). ``column``: the chart 14.6 column
    read ("0*".."16+") or ``NO_EFFECT`` with the reason in ``no_effect``. ``absorbing``: the
    affected points and what each absorbs. ``damage_odds``: {Damage Points as text: exact
    probability}, summing to 1. ``outcomes``: each damage with its probability and proposed
    losses; ``toe_loss_odds``: {TOE points lost in the proposal: probability}. ``reassignable``:
    Actual points that may go to Close Assault (14.23; 0 when the hex holds armor). ``rulings``:
    (ruling id, option) used. ``cp`` (11.21, 11.22, 11.25) and ``ammunition`` (3 Ammunition
    Points a TOE point fired, 50.2) are empty when no fire is made (no Raw points, or 14.34).
    """

    firing: tuple[Element, ...]
    targets: tuple[ArmorTarget, ...]
    firer_is_phasing: bool
    figures: tuple[Figure, ...]
    shifts: tuple[ColumnShift, ...]
    column: str
    no_effect: str
    absorbing: tuple[Absorber, ...]
    damage_odds: dict[str, Fraction]
    outcomes: tuple[DamageOutcome, ...]
    toe_loss_odds: dict[int, Fraction]
    reassignable: int
    rulings: tuple[tuple[str, str], ...]
    cp: tuple[CPCharge, ...]
    ammunition: tuple[AmmoCharge, ...]

    def as_json(self) -> dict[str, object]:
        """Everything above as JSON-ready data (``forces.to_json``)."""
        return _json(self)


@dataclass(frozen=True, slots=True)
class AntiArmorResult:
    """The fire resolved with a throw: the ``reading``, the printed ``row`` it was read on
    (``None`` when there was no effect), the ``column``, the ``damage`` in Damage Points, the
    proposed ``losses`` (the owner may choose others, ``check_allocation``), the ``toe_points``
    lost and how many are ``halftrack_points`` (Truck Points lost too, 14.48), and the
    ``figures`` of the reading."""

    reading: int
    row: tuple[int, int] | None
    column: str
    damage: int
    losses: tuple[Loss, ...]
    toe_points: int
    halftrack_points: int
    figures: tuple[Figure, ...]

    def as_json(self) -> dict[str, object]:
        """Everything above as JSON-ready data (``forces.to_json``)."""
        return _json(self)


def calculate_anti_armor(
    firing: Iterable[Element],
    targets: Iterable[ArmorTarget],
    *,
    firer_is_phasing: bool,
    terrain: Iterable[str] = (),
    hexsides: Sequence[Hexside] = (),
    firing_side_units: Iterable[tuple[str, str]] | None = None,
    target_side_units: Iterable[tuple[str, str]] | None = None,
    shift_below_one: str = "zero-star-column",
    shift_from_16: str = "column",
) -> AntiArmorCalculation:
    """The fire of ``firing`` (the TOE points committed to Anti-Armor, 14.11) into a hex of
    ``terrain`` (8.37 keys) across ``hexsides`` at ``targets`` (every point with Armor
    Protection in that hex; for the non-Phasing side's fire, the Phasing points assaulting it,
    14.12). ``firer_is_phasing`` moves the reading up one row (chart note).

    CP go to ``firing_side_units`` and ``target_side_units``, (unit id, hex) of every unit of
    each side in the hexes involved (11.25); by default the firing and target units.
    ``shift_below_one`` is ruling ``14.35-shift-below-one`` ("zero-star-column" or
    "no-effect"), ``shift_from_16`` ruling ``14.32-shift-from-16-plus`` ("column" or
    "points"). Raises ``ValueError`` for an unknown option or terrain key.
    """
    _check_option("shift_below_one", shift_below_one, SHIFT_BELOW_ONE_OPTIONS, "14.35")
    _check_option("shift_from_16", shift_from_16, SHIFT_FROM_16_OPTIONS, "14.32")
    firing_t, targets_t = tuple(firing), tuple(targets)
    raw = total_raw(firing_t, "anti_armor")
    points = actual(raw)
    figures = [
        Figure("Raw Anti-Armor points", raw, "11.31, 11.34", _raw_note(firing_t)),
        Figure("Actual Anti-Armor points", points, "11.32, 11.33", "Raw / 10, half up"),
    ]
    shifts = anti_armor_shifts(terrain, hexsides)
    prohibited = anti_armor_prohibited(hexsides)
    if raw == 0 or prohibited:
        shifts = []
        column, why = NO_EFFECT, prohibited or "no Raw Anti-Armor points fire (11.31)"
    else:
        column, why, found = _final_column(
            points, sum(s.columns for s in shifts), shift_below_one, shift_from_16
        )
        figures += found
    pool = absorbers(targets_t)
    figures.append(_reading_figure(firer_is_phasing))
    figures.append(
        Figure(
            "Damage Points the hex can absorb",
            sum(a.points * a.per_point for a in pool),
            "14.42, 14.45",
            "affected TOE points x what each absorbs; damage beyond it is ignored",
        )
    )
    reassignable = 0
    if not any(t.points > 0 and t.armor_protection > 0 for t in targets_t):
        reassignable = reassignable_to_assault(points)
        figures.append(
            Figure(
                "Actual points reassignable to Close Assault",
                reassignable,
                "14.23",
                "no Armor Protection points in the target hex: up to half, rounded down",
            )
        )
    odds = {"0": Fraction(1)} if column == NO_EFFECT else _damage_odds(column, firer_is_phasing)
    outcomes = tuple(_outcome(targets_t, pool, int(d), p) for d, p in odds.items())
    toe_odds: dict[int, Fraction] = {}
    for outcome in outcomes:
        toe_odds[outcome.toe_points] = toe_odds.get(outcome.toe_points, 0) + outcome.probability
    fired = raw > 0 and not prohibited
    return AntiArmorCalculation(
        firing=firing_t,
        targets=targets_t,
        firer_is_phasing=firer_is_phasing,
        figures=tuple(figures),
        shifts=tuple(shifts),
        column=column,
        no_effect=why,
        absorbing=pool,
        damage_odds=odds,
        outcomes=outcomes,
        toe_loss_odds=dict(sorted(toe_odds.items())),
        reassignable=reassignable,
        rulings=(
            (SHIFT_BELOW_ONE_RULING, shift_below_one),
            (SHIFT_FROM_16_RULING, shift_from_16),
        ),
        cp=_cp(firing_t, targets_t, firer_is_phasing, firing_side_units, target_side_units)
        if fired
        else (),
        ammunition=tuple(ammunition_for(firing_t, "anti_armor")) if fired else (),
    )


def read_anti_armor(calculation: AntiArmorCalculation, reading: int) -> AntiArmorResult:
    """The fire resolved with the two dice read in sequence (``reading``, 11..66): the row read
    (moved up one for the Phasing Player), the Damage Points in the calculation's column
    (chart 14.6) and the proposed losses (14.43). The combat example's Axis fire: 3 Actual
    into Rough (column 2), Phasing, 51 -> row 45-46 -> 4 Damage Points. Raises ``ValueError``
    naming the reading for a number two dice cannot show."""
    check_reading(reading)
    figures = [Figure("reading", reading, "14.6", "large die tens, small die units")]
    row: tuple[int, int] | None = None
    damage = 0
    if calculation.column != NO_EFFECT:
        row = row_read(reading, phasing=calculation.firer_is_phasing)
        damage = int(anti_armor_chart().lookup(calculation.column, row[0]))
        note = "moved up one row (Phasing Player)" if calculation.firer_is_phasing else "as read"
        figures.append(Figure("row read", f"{row[0]}-{row[1]}", "14.6", note))
    else:
        figures.append(Figure("row read", NO_EFFECT, "14.6", calculation.no_effect))
    outcome = _outcome(calculation.targets, calculation.absorbing, damage, Fraction(1))
    figures += [
        Figure("Damage Points", damage, "14.41", f"column {calculation.column}"),
        Figure("TOE points lost (proposed)", outcome.toe_points, "14.43", _loss_note(outcome)),
    ]
    if outcome.halftrack_points:
        figures.append(
            Figure(
                "halftrack TOE points lost",
                outcome.halftrack_points,
                "14.48",
                "the Truck Points carrying them are lost with them",
            )
        )
    return AntiArmorResult(
        reading=reading,
        row=row,
        column=calculation.column,
        damage=damage,
        losses=outcome.losses,
        toe_points=outcome.toe_points,
        halftrack_points=outcome.halftrack_points,
        figures=tuple(figures),
    )


def _final_column(
    points: int, total: int, below_one: str, from_16: str
) -> tuple[str, str, list[Figure]]:
    """The column read after ``total`` columns of shift (14.32-14.35), the no-effect reason
    ("" when the fire is read) and the figures."""
    chart = anti_armor_chart()
    keys = chart.keys
    if points == 0:
        figures = [Figure("starting column", ZERO_STAR, "14.6", "1-4 Raw points")]
        if total < 0:
            why = "a terrain shift from the 0* column leaves nothing to fire (14.35)"
            return NO_EFFECT, why, figures
        return chart.shift(ZERO_STAR, total).row, "", figures
    start = chart.row_for(points).key
    figures = [Figure("starting column", start, "14.6", f"{points} Actual points")]
    if from_16 == "points":
        value = points + total
        reached = chart.row_for(value).key if value >= 1 else None
        how = f"{points} {total:+d} = {value} points (ruling {SHIFT_FROM_16_RULING}=points)"
    else:
        index = keys.index(start) + total
        reached = keys[min(index, len(keys) - 1)] if index >= keys.index("1") else None
        how = f"{total:+d} printed columns from {start}"
    if reached is None:
        if below_one == "no-effect":
            why = f"shifted below the 1 column: no effect (14.35, {SHIFT_BELOW_ONE_RULING})"
            return NO_EFFECT, why, figures
        reached, how = ZERO_STAR, f"{how}: below 1, read on the 0* column (14.35)"
    figures.append(Figure("column read", reached, "14.32, 14.33, 14.35", how))
    return reached, "", figures


def _damage_odds(column: str, phasing: bool) -> dict[str, Fraction]:
    """{Damage Points: exact probability} of ``column`` over the 36 throws, with the Phasing
    Player's one-row move; in the chart's result order."""
    chart = anti_armor_chart()
    odds: dict[str, Fraction] = {}
    for reading in D66.readings:
        result = chart.lookup(column, row_read(reading, phasing=phasing)[0])
        odds[result] = odds.get(result, Fraction(0)) + D66.probability(reading)
    return {r: odds[r] for r in chart.results if r in odds}


def _outcome(
    targets: Sequence[ArmorTarget], pool: Sequence[Absorber], damage: int, probability: Fraction
) -> DamageOutcome:
    losses = propose_losses(targets, damage)
    halftracks = {(a.unit, a.system) for a in pool if a.halftrack}
    return DamageOutcome(
        damage=damage,
        probability=probability,
        losses=losses,
        toe_points=sum(loss.points for loss in losses),
        halftrack_points=sum(x.points for x in losses if (x.unit, x.system) in halftracks),
    )


def _cp(
    firing: Sequence[Element],
    targets: Sequence[ArmorTarget],
    phasing: bool,
    firing_side: Iterable[tuple[str, str]] | None,
    target_side: Iterable[tuple[str, str]] | None,
) -> tuple[CPCharge, ...]:
    own = list(firing_side) if firing_side is not None else [(e.unit, e.hex) for e in firing]
    other = list(target_side) if target_side is not None else [(t.unit, t.hex) for t in targets]
    attackers, defenders = (own, other) if phasing else (other, own)
    return tuple(combat_cp(attackers, defenders, action="anti_armor"))


def _raw_note(firing: Sequence[Element]) -> str:
    parts = [
        f"{e.points} x {e.rating('anti_armor')} ({e.name or e.system})"
        for e in firing
        if e.raw("anti_armor")
    ]
    return " + ".join(parts) or "no Anti-Armor rating fires"


def _reading_figure(phasing: bool) -> Figure:
    if phasing:
        return Figure("reading moved", "up one row", "14.6", "Phasing Player; 11-12 stays")
    return Figure("reading moved", "none", "14.6", "non-Phasing Player: read as thrown")


def _loss_note(outcome: DamageOutcome) -> str:
    parts = [f"{x.points} {x.unit} {x.system} (absorb {x.absorbs})" for x in outcome.losses]
    return ", ".join(parts) or "none"


def _json(value: object) -> dict[str, object]:
    data = to_json(value)
    if not isinstance(data, dict):
        raise TypeError("a calculation shows as a JSON object")
    return data


def row_read(reading: int, *, phasing: bool) -> tuple[int, int]:
    """The printed row (a pair of readings) a throw is read on: the Phasing Player's reading
    moves up one row, towards 11-12, which stays (chart 14.6 note). 51 -> (45, 46) when
    Phasing, (51, 52) otherwise. Raises ``ValueError`` for a reading two dice cannot show."""
    check_reading(reading)
    index = next(i for i, pair in enumerate(DICE_ROWS) if reading in pair)
    return DICE_ROWS[max(index - 1, 0) if phasing else index]


def check_reading(reading: int) -> int:
    """``reading`` when it is a sequential two-dice reading (11..66, both digits 1..6, 14.6);
    ``ValueError`` naming the field, the value and the case otherwise."""
    if isinstance(reading, bool) or not isinstance(reading, int) or reading not in D66:
        raise ValueError(
            f"reading {reading!r}: expected two dice read in sequence, 11..66 with both digits "
            "1..6 (14.6)"
        )
    return reading


def _check_damage(damage: int) -> None:
    if damage < 0:
        raise ValueError(f"damage {damage}: Damage Points cannot be negative (14.41)")


def _check_option(field: str, value: str, options: tuple[str, ...], case: str) -> None:
    if value not in options:
        raise ValueError(f"{field} {value!r}: expected one of {', '.join(options)} ({case})")
