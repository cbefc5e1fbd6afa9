"""The records shared by the scenario builders (``scripts/build_scenarios.py``): the 60.22
set-up (units, dumps, trucks, classes, weapons read from ``scenarios/sources/60.22/*.csv``), the
rulings of that set-up, the TOML writer and the check of a written file.

The CSVs are an extract of github.com/Maurdekye/neo-sandtable, MIT licence (``SOURCE.md`` beside
them says where the copies come from). Standard library only. Values the reference does not give
are left out and listed in ``[scenario].missing``.
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REF = ROOT / "scenarios" / "sources" / "60.22"

REPO = "Maurdekye/neo-sandtable"
COMMITS = {
    "data/scenarios/graziani/land_axis.toml": "2a069cb35e47a1b85a65397e5dfbcad249194f7a",
    "data/scenarios/graziani/land_cw.toml": "2a069cb35e47a1b85a65397e5dfbcad249194f7a",
    "data/scenarios/graziani/supply.toml": "131fbc9855ba0b68384f042284d2ef9e31102f96",
    "data/scenarios/graziani/scenario.toml": "131fbc9855ba0b68384f042284d2ef9e31102f96",
    "data/units/schedules/land_cw.toml": "959e27fd1f451847abecf0a1ce665e347890473a",
}

RATING_COLUMNS = {  # CSV column -> rating key of the scenario format (11.1)
    "barrage": "barrage",
    "anti_armor": "anti_armor",
    "vulnerability": "vulnerability",
    "armor_protection": "armor_protection",
    "ca_off": "offensive_close_assault",
    "ca_def": "defensive_close_assault",
    "aa": "aa",
}
NATION = {"it": "italian", "cw": "commonwealth"}
KIND_WORDS = {
    "tank": "tank",
    "artillery": "artillery",
    "anti_tank": "anti-tank",
    "anti_air": "AA",
    "anti_air_light": "light AA",
    "anti_air_heavy": "heavy AA",
    "recon": "recce",
}

# --- the open questions of the reference, as named rulings ------------------------------------
SEVENTH_SG = "cw.7_armd_div.7th_support_group_hq"
SEVENTH_MOTOR = "cw.7_armd_div.7th_motor_bde_hq"

# --- 9.26 shells: what each HQ's OA sheet may assign to it (max_assigned) -----------------------
# The reference's CW OA sheets are partial (rows for GT 1-6 and what they reference). The one
# next-lower-level unit they leave out under an HQ of this scenario: the 5th NZ Bde HQ (2 Stacking
# Points, arrives GT 35 OpStage 1) of the 2nd NZ Division's sheet.
NZ_SHEET = "data/units/oa/cw/2_nz_div.toml"
NZ_SHEET_COMMIT = "77784bd68819ddcd9ef5f4876d584a7c18d7771e"
OA_ASSIGNED_NOT_IN_REFERENCE = {  # parent: (child, stacking points, arrival)
    "cw.2_nz_div.2nd_new_zealand_div_hq": (
        "cw.2_nz_div.5th_new_zealand_bde_hq",
        2,
        "GT35 OpStage 1",
    ),
}
ECHELON_POINTS = {"division": 5, "super_brigade": 3, "brigade": 2, "battalion": 1, "company": 0}
"""Chart 9.4: the Stacking Points of each level, for a unit the reference gives none."""
RULINGS: list[dict[str, Any]] = [
    {
        "id": "toe-attrition-posting",
        "case": "51.22, 52.53, 52.7",
        "question": (
            "This scenario sets the ledger's ruling of the same name for itself. Its units start "
            "with no supplies and its dumps with no Water (the Commonwealth table prints no Water "
            "column, GAPS S-004), while the wells, towns and pipelines they drink from are on the "
            "map, not in the ledger: posting thirst losses by itself would take TOE points from "
            "units that drank at a well nobody recorded. 'notes-only' (default here): the upkeep "
            "lists each unit's shortage and the TOE points due, and the players record the losses "
            "they agree (`correct-toe`), or their water (`draw-water`). 'post': the ledger posts "
            "the losses, once the players record every draw of water."
        ),
        "options": ["post", "notes-only"],
        "default": "notes-only",
    },
    {
        "id": "60.22-7th-support-group-parent",
        "case": "60.41",
        "question": (
            "The OA sheet assigns 1 KRRC, 2 RflBde, 3 RHA, 4 RHA and 11 Hus to the 7th Motor Bde HQ, "
            "a counter that only enters at GT 68 OpStage 2 (the February 1942 redesignation of the "
            "7th Support Group); the counter's display tag reads 7Spt/7. Whom are they assigned to "
            "at the start? '7th-support-group' (default, and the parent written in this file): "
            "assigned to the 7th Support Group HQ (cw.7_armd_div.7th_support_group_hq). "
            "'as-printed': keep the OA link to the 7th Motor Bde HQ, which is not in play before "
            "GT 68, so the five have no Parent Formation on the map in this scenario."
        ),
        "options": ["7th-support-group", "as-printed"],
        "default": "7th-support-group",
    },
    {
        "id": "60.22-tobruk-port-efficiency",
        "case": "60.7",
        "question": (
            "Starting efficiency level of the port of Tobruk. 60.7 prints 7, partly blocked by the "
            "sunk San Giorgio; interpretation scen-0007 takes Tobruk's maximum of 5 on the 55.3 "
            "chart less the 3 levels of blockage, giving 2. Default '2': the 55.3 chart caps "
            "Tobruk at 5, so a level of 7 cannot be held, while 5 - 3 = 2 agrees with both the chart "
            "and the stated blockage."
        ),
        "options": ["7", "2"],
        "default": "2",
    },
    {
        "id": "60.22-san-giorgio",
        "case": "60.31",
        "question": (
            "The San Giorgio (it.tobruk_garrison.the_san_giorgio) is in Tobruk's set-up, but the "
            "reference gives it no class, ratings or TOE (GAPS U-009). 'omit' (default): it is "
            "a fixed naval counter, not a land unit with a log-sheet line, so the ledger leaves it "
            "out of the units; its effect on play is the Tobruk port blockage (ruling "
            "60.22-tobruk-port-efficiency). 'fixed-ship-no-ratings': the players add it to a copy "
            "of this file as a counter with the values printed on it."
        ),
        "options": ["omit", "fixed-ship-no-ratings"],
        "default": "omit",
    },
    {
        "id": "60.31-benghazi-hex",
        "case": "60.31",
        "question": (
            "Hex of the Benghazi garrison (IILibCD, VIICD, XX Cp, VIII/II). The scenario set-up "
            "prints B4827, the Benghazi Garrison OA sheet A4827. Default 'A4827' (the OA sheet, as "
            "interpretation scen-0001 and the reference take it); the units' location in this file "
            "follows the default."
        ),
        "options": ["A4827", "B4827"],
        "default": "A4827",
    },
    {
        "id": "60.47-arrivals-training",
        "case": "60.47",
        "question": (
            "60.47 (the Commonwealth's scenario information of 60.22 and 60.23) says some "
            "Commonwealth reinforcements need Training, but the schedules do not say which. "
            "'untrained-morale' (default, written in this file): every arriving unit whose OA "
            "sheet prints an untrained Basic Morale arrives In Training with that morale: in GT "
            "1-6 the Polish Bde (-1) and the 4th Indian Div's 1st Field Regt and 7th Indian Bde "
            "(0); later the 6th Aus (-3), 18th Aus (0), 20th Aus Bde (0) and 2nd Armd Div (1). "
            "'trained': every reinforcement arrives trained."
        ),
        "options": ["untrained-morale", "trained"],
        "default": "untrained-morale",
    },
]

# --- my own short notes for particular counters ------------------------------------------------
UNIT_NOTES = {
    "it.gruppo_maletti.sahariano_camel_regt_hq": "camel regiment in name only",
    "it.64_catanzaro_div.203rd_artillery_regt": "OA note: seems first to have belonged to the 3rd CCNN Div",
    "it.libyan_tank_command.lx_l_tank_bn": "OA note: one company began the campaign with the Maletti group",
    "it.bardia_garrison.30th_gaf_s_di_c_hq": "the sheet prints the counter text as 32GaF; the counter is 30 GaF",
    "it.bardia_garrison.vec_machinegun_bn": "4th squadron of the Vittorio Emanuele cavalry MG bn (old machine-guns)",
    "it.tobruk_garrison.the_san_giorgio": (
        "partly sunk cruiser in Tobruk harbour, a fixed ship counter; no class, ratings or TOE in "
        "the reference (ruling 60.22-san-giorgio)"
    ),
    "it.unassigned_inf_recon.libyan_parachute_regt_hq": (
        "Gruppo Tonini: paratroops in name only, may not be paradropped; at Barce airfield; not a garrison unit"
    ),
    "it.derna_garrison.54th_territorial_inf_regt": "one regimental counter, no HQ and battalions",
    "it.unassigned_guns.x_corps_artillery_regt": "at Soluch at the start; not a garrison unit",
    "it.without_parent.xviii_libyan_bn": "raised for a 4th Libyan Div that never formed; its parent never arrives (19.27)",
    "it.without_parent.xxxii_libyan_bn": "raised for a 4th Libyan Div that never formed; its parent never arrives (19.27)",
    "it.3ccnn_div.203rd_engineer_bn": "asterisked on the OA sheet: its parent never arrives (19.27)",
    "it.unassigned_inf_recon.4th_fanterie_mtr_regt": "one regimental counter; probably the 10th Army's HQ regiment",
    "cw.unassigned_allied.1st_company_fr_mtr_marine": (
        "a company of the 1st Free French Motor Marine Bn; on the map at the start (arrival code set to D by 4.44b item 3)"
    ),
    "cw.selby_force.matruh_garrison_hq": (
        "administrative garrison HQ: may not move voluntarily until it becomes Selby Force (GT 12 "
        "OpStage 2) or is close-assaulted; no units assigned, up to 6 attached (they count as "
        "garrison); disbanded GT 21 OpStage 3; no Basic Morale or stacking points on its sheet"
    ),
    "cw.70_inf_div.1st_durham_light_inf": "class code printed as capital M",
    "cw.4_indian_div.central_india_horse": (
        "arrives with trucks only; fights as motorised infantry (class l) until trained, then as its "
        "listed class ll (the reference's OA note says kk, its class column ll)"
    ),
    "cw.70_inf_div.1st_argyll_and_sutherland": "counter reads 7 A&S, the OA sheet 1 A&S (GAPS U-015)",
    "cw.unassigned_indian.1st_welch_regt": "British battalion on the Indian sheet (counter in Indian colours)",
    "cw.unassigned_armor.2nd_royal_tank_regt": "OA note: assigned on arrival to the '4/7 Armored Brigade' (as printed)",
    "cw.4_indian_div.7th_indian_bde_hq": "arrives GT 5 OpStage 1, so the 4th Indian's detachment of it is moot (scen-0003)",
}
GROUP_NOTES = {  # OA groups without an HQ counter
    "it.bardia_garrison.8th_gaf_s_di_c_arty_regt": "30 GaF S di C artillery group (no HQ counter)",
    "it.bardia_garrison.9th_gaf_s_di_c_arty_regt": "30 GaF S di C artillery group (no HQ counter)",
    "it.bardia_garrison.10th_gaf_s_di_c_arty_regt": "30 GaF S di C artillery group (no HQ counter)",
    "it.tobruk_garrison.5th_artiglieri_regt": "31 GaF S di C artillery group (no HQ; not part of the 31st GaF regt)",
    "it.tobruk_garrison.6th_artiglieri_regt": "31 GaF S di C artillery group (no HQ; not part of the 31st GaF regt)",
    "it.tobruk_garrison.7th_artiglieri_regt": "31 GaF S di C artillery group (no HQ; not part of the 31st GaF regt)",
    "it.unassigned_guns.1st_bn_1_arty_rgppmnto": "1st Artillery Raggruppamento: independent battalions, no HQ",
    "it.unassigned_guns.2nd_bn_1_arty_rgppmnto": "1st Artillery Raggruppamento: independent battalions, no HQ",
    "it.unassigned_guns.3rd_bn_1_arty_rgppmnto": "1st Artillery Raggruppamento: independent battalions, no HQ",
    "it.unassigned_guns.4th_bn_1_arty_rgppmnto": "1st Artillery Raggruppamento: independent battalions, no HQ",
}
NO_BARRAGE_LAND_MAX = {
    "it.tobruk_garrison.1st_tobruk_cd_arty_group",
    "it.tobruk_garrison.3rd_tobruk_cd_arty_group",
}
MATRUH_ATTACHED_NOTE = "60.41 attaches 1 Essex, 1 Dur Lt and 1 SoStff; 1 Buffs and 1 Hamp are added by 4.44b item 2 (scen-0002)"

CITY = {"cairo": "Cairo", "tripoli": "Tripoli", "benghazi": "Benghazi", "alexandria": "Alexandria"}
AREA = {
    "map_a_or_b": "map A or B (any hexes, Axis player's choice)",
    "map_d_or_e": "map D or E (any hexes, Commonwealth player's choice)",
    "libya": "Libya (any hexes, player's choice)",
    "tripolitania": "Tripolitania",
    "map_c_libya (no enemy unit within 4 hexes)": "map C, Libya (no enemy unit within 4 hexes)",
    "map_c_or_d_egypt": "map C or D, Egypt",
    "any_air_facility (own side)": "any own air facility",
    "any_air_facility": "any own air facility",
    "unclear_anywhere_maps": "Anywhere, maps (as printed; unclear)",
}
HEXES_ANY = {
    "E1430": "Cairo and/or Helwan (E1430)",
    "E3613|E3714": "Alexandria (E3613 and/or E3714)",
}


# --- reading -------------------------------------------------------------------------------------
def read_csv(name: str, folder: Path = REF) -> list[dict[str, str]]:
    """Rows of a reference CSV (its ``#`` source lines skipped)."""
    with open(folder / name, newline="", encoding="utf-8") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    return list(csv.DictReader(lines))


def src(path: str, commit: str) -> str:
    return f"{REPO} {path} @ {commit}"


def location(kind: str, value: str) -> str:
    if kind == "city":
        return CITY[value]
    if kind == "area":
        return AREA[value]
    if kind == "hexes_any":
        return HEXES_ANY[value]
    return value  # hex, or "within 3 hexes of C0716"


def game_time(text: str) -> dict[str, int]:
    """``"GT5 OpStage 1"`` -> ``{game_turn = 5, op_stage = 1}``."""
    match = re.fullmatch(r"GT(\d+) OpStage (\d)", text)
    if not match:
        raise ValueError(f"arrival {text!r}")
    return {"game_turn": int(match[1]), "op_stage": int(match[2])}


def cpa_of(text: str) -> tuple[int, str]:
    """``"30*"`` -> (30, "*"), ``"0+"`` -> (0, "+")."""
    match = re.fullmatch(r"(\d+)([*+]?)", text)
    if not match:
        raise ValueError(f"CPA {text!r}")
    return int(match[1]), match[2]


def ratings_of(row: dict[str, str]) -> tuple[dict[str, int], list[str]]:
    """The printed ratings (blank = printed "–", left out) and those printed in parentheses."""
    values: dict[str, int] = {}
    parenthesised: list[str] = []
    for column, key in RATING_COLUMNS.items():
        text = row[column].strip()
        if not text:
            continue
        if text.startswith("("):
            parenthesised.append(key)
            text = text.strip("()")
        values[key] = int(text)
    return values, parenthesised


# --- records -------------------------------------------------------------------------------------
def weapon_record(row: dict[str, str]) -> dict[str, Any]:
    cpa, mark = cpa_of(row["cpa"])
    ratings, parenthesised = ratings_of(row)
    record: dict[str, Any] = {
        "id": row["weapon_id"],
        "name": row["name"],
        "nation": NATION[row["nation"]],
        "kind": row["kind"],
        "cpa": cpa,
        "cpa_mark": mark,
        **ratings,
        "parenthesised": parenthesised,
    }
    if row["fuel_rate"]:
        record["fuel_rate"] = int(row["fuel_rate"])
    if row["breakdown_bar"]:
        record["breakdown"] = row["breakdown_bar"]
    notes = {
        "it.75_27_gun": "printed footnote: its Anti-Armor counts as 0 until GT 63 OpStage 1 (GAPS U-003)",
        "it.aa_light_i": "no organic transport (printed CPA 0+): moves only when motorized by truck points",
        "it.aa_heavy_i": "no organic transport (printed CPA 0+): moves only when motorized by truck points",
    }.get(row["weapon_id"])
    if notes:
        record["notes"] = notes
    record["case"] = "4.48" if row["nation"] == "it" else "4.47"
    record["source"] = src(row["source_file"], row["source_commit"])
    return record


def class_record(row: dict[str, str]) -> dict[str, Any]:
    cpa, mark = cpa_of(row["cpa"])
    ratings, parenthesised = ratings_of(row)
    record: dict[str, Any] = {
        "id": row["class_id"],
        "code": row["code"],
        "nation": NATION[row["nation"]],
        "unit_type": row["unit_type"],
    }
    if row["echelon"]:
        record["echelon"] = row["echelon"]
    record["cpa"] = cpa
    record["cpa_mark"] = mark
    notes: list[str] = []
    max_toe = row["max_toe"].strip()
    if max_toe:
        base = int(max_toe.strip("()"))
        extra = int(row["max_toe_extra"]) if row["max_toe_extra"] else 0
        record["max_toe"] = base + extra
        if extra:
            notes.append(
                f"max TOE printed {base}+{extra}: {base} artillery plus up to {extra} AA points"
            )
    else:
        notes.append("the chart gives no max TOE for this class (not applicable)")
    record["max_toe_parenthesised"] = max_toe.startswith("(")
    record.update(ratings)
    record["parenthesised"] = parenthesised
    if row["assigns"] and row["class_id"] not in ("it.kk", "it.pp"):
        limits = []
        for part in row["assigns"].split(";"):
            match = re.fullmatch(r"\s*(\w+)\s*<=\s*(\d+)\s*", part)
            if not match:
                raise ValueError(f"composition {part!r} of {row['class_id']}")
            limits.append(f"{KIND_WORDS[match[1]]} up to {match[2]}")
        notes.append("TOE points allowed: " + ", ".join(limits))
    if row["class_id"] == "it.kk":
        notes.append("AA points: heavy or light, not both")
    own = {
        "it.t": "Armor Protection only while carried by trucks (14.88)",
        "it.pp": "emplaced coastal guns (printed CPA 0); the max TOE of 8 counts only its AA points",
        "it.ww": (
            "Autoblinda 40; used here only for the 60.31 bonus of 2 recce TOE points, which no "
            "counter holds at the start (no weapon-system record, GAPS S-007)"
        ),
        "cw.g": "max TOE 9 when it holds only US tanks",
        "cw.uu": "builds roads and railways",
    }.get(row["class_id"])
    if own:
        notes.append(own)
    if row["unit_type"] == "headquarters":
        notes.append("echelon given per counter")
    if notes:
        record["notes"] = "; ".join(notes)
    record["case"] = "4.46b" if row["nation"] == "it" else "4.46a"
    record["source"] = src(row["source_file"], row["source_commit"])
    return record


def parse_toe(text: str) -> list[tuple[str, int, list[str], str]]:
    """``"w:6[emplaced,barrage_land_max=4]; v:6"`` -> [(system, points, flags, extra note)]."""
    entries = []
    for part in text.split(";"):
        match = re.fullmatch(r"\s*([\w.]+):(\d+)(?:\[([^\]]*)\])?\s*", part)
        if not match:
            raise ValueError(f"TOE {text!r}")
        flags: list[str] = []
        extra = ""
        for flag in (match[3] or "").split(","):
            if flag == "emplaced":
                flags.append("emplaced")
            elif flag.startswith("barrage_land_max="):
                extra = f"{match[1]}: barrage_land_max = {flag.split('=')[1]}"
            elif flag:
                raise ValueError(f"TOE flag {flag!r}")
        entries.append((match[1], int(match[2]), flags, extra))
    return entries


def max_assigned_counts(
    formations: list[dict[str, str]],
    units: list[dict[str, str]],
    classes: dict[str, dict[str, str]],
) -> dict[str, int]:
    """9.26: for each division and brigade HQ in the scenario, how many next-lower-level units
    its OA sheet assigns (brigade-equivalents of 2 or 3 Stacking Points under a division, combat
    battalions of 1 under a brigade), whether in this scenario or arriving later.

    Counted from the "assigned" rows of formations.csv and its "less" rows (units the set-up
    keeps away from a division that its OA sheet assigns to it, such as the 6th Australian's
    19th Bde), plus ``OA_ASSIGNED_NOT_IN_REFERENCE``. A child's level is its Stacking Points in
    units.csv, else its echelon. Under ruling 60.22-7th-support-group-parent (default) the 7th
    Motor Bde's battalions count for the 7th Support Group, and the 7th Motor Bde HQ (its 1942
    redesignation) is not a fourth brigade of the 7th Armoured Division.
    """
    by_id = {u["unit_id"]: u for u in units}

    def points(uid: str, echelon: str) -> int | None:
        row = by_id.get(uid)
        if row is not None and row["stacking_points"]:
            return int(row["stacking_points"])
        return ECHELON_POINTS.get(echelon)

    children: dict[str, dict[str, tuple[int | None, str]]] = {}
    for row in formations:
        if not row["relation"].startswith(("assigned", "less")):
            continue
        parent, child = row["parent_id"], row["child_id"]
        if child == SEVENTH_MOTOR:
            continue
        if parent == SEVENTH_MOTOR:
            parent = SEVENTH_SG
        children.setdefault(parent, {})[child] = (
            points(child, row["child_echelon"]),
            row["child_class"],
        )
    for parent, (child, child_points, _) in OA_ASSIGNED_NOT_IN_REFERENCE.items():
        children.setdefault(parent, {})[child] = (child_points, "")
    counts = {}
    for unit in units:
        uid = unit["unit_id"]
        own = points(uid, unit["echelon"])
        if own not in (2, 3, 5):
            continue
        headquarters = classes.get(unit["class_code"], {}).get("unit_type") == "headquarters"
        if uid not in children and not headquarters:
            continue  # a brigade printed as one counter: nothing may be assigned (9.26 ruling)
        wanted = {2, 3} if own == 5 else {1}
        counts[uid] = sum(
            1
            for child_points, child_class in children.get(uid, {}).values()
            if child_points in wanted
            and (own == 5 or classes.get(child_class, {}).get("unit_type") != "headquarters")
        )
    return counts


def unit_record(
    row: dict[str, str],
    names: dict[str, str],
    classes: dict[str, dict[str, Any]],
    detached: dict[str, str],
    max_assigned: dict[str, int],
) -> dict[str, Any]:
    uid = row["unit_id"]
    notes: list[str] = []
    record: dict[str, Any] = {
        "id": uid,
        "name": row["name"],
        "counter": row["counter"],
        "side": row["side"],
        "nationality": row["nationality"],
    }
    if row["echelon"]:
        record["echelon"] = row["echelon"]
    if row["class_code"]:
        record["class"] = row["class_code"]

    parent = row["parent_formation"]
    if parent == SEVENTH_MOTOR:
        parent = SEVENTH_SG
        notes.append(
            "parent per ruling 60.22-7th-support-group-parent (default); the OA sheet prints the "
            "7th Motor Bde HQ, which enters only at GT 68 ('as-printed')"
        )
    elif parent and parent not in names:
        notes.append(
            f"OA parent {parent} is not in this scenario (it enters later), so no parent is given here"
        )
        parent = ""
    if parent:
        record["parent"] = parent
    if row["attached_to"]:
        record["attached_to"] = row["attached_to"]
        if row["attached_to"].startswith("cw.selby_force"):
            notes.append(MATRUH_ATTACHED_NOTE)
        else:
            notes.append(f"starts attached to the {names[row['attached_to']]} (60.31)")
    if uid in detached and row["arrival"] == "start":
        record["detached"] = True  # 9.21: assigned, but not with its parent at the start

    if row["arrival"] == "start":
        record["location"] = location(row["setup_location_kind"], row["setup_location"])
        record["arrival"] = "start"
    else:
        record["location"] = CITY[row["arrival_location"]] if row["arrival_location"] else "Cairo"
        record["arrival"] = game_time(row["arrival"])
    if row["setup_location"] == "A4827":
        notes.append("60.31 prints B4827 (ruling 60.31-benghazi-hex)")

    if row["basic_morale"]:
        record["basic_morale"] = int(row["basic_morale"])
    if row["basic_morale_untrained"]:
        record["basic_morale_untrained"] = int(row["basic_morale_untrained"])
    record["in_training"] = row["in_training"] == "yes"
    if record["in_training"] and row["arrival"] == "start":
        notes.append("In Training at the start (60.41)")
    elif record["in_training"]:
        notes.append(
            "arrives In Training with its untrained Basic Morale (ruling 60.47-arrivals-training, "
            "default 'untrained-morale')"
        )
    if row["stacking_points"]:
        record["stacking_points"] = int(row["stacking_points"])
    if uid in max_assigned:
        record["max_assigned"] = max_assigned[uid]
        if uid in OA_ASSIGNED_NOT_IN_REFERENCE:
            child, _, _ = OA_ASSIGNED_NOT_IN_REFERENCE[uid]
            notes.append(
                f"max_assigned counts {child}, which the OA sheet assigns but the reference "
                f"extract leaves out ({src(NZ_SHEET, NZ_SHEET_COMMIT)})"
            )

    toe_text = row["toe"]
    toe: list[dict[str, Any]] = []
    if toe_text == "normal":
        if row["toe_points"]:
            toe.append({"system": row["class_code"], "points": int(row["toe_points"])})
        else:
            notes.append("TOE printed N but its class has no max TOE, so no TOE points are given")
    elif toe_text.startswith(("under ", "over ")):
        match = re.match(r"(under|over) (\d+)", toe_text)
        assert match
        toe.append({"system": row["class_code"], "points": int(match[2])})
        notes.append(f"TOE printed {toe_text.split(' (')[0]} ({match[1]} strength)")
    elif toe_text:
        for system, points, flags, extra in parse_toe(toe_text):
            entry: dict[str, Any] = {"system": system, "points": points}
            if flags:
                entry["flags"] = flags
            toe.append(entry)
            if extra:
                notes.append(extra)
        if uid in NO_BARRAGE_LAND_MAX:
            notes.append("no barrage_land_max in the reference (GAPS U-007)")
    record["toe"] = toe

    total = sum(e["points"] for e in toe)
    cls = classes.get(row["class_code"])
    # it.pp's max TOE counts only its AA points, so its totals are not compared
    if cls and "max_toe" in cls and total > cls["max_toe"] and cls["id"] != "it.pp":
        notes.append(f"TOE {total} is above the class max of {cls['max_toe']}, as printed")
    if row["immobile"] == "yes":
        notes.append("immobile")
    if row["engineer_hq"] == "yes":
        notes.append("engineer HQ (OA sheet)")
    if row["infantry_kind"] in ("machine_gun", "heavy_weapons"):
        notes.append(row["infantry_kind"].replace("_", "-") + " infantry")
    if uid in GROUP_NOTES:
        notes.append(GROUP_NOTES[uid])
    if uid in UNIT_NOTES:
        notes.append(UNIT_NOTES[uid])
    if row["oa_sheet"] == "it.3ccnn_div":
        notes.append("sheet '3 CCNN Div' has no division HQ, so all its units set up (GAPS S-003)")
    if uid in detached and row["arrival"] == "start":
        notes.append(
            f"set up detached from the {names.get(detached[uid], detached[uid])} (set-up 'Det')"
        )

    if row.get("extra_notes"):
        notes.append(row["extra_notes"])
    if notes:
        record["notes"] = "; ".join(notes)

    if row.get("arrival_case"):
        record["case"] = row["arrival_case"]
    elif row["arrival"] != "start":
        record["case"] = "4.43a"
    else:
        record["case"] = "60.31" if row["side"] == "axis" else "60.41"
    if row.get("source_schedule"):
        oa = f"{REPO} {row['source_oa']}; " if row.get("source_oa") else ""
        record["source"] = f"{oa}schedule {REPO} {row['source_schedule']}"
        return record
    setup_file = row["source_setup_file"]
    record["source"] = (
        src(row["source_oa_file"], row["source_oa_commit"])
        + f"; set-up {setup_file} @ {COMMITS[setup_file]}"
    )
    return record


DUMP_NAMES = {
    "ax_tobruk": "Tobruk",
    "ax_bardia": "Bardia",
    "ax_benghazi": "Benghazi",
    "ax_derna": "Derna",
    "ax_tripoli": "Tripoli",
    "ax_dump_1": "Dump 1",
    "ax_dump_2": "Dump 2",
    "ax_c0716": "Dump at C0716",
    "cw_mersa_matruh": "Mersa Matruh",
    "cw_sidi_barrani": "Sidi Barrani",
    "cw_dump_1": "Dump 1",
    "axis_dummy": "Dummy dumps",
    "commonwealth_dummy": "Dummy dump",
    "axis_air_pool": "Air supply pool",
    "commonwealth_air_pool": "Air supply pool",
}
DUMP_SITES = {  # 54.12: the terrain of each dump's hex (docs/rulings.md, "Dump sites")
    "ax_tobruk": "major-city",
    "ax_bardia": "village",
    "ax_benghazi": "major-city",
    "ax_derna": "village",
    "ax_tripoli": "box",
    "ax_dump_1": "village",
    "ax_dump_2": "other",
    "ax_c0716": "other",
    "cw_mersa_matruh": "major-city",
    "cw_sidi_barrani": "village",
    "cw_dump_1": "other",
}
DUMP_NOTES = {
    "ax_dump_1": "placed by the Axis player on map C in Libya, no enemy unit within 4 hexes; its "
    "1,500 Stores are more than other terrain holds (1,000, 54.12), so it goes in a village or city",
    "ax_dump_2": "placed by the Axis player on map C in Libya, no enemy unit within 4 hexes",
    "cw_dump_1": "placed by the Commonwealth player on map C or D in Egypt; no water column printed (GAPS S-004)",
    "cw_mersa_matruh": "no water column printed for Commonwealth dumps (GAPS S-004)",
    "cw_sidi_barrani": "no water column printed for Commonwealth dumps (GAPS S-004)",
    "axis_dummy": "two dummy dump counters, map C in Libya, no enemy unit within 4 hexes",
    "commonwealth_dummy": "one dummy dump counter, map C or D in Egypt",
    "axis_air_pool": "shared out freely among Axis airfields, never to off-map facilities (59.52)",
    "commonwealth_air_pool": "shared out among Commonwealth air facilities as the player likes; no water printed",
}


def dump_records(rows: list[dict[str, str]]) -> list[dict[str, Any]]:
    records = []
    source = src(
        "data/scenarios/graziani/supply.toml", COMMITS["data/scenarios/graziani/supply.toml"]
    )
    for row in rows:
        case = row["src"].removeprefix("scen:")
        if row["record"] == "unlimited_supply":
            for city in row["location"].split("|"):
                records.append(
                    {
                        "id": f"cw_unlimited_{city}",
                        "side": row["side"],
                        "name": f"{CITY[city]} (unlimited supply)",
                        "location": CITY[city],
                        "kind": "unlimited",
                        "site": "major-city",
                        "notes": "never runs out: a transfer from it draws nothing down (60.44)",
                        "case": case,
                        "source": source,
                    }
                )
            continue
        kind = {"dump": "dump", "dummy_dump": "dummy", "air_supply_pool": "air_supply_pool"}[
            row["record"]
        ]
        record: dict[str, Any] = {
            "id": row["id"],
            "side": row["side"],
            "name": DUMP_NAMES[row["id"]],
            "location": location(row["location_kind"], row["location"]),
            "kind": kind,
        }
        if row["id"] in DUMP_SITES:
            record["site"] = DUMP_SITES[row["id"]]
        for key in ("ammo", "fuel", "stores", "water"):
            if row[key]:
                record[key] = int(row[key])
        if row["count"] and int(row["count"]) != 1:
            record["count"] = int(row["count"])
        if row["id"] in DUMP_NOTES:
            record["notes"] = DUMP_NOTES[row["id"]]
        record["case"] = case
        record["source"] = source
        records.append(record)
    return records


def truck_records(rows: list[dict[str, str]], units: list[dict[str, str]]) -> list[dict[str, Any]]:
    records = []
    by_group = Counter(u["setup_group"] for u in units)
    names = {u["unit_id"]: u["name"] for u in units}
    for row in rows:
        commit = COMMITS[row["source_file"]]
        case = row["src"].split(":")[-1]
        record: dict[str, Any] = {"id": row["group_or_row_id"], "side": row["side"]}
        if row["category"] == "first_line":
            record["line"] = "first"
            record["location"] = location(row["location_kind"], row["location"])
            record["purpose"] = "first-line trucks of the units set up there"
            notes = (
                f"shared out by the player among the {by_group[row['group_or_row_id']]} counters of "
                f"this set-up group ({row['units_in_group']}) (59.42); may be loaded free of "
                "cost at the start (59.45)"
            )
        elif row["category"] == "second_third_line":
            record["line"] = "second_third"
            record["location"] = location(row["location_kind"], row["location"])
            record["purpose"] = {"supplies": "moving supplies", "air_facilities": "air facilities"}[
                row["purpose"]
            ]
            notes = {
                "commonwealth_2nd3rd_4": "any hex of Cairo",
                "commonwealth_2nd3rd_6": "location printed 'Anywhere, maps'; its meaning is unclear (GAPS S-004)",
            }.get(row["group_or_row_id"], "")
        else:  # reinforcement trucks arriving with a group of units
            record["line"] = "first"
            record["location"] = CITY[row["location"]]
            record["purpose"] = "first-line trucks arriving with reinforcements"
            arriving = [
                u["counter"]
                for u in units
                if u["arrival"] == row["arrival"] and u["group_first_line_trucks"]
            ]
            notes = (
                f"arrive with {names[row['units_in_group']]} and its group ({'; '.join(arriving)}); "
                "the player shares them out (59.42)"
            )
        for key in ("light", "medium", "heavy"):
            if row[key]:
                record[key] = int(row[key])
        record["arrival"] = "start" if row["arrival"] == "start" else game_time(row["arrival"])
        if notes:
            record["notes"] = notes
        record["case"] = case
        record["source"] = src(row["source_file"], commit)
        records.append(record)
    return records


# --- TOML writing --------------------------------------------------------------------------------
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else toml_string(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def toml_table(header: str, record: dict[str, Any]) -> list[str]:
    lines = [header]
    for key, value in record.items():
        if (
            isinstance(value, list)
            and value
            and (len(toml_value(value)) > 90 or isinstance(value[0], dict))
        ):
            lines.append(f"{toml_key(key)} = [")
            lines.extend(f"    {toml_value(v)}," for v in value)
            lines.append("]")
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return lines


def wrap_comment(text: str, first: str, rest: str, width: int = 100) -> list[str]:
    lines: list[str] = []
    current = first
    for word in text.split():
        if len(current) + len(word) + 1 > width and current.strip("# -"):
            lines.append(current.rstrip())
            current = rest
        current += word + " "
    lines.append(current.rstrip())
    return lines


# --- the scenario --------------------------------------------------------------------------------
SAN_GIORGIO = "it.tobruk_garrison.the_san_giorgio"


def set_up(
    arrivals: list[dict[str, str]] | None = None,
    extra_classes: list[dict[str, Any]] | None = None,
    last_game_turn: int = 6,
) -> dict[str, Any]:
    """The records of the 60.22 set-up (60.31, 60.41) plus ``arrivals`` (reinforcement rows in
    the shape of units.csv) and ``extra_classes`` (class records with no CSV row): ``weapons``,
    ``classes``, ``units``, ``dumps``, ``trucks`` (lists of TOML records) and ``missing`` (what
    the reference leaves out, for ``[scenario].missing``). ``last_game_turn`` is the scenario's
    last Game-Turn, named where an OA parent enters after it. Every arrival (of units.csv or
    ``arrivals``) that prints an untrained Basic Morale arrives In Training (ruling
    60.47-arrivals-training, default 'untrained-morale', the same in both scenarios)."""
    setup_rows = read_csv("units.csv")
    unit_rows = [
        {**r, "in_training": "yes"}
        if r["arrival"] != "start" and r["basic_morale_untrained"]
        else r
        for r in [*setup_rows, *(arrivals or [])]
    ]
    weapon_rows = {r["weapon_id"]: r for r in read_csv("weapons.csv")}
    class_rows = {r["class_id"]: r for r in read_csv("classes.csv")}
    supply_rows = read_csv("supply.csv")
    truck_rows = read_csv("trucks.csv")

    used_weapons: list[str] = []
    used_classes: list[str] = []
    for row in unit_rows:
        if row["class_code"] and row["class_code"] not in used_classes:
            used_classes.append(row["class_code"])
        if row["toe"] and row["toe"] != "normal" and not row["toe"].startswith(("under", "over")):
            for system, *_ in parse_toe(row["toe"]):
                if system not in used_weapons:
                    used_weapons.append(system)
    used_classes.append("it.ww")  # the 60.31 Autoblinda 40 bonus points
    weapons = [weapon_record(weapon_rows[w]) for w in weapon_rows if w in used_weapons]
    classes = [class_record(class_rows[c]) for c in class_rows if c in used_classes]
    classes += extra_classes or []
    class_by_id = {c["id"]: c for c in classes}

    names = {r["unit_id"]: r["name"] for r in unit_rows}
    formations = read_csv("formations.csv")
    detached = {
        r["child_id"]: r["parent_id"] for r in formations if r["relation"].startswith("detached")
    }
    # 9.26 counts come from the 60.22 OA sheets (formations.csv) only: an arriving HQ whose
    # sheet is not extracted gets none (ruling 9.26-may-be-assigned decides)
    max_assigned = max_assigned_counts(formations, setup_rows, class_rows)
    units = [
        unit_record(r, names, class_by_id, detached, max_assigned)
        for r in unit_rows
        if r["unit_id"] != SAN_GIORGIO
    ]
    dumps = dump_records(supply_rows)
    trucks = truck_records(truck_rows, setup_rows)

    no_toe = [
        r["unit_id"]
        for r in unit_rows
        if r["toe"] == "normal" and not r["toe_points"] and r["class_code"] == "cw.a"
    ]
    no_parent = [
        (r["unit_id"], r["parent_formation"])
        for r in unit_rows
        if r["parent_formation"]
        and r["parent_formation"] not in names
        and r["parent_formation"] != SEVENTH_MOTOR
    ]
    missing = [
        "it.tobruk_garrison.the_san_giorgio (San Giorgio): a fixed ship counter; the reference gives no "
        "class, ratings or TOE (GAPS U-009), so it is left out of the units (ruling "
        "60.22-san-giorgio).",
        "Autoblinda 40 bonus (60.31): 2 recce TOE points of class it.ww; no weapon-system record "
        "exists for them (GAPS S-007) and no counter holds them at the start; the Axis player attaches "
        "each to a different unit or keeps both at Tobruk as trained, fuelled replacements.",
        "it.tobruk_garrison.1st_tobruk_cd_arty_group and it.tobruk_garrison.3rd_tobruk_cd_arty_group: "
        "no barrage_land_max value in the reference (GAPS U-007); groups 2, 4 and 5 carry theirs in notes.",
        "Commonwealth dumps (cw_mersa_matruh, cw_sidi_barrani, cw_dump_1) and commonwealth_air_pool: the "
        "60.44 table prints no water column (GAPS S-004); water left at 0.",
        "commonwealth_2nd3rd_6: 2nd/3rd-line truck row whose location is printed 'Anywhere, maps'; "
        "its meaning is unclear (GAPS S-004).",
        "All units: the supplies each unit carries at the start are not given; supplies left at 0 "
        "(first-line trucks may be loaded free of cost at the start, 59.45).",
        "All classes: the 4.46a/b charts print no fuel rate or breakdown (BAR) for unit classes "
        "(GAPS U-025); fuel_rate/breakdown appear only on weapons. Fuel use of HQs and infantry whose "
        "TOE is 'normal' is unresolved (interpretations units-0005/0007).",
        f"Commonwealth HQs of class cw.a ({', '.join(no_toe)}): TOE printed 'normal' but the "
        "chart gives class a no max TOE ('not applicable'), so toe = [].",
        "cw.selby_force.matruh_garrison_hq: its OA sheet gives no Basic Morale and no stacking "
        "points; both left out.",
    ]
    for uid, parent in no_parent:
        missing.append(
            f"{uid}: its OA parent {parent} enters after GT {last_game_turn} and is not in this "
            "scenario; parent left out."
        )
    missing += [
        "60.41 broken-down vehicles at Alexandria (2 TOE points of cw.a9_cruiser, 1 of cw.a10_cruiser): "
        "the booklet says neither how they are repaired nor whose TOE they belong to (GAPS S-009); not "
        "in this file.",
        "it.3ccnn_div: the sheet '3 CCNN Div' has no division HQ counter (GAPS S-003); its units have "
        "no common parent.",
        "Tobruk port efficiency: 7 printed in 60.7 vs 2 by interpretation scen-0007 (ruling "
        "60.22-tobruk-port-efficiency); the format has no port record.",
        "Benghazi garrison hex: B4827 printed in 60.31 vs A4827 on the OA sheet (ruling 60.31-benghazi-hex).",
        "Organisation limits of formations (19.3) were not extracted in the reference.",
        "Which reinforcements need Training (60.47) is in neither schedule: by ruling "
        "60.47-arrivals-training (default 'untrained-morale') every arrival whose OA sheet prints "
        "an untrained Basic Morale arrives In Training, "
        f"{sum(1 for u in units if u['arrival'] != 'start' and u.get('in_training'))} counters "
        "here.",
    ]
    return {
        "weapons": weapons,
        "classes": classes,
        "units": units,
        "dumps": dumps,
        "trucks": trucks,
        "missing": missing,
        "effects": set_up_effects(unit_rows, units, dumps, trucks),
    }


def set_up_effects(
    rows: list[dict[str, str]],
    units: list[dict[str, Any]],
    dumps: list[dict[str, Any]],
    trucks: list[dict[str, Any]],
) -> dict[str, list[dict[str, Any]]]:
    """The ``[[ruling.effect]]`` records of the 60.22 set-up's rulings, by ruling id: what
    their other options change in the records written here (docs/scenario-format.md).
    60.22-san-giorgio and 60.22-tobruk-port-efficiency change no record of the format, so they
    have none (choosing their other option is refused by the ledger). 60.47-arrivals-training's
    'trained' sets every arrival In Training here (``arrival`` not "start") not In Training."""
    in_file = {u["id"]: u for u in units}
    trained = [
        {"option": "trained", "unit": u["id"], "set": {"in_training": False}}
        for u in units
        if u["arrival"] != "start" and u.get("in_training")
    ]
    as_printed = [
        {"option": "as-printed", "unit": r["unit_id"], "set": {"parent": ""}}
        if not in_file[r["unit_id"]].get("detached")
        else {
            "option": "as-printed",
            "unit": r["unit_id"],
            "set": {"parent": "", "detached": False},
        }
        for r in rows
        if r["parent_formation"] == SEVENTH_MOTOR and r["unit_id"] in in_file
    ]
    benghazi = [
        {"option": "B4827", kind: record["id"], "set": {"location": "B4827"}}
        for kind, records in (("unit", units), ("dump", dumps), ("trucks", trucks))
        for record in records
        if record.get("location") == "A4827"
    ]
    return {
        "60.22-7th-support-group-parent": as_printed,
        "60.31-benghazi-hex": benghazi,
        "60.47-arrivals-training": trained,
    }


def with_effects(
    rulings: list[dict[str, Any]], effects: dict[str, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """``rulings`` with their ``effect`` lists from ``effects`` (by ruling id) added."""
    return [{**r, "effect": effects[r["id"]]} if effects.get(r["id"]) else r for r in rulings]


SETUP_SOURCES = [
    "# Sources: github.com/Maurdekye/neo-sandtable (MIT License; data cite SPI's case numbers):",
    "#   units: data/units/oa/{it,cw}/*.toml @ 77784bd68819ddcd9ef5f4876d584a7c18d7771e, or where",
    "#          not held at that commit @ e9a9678a76a562cdd0862bb66454fec8f2e7447b,",
    "#          79cb6ba5f161d4600592945e06e3478acfd09c29 (it/benghazi_garrison),",
    "#          39b2f78e1337502b4c25bf726f0f00f685487f93 (cw/selby_force); per unit in `source`",
    "#   set-up: data/scenarios/graziani/land_axis.toml, land_cw.toml @ 2a069cb35e47a1b85a65397e5dfbcad249194f7a",
    "#   arrivals: data/units/schedules/land_cw.toml @ 959e27fd1f451847abecf0a1ce665e347890473a",
    "#   classes: data/units/classes/{it,cw}.toml @ 348c83d4ae4fd3cd56b48c4774c3dc3c13e00510 (4.46a/b)",
    "#   weapons: data/units/weapons/{it,cw}.toml @ 44fca58c2fb018f61d57e479698c52b399842c22 (4.47/4.48)",
    "#   supply, trucks, scenario: data/scenarios/graziani/supply.toml, scenario.toml",
    "#            @ 131fbc9855ba0b68384f042284d2ef9e31102f96 (the repo marks supply.toml 'single' verification)",
]
"""The header lines naming the sources of the 60.22 set-up."""

MAX_ASSIGNED_NOTE = [
    "# max_assigned (9.26): for each division and brigade HQ, the next-lower-level units its OA",
    "# sheet assigns (formations.csv 'assigned' and 'less' rows, in this scenario or not; the 2nd",
    f"# NZ Div's 5th NZ Bde from {NZ_SHEET} @ {NZ_SHEET_COMMIT[:12]}). detached (9.21):",
    "# the set-up's 'Det' units on the map at the start.",
]

TABLES = (
    "ruling",
    "withdrawal",
    "victory",
    "weather",
    "initiative_rating",
    "weapon",
    "class",
    "unit",
    "dump",
    "trucks",
)
"""The record tables of a scenario file, in the order they are written."""


def render(
    header: list[str],
    scenario: dict[str, Any],
    records: dict[str, list[dict[str, Any]]],
) -> str:
    """The scenario file: ``header`` (comment lines), the rulings (named with their defaults)
    and ``[scenario].missing`` repeated as comments, then ``[scenario]`` and every table of
    ``records`` in ``TABLES`` order."""
    rulings = records.get("ruling", [])
    lines = [
        *header,
        "#",
        *wrap_comment(
            ", ".join(f"{r['id']} (default {r['default']})" for r in rulings) + ".",
            "# Rulings: ",
            "#   ",
        ),
        *(
            wrap_comment(
                "A ruling's other options change the records as its [[ruling.effect]] tables "
                "say; an option of this file's rulings with no effect is refused by the ledger "
                "(docs/rulings.md).",
                "#   ",
                "#   ",
            )
            if any(r.get("effect") for r in rulings)
            else []
        ),
        "#",
        "# Missing from the reference (the same list as [scenario].missing):",
    ]
    for item in scenario["missing"]:
        lines.extend(wrap_comment(item, "#   - ", "#     "))
    lines += ["", *toml_table("[scenario]", scenario), ""]
    for group in TABLES:
        for record in records.get(group, []):
            own = {k: v for k, v in record.items() if k != "effect"}
            lines += [*toml_table(f"[[{group}]]", own), ""]
            for effect in record.get("effect", []):
                lines += [*toml_table(f"[[{group}.effect]]", effect), ""]
    return "\n".join(lines).rstrip() + "\n"


def check(text: str) -> list[str]:
    """Problems in the written file: duplicate ids, unresolved parents, attachments, systems,
    withdrawals naming a counter that is not a unit of their side."""
    data = tomllib.loads(text)
    problems = []
    ids = [r["id"] for key in ("unit", "dump", "trucks") for r in data.get(key, [])]
    for uid, n in Counter(ids).items():
        if n > 1:
            problems.append(f"id {uid} used {n} times")
    units = {u["id"]: u for u in data["unit"]}
    weapons = {w["id"] for w in data["weapon"]}
    classes = {c["id"] for c in data["class"]}
    for unit in data["unit"]:
        for key in ("parent", "attached_to"):
            if key in unit and unit[key] not in units:
                problems.append(f"{unit['id']}: {key} {unit[key]} is not a unit")
        if "class" in unit and unit["class"] not in classes:
            problems.append(f"{unit['id']}: class {unit['class']} missing")
        if unit.get("detached") and "parent" not in unit:
            problems.append(f"{unit['id']}: detached but assigned to no parent")
        if unit.get("max_assigned", 0) < 0:
            problems.append(f"{unit['id']}: max_assigned below 0")
        for entry in unit["toe"]:
            if entry["system"] not in weapons and entry["system"] != unit.get("class"):
                problems.append(f"{unit['id']}: TOE system {entry['system']} unknown")
    for truck in data["trucks"]:
        if "attached_to" in truck and truck["attached_to"] not in units:
            problems.append(f"{truck['id']}: attached_to unknown")
    for group in data.get("withdrawal", []):
        for uid in group["units"]:
            if units.get(uid, {}).get("side") != group["side"]:
                problems.append(f"{group['id']}: {uid} is not a {group['side']} unit")
    return problems
