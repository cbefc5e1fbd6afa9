"""Result shaping shared by the miniatures calculations: the JSON every result carries
(``summary``, ``figures``, ``odds``, ``notes``, ``rulings`` and the calculation's own keys),
fractions as a player reads them, and domain errors turned into request errors."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from ledger.charts.figures import Figure, to_json
from ledger.io.games import domain_error

T = TypeVar("T")


def in_domain(field_name: str, work: Callable[[], T]) -> T:
    """``work()``, its ``ValueError``/``KeyError`` turned into a ``RequestError`` at
    ``field_name`` (the case taken from the message)."""
    try:
        return work()
    except (ValueError, KeyError) as exc:
        raise domain_error(field_name, exc) from exc


def result(
    summary: list[str],
    figures: list[Figure],
    odds: dict[str, dict[str, Fraction]],
    notes: list[str],
    rulings: dict[str, str],
    **own: object,
) -> dict[str, Any]:
    """A calculation's result as JSON-ready data (fractions as text "7/36")."""
    data = {
        "summary": summary,
        "figures": figures,
        "odds": odds,
        "notes": notes,
        "rulings": rulings,
        **own,
    }
    shown = to_json(data)
    assert isinstance(shown, dict)
    return shown


def fraction(value: Fraction) -> str:
    """``value`` as "7/36", or "2" when whole."""
    return str(value.numerator) if value.denominator == 1 else str(value)


def share(value: Fraction) -> str:
    """A share of a turn as the 2.4 table prints it: "none" for 0, else "1/4", "1"."""
    return "none" if value == 0 else fraction(value)


def chance(value: Fraction) -> str:
    """An exact chance with its percentage for reading: "41/216 (19.0 %)"."""
    return f"{fraction(value)} ({float(value) * 100:.1f} %)"
