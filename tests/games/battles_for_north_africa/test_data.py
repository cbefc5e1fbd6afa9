"""The unit type and terrain data files against the rules text, re-transcribed by hand.

Unit Capabilities ¶9 lists the motorized types (13), the non-motorized types (6) and the armored
types (3); ¶12 the artillery types (9); AT Units ¶1 makes the AT kinds a subset of those; Supply
¶3 gives armor car, recon and motorcycle a path as long as their MP; Artillery Units ¶2 and
Retreat ¶3 single out the SP types. Terrain: Combat Phase ¶3 (mountain halves armored AF;
escarpment halves all AF), ¶5 (no Mobile CRT in mountain or hill hexes or across a TEC hexside),
Air Missions ¶4 (no close attack support against woods), Movement Phase ¶3 (river for nobody,
marsh for nobody, escarpment, mountain and sand for armored units, except by road).
"""

from __future__ import annotations

from ledger.games.battles_for_north_africa.terrain import hex_types, hexside_types
from ledger.games.battles_for_north_africa.units import unit_types

# The sets are written in alphabetical order.
MOTORIZED = {
    "armor", "armor-car", "heavy-armor", "heavy-sp-at", "mech-infantry", "mot-infantry",
    "motorcycle", "recon", "sp-arty", "sp-at", "towed-arty", "towed-at", "towed-heavy-at",
}  # fmt: skip
NON_MOTORIZED = {"arty", "at", "cavalry", "heavy-at", "infantry", "mg"}
ARMORED = {"armor", "armor-car", "heavy-armor"}
ARTILLERY = {
    "arty", "at", "heavy-at", "heavy-sp-at", "sp-arty", "sp-at", "towed-arty", "towed-at",
    "towed-heavy-at",
}  # fmt: skip
AT = {"at", "heavy-at", "heavy-sp-at", "sp-at", "towed-at", "towed-heavy-at"}
SP = {"heavy-sp-at", "sp-arty", "sp-at"}
MP_PATH = {"armor-car", "recon", "motorcycle"}


def _with(flag: str) -> set[str]:
    return {t.id for t in unit_types().values() if getattr(t, flag)}


def test_unit_type_flags_as_the_text_lists_them() -> None:
    combat_types = {t for t in unit_types() if t != "hq"}
    assert combat_types == MOTORIZED | NON_MOTORIZED
    assert _with("motorized") == MOTORIZED | {"hq"}  # HQs move as motorized (¶14)
    assert _with("armored") == ARMORED
    assert _with("artillery") == ARTILLERY
    assert _with("anti_tank") == AT
    assert _with("self_propelled") == SP
    assert _with("heavy_armor") == {"heavy-armor"}
    assert _with("supply_path_mp") == MP_PATH
    assert _with("hq") == {"hq"}
    # Only armor and heavy armor call for the Mobile CRT (Combat Phase ¶5), not an armor car.
    assert {t.id for t in unit_types().values() if t.armor_for_crt} == {"armor", "heavy-armor"}


def test_terrain_effects_as_the_text_states_them() -> None:
    hexes = hex_types()
    assert set(hexes) == {"clear", "rough", "woods", "hills", "mountains", "sand", "marsh"}
    assert {h for h, t in hexes.items() if t.no_mobile_crt} == {"hills", "mountains"}
    assert {h for h, t in hexes.items() if t.armored_af_halved} == {"mountains"}
    assert {h for h, t in hexes.items() if t.no_close_attack_support} == {"woods"}
    assert {h for h, t in hexes.items() if t.armored_only_by_road} == {"mountains", "sand"}
    assert {h for h, t in hexes.items() if t.all_only_by_road} == {"marsh"}
    sides = hexside_types()
    assert {h for h, t in sides.items() if t.tec} == {"escarpment", "ridge", "river", "wadi"}
    assert {h for h, t in sides.items() if t.af_halved} == {"escarpment"}
    assert {h for h, t in sides.items() if t.armored_only_by_road} == {"escarpment"}
    assert {h for h, t in sides.items() if t.all_only_by_road} == {"river"}
    assert set(sides) == {"escarpment", "ridge", "river", "wadi", "minefield", "anti-tank-ditch"}
