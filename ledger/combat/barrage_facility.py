"""Barrage against facilities (12.51-12.54).

12.51 lets artillery barrage a major city, fortification, road, railroad, Supply Dump or Air
Facility; the result is read on the Air Bombardment Table (41.5, 12.53, 12.54), which the
reference data does not hold, so ``barrage_facility`` always raises ``MissingChartError``.
"""

from __future__ import annotations

from typing import Final, NoReturn

FACILITIES: Final = (
    "major_city",
    "fortification",
    "road",
    "railroad",
    "supply_dump",
    "air_facility",
)
"""The facilities 12.51 lets artillery barrage."""


class MissingChartError(NotImplementedError):
    """A calculation needs a chart the reference data does not hold."""


def barrage_facility(facility: str, raw_points: int) -> NoReturn:
    """12.51-12.54: a barrage against a facility reads the Air Bombardment Table (41.5), which
    is not in the reference data, so it always raises ``MissingChartError`` saying so (and
    which column the rules would use). ``ValueError`` for an unknown ``facility``."""
    if facility not in FACILITIES:
        raise ValueError(f"facility {facility!r}: expected one of {', '.join(FACILITIES)} (12.51)")
    if facility in ("supply_dump", "air_facility"):
        column = (
            f"12.54: against a Supply Dump or Air Facility the {raw_points} Raw Barrage Points "
            "(not Actual) select the Bombload column"
        )
    else:
        column = "12.53: the Artillery Barrage Points column of 41.5 would be read"
    raise MissingChartError(
        "chart 41.5 (Air Bombardment Table) is not in the reference data; barrage against "
        f"facilities (12.51-12.54) cannot be computed ({facility}; {column})"
    )
