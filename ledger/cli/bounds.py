"""The ranges of the whole numbers typed on the command line, checked as argparse reads them.

``bounded_int(low, high, what)`` is an argparse ``type``: it refuses text longer than
``MAX_ARG_CHARS`` before converting it (Python refuses to convert a digit string of more than
4,300 digits, and a long one is never a figure of the game) and a value outside ``low..high``,
with a message naming the value and the range; argparse adds the option and exits with status
2. The bounds below are far above anything the game holds, to catch a typo or a pasted blob,
never a legal position; each says why. (The CP bound is ``ledger.model.bounds.CP_PER_COMMAND_MAX``,
checked by ``ledger.cli.app``'s CP reader and by the commands.)

Imports argparse and the game's bounds (``ledger.model.bounds``, constants shared with the files
and the commands) alone: building the parsers imports nothing else of the domain
(``tests/cli/test_cli_imports.py``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Final, TypeVar

from ledger.model.bounds import SUPPLY_POINTS_MAX, TOE_POINTS_MAX

MAX_ARG_CHARS: Final = 32
"""The longest number text a command takes. The longest meaningful figure, a 63-bit seed, has
19 digits; 32 leaves room for spaces, a sign and ``2 1/2``-style CP."""


def shown(text: str) -> str:
    """``text`` quoted for a message, cut to its first characters (and its length said) when it
    is longer than ``MAX_ARG_CHARS``: a 5,000-digit argument is not echoed back whole."""
    if len(text) <= MAX_ARG_CHARS:
        return repr(text)
    return f"{text[:16]!r}… ({len(text):,} characters)"


N = TypeVar("N", int, float)


def _bounded(
    convert: Callable[[str], N], kind: str, low: N, high: N, span: str, what: str, why: str
) -> Callable[[str], N]:
    """The argparse ``type`` of ``bounded_int`` and ``bounded_float``: ``convert`` reads the
    text, ``kind`` names what it must be ("a whole number"), ``span`` shows ``low..high``."""

    def parse(text: str) -> N:
        if len(text) > MAX_ARG_CHARS:
            raise argparse.ArgumentTypeError(
                f"{shown(text)} is too long for {what} (at most {MAX_ARG_CHARS} characters)"
            )
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown(text)} is not {what} ({kind})") from None
        if not low <= value <= high:  # also false for nan
            reason = f"; {why}" if why else ""
            raise argparse.ArgumentTypeError(f"{shown(text)} is not {what}: {span}{reason}")
        return value

    parse.__name__ = f"bounded_{convert.__name__}({low}, {high})"
    return parse


def bounded_int(low: int, high: int, what: str, why: str = "") -> Callable[[str], int]:
    """An argparse ``type`` reading a whole number in ``low..high``: ``what`` names it in the
    message (``"a number of supply points"``), ``why`` says where the bound comes from. Raises
    ``argparse.ArgumentTypeError`` for text longer than ``MAX_ARG_CHARS``, not a whole number or
    out of range."""
    return _bounded(int, "a whole number", low, high, f"{low:,}..{high:,}", what, why)


def bounded_float(low: float, high: float, what: str, why: str = "") -> Callable[[str], float]:
    """``bounded_int`` for a decimal number (``--time-limit``): refuses text longer than
    ``MAX_ARG_CHARS``, not a number, ``nan``, ``inf`` and anything outside ``low..high``."""
    return _bounded(float, "a number", low, high, f"{low}..{high}", what, why)


SUPPLY_POINTS = bounded_int(
    0, SUPPLY_POINTS_MAX, "a number of supply points", "the largest dump holds thousands"
)
"""``--ammo``, ``--fuel``, ``--stores``, ``--water``: 0..1,000,000 (``SUPPLY_POINTS_MAX``)."""

TRUCK_POINTS_MAX: Final = 10_000
"""The most Truck Points of one type one command loads, moves or assigns: scenario 60's
largest truck group holds 140 Medium Truck Points and a whole side's parks a few hundred."""

TRUCK_POINTS = bounded_int(
    0, TRUCK_POINTS_MAX, "a number of truck points", "a whole side's parks hold hundreds"
)
"""``--light``, ``--medium``, ``--heavy``: 0..10,000 (``TRUCK_POINTS_MAX``)."""

TOE_POINTS = bounded_int(0, TOE_POINTS_MAX, "a number of TOE Strength Points", "TOE is in tens")
"""``repair --points``: 0..1,000."""

TOE_CHANGE = bounded_int(
    -TOE_POINTS_MAX, TOE_POINTS_MAX, "a change of TOE Strength Points", "TOE is in tens"
)
"""``correct-toe --change``: -1,000..1,000."""

OPSTAGES_MAX: Final = 333
"""The whole campaign game: 111 Game-Turns of three Operations Stages (5.1)."""

OPSTAGES = bounded_int(
    1, OPSTAGES_MAX, "a number of Operations Stages", "the campaign game has 111 x 3"
)
"""``forecast --opstages``: 1..333 (a forecast plays at least one OpStage)."""

EVENTS_MAX: Final = 10_000_000
"""The most events ``history --last`` asks for: ten times the largest journal the benchmarks
measure (a million events, docs/design.md)."""

LAST_EVENTS = bounded_int(1, EVENTS_MAX, "a number of events", "at least one")
"""``history --last``: 1..10,000,000."""

SEED = bounded_int(0, 2**63 - 1, "a seed", "a 63-bit whole number")
"""``resolve --seed``: 0..2**63-1, what any random generator takes and a journal records."""

DIE = bounded_int(1, 6, "a die roll", "one six-sided die")
"""``draw-water --roll``: one die, 1..6."""

READING = bounded_int(11, 66, "a reading", "two dice, the large one the tens")
"""``morale --reading``, ``breakdown-check --roll``: a two-dice reading, 11..66 (a reading
inside the range with a die above 6, such as 17, is refused by the rules code)."""

TIME_LIMIT = bounded_float(0.1, 3600.0, "a time limit in seconds", "at most an hour")
"""``plan-convoys --time-limit``: 0.1..3,600 seconds; the planner stops at it with the best plan
found, and no player waits an hour."""
