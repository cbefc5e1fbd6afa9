"""Result shaping shared by the ``htr`` calculations: figures, odds tables and chances as the
JSON the CLI and page show (fractions as text such as ``"7/36"``)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ledger.charts.figures import to_json
from ledger.games.highway_to_the_reich import plain


def figure(name: str, value: object, case: str, note: str = "") -> dict[str, Any]:
    """One line of the working: ``{"name", "value", "case", "note"}`` (value made JSON-ready)."""
    return {"name": name, "value": to_json(value), "case": case, "note": note}


def odds(table: Mapping[Any, Fraction]) -> dict[str, Any]:
    """An exact distribution as ``{result: "p/q"}`` (keys as text)."""
    return {str(k): to_json(v) for k, v in table.items()}


def chance(value: Fraction | int) -> str:
    """An exact chance with its percentage: ``"1/3 (33.3 %)"``."""
    exact = Fraction(value)
    return f"{plain(exact)} ({float(exact) * 100:.1f} %)"


def rulings_used(chosen: Mapping[str, str], ids: tuple[str, ...]) -> dict[str, str]:
    """The options of the rulings ``ids`` a result was worked out with."""
    return {i: chosen[i] for i in ids}


def mixed(value: Fraction) -> str:
    """Movement Points as a player adds them: ``"4 1/2"``, ``"1/4"``, ``"3"``."""
    whole, part = divmod(value, 1)
    if not part:
        return str(int(whole))
    return f"{int(whole)} {part}" if whole else str(part)
