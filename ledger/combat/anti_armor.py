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

Where the pieces are: ``anti_armor_column`` (chart 14.6, the column after the shifts and the
row read) and ``anti_armor_losses`` (the targets, their absorption, the proposed losses and
the allocation check); this module keeps the calculation and the reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ledger.charts.figures import Figure, to_json
from ledger.combat.anti_armor_column import (
    NO_EFFECT,
    SHIFT_BELOW_ONE_OPTIONS,
    SHIFT_BELOW_ONE_RULING,
    SHIFT_FROM_16_OPTIONS,
    SHIFT_FROM_16_RULING,
    anti_armor_chart,
    check_reading,
    column_read,
    damage_point_odds,
    row_read,
)
from ledger.combat.anti_armor_losses import (
    Absorber,
    ArmorTarget,
    absorbers,
    propose_losses,
)
from ledger.combat.costs import AmmoCharge, CPCharge, ammunition_for, combat_cp
from ledger.combat.forces import ColumnShift, Element, Loss, actual, total_raw
from ledger.combat.terrain import Hexside, anti_armor_prohibited, anti_armor_shifts


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
        column, why, found = column_read(
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
    odds = (
        {"0": Fraction(1)} if column == NO_EFFECT else damage_point_odds(column, firer_is_phasing)
    )
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


def _check_option(field: str, value: str, options: tuple[str, ...], case: str) -> None:
    if value not in options:
        raise ValueError(f"{field} {value!r}: expected one of {', '.join(options)} ({case})")
