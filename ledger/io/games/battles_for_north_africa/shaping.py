"""Small helpers shaping bfna results as JSON: exact numbers as text and figure rows."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def number(value: Fraction | int) -> str:
    """An exact number as text: ``7`` → ``"7"``, ``Fraction(63, 2)`` → ``"63/2"``."""
    f = Fraction(value)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def approx(value: Fraction) -> str:
    """``value`` to two decimal places for reading (``63/32`` → ``"1.97"``), rounded half to
    even on the exact fraction; the exact value is always shown next to it."""
    hundredths = round(value * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def ratio_text(attack: Fraction, defense: Fraction) -> str:
    """The odds as a player checks them: ``"63/2 to 16 = 63/32 (1.97)"``; ``"9 to 9 = 1"``;
    ``"6 to 0"`` when the defense is 0."""
    text = f"{number(attack)} to {number(defense)}"
    if not defense:
        return text
    ratio = attack / defense
    text += f" = {number(ratio)}"
    return text if ratio.denominator == 1 else f"{text} ({approx(ratio)})"


def figure(name: str, value: object, case: str, note: str) -> dict[str, Any]:
    """One row of ``figures``: ``{"name", "value", "case", "note"}``, numbers as exact text."""
    shown = number(value) if isinstance(value, Fraction | int) else value
    return {"name": name, "value": shown, "case": case, "note": note}
