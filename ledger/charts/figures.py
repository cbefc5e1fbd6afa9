"""The working of a calculation, for every game: one ``Figure`` per line (name, value, rule case,
how it was found), and ``to_json`` for the JSON a calculator prints (exact fractions as text).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Figure:
    """One line of a calculation's working: ``name``, ``value`` (int, Fraction or text), the rule
    ``case`` and a ``note`` saying how it was found."""

    name: str
    value: int | Fraction | str
    case: str
    note: str = ""


def to_json(value: object) -> object:
    """``value`` as JSON-ready data: dataclasses become objects of their fields, ``Fraction``s
    the text ``"1/36"`` (whole numbers stay ints), tuples and sets lists, mapping keys text.
    Used by every calculation's ``as_json``, CNA's and the other games'."""
    if isinstance(value, Fraction):
        return (
            value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        )
    if isinstance(value, bool | int | str | float) or value is None:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return [to_json(v) for v in items]
    raise TypeError(f"cannot show {type(value).__name__} as JSON")
