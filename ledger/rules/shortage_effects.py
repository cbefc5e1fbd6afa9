"""What a shortage does to one unit, as a value: ``ShortageEffect`` (Disorganization Points,
TOE points lost, what the shortage forbids), ``NO_EFFECT`` and ``combine`` for several shortages
at once (51.21-51.23, 52.51-52.53, 52.6, 49.16, 50.12, 50.14, 15.15); and the effect charts
read from ``ledger/charts/data/`` (51.2-stores-shortage, 52.5-water-shortage), with the check
that an amount is not negative.

``ledger.rules.shortage`` builds each commodity's effect from these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from ledger.rules.consumption_charts import rate_file


@dataclass(frozen=True, slots=True)
class ShortageEffect:
    """What a shortage does to one unit now.

    ``dp``: Disorganization Points to post (``Fraction``, 0 or more). ``toe_lost``: TOE
    Strength Points lost to attrition (whole; infantry-type points only, 51.22, 52.53).
    ``may_move``: it may move at all (49.16, 52.51, 52.6). ``may_attack``: it may make an
    offensive Close Assault or Probe (15.15, 52.51, 52.52). ``may_barrage``: the shortage leaves
    it able to Barrage (12.0, 50.14). ``notes``: what happened, for the log sheet. ``cases``:
    the cases applied. Then: ``may_exceed_cpa`` voluntarily (51.23, 52.52, 52.6);
    ``may_enter_enemy_zoc`` voluntarily (51.23, 50.12); ``may_defend`` with its ratings in a
    Close Assault (15.15, 6.26); ``defense_halved``: its Defensive Close Assault raw points are
    halved (52.51, 52.52); ``out_of_ammunition`` for Close Assault (15.15, see
    ``hex_surrenders_when_assaulted``). A permission is ``False`` only when the shortage
    forbids it, whatever else the unit can or cannot do.
    """

    dp: Fraction
    toe_lost: int
    may_move: bool
    may_attack: bool
    may_barrage: bool
    notes: tuple[str, ...]
    cases: tuple[str, ...]
    may_exceed_cpa: bool = True
    may_enter_enemy_zoc: bool = True
    may_defend: bool = True
    defense_halved: bool = False
    out_of_ammunition: bool = False


NO_EFFECT: Final = ShortageEffect(Fraction(0), 0, True, True, True, (), ())
"""A unit that has what it needs."""


def combine(effects: Iterable[ShortageEffect]) -> ShortageEffect:
    """The effects of several shortages at once (a unit short of Stores and Water): DP and
    TOE points add up, each prohibition holds, notes and cases are kept in order."""
    result = NO_EFFECT
    for e in effects:
        result = ShortageEffect(
            dp=result.dp + e.dp,
            toe_lost=result.toe_lost + e.toe_lost,
            may_move=result.may_move and e.may_move,
            may_attack=result.may_attack and e.may_attack,
            may_barrage=result.may_barrage and e.may_barrage,
            notes=result.notes + e.notes,
            cases=result.cases + tuple(c for c in e.cases if c not in result.cases),
            may_exceed_cpa=result.may_exceed_cpa and e.may_exceed_cpa,
            may_enter_enemy_zoc=result.may_enter_enemy_zoc and e.may_enter_enemy_zoc,
            may_defend=result.may_defend and e.may_defend,
            defense_halved=result.defense_halved or e.defense_halved,
            out_of_ammunition=result.out_of_ammunition or e.out_of_ammunition,
        )
    return result


def stores_shortage_chart() -> dict[str, Any]:
    """Effect chart ``51.2-stores-shortage`` as parsed TOML: the Disorganization Points of a
    Game-Turn without Stores (51.21), Stores attrition (51.22) and what half rations forbid
    (51.23), each table with its case."""
    return rate_file("51.2-stores-shortage")


def water_shortage_chart() -> dict[str, Any]:
    """Effect chart ``52.5-water-shortage`` as parsed TOML: what a shortage of water forbids
    vehicles (52.51) and infantry (52.52), water attrition (52.53) and the Pasta Point's
    effects (52.6), each table with its case."""
    return rate_file("52.5-water-shortage")
