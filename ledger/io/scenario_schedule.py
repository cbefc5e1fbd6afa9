"""The campaign tables of a scenario file (docs/scenario-format.md): ``[[withdrawal]]``,
``[[victory]]``, ``[[weather]]`` and ``[[initiative_rating]]``, checked against the rest of the
file and built into a ``CampaignSchedule`` (``ledger.model.campaign``).

Checks (each error names its record, as ``file:line``): ids unique per table; a withdrawal's
counters are units of the file, of its side, in no other withdrawal, and due inside the
scenario (20.8); a Weather Table row's bands cover every reading 11 to 66 once (29.6) and the
rows cover each Game-Turn of the scenario once; an Initiative Rating's first Game-Turn is not
after its last (7.2). Victory points below 0 are refused by the model (60.82).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from ledger.io.scenario_models import ScenarioFile, WeatherIn
from ledger.model.campaign import (
    CampaignSchedule,
    InitiativeRating,
    VictoryPlace,
    WeatherBand,
    WeatherSeason,
    Withdrawal,
)
from ledger.model.errors import LedgerError

Err = Callable[[tuple[str | int, ...], str, str], LedgerError]
"""Makes the error of a location: ``(loc, message, case)``."""

READINGS: Final = tuple(10 * tens + units for tens in range(1, 7) for units in range(1, 7))
"""The 36 readings of two dice read in sequence, the tens die first (29.6): 11 … 66."""


def schedule_problems(model: ScenarioFile, err: Err) -> Iterable[LedgerError]:
    """Every problem of the campaign tables of ``model`` (see the module's docstring)."""
    for table, ids in (
        ("withdrawal", [w.id for w in model.withdrawal]),
        ("victory", [v.id for v in model.victory]),
    ):
        seen: set[str] = set()
        for i, record_id in enumerate(ids):
            if record_id in seen:
                yield err((table, i, "id"), f"duplicate id {record_id!r}", "")
            seen.add(record_id)
    yield from _withdrawals(model, err)
    yield from _weather(model, err)
    for i, rating in enumerate(model.initiative_rating):
        if rating.last < rating.first:
            yield err(
                ("initiative_rating", i, "last"),
                f"Game-Turn {rating.last} is before its first, {rating.first}",
                "7.2",
            )


def _withdrawals(model: ScenarioFile, err: Err) -> Iterable[LedgerError]:
    units = {u.id: u for u in model.unit}
    start, end = model.scenario.start.value(), model.scenario.end.value()
    leaving: dict[str, str] = {}
    for i, group in enumerate(model.withdrawal):
        due = group.due.value()
        if not start <= due <= end:
            yield err(
                ("withdrawal", i, "due"),
                f"withdrawal {group.id!r} is due {due.short}, outside the scenario "
                f"({start.short} – {end.short})",
                "20.8",
            )
        for j, uid in enumerate(group.units):
            unit = units.get(uid)
            if unit is None:
                yield err(
                    ("withdrawal", i, "units", j),
                    f"withdrawal {group.id!r} names {uid!r}, which is not a unit of this file",
                    "20.8",
                )
            elif unit.side != group.side:
                yield err(
                    ("withdrawal", i, "units", j),
                    f"withdrawal {group.id!r} is the {group.side} side's, but {uid!r} is "
                    f"the {unit.side} side's",
                    "20.8",
                )
            elif uid in leaving:
                yield err(
                    ("withdrawal", i, "units", j),
                    f"{uid!r} already leaves with withdrawal {leaving[uid]!r}",
                    "20.8",
                )
            leaving.setdefault(uid, group.id)


def _weather(model: ScenarioFile, err: Err) -> Iterable[LedgerError]:
    for i, row in enumerate(model.weather):
        if row.last < row.first:
            yield err(
                ("weather", i, "last"),
                f"Game-Turn {row.last} is before its first, {row.first}",
                "29.6",
            )
        problem = _band_problem(row)
        if problem:
            yield err(("weather", i, "bands"), f"season {row.season!r}: {problem}", "29.6")
    if not model.weather:
        return
    first, last = model.scenario.start.game_turn, model.scenario.end.game_turn
    for turn in range(first, last + 1):
        rows = [r.season for r in model.weather if r.first <= turn <= r.last]
        if len(rows) != 1:
            found = ", ".join(repr(s) for s in rows) or "no row"
            yield err(
                ("weather",),
                f"Game-Turn {turn} needs one Weather Table row, found {found}",
                "29.6",
            )
            return


def _band_problem(row: WeatherIn) -> str:
    """What is wrong with a row's bands (a reading covered twice or not at all), or ``""``."""
    covered: dict[int, str] = {}
    for band in row.bands:
        if band.high < band.low:
            return f"band {band.weather!r} runs from {band.low} down to {band.high}"
        for reading in READINGS:
            if band.low <= reading <= band.high:
                if reading in covered:
                    return f"reading {reading} is both {covered[reading]!r} and {band.weather!r}"
                covered[reading] = band.weather
    gaps = [r for r in READINGS if r not in covered]
    return f"no weather for reading {gaps[0]}" if gaps else ""


def build_schedule(model: ScenarioFile) -> CampaignSchedule:
    """The ``CampaignSchedule`` of a checked file."""
    return CampaignSchedule(
        withdrawals=tuple(
            Withdrawal(
                id=w.id,
                name=w.name,
                side=w.side,
                due=w.due.value(),
                units=tuple(w.units),
                truck_value_points=w.truck_value_points,
                motorization_points=w.motorization_points,
                place=w.place,
                notes=w.notes,
                case=w.case,
                source=w.source,
            )
            for w in model.withdrawal
        ),
        victory=tuple(
            VictoryPlace(
                id=v.id,
                name=v.name,
                hexes=tuple(v.hexes),
                points=(("axis", v.points.axis), ("commonwealth", v.points.commonwealth)),
                notes=v.notes,
                case=v.case,
                source=v.source,
            )
            for v in model.victory
        ),
        weather=tuple(
            WeatherSeason(
                season=w.season,
                first=w.first,
                last=w.last,
                bands=tuple(WeatherBand(b.weather, b.low, b.high) for b in w.bands),
                case=w.case,
                source=w.source,
            )
            for w in model.weather
        ),
        initiative_ratings=tuple(
            InitiativeRating(
                side=r.side,
                situation=r.situation,
                rating=r.rating,
                first=r.first,
                last=r.last,
                case=r.case,
                source=r.source,
            )
            for r in model.initiative_rating
        ),
    )
