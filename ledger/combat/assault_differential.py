"""The Basic Assault Differential and the column shifts known before the dice (11.31-11.34,
15.2, 15.3, 15.4, 15.51-15.54), for ``close_assault``.

The checks of the forces given (15.0, 15.13, 15.21) and of what is given for both sides or
neither (15.52, 15.61); the assault type, Close Assault or Probe (15.22, 15.25, 15.91, ruling
``15.25-probe-threshold``); each side's Actual points from its Raw points (11.32, 11.33, 15.28)
and the combined-arms reduction (15.4, ruling ``15.4-combined-arms``); the lone defender
without a Defensive rating (15.54); the terrain (15.3), force-ratio (15.51) and organizational
size (15.52, 15.53) shifts; the units in the hexes involved (11.25) and the figures noting the
setup (15.18, 15.54, 15.83b, 15.87, 15.95).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from math import ceil
from typing import Final

from ledger.charts.figures import Figure
from ledger.combat.assault_setup import (
    COMBINED_ARMS_RULING,
    PROBE_RULING,
    RECCE_RULING,
    Action,
    AssaultRulings,
    AssaultSetup,
)
from ledger.combat.forces import ColumnShift, Element, actual
from ledger.combat.terrain import Hexside, close_assault_shifts
from ledger.model.quantities import round_half_up
from ledger.rules.unit_size import Level, organizational_shift

SUPPORTING_KINDS: Final = frozenset({"infantry", "machinegun", "machine_gun", "heavy_weapons"})
"""Weapon-system kinds that support tanks under 15.4 (infantry, machinegun, heavy weapons)."""
COMBINED_ARMS_MAX: Final = 4
"""15.4: the combined-arms reduction is never more than four Actual points."""


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


def check_assault_forces(
    attackers: Sequence[Element],
    defenders: Sequence[Element],
    not_fighting: Sequence[Element],
    guns_back: Sequence[Element],
) -> None:
    """Check the forces of ``calculate_close_assault``: one side attacks, the other defends
    (15.0); some defending TOE points are in the hex assaulted (``defenders``,
    ``not_fighting`` or ``guns_back``, 15.21); guns Back are Gun class (15.13). Raises
    ``ValueError`` naming the field and the case for points of both sides in either force, a
    side attacking itself, no defending points, or a gun Back that is not a gun."""
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


def check_both_or_neither(name: str, attacker: object, defender: object, case: str) -> None:
    """Refuse a figure given for one side only (``None`` is not given): morale (15.61) and
    organizational levels (15.52) are given for both sides or neither. ``ValueError`` names
    the missing side's field (``defender_morale``, ``attacker_levels``, ...) and ``case``."""
    if (attacker is None) != (defender is None):
        missing = "defender" if defender is None else "attacker"
        raise ValueError(f"{missing}_{name}: None; give both sides' {name} or neither ({case})")


def assault_action(
    attackers: Sequence[Element],
    probe: bool,
    available: Mapping[str, int] | None,
    elsewhere: Mapping[str, int] | None,
    rulings: AssaultRulings,
    figures: list[Figure],
) -> Action:
    """The assault type, ``"probe"`` or ``"close_assault"`` (15.22, 15.25, 15.91): a Probe
    when called one (``probe``), or when the attacking units used less than half their
    available TOE points (ruling ``15.25-probe-threshold``: ``"together"`` or
    ``"each-unit"``). The points used are the TOE points each unit commits among
    ``attackers`` plus ``elsewhere`` {unit: TOE points committed in other assaults};
    ``available`` is {unit: TOE points available} (``None``: the declared type stands).
    Appends the "assault type" figure to ``figures``. Raises ``ValueError`` when an attacking
    unit has no ``available`` entry (15.25)."""
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


def raw_points_note(elements: Sequence[Element], rating: str) -> str:
    """The note of a side's Raw points figure (11.31, 11.34): "TOE points x rating" of
    ``rating`` for each element with points, joined by " + " ("3 x 4 + 2 x 5 (TOE x
    rating)"), or "no TOE points committed"."""
    parts = [f"{e.points} x {e.rating(rating)}" for e in elements if e.points]
    return " + ".join(parts) + " (TOE x rating)" if parts else "no TOE points committed"


def actual_after_combined_arms(
    who: str, elements: Sequence[Element], value: int, option: str, figures: list[Figure]
) -> int:
    """15.4: a side's ``value`` Actual Close Assault points less the combined-arms reduction
    of its ``elements`` (``combined_arms_reduction`` under ``option`` of ruling
    ``15.4-combined-arms``), never below 0. With unsupported tanks, appends a figure for
    ``who`` ("attacker" or "defender") to ``figures``; otherwise returns ``value`` as it is."""
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


def lone_zero_rated_defender(
    defenders: Sequence[Element], not_fighting: Sequence[Element], guns_back: Sequence[Element]
) -> bool:
    """15.54: True when the defence is one unit without a Defensive Close Assault Rating,
    alone in the hex: some points are committed (``defenders``), every point in the hex
    (committed, ``not_fighting``, ``guns_back``) is that unit's, and every committed point's
    Defensive rating is 0 or "-"."""
    units = {e.unit for e in (*defenders, *not_fighting, *guns_back)}
    return (
        bool(defenders)
        and len(units) == 1
        and all(e.ratings.defensive_close_assault in (None, 0) for e in defenders)
    )


def fixed_column_shifts(
    a_raw: int,
    d_raw: int,
    lone: bool,
    terrain: Sequence[str],
    hexsides: Sequence[Hexside],
    attacker_levels: Sequence[Level],
    defender_levels: Sequence[Level],
    rulings: AssaultRulings,
) -> list[ColumnShift]:
    """The column shifts of chart 15.79 that need no die: 15.3 terrain (``terrain`` keys of
    the defender's hex and the ``hexsides`` crossed, ruling ``15.35-fortification-columns``);
    +3 for a ``lone`` zero-rated defender (15.54), else +2 or -2 when one side's Raw points
    (``a_raw`` Offensive, ``d_raw`` Defensive Close Assault points) are at least twice the
    other's (15.51); the organizational size shift of both sides' ``Level``s when given
    (15.52, 15.53, ``rulings.size``). Raises ``ValueError`` for an unknown terrain key (8.37)."""
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


def units_and_hexes(*groups: Sequence[Element]) -> list[tuple[str, str]]:
    """(unit id, hex) of the elements of ``groups``, each pair once, in the order first
    listed: by default the units in the hexes involved, who pay CP (11.25)."""
    found: list[tuple[str, str]] = []
    for group in groups:
        for e in group:
            if (e.unit, e.hex) not in found:
                found.append((e.unit, e.hex))
    return found


def note_setup_figures(setup: AssaultSetup, figures: list[Figure]) -> None:
    """Append to ``figures`` what ``setup`` decided before the dice: no attacker casualties
    against a lone zero-rated defender (15.54), a parenthesised defence overwhelmed (15.18),
    a recce-only Probe (15.95, ruling ``15.95-recce-reduction``), each side's TOE points
    committed (15.87) and the defender's Raw points for losses, also in an Overrun (15.83b,
    15.84a)."""
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
