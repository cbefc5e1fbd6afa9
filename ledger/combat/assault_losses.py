"""Close Assault casualties (15.8): Raw points lost, which TOE points absorb them, Forward guns'
Vulnerability losses, Captured points and Prisoner Points, Disorganization and retreats.

The steps a side takes after its 15.79 reading (15.83): the loss percentage (plus 10 % for each
hex of a Retreat not taken, 15.82) times the side's total Raw Close Assault points gives the Raw
points lost (``raw_loss``; the attacker rounds up, the defender down, an Overrun defender up).
Those Raw points are shared among the hexes involved (``hex_shares``, ruling
``15.83e-hex-shares``) and absorbed by TOE points at their rating, Offensive Close Assault for
the attacker and Defensive for the defender (``propose_raw_losses``, ``check_raw_losses``).
Forward guns then lose Vulnerability points (15.84b, ``gun_vulnerability_losses``), all the
defender's guns in an Overrun (15.84c). A Captured result hands a share of the points lost to the
enemy (15.85, 15.86, chart 15.89: ``prisoner_percent``, ``propose_captured``,
``prisoners_from``, ruling ``15.86-captured-class-points``). Losing 30 % of the TOE points committed costs 3 Disorganization Points
(15.87).

How a loss is proposed (15.83d, the same as 14.43 for Damage Points): the fewest TOE points whose
ratings together absorb at least the loss; among those, the least Raw absorbed beyond the loss;
then the fewest units and systems touched; then points of elements listed earlier. Points with a 0 or "-"
rating absorb nothing: the owner may hand them in (``check_raw_losses`` accepts them), but a
proposal never picks them. When a hex's points cannot absorb its share, all its absorbing points
are lost and the rest of the share is ignored. Parenthesised ratings (15.17) absorb at most a
quarter of the hex's share when combat units share the hex (ruling
``15.17-parenthesised-quarter``). Every rounding is done once, in the function named for its
rule, on exact ``Fraction``s.

The internals of the fewest-points programme are in ``ledger.combat.assault_absorption``, the
Captured and Prisoner Points (15.85, 15.86, 15.89) in ``ledger.combat.assault_captured``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Final

from ledger.combat.assault_absorption import (
    absorption_pool,
    check_assault_rating,
    check_not_negative,
    fewest_absorbing_points,
    merged_losses,
    parenthesised_cap,
    raw_absorbed,
    spread_over_elements,
)
from ledger.combat.forces import Element, Loss
from ledger.model.rulings import check_options

HEX_SHARES_RULING: Final = "15.83e-hex-shares"
PARENTHESISED_RULING: Final = "15.17-parenthesised-quarter"
VULNERABILITY_HALF_RULING: Final = "15.84-vulnerability-half"
ANTI_ARMOR_VULNERABILITY: Final = 2
"""12.19: a gun firing Anti-Armor has a Vulnerability rating of 2 (pass it as an override)."""
DISORGANIZATION_POINTS: Final = 3
"""15.87: Disorganization Points for losing 30 % or more of the TOE points committed."""
RETREAT_PERCENT_PER_HEX: Final = 10
"""15.82: extra loss percentage for each hex of a mandated Retreat not taken."""
AA_KINDS: Final = frozenset({"anti_air_light", "anti_air_heavy"})


def raw_loss(percent: int, total_raw: int, *, attacker: bool, overrun: bool) -> int:
    """15.83c: Raw points lost = ``percent`` % of ``total_raw`` Raw Close Assault points, the
    attacker rounding up, the defender down, and a defender Overrun (15.77) up. Exact: 35.1
    is 36 for the attacker and 35 for the defender; an Overrun defender's 1.1 is 2.

    ``percent`` includes any 15.82 retreat percentage. Raises ``ValueError`` naming the field
    for a negative percent or total."""
    check_not_negative("percent", percent, "15.83c")
    check_not_negative("total_raw", total_raw, "15.83c")
    exact = Fraction(percent * total_raw, 100)
    return math.ceil(exact) if attacker or overrun else math.floor(exact)


def hex_shares(
    elements: Sequence[Element],
    raw_lost: int,
    rating: str,
    *,
    hex_shares: str = "largest-remainder",
) -> dict[str, int]:
    """15.83e: {hex: Raw points that hex must absorb}, in proportion to each hex's Raw points of
    ``rating`` among ``elements`` (hexes in the order first listed). Ruling
    ``15.83e-hex-shares``: ``"largest-remainder"`` (shares add up to ``raw_lost``) or
    ``"round-up"``. Every hex 0 when no element has Raw points. Raises ``ValueError`` for a
    rating other than the two Close Assault ratings, a negative loss or an unknown option."""
    return _shares(elements, raw_lost, rating, hex_shares)


def _shares(elements: Sequence[Element], raw_lost: int, rating: str, option: str) -> dict[str, int]:
    check_options([(HEX_SHARES_RULING, option)])
    check_assault_rating(rating)
    check_not_negative("raw_lost", raw_lost, "15.83e")
    raws: dict[str, int] = {}
    for e in elements:
        raws[e.hex] = raws.get(e.hex, 0) + e.raw(rating)
    total = sum(raws.values())
    if total == 0:
        return {h: 0 for h in raws}
    exact = {h: Fraction(raw_lost * r, total) for h, r in raws.items()}
    if option == "round-up":
        return {h: math.ceil(share) for h, share in exact.items()}
    shares = {h: math.floor(share) for h, share in exact.items()}
    order = list(raws)
    owed = raw_lost - sum(shares.values())
    by_remainder = sorted(order, key=lambda h: (shares[h] - exact[h], -raws[h], order.index(h)))
    for h in by_remainder[:owed]:
        shares[h] += 1
    return shares


def propose_raw_losses(
    elements: Sequence[Element],
    raw_lost: int,
    rating: str,
    *,
    hex_shares: str = "largest-remainder",
) -> tuple[Loss, ...]:
    """15.83d, e: the TOE points a side removes to absorb ``raw_lost`` Raw points of ``rating``
    (``"offensive_close_assault"`` for the attacker, ``"defensive_close_assault"`` for the
    defender), hex by hex (``hex_shares``): in each hex the fewest points absorbing at least its
    share, then the least waste, the fewest units, the elements listed first (module notes).
    ``elements`` are the points that may absorb: committed ones, and for the defender those
    pinned or withheld (15.83b, d). One ``Loss`` per unit and system, ``absorbs`` in Raw points.
    Raises ``ValueError`` for another rating or a negative loss."""
    found: list[Loss] = []
    for hex_, share in _shares(elements, raw_lost, rating, hex_shares).items():
        members = [e for e in elements if e.hex == hex_]
        picked = fewest_absorbing_points(
            absorption_pool(members, rating), share, parenthesised_cap(members, rating, share)
        )
        found += [
            Loss(e.unit, e.system, x, x * e.rating(rating))
            for e, x in zip(members, picked, strict=True)
            if x
        ]
    return merged_losses(found)


def check_raw_losses(
    elements: Sequence[Element],
    raw_lost: int,
    rating: str,
    allocation: Iterable[Loss],
    *,
    hex_shares: str = "largest-remainder",
) -> None:
    """Check the owner's ``allocation`` of a Close Assault loss (15.83d, e; 15.17). Valid when
    it names only points among ``elements``, takes no more points than an element holds, and
    absorbs in every hex its share of ``raw_lost`` (or as much as that hex's points can; a
    quarter of the share at most from parenthesised ratings beside combat units). Points with
    a 0 rating may be included; more than the loss may be given. ``Loss.absorbs`` is ignored
    and worked out again. Raises one ``ValueError`` listing every problem (shortfall per hex
    in Raw points, over-holding, unknown points) with the rule case."""
    shares = _shares(elements, raw_lost, rating, hex_shares)
    problems: list[str] = []
    taken = spread_over_elements(elements, allocation, problems)
    for hex_, share in shares.items():
        members = [i for i, e in enumerate(elements) if e.hex == hex_]
        hex_elements = [elements[i] for i in members]
        cap = parenthesised_cap(hex_elements, rating, share)
        best = fewest_absorbing_points(absorption_pool(hex_elements, rating), share, cap)
        needed = min(share, raw_absorbed(hex_elements, best, rating, cap))
        got = raw_absorbed(hex_elements, [taken[i] for i in members], rating, cap)
        if got < needed:
            where = f"hex {hex_}" if hex_ else "the hex"
            problems.append(
                f"{where} must absorb {needed} Raw {rating} points, the allocation absorbs "
                f"{got}: {needed - got} short (15.83d, e; 15.17)"
            )
    if problems:
        raise ValueError("; ".join(problems))


def is_aa(element: Element) -> bool:
    """True for AA/Flak points, which take no Vulnerability losses (15.84b)."""
    return element.unit_type == "anti_air" or element.kind in AA_KINDS


def guns_subject_to_vulnerability(
    elements: Iterable[Element], *, defender: bool, overrun: bool
) -> tuple[Element, ...]:
    """The Gun-class points (12.17, 15.13, 15.84) that take Vulnerability losses: Forward guns,
    or all the defender's guns in an Overrun (15.84c); never AA/Flak (15.84b). For the
    attacker, pass only the guns that took part."""
    return tuple(
        e
        for e in elements
        if e.combat_class == "gun"
        and not is_aa(e)
        and e.points
        and (e.forward or (defender and overrun))
    )


def vulnerability_required(raw_lost: int, *, vulnerability_half: str = "up") -> int:
    """15.84b: Vulnerability points a side's guns must lose for ``raw_lost`` Raw points: half,
    rounded as ruling ``15.84-vulnerability-half`` says (``"up"``: 7 -> 4, ``"down"``: 7 -> 3),
    and at least 1 when any Raw point was lost."""
    check_options([(VULNERABILITY_HALF_RULING, vulnerability_half)])
    check_not_negative("raw_lost", raw_lost, "15.84b")
    if raw_lost == 0:
        return 0
    half = Fraction(raw_lost, 2)
    return max(1, math.ceil(half) if vulnerability_half == "up" else math.floor(half))


def effective_vulnerability(
    element: Element, *, offensive: bool, override: int | None = None
) -> int:
    """The Vulnerability one TOE point of ``element`` absorbs (15.84b, 14.42): ``override``
    when given (12.19: ``ANTI_ARMOR_VULNERABILITY`` for a gun firing Anti-Armor), else its
    rating, halved and rounded up in an Offensive Close Assault (12.18: 7 -> 4)."""
    if override is not None:
        check_not_negative("override", override, "12.19")
        return override
    rating = element.rating("vulnerability")
    return math.ceil(Fraction(rating, 2)) if offensive else rating


def gun_vulnerability_losses(
    forward_guns: Sequence[Element],
    raw_lost: int,
    *,
    offensive: bool,
    vulnerability: Mapping[tuple[str, str], int] | None = None,
    vulnerability_half: str = "up",
) -> tuple[Loss, ...]:
    """15.84b, c: the fewest gun TOE points whose Vulnerability (``effective_vulnerability``;
    ``vulnerability`` overrides it per (unit, system)) absorbs ``vulnerability_required`` for
    ``raw_lost`` Raw points, with the tie-breaks of the module notes. Pass the guns that take
    such losses (``guns_subject_to_vulnerability``); AA/Flak points are skipped. Taken after the
    Raw losses (15.84c): pass what is left (``remaining_after``). Guns in several hexes are one
    pool. ``absorbs`` is in Vulnerability points."""
    needed = vulnerability_required(raw_lost, vulnerability_half=vulnerability_half)
    overrides = vulnerability or {}
    guns = [g for g in forward_guns if not is_aa(g)]
    each = [
        effective_vulnerability(g, offensive=offensive, override=overrides.get((g.unit, g.system)))
        for g in guns
    ]
    picked = fewest_absorbing_points(
        [(g.points, v, False) for g, v in zip(guns, each, strict=True)], needed, None
    )
    return merged_losses(
        Loss(g.unit, g.system, x, x * v) for g, v, x in zip(guns, each, picked, strict=True) if x
    )


def remaining_after(elements: Sequence[Element], losses: Iterable[Loss]) -> tuple[Element, ...]:
    """``elements`` less the points in ``losses`` (taken from the first element of a unit and
    system first); elements left with no points are dropped. Raises ``ValueError`` when a loss
    takes more points than held or names points not among ``elements``."""
    problems: list[str] = []
    taken = spread_over_elements(elements, losses, problems)
    if problems:
        raise ValueError("; ".join(problems))
    return tuple(
        replace(e, points=e.points - x)
        for e, x in zip(elements, taken, strict=True)
        if e.points > x
    )


def disorganization_points(toe_lost: int, toe_committed: int) -> int:
    """15.87: 3 Disorganization Points for every unit of a side involved when its TOE points lost
    (committed or not) are 30 % or more of the TOE points it committed, else 0 (exact: 3 of 10
    is 3). A loss with nothing committed counts as over 30 %."""
    check_not_negative("toe_lost", toe_lost, "15.87")
    check_not_negative("toe_committed", toe_committed, "15.87")
    if toe_lost and 10 * toe_lost >= 3 * toe_committed:
        return DISORGANIZATION_POINTS
    return 0


def retreat_extra_percent(
    hexes_required: int, hexes_retreated: int, *, major_city: bool = False
) -> int:
    """15.82: the loss percentage added for a Retreat not taken: 10 for each of the
    ``hexes_required`` hexes not retreated (2 hexes short: 20), 0 for units in (or retreated
    into) a major city, which may ignore the rest of a Retreat."""
    check_not_negative("hexes_required", hexes_required, "15.82")
    check_not_negative("hexes_retreated", hexes_retreated, "15.82")
    if major_city:
        return 0
    return RETREAT_PERCENT_PER_HEX * max(0, hexes_required - hexes_retreated)


def parenthesised_defence_overwhelmed(attacker_raw: int, defenders: Sequence[Element]) -> bool:
    """15.18: True when every defending point has a parenthesised Defensive Close Assault rating
    and the attacker's Raw Offensive Close Assault points are at least 3 times the defenders'
    Raw Defensive points. Then the attacker ignores the first 20 % of its losses
    (``attacker_percent_15_18``) and, at 20 % or more defender losses, the defenders' remaining
    points are captured (``remaining_after``)."""
    check_not_negative("attacker_raw", attacker_raw, "15.18")
    present = [e for e in defenders if e.points]
    if not present or any(
        "defensive_close_assault" not in e.ratings.parenthesised for e in present
    ):
        return False
    return attacker_raw >= 3 * sum(e.raw("defensive_close_assault") for e in present)


def attacker_percent_15_18(percent: int) -> int:
    """15.18: the attacker's loss percentage after ignoring the first 20 % (35 -> 15, 10 -> 0)."""
    check_not_negative("percent", percent, "15.18")
    return max(0, percent - 20)
