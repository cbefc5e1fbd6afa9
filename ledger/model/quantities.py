"""Exact quantities: supply points (integers) and Capability Points (quarter-point fractions).

Supply points and TOE Strength Points are integers. Capability Points and Cohesion Levels move in
half and quarter points (road movement costs 1/2 CP, some costs 1/4, 8.37), so they are kept as
``fractions.Fraction`` restricted to whole quarters, never floats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Final

from ledger.model.bounds import SUPPLY_POINTS_MAX
from ledger.model.errors import LedgerError

COMMODITIES: Final = ("ammo", "fuel", "stores", "water")
"""The four kinds of supply point, in log-sheet order (Ammunition, Fuel, Stores, Water)."""

COMMODITY_NAMES: Final = {
    "ammo": "Ammunition",
    "fuel": "Fuel",
    "stores": "Stores",
    "water": "Water",
}

CP_QUANTUM: Final = Fraction(1, 4)
"""The smallest Capability Point amount any cost in the game is expressed in (8.37)."""


@dataclass(frozen=True, slots=True)
class Supplies:
    """An amount of each commodity, in supply points (integers; may be negative only as a delta).

    Arithmetic is field by field. ``Supplies()`` is nothing of anything.
    """

    ammo: int = 0
    fuel: int = 0
    stores: int = 0
    water: int = 0

    def __add__(self, other: Supplies) -> Supplies:
        return Supplies(
            self.ammo + other.ammo,
            self.fuel + other.fuel,
            self.stores + other.stores,
            self.water + other.water,
        )

    def __sub__(self, other: Supplies) -> Supplies:
        return Supplies(
            self.ammo - other.ammo,
            self.fuel - other.fuel,
            self.stores - other.stores,
            self.water - other.water,
        )

    def __neg__(self) -> Supplies:
        return Supplies(-self.ammo, -self.fuel, -self.stores, -self.water)

    def get(self, commodity: str) -> int:
        """The amount of one commodity (``"ammo"``, ``"fuel"``, ``"stores"``, ``"water"``)."""
        if commodity not in COMMODITIES:
            raise KeyError(commodity)
        value: int = getattr(self, commodity)
        return value

    def items(self) -> tuple[tuple[str, int], ...]:
        """``((commodity, amount), ...)`` in log-sheet order."""
        return tuple((c, getattr(self, c)) for c in COMMODITIES)

    def nonzero(self) -> tuple[tuple[str, int], ...]:
        """The commodities whose amount is not zero, with their amounts."""
        return tuple((c, v) for c, v in self.items() if v != 0)

    @property
    def is_zero(self) -> bool:
        """True when every commodity is zero."""
        return all(getattr(self, f.name) == 0 for f in fields(self))

    def describe(self) -> str:
        """Readable text such as ``"10 Fuel, 5 Water"`` (``"nothing"`` when empty)."""
        parts = [f"{v} {COMMODITY_NAMES[c]}" for c, v in self.nonzero()]
        return ", ".join(parts) if parts else "nothing"


def round_half_up(value: Fraction) -> int:
    """Round to the nearest whole number, halves upwards (11.32: 11.4 → 11, 11.5 → 12).

    Python's ``round`` rounds halves to even (``round(4.5) == 4``); the rules do not.
    Only meaningful for non-negative values, which is all 11.32 is applied to.
    """
    return int((value * 2 + 1) // 2)


_CP_TEXT = re.compile(r"^\s*(?:(?P<whole>\d+)\s+)?(?P<num>\d+)(?:/(?P<den>\d+))?\s*$")
_CP_DECIMAL = re.compile(r"^\s*\d+\.\d+\s*$")


CP_TEXT_LIMIT: Final = 16
"""The longest text read as a CP amount: no CP figure of the game needs more characters
("100 3/4" is 7), and refusing longer text first keeps a pasted 5,000-digit number from
reaching Python's integer conversion."""


class CPFormatError(ValueError):
    """Text that is not a Capability Point amount in whole quarters."""


def parse_cp(text: str) -> Fraction:
    """Read a Capability Point amount: ``"5"``, ``"1/2"``, ``"2 1/2"`` or ``"2.25"``.

    Returns a non-negative ``Fraction`` in whole quarter points.
    Raises ``CPFormatError`` naming the text when it is longer than ``CP_TEXT_LIMIT``, is not a
    number, is negative, or is not a multiple of 1/4 CP (the finest cost in the game, 8.37).
    """
    if len(text) > CP_TEXT_LIMIT:
        raise CPFormatError(
            f"CP {text[:12]!r}… ({len(text)} characters) is too long: a CP amount is written in "
            f"at most {CP_TEXT_LIMIT} characters (5, 1/2, 2 1/2)"
        )
    match = _CP_TEXT.match(text)
    value: Fraction
    if match:
        num = Fraction(int(match["num"]), int(match["den"] or 1)) if match["den"] != "0" else None
        if num is None:
            raise CPFormatError(f"CP {text!r}: a fraction cannot have denominator 0")
        value = num + int(match["whole"] or 0)
    elif _CP_DECIMAL.match(text):
        value = Fraction(text.strip())
    else:
        raise CPFormatError(
            f"CP {text!r} is not a number of Capability Points (write 5, 1/2, 2 1/2 or 2.25)"
        )
    if value % CP_QUANTUM:
        raise CPFormatError(
            f"CP {text!r} is not a whole number of quarter points; every CP cost is a multiple "
            "of 1/4 (8.37)"
        )
    return value


def format_cp(value: Fraction) -> str:
    """Show a CP or Cohesion amount as players write it: ``"5"``, ``"2 1/2"``, ``"-3/4"``."""
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    whole, part = divmod(magnitude.numerator, magnitude.denominator)
    frac = f"{part}/{magnitude.denominator}"
    return f"{sign}{whole} {frac}" if whole else f"{sign}{frac}"


def check_amount_not_negative(amount: Fraction | int, what: str) -> None:
    """Raise ``ValueError`` naming ``what`` (e.g. ``"Water needed"``, ``"TOE points"``) when
    ``amount`` (supply points, TOE or Truck Points, CP, Game-Turns or Operations Stages) is
    negative: a programming error in the caller, never a player's refusal."""
    if amount < 0:
        raise ValueError(f"{what} {amount}: cannot be negative")


def supply_bound_errors(supplies: Supplies) -> list[LedgerError]:
    """An error for each commodity of ``supplies`` above ``bounds.SUPPLY_POINTS_MAX`` (one
    command's amount), in the words the command line uses, so a page and the CLI refuse alike."""
    return [
        LedgerError(
            f"--{commodity}",
            f"{str(amount)!r} is not a number of supply points: 0..{SUPPLY_POINTS_MAX:,}; "
            "the largest dump holds thousands",
        )
        for commodity, amount in supplies.items()
        if amount > SUPPLY_POINTS_MAX
    ]
