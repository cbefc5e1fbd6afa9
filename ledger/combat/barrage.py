"""Barrage: firing groups, the Artillery Barrage Table with exact odds, and Holding Off
(10.33-10.35, 11.32-11.34, 12.1-12.6).

A barrage is some TOE Strength Points of guns (``Element``s with a Barrage Rating) fired at one
target unit. Its Raw Barrage Points are summed over every gun first and divided once (11.34):
the Actual Barrage Points pick a column of chart 12.6 (bundled as ``12.6-barrage-infantry``,
``-armor``, ``-gun`` and ``-truck``). The target's best terrain moves the column left
(12.33, 12.34; ``ledger.combat.terrain.barrage_shift``); past the 1-2 column the barrage has no
effect. Two dice read large-small (12.42) give the target's result; when trucks are in its hex a
second, independent throw on the same column gives the Truck Points lost (12.46).

Who may fire together (12.11-12.16): guns Forward combine with Forward guns of the same or other
hexes and may split their TOE points between targets; Italian guns Forward combine only within
their hex; guns Back fire alone, with every point, at one target. An ``Element`` whose
``forward`` is ``None`` (a unit that is not placed Forward or Back) counts as Forward.

Rulings: ``combat-example-barrage-reading`` (the worked combat example after 15.96 reads the
chart the other way round; the chart governs by default) and ``10.34-holding-off-count`` (how a
counter larger than a battalion counts towards a Holding Off barrage).

Where the pieces are: ``barrage_table`` (chart 12.6, the column fired on and how a throw is
read, 12.33, 12.34, 12.42-12.44), ``firing_groups`` (12.11-12.16, 12.32), ``holding_off``
(10.33-10.35) and ``barrage_facility`` (12.51-12.54); this module keeps the calculation and the
reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from ledger.charts.engine import Chart
from ledger.charts.figures import Figure, to_json
from ledger.combat.barrage_table import (
    MIRROR,
    NO_EFFECT,
    PINNED,
    READING_OPTIONS,
    READING_RULING,
    TRUCK_CHART,
    barrage_chart,
    barrage_column,
    check_d66,
    reading_note,
    result_on_column,
)
from ledger.combat.costs import (
    AmmoCharge,
    CPCharge,
    ammunition_for,
    barraged_phasing_cp,
    combat_cp,
)
from ledger.combat.firing_groups import check_firing_group, gun_label
from ledger.combat.forces import (
    COMBAT_CLASSES,
    ColumnShift,
    CombatClass,
    Element,
    actual,
    total_raw,
)
from ledger.combat.terrain import barrage_shift, check_terrain

LOSSES_PIN_RULING: Final = "12.45-losses-pin"
LOSSES_PIN_OPTIONS: Final = ("pin", "no-pin")


@dataclass(frozen=True, slots=True)
class BarrageTarget:
    """The unit barraged (12.22-12.24): ``unit`` id (or a blind label, "Infantry #2", 12.24),
    its 3.2 ``combat_class``, ``hex`` and the terrain keys of that hex (8.37).

    ``trucks_present``: Truck Points are in the hex, so a second roll is made (12.46).
    ``truck_points_per_toe``: the Truck Points carrying one of the target's infantry TOE
    Strength Points (0: not riding trucks); each infantry TOE point destroyed loses them too
    (12.46). ``artillery_hq``: an Artillery HQ, which a Pin result never affects (12.44).
    Raises ``ValueError`` naming the field, the value and the case.
    """

    unit: str
    combat_class: CombatClass
    hex: str = ""
    terrain: tuple[str, ...] = ()
    trucks_present: bool = False
    truck_points_per_toe: Fraction | int = 0
    artillery_hq: bool = False

    def __post_init__(self) -> None:
        if not self.unit:
            raise ValueError("target unit: a unit id or label is needed (12.23, 12.24)")
        if self.combat_class not in COMBAT_CLASSES:
            raise ValueError(
                f"target combat_class {self.combat_class!r}: expected one of "
                f"{', '.join(COMBAT_CLASSES)} (12.23)"
            )
        check_terrain(self.terrain)
        if self.truck_points_per_toe < 0:
            raise ValueError(
                f"target truck_points_per_toe {self.truck_points_per_toe}: cannot be negative (12.46)"
            )
        if self.truck_points_per_toe and self.combat_class != "infantry":
            raise ValueError(
                f"target truck_points_per_toe {self.truck_points_per_toe}: only Infantry-class "
                f"TOE points ride trucks under 12.46, not {self.combat_class}"
            )


Joint = tuple[tuple[tuple[str, str], Fraction], ...]


@dataclass(frozen=True, slots=True)
class BarrageCalculation:
    """A barrage worked out before the dice (12.43): the ``guns``, the ``target``, whether the
    firing side is ``phasing``, ``figures`` (Raw per gun, Raw total, Actual, column, ...) and
    terrain ``shifts``; ``column`` is the 12.6 column fired on (a key such as ``"7-8"``) or
    ``None`` when the barrage can have no effect, ``no_effect_reason`` saying why.

    ``distribution`` {result: probability} is the target's ("no effect", "P", "1", "2": TOE
    Strength Points destroyed); ``truck_distribution`` the Truck Points' second roll (``None``
    without trucks in the hex) and ``joint_distribution`` ((target, truck) result, probability)
    of both throws, independent. Each sums to exactly 1. ``cp`` are the CP charges (11.21-11.23,
    Fractions), ``ammunition`` the Ammunition Points used (50.2); ``rulings`` the options in force.
    """

    guns: tuple[Element, ...]
    target: BarrageTarget
    phasing: bool
    figures: tuple[Figure, ...]
    shifts: tuple[ColumnShift, ...]
    column: str | None
    no_effect_reason: str
    distribution: dict[str, Fraction]
    truck_distribution: dict[str, Fraction] | None
    joint_distribution: Joint | None
    cp: tuple[CPCharge, ...]
    ammunition: tuple[AmmoCharge, ...]
    rulings: tuple[tuple[str, str], ...] = field(default=((READING_RULING, "chart"),))

    @property
    def actual_points(self) -> int:
        """The Actual Barrage Points fired (11.32)."""
        return actual(total_raw(self.guns, "barrage"))

    @property
    def reading_option(self) -> str:
        """The option of ruling ``combat-example-barrage-reading`` in force."""
        return dict(self.rulings)[READING_RULING]

    def as_json(self) -> dict[str, object]:
        """Everything above as JSON-ready data (``forces.to_json``), plus the chart ids."""
        data = to_json(self)
        assert isinstance(data, dict)
        data["actual_points"] = self.actual_points
        data["charts"] = [f"12.6-barrage-{self.target.combat_class}"] + (
            [TRUCK_CHART] if self.target.trucks_present else []
        )
        return data


def calculate_barrage(
    guns: Sequence[Element],
    target: BarrageTarget,
    *,
    phasing: bool = True,
    firer_hex_units: Iterable[tuple[str, str]] | None = None,
    target_hex_units: Iterable[tuple[str, str]] | None = None,
    reading: str = "chart",
    losses_pin: str = "pin",
) -> BarrageCalculation:
    """Work out one barrage of ``guns`` at ``target`` (12.0-12.4, 11.31-11.34).

    ``phasing``: the firing side is the Phasing side (its units pay 5 CP, the target hex's 3;
    a non-Phasing side firing pays 3 and the Phasing units barraged 3: 11.21a, 11.22, 11.23).
    ``firer_hex_units`` / ``target_hex_units`` are (unit id, hex) of every unit in the firing
    and target hexes (11.25; default: the guns' units, the target unit). ``reading`` is the
    option of ruling ``combat-example-barrage-reading``. 90 Raw against armor in Rough: 9
    Actual, the 9-10 column shifted to 7-8. Raises ``ValueError`` for an invalid firing group
    (``check_firing_group``) or an unknown option. ``losses_pin`` is the option of ruling
    ``12.45-losses-pin`` (whether a 1 or 2 result also pins Infantry and Armor targets)."""
    if losses_pin not in LOSSES_PIN_OPTIONS:
        raise ValueError(
            f"losses_pin {losses_pin!r}: ruling {LOSSES_PIN_RULING} has options "
            f"{', '.join(LOSSES_PIN_OPTIONS)}"
        )
    if reading not in READING_OPTIONS:
        raise ValueError(
            f"reading {reading!r}: ruling {READING_RULING} has options {', '.join(READING_OPTIONS)}"
        )
    check_firing_group(guns)
    raw = total_raw(guns, "barrage")
    points = actual(raw)
    figures = [
        Figure(
            f"Raw Barrage Points of {gun_label(g)}",
            g.raw("barrage"),
            "11.31",
            f"{g.points} TOE x Barrage {g.rating('barrage')}",
        )
        for g in guns
    ]
    figures.append(Figure("Raw Barrage Points", raw, "11.34", "summed before dividing"))
    figures.append(
        Figure("Actual Barrage Points", points, "11.32, 11.33", f"{raw} / 10, rounded half up")
    )
    figures.append(Figure("Target class", target.combat_class, "12.23", target.unit))
    shift = barrage_shift(target.terrain, target.combat_class)
    shifts = (shift,) if shift else ()
    column, reason = barrage_column(points, shift, figures)
    chart = barrage_chart(target.combat_class)
    distribution = _target_odds(chart, column, target, figures)
    trucks = _truck_odds(column, target, figures)
    joint = None
    if trucks is not None:
        joint = tuple(
            ((a, b), pa * pb) for a, pa in distribution.items() for b, pb in trucks.items()
        )
    if target.truck_points_per_toe:
        figures.append(
            Figure(
                "Truck Points carrying each infantry TOE point",
                target.truck_points_per_toe,
                "12.46",
                "lost with every infantry TOE point the barrage destroys, besides the truck roll",
            )
        )
    return BarrageCalculation(
        guns=tuple(guns),
        target=target,
        phasing=phasing,
        figures=tuple(figures),
        shifts=shifts,
        column=column,
        no_effect_reason=reason,
        distribution=distribution,
        truck_distribution=trucks,
        joint_distribution=joint,
        cp=tuple(_cp(guns, target, phasing, firer_hex_units, target_hex_units)),
        ammunition=tuple(ammunition_for(guns, "barrage")),
        rulings=((READING_RULING, reading), (LOSSES_PIN_RULING, losses_pin)),
    )


def _target_odds(
    chart: Chart, column: str | None, target: BarrageTarget, figures: list[Figure]
) -> dict[str, Fraction]:
    if column is None:
        return {NO_EFFECT: Fraction(1)}
    odds = chart.distribution(column)
    if target.artillery_hq and PINNED in odds:
        figures.append(Figure("Pin", "does not occur", "12.44", "target is an Artillery HQ"))
        odds = {NO_EFFECT: odds.pop(NO_EFFECT, Fraction(0)) + odds.pop(PINNED)} | odds
    return odds


def _truck_odds(
    column: str | None, target: BarrageTarget, figures: list[Figure]
) -> dict[str, Fraction] | None:
    if not target.trucks_present:
        return None
    figures.append(
        Figure(
            "Truck roll",
            column or NO_EFFECT,
            "12.46",
            "trucks in the target's hex: a second throw on the same column",
        )
    )
    if column is None:
        return {NO_EFFECT: Fraction(1)}
    return barrage_chart("truck").distribution(column)


def _cp(
    guns: Sequence[Element],
    target: BarrageTarget,
    phasing: bool,
    firer_hex_units: Iterable[tuple[str, str]] | None,
    target_hex_units: Iterable[tuple[str, str]] | None,
) -> list[CPCharge]:
    firers = list(firer_hex_units) if firer_hex_units is not None else []
    if firer_hex_units is None:
        for gun in guns:
            if (gun.unit, gun.hex) not in firers:
                firers.append((gun.unit, gun.hex))
    targets = (
        list(target_hex_units) if target_hex_units is not None else [(target.unit, target.hex)]
    )
    if phasing:
        return combat_cp(firers, targets, action="barrage")
    seen: set[str] = set()
    charges = []
    for unit, hex_ in firers:
        if unit not in seen:
            seen.add(unit)
            charges.append(CPCharge(unit, hex_, Fraction(3), "11.21a", "barrages a Phasing unit"))
    return charges + barraged_phasing_cp(dict(targets).items())


@dataclass(frozen=True, slots=True)
class BarrageResult:
    """A barrage read with real dice: ``reading`` (11..66) and ``read_as`` (the same unless
    ruling ``combat-example-barrage-reading`` is ``example``), the target's ``result``,
    ``pinned``, ``toe_lost`` (TOE Strength Points destroyed, 12.45); the truck throw likewise
    (``truck_points_lost``, 12.46) and ``carried_truck_points_lost``, the Truck Points carrying
    the destroyed infantry TOE points (12.46). ``figures`` say how each was read."""

    calculation: BarrageCalculation
    reading: int
    read_as: int
    result: str
    pinned: bool
    toe_lost: int
    truck_reading: int | None
    truck_read_as: int | None
    truck_result: str | None
    truck_points_lost: int
    carried_truck_points_lost: Fraction
    figures: tuple[Figure, ...]

    def as_json(self) -> dict[str, object]:
        """Everything above as JSON-ready data (``forces.to_json``)."""
        data = to_json(self)
        assert isinstance(data, dict)
        data["calculation"] = self.calculation.as_json()
        return data


def read_barrage(
    calculation: BarrageCalculation, reading: int, truck_reading: int | None = None
) -> BarrageResult:
    """The barrage's result for the dice thrown: ``reading`` for the target and, when trucks
    are in its hex, ``truck_reading`` (12.42, 12.46). Raises ``ValueError`` naming the field
    for a reading that is not 11..66 with digits 1..6, a missing truck reading with trucks
    present, or a truck reading without trucks."""
    check_d66(reading, "reading")
    target = calculation.target
    if target.trucks_present and truck_reading is None:
        raise ValueError("truck_reading None: trucks are in the target's hex, throw again (12.46)")
    if truck_reading is not None and not target.trucks_present:
        raise ValueError(
            f"truck_reading {truck_reading!r}: no trucks in the target's hex, no second throw (12.46)"
        )
    mirror = calculation.reading_option == "example"
    read_as = MIRROR - reading if mirror else reading
    figures = [Figure("Target reading", read_as, "12.42", reading_note(reading, mirror))]
    result = result_on_column(barrage_chart(target.combat_class), calculation.column, read_as)
    if result == PINNED and target.artillery_hq:
        result = NO_EFFECT
        figures.append(Figure("Pin", "does not occur", "12.44", "target is an Artillery HQ"))
    toe_lost = int(result) if result.isdigit() else 0
    figures.append(Figure("Target result", result, "12.44, 12.45", target.unit))
    pinned = result == PINNED
    losses_pin = dict(calculation.rulings).get(LOSSES_PIN_RULING, "pin") == "pin"
    if toe_lost and losses_pin and target.combat_class != "gun" and not target.artillery_hq:
        pinned = True
        figures.append(Figure("Pinned", "yes, with its losses", "12.44", LOSSES_PIN_RULING))
    truck_read_as = truck_result = None
    truck_lost = 0
    if truck_reading is not None:
        check_d66(truck_reading, "truck_reading", "12.46")
        truck_read_as = MIRROR - truck_reading if mirror else truck_reading
        truck_result = result_on_column(barrage_chart("truck"), calculation.column, truck_read_as)
        truck_lost = int(truck_result) if truck_result.isdigit() else 0
        figures.append(
            Figure("Truck reading", truck_read_as, "12.46", reading_note(truck_reading, mirror))
        )
        figures.append(Figure("Truck Points destroyed", truck_lost, "12.46", "owner chooses"))
    carried = toe_lost * Fraction(target.truck_points_per_toe)
    if carried:
        figures.append(
            Figure("Carrying Truck Points destroyed", carried, "12.46", f"{toe_lost} TOE lost")
        )
    return BarrageResult(
        calculation=calculation,
        reading=reading,
        read_as=read_as,
        result=result,
        pinned=pinned,
        toe_lost=toe_lost,
        truck_reading=truck_reading,
        truck_read_as=truck_read_as,
        truck_result=truck_result,
        truck_points_lost=truck_lost,
        carried_truck_points_lost=carried,
        figures=tuple(figures),
    )
