"""Weather (14.11): the exact odds of each Weather Condition value, or of no air operations.

Two dice added are read in the row of the time band and map half (North or South); the chart
``14.11-weather-conditions.toml`` prints two bands, 0201-0600 and 1201-1400. On a night
Game-Turn five Weather Condition points are added (14.11); "P" (no air operations) stays P.
A time outside both bands is the ruling ``htr-14.11-unprinted-times``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from ledger.charts.engine import Chart
from ledger.charts.loader import package_chart
from ledger.games.highway_to_the_reich import PACKAGE
from ledger.games.highway_to_the_reich.rulings import UNPRINTED_TIMES

CASE: Final = "14.11"
CHART_ID: Final = "14.11-weather-conditions"
BANDS: Final = ("0201-0600", "1201-1400")
"""The time bands the table prints (14.11)."""
HALVES: Final = ("north", "south")
NIGHT_POINTS: Final = 5
"""Weather Condition points added on a night Game-Turn (14.11)."""
NO_AIR: Final = "P"


def weather_chart() -> Chart:
    """The bundled 14.11 chart (rows ``"0201-0600 north"`` ..., results 0, 3, 6, P)."""
    return package_chart(PACKAGE, CHART_ID)


def band_for_time(time: str, unprinted: str = UNPRINTED_TIMES.default) -> tuple[str, str]:
    """The printed band for a clock ``time`` ``"HHMM"`` (0000-2359) and a note saying how it
    was found. A time outside both bands is refused (``refuse``) or read on the last printed
    band that began before it (``last-printed-band``: 0601-1200 on 0201-0600; 1401-0200 on
    1201-1400). Raises ``ValueError`` for a malformed time or under ``refuse``."""
    if len(time) != 4 or not time.isdigit() or int(time[:2]) > 23 or int(time[2:]) > 59:
        raise ValueError(f"{time!r} is not a time HHMM such as 0430 ({CASE})")
    minutes = int(time)
    for band in BANDS:
        start, end = (int(t) for t in band.split("-"))
        if start <= minutes <= end:
            return band, f"{time} lies in the printed band {band} ({CASE})"
    if unprinted == "refuse":
        raise ValueError(
            f"{time} is in no printed band ({', '.join(BANDS)}); {UNPRINTED_TIMES.id} is "
            f"'refuse' ({CASE})"
        )
    if unprinted != "last-printed-band":
        raise ValueError(f"unknown option {unprinted!r} of {UNPRINTED_TIMES.id} ({CASE})")
    band = BANDS[0] if 601 <= minutes <= 1200 else BANDS[1]
    return band, f"{time} is in no printed band: read on {band}, the last one begun ({CASE})"


@dataclass(frozen=True, slots=True)
class Weather:
    """A weather roll worked out (14.11): the chart ``row`` read, whether it is ``night``, the
    exact odds of each printed value (``printed_odds``) and of the Weather Condition points
    after the night addition (``condition_odds``, keys ``"0"``..``"11"`` or ``"P"``), and the
    chance of ``no_air_operations``."""

    row: str
    night: bool
    printed_odds: dict[str, Fraction]
    condition_odds: dict[str, Fraction]
    no_air_operations: Fraction


def weather(band: str, half: str, night: bool = False) -> Weather:
    """The odds of the 14.11 roll for time ``band`` (``"0201-0600"`` or ``"1201-1400"``) and
    map ``half`` (``"north"``/``"south"``); ``night`` adds 5 points to every number.
    Raises ``ValueError`` for a band or half the table does not print."""
    if band not in BANDS:
        raise ValueError(f"{band!r} is not a printed time band ({', '.join(BANDS)}) ({CASE})")
    if half not in HALVES:
        raise ValueError(f"{half!r} is not a map half (north, south) ({CASE})")
    row = f"{band} {half}"
    printed = weather_chart().distribution(row)
    condition: dict[str, Fraction] = {}
    for value, chance in printed.items():
        shown = value if value == NO_AIR or not night else str(int(value) + NIGHT_POINTS)
        condition[shown] = condition.get(shown, Fraction(0)) + chance
    return Weather(row, night, printed, condition, printed.get(NO_AIR, Fraction(0)))
