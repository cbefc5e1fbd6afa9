"""Dangerous terrain (2.3): a vehicle moving through a dangerous terrain type rolls two dice
(added) and is immobilized on a roll inside that terrain's printed range.

The ranges are printed on the combat chart's movement section (Tracked column, an "I" and a
range), which the text does not include; the player supplies them (``DangerousTerrain``), and
``terrain_chart`` turns them into a ``Chart`` on the 2d6 sum so each row's odds are exact and
its coverage can be checked.

Procedure (2.3): one roll per dangerous terrain type a vehicle moves within during a turn, made
as the type is reached; an immobilized vehicle stops, so the later types are never rolled for.
A vehicle moving under 100 yards has not moved (2.3; see the ruling
``miniatures-short-move-roll``). Each vehicle rolls for itself, so a group of vehicles taking the
same route is a binomial count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Final

from ledger.charts.dice import TWO_D6_SUM
from ledger.charts.engine import Chart, ChartRow
from ledger.charts.loader import parse_cell
from ledger.games.miniatures import name_key
from ledger.games.miniatures.rulings import REPEAT_TERRAIN, SHORT_MOVE

IMMOBILIZED: Final = "immobilized"
MOBILE: Final = "not immobilized"
GOT_THROUGH: Final = "gets through"
MOVE_YARDS: Final = 100
"""2.3: a vehicle must cover at least 100 yards to count as having moved."""
MAX_VEHICLES: Final = 100
"""The largest group a request may ask about (a sanity bound, not a rule)."""


@dataclass(frozen=True, slots=True)
class DangerousTerrain:
    """One dangerous terrain type: its name and the 2d6 sums (2..12) that immobilize (2.3)."""

    terrain: str
    immobilized_on: tuple[int, ...]

    @property
    def shown(self) -> str:
        """The range as "2-3" or "2-3, 12"."""
        return _shown_range(self.immobilized_on)


def parse_range(text: str) -> tuple[int, ...]:
    """The 2d6 sums of a printed range: ``"2-3"``, ``"I 2-3"`` (the chart's "I" may be kept),
    ``"12"`` or ``"2, 11-12"``. Raises ``ValueError`` for text that is not sums 2..12 (2.3)."""
    body = text.strip()
    if body[:1] in ("I", "i"):
        body = body[1:].strip()
    if not body:
        raise ValueError(f"no range of two-dice sums such as 2-3 in {text!r} (2.3)")
    try:
        return parse_cell(body, TWO_D6_SUM)
    except ValueError as exc:
        raise ValueError(f"{exc}; a range of two-dice sums 2 to 12 such as 2-3 (2.3)") from None


def terrain_chart(terrains: Sequence[DangerousTerrain], source: str) -> Chart:
    """The player's dangerous terrain ranges as a 2d6-sum ``Chart`` (row per terrain, results
    ``immobilized`` / ``not immobilized``). Raises ``ValueError`` when there is no terrain or a
    name repeats (2.3)."""
    if not terrains:
        raise ValueError(f"{source} lists no dangerous terrain (2.3)")
    seen: dict[str, str] = {}
    for t in terrains:
        key = name_key(t.terrain)
        if key in seen:
            raise ValueError(
                f"{source}: dangerous terrain {t.terrain!r} repeats {seen[key]!r}; "
                "give each terrain type one range (2.3)"
            )
        seen[key] = t.terrain
    rows = []
    for t in terrains:
        rest = tuple(r for r in TWO_D6_SUM.readings if r not in t.immobilized_on)
        cells = ((IMMOBILIZED, t.immobilized_on), (MOBILE, rest))
        rows.append(ChartRow(t.terrain, f"{t.terrain}: I {t.shown}", cells))
    try:
        return Chart(
            id="2.3-dangerous-terrain",
            case="2.3",
            title="Dangerous terrain (Tracked column)",
            source=source,
            dice=TWO_D6_SUM,
            row_key="terrain",
            results=(IMMOBILIZED, MOBILE),
            rows=tuple(rows),
        )
    except ValueError as exc:
        raise ValueError(f"{source}: {exc} (2.3)") from None


@dataclass(frozen=True, slots=True)
class CrossingStep:
    """One dangerous terrain on a vehicle's route this turn: ``rolled`` (False for a type
    already rolled for this turn under ``once-per-type``), the range, the ``chance`` a roll
    immobilizes, the chance the vehicle ``reaches`` it still mobile and the chance it is
    ``immobilized_here``."""

    terrain: str
    rolled: bool
    immobilized_on: str
    chance: Fraction
    reaches: Fraction
    immobilized_here: Fraction


@dataclass(frozen=True, slots=True)
class DangerousCrossing:
    """A turn's move through dangerous terrain (2.3).

    ``moved`` is False when the vehicle covered under 100 yards and (by ruling) rolls nothing;
    ``steps`` the route in order; ``rolls`` the most rolls a vehicle makes; ``vehicle_odds``
    {"immobilized in <terrain>" or "gets through": chance} for one vehicle;
    ``immobilized_chance`` the chance one vehicle is stopped; ``vehicles`` the group size and
    ``group_odds`` {number of vehicles immobilized (text): chance}; ``at_least_one`` the chance
    some vehicle of the group is immobilized.
    """

    moved: bool
    steps: tuple[CrossingStep, ...]
    rolls: int
    vehicle_odds: dict[str, Fraction]
    immobilized_chance: Fraction
    vehicles: int
    group_odds: dict[str, Fraction]
    at_least_one: Fraction


def dangerous_crossing(
    chart: Chart,
    route: Sequence[str],
    *,
    vehicles: int = 1,
    yards_moved: int | None = None,
    short_move: str = SHORT_MOVE.default,
    repeat: str = REPEAT_TERRAIN.default,
) -> DangerousCrossing:
    """The exact immobilization odds of ``vehicles`` vehicles each moving through the dangerous
    terrain types of ``route`` (chart rows, in the order reached) this turn (2.3).

    ``yards_moved`` (optional) with ``short_move`` = ``"no-roll-under-100-yards"`` skips the rolls
    for a move under 100 yards; ``repeat`` = ``"once-per-type"`` rolls once per type per turn,
    ``"each-patch"`` once per entry of ``route``. Raises ``ValueError`` for an empty route, a
    terrain not on the chart, or a group size outside 1..100.
    """
    if not route:
        raise ValueError("name at least one dangerous terrain the vehicle moves through (2.3)")
    if not 1 <= vehicles <= MAX_VEHICLES:
        raise ValueError(f"vehicles: expected 1 to {MAX_VEHICLES}, found {vehicles} (2.3)")
    moved = not (
        short_move == "no-roll-under-100-yards"
        and yards_moved is not None
        and yards_moved < MOVE_YARDS
    )
    steps: list[CrossingStep] = []
    seen: set[str] = set()
    mobile = Fraction(1)
    odds: dict[str, Fraction] = {}
    for name in route:
        key = _row_key(chart, name)
        rolled = moved and (repeat == "each-patch" or key not in seen)
        seen.add(key)
        chance = chart.distribution(key).get(IMMOBILIZED, Fraction(0)) if rolled else Fraction(0)
        here = mobile * chance
        steps.append(CrossingStep(key, rolled, _row_range(chart, key), chance, mobile, here))
        if here:
            label = f"{IMMOBILIZED} in {key}"
            odds[label] = odds.get(label, Fraction(0)) + here
        mobile -= here
    odds[GOT_THROUGH] = mobile
    stopped = 1 - mobile
    group = {
        str(k): comb(vehicles, k) * stopped**k * mobile ** (vehicles - k)
        for k in range(vehicles + 1)
    }
    group = {k: p for k, p in group.items() if p}
    return DangerousCrossing(
        moved,
        tuple(steps),
        sum(1 for s in steps if s.rolled),
        {k: p for k, p in odds.items() if p},
        stopped,
        vehicles,
        group,
        1 - mobile**vehicles,
    )


def _row_key(chart: Chart, name: str) -> str:
    wanted = name_key(name)
    for key in chart.keys:
        if name_key(key) == wanted:
            return key
    known = ", ".join(chart.keys)
    raise ValueError(f"no dangerous terrain {name!r} in {chart.source}; it has {known} (2.3)")


def _row_range(chart: Chart, key: str) -> str:
    cells = dict(chart.row(key).cells)
    return _shown_range(cells.get(IMMOBILIZED, ()))


def _shown_range(readings: Sequence[int]) -> str:
    parts: list[str] = []
    run: list[int] = []
    for r in sorted(readings):
        if run and r != run[-1] + 1:
            parts.append(_run(run))
            run = []
        run.append(r)
    if run:
        parts.append(_run(run))
    return ", ".join(parts) or "none"


def _run(run: list[int]) -> str:
    return str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}"
