"""The die roll modifier stack of a combat (Combat Phase ¶6), every term with its case.

Negative drm favour the attacker: artillery support -1 per full 20 BF of offensive fire support
(Artillery Units ¶4), stuka -2 (Air Missions ¶5), Rommel -1 (Rommel's HQ ¶1), heavy armor -1
for each attacking heavy armor unit on the Assault CRT only (Heavy Armor Units ¶1), initiative
failure -1 (Retreat before Combat ¶2), disabled armor -1 (Heavy Armor Units ¶2), and the
defending terrain drm of the player's TEC (Combat Phase ¶6; the TEC is not in the text). The
terms add up; the total die roll is then read within the table's ends (Using The Dice Roll ¶1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ledger.games.battles_for_north_africa.units import CombatUnit

BF_PER_ARTILLERY_DRM: Final = 20
"""Each full multiple of 20 supporting BF gives -1 (Artillery Units ¶4)."""
STUKA_DRM: Final = -2  # Air Missions ¶5
ROMMEL_DRM: Final = -1  # Rommel's HQ ¶1
HEAVY_ARMOR_DRM: Final = -1  # Heavy Armor Units ¶1, each unit, Assault CRT only
INITIATIVE_FAILURE_DRM: Final = -1  # Retreat before Combat ¶2
DISABLED_ARMOR_DRM: Final = -1  # Heavy Armor Units ¶2


@dataclass(frozen=True, slots=True)
class Drm:
    """One term of the stack: its ``name``, ``value`` (signed), ``case`` and how it was found."""

    name: str
    value: int
    case: str
    note: str


def artillery_support_drm(supporting_bf: int) -> int:
    """-1 for each full 20 BF of offensive fire support: 19 → 0, 20 → -1, 39 → -1, 40 → -2
    (Artillery Units ¶4). ``ValueError`` for a negative BF."""
    if supporting_bf < 0:
        raise ValueError(f"supporting BF cannot be negative: {supporting_bf} (Artillery Units ¶4)")
    return -(supporting_bf // BF_PER_ARTILLERY_DRM)


def drm_stack(
    attackers: Sequence[CombatUnit],
    defenders: Sequence[CombatUnit],
    *,
    table: str,
    terrain_drm: int = 0,
    supporting_bf: int = 0,
    stukas: int = 0,
    initiative_failure: bool = False,
    stuka_each: bool = False,
    disabled_each: bool = False,
) -> tuple[Drm, ...]:
    """Every drm that applies to this combat on ``table`` ("mobile" or "assault"), the terms
    that are 0 left out. ``stuka_each``/``disabled_each`` are the options ``each`` of rulings
    ``bfna-stuka-count``/``bfna-disabled-armor-count``. ``ValueError`` for a negative number of
    stukas."""
    if stukas < 0:
        raise ValueError(f"stukas cannot be negative: {stukas} (Air Missions ¶5)")
    terms = []
    if terrain_drm:
        terms.append(Drm("defending terrain", terrain_drm, "Combat Phase ¶6", "from the TEC"))
    art = artillery_support_drm(supporting_bf)
    if art:
        terms.append(
            Drm("artillery support", art, "Artillery Units ¶4", f"{supporting_bf} BF supporting")
        )
    if stukas:
        count = stukas if stuka_each else 1
        terms.append(
            Drm("stuka support", STUKA_DRM * count, "Air Missions ¶5", f"{stukas} stuka(s)")
        )
    if any(a.rommel for a in attackers):
        terms.append(Drm("Rommel", ROMMEL_DRM, "Rommel's HQ ¶1", "Rommel's HQ attacks"))
    heavy = sum(1 for a in attackers if a.type.heavy_armor)
    if heavy and table == "assault":
        terms.append(
            Drm(
                "heavy armor",
                HEAVY_ARMOR_DRM * heavy,
                "Heavy Armor Units ¶1",
                f"{heavy} heavy armor unit(s) attack on the Assault CRT",
            )
        )
    if initiative_failure:
        terms.append(
            Drm(
                "initiative failure",
                INITIATIVE_FAILURE_DRM,
                "Retreat before Combat ¶2",
                "a unit failed to retreat before combat",
            )
        )
    disabled = sum(1 for d in defenders if d.disabled)
    if disabled:
        count = disabled if disabled_each else 1
        terms.append(
            Drm(
                "disabled armor",
                DISABLED_ARMOR_DRM * count,
                "Heavy Armor Units ¶2",
                f"{disabled} disabled unit(s) defend",
            )
        )
    return tuple(terms)
