"""The script of one Operations Stage of Graziani's Offensive (60.22), GT 1 OpStage 1, played by a
table of three seats (issue 17, "Tests"): the Axis Commander-in-Chief (``axis``, every Axis
role), the Commonwealth Field Commander (``cw-fc``) and Logistics Commander (``cw-lc``).

One list of steps, ``SCRIPT``: each names the seat at the keyboard, the ``quartermaster``
arguments the CLI runs for it (``argv``; ``--as SEAT`` is added by the runner) and what a player
does on the dashboard for it (``page`` and ``form``: the widgets by their labels, in order, then
the button). tests/cli/test_opstage_script.py plays the CLI half, tests/browser/
test_opstage_browser.py the dashboard half, and the two ledgers are compared with ``normalized``.

The Axis holds the Initiative on GT 1 (60.6) and moves first: it is Player A, the Commonwealth
Player B (7.11). What happens, phase by phase of 5.2 III:

- C. Organization: the weather is Hot (29.3); the Axis declares it moves first (7.11); the
  Commonwealth Field Commander files two Supply Requisitions (4.55) and the Logistics Commander
  fills the first from Mersa Matruh, where 1st Essex stands. Dumps 1 (placed by each player,
  60.34, 60.44) fuel and arm IX(L) Tank Bn, the 2nd Libyan Artillery Regt, 1st RTR and 1st
  KRRC.
- D, E, F (Player A).
- G (Player A): IX(L) Tank Bn and the 2nd Libyan Artillery Regt move C3920 → C3921, next to the
  Commonwealth's C3922 (fuel burnt, 49.13; Breakdown Points, 21.23); IX(L) checks for breakdown
  with dice read at the table (21.38). Both sides commit sealed Barrage plots (the Commonwealth
  none), then Force Assignment plots (5.2 III G 3); the artillery barrages 3rd Coldstream
  Guards (12.31, adjacent) and IX(L) close-assaults C3922 (15.1), both with dice read at the
  table. The Commonwealth Field Commander works both out and posts them: the Axis seat cannot
  see the Commonwealth's units (11.36), the Commonwealth sees its own and the Axis counters its
  revealed plots name. The segment ends (12.44).
- H (Player A): an Axis convoy loads at Dump 2, drives to C3920 and unloads Stores to the 2nd
  Libyan Infantry HQ (8.98, 54.2; 2 CP a load, 6.3).
- J, K (Player A: IX(L)'s broken-down CV33s are repaired), L, F (Player B).
- G (Player B): 1st Royal Tank Regt moves C3520 → C3521.
- H (Player B): a Commonwealth convoy loads at Mersa Matruh, drives to C3922 and unloads by
  filling the second requisition (4.55).
- J, K, L (Player B), and the end of the Operations Stage with its upkeep (6.16, 52.x).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ledger.journal.codec import encode
from ledger.model.events import Event
from ledger.model.phases import PHASES
from ledger.model.source import Role
from ledger.model.units import Side

GAME: Final = "graziani"
SEATS: Final[tuple[tuple[str, Side, Role], ...]] = (
    ("axis", "axis", "commander_in_chief"),
    ("cw-fc", "commonwealth", "field_commander"),
    ("cw-lc", "commonwealth", "logistics_commander"),
)
"""``(seat, side, role)`` of the table."""
ROLE_OF: Final[dict[str, Role]] = {seat: role for seat, _, role in SEATS}
"""The role each seat records as (``--role``; the sidebar's Command role on the dashboard)."""


def passphrase(seat: str) -> str:
    """The test passphrase of ``seat``."""
    return f"{seat}-pass"


# --- what a player does on a page -------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """Choose ``option`` (its text as shown) in the select box ``label``."""

    label: str
    option: str


@dataclass(frozen=True)
class PickMany:
    """Add ``option`` (the first option showing it) to the multiselect ``label``."""

    label: str
    option: str


@dataclass(frozen=True)
class Fill:
    """Type ``value`` into the text or number box ``label``."""

    label: str
    value: str


@dataclass(frozen=True)
class Choose:
    """Click ``option`` of the segmented control or radio ``label``."""

    label: str
    option: str


@dataclass(frozen=True)
class Tick:
    """Tick the checkbox ``label``."""

    label: str


@dataclass(frozen=True)
class Tab:
    """Open the page's tab ``label``."""

    label: str


@dataclass(frozen=True)
class Expand:
    """Open the page's expander ``label``."""

    label: str


@dataclass(frozen=True)
class Press:
    """Click the button ``label`` (a form's submit, Confirm, ...)."""

    label: str


@dataclass(frozen=True)
class See:
    """Wait until ``text`` shows on the page (a success, the proposal, ...)."""

    text: str


Action = Pick | PickMany | Fill | Choose | Tick | Tab | Expand | Press | See


@dataclass(frozen=True)
class Step:
    """One command of the script.

    ``seat`` is at the keyboard; ``argv`` is what ``quartermaster`` runs (``--as`` added by the
    runner, files of ``files`` written next to the database first); ``said`` is a line the CLI
    prints for it. ``page`` is the dashboard page and ``form`` what the player does there; an
    empty ``form`` means no page does it yet (the browser test plays it through the CLI and
    says so)."""

    title: str
    seat: str
    argv: tuple[str, ...]
    said: str = ""
    page: str = ""
    form: tuple[Action, ...] = ()
    files: Mapping[str, Any] = field(default_factory=dict)


def phase(seat: str, letter: str, player: str = "", said: str = "") -> Step:
    """Advance to phase ``letter`` (of Player ``player`` for F to L) on the Your phase page."""
    argv = ("phase", letter, *(("--player", player) if player else ()), "--reason", REASON)
    name = f"{letter}{'/' + player if player else ''}"
    key = next(p.label for p in PHASES if p.letter == letter and p.player == (player or None))
    form = (Pick("Advance to", key), Fill("Reason", REASON), Press("Advance"))
    return Step(f"phase {name}", seat, argv, said or "begins", "Your phase", form)


REASON: Final = "scripted OpStage"
"""The reason every scripted command gives (``--reason`` and the forms' Reason box)."""

BARRAGE: Final = {
    "combat": "barrage",
    "phasing": "axis",
    "firing_side": "axis",
    "guns": [
        {
            "unit": "2nd Libyan Artillery Regt",
            "points": {"it.75_27_gun": 9, "it.100_17_howitzer": 3},
            "position": "forward",
        }
    ],
    "target": {"unit": "3rd Coldstream Guards"},
    "terrain": {"terrain": []},
    "rulings": {},
}
"""The 2nd Libyan Artillery Regt, moved to C3921, barrages 3rd Coldstream Guards in the
adjacent C3922 (12.31) with all its guns, as plotted: the request the Combat page makes."""

ASSAULT: Final = {
    "combat": "close-assault",
    "phasing": "axis",
    "attackers": [
        {"unit": "IX(L) Tank Bn", "points": {"it.cv33": 8}, "level": "battalion",
         "available_toe": 8},
    ],
    "defenders": [
        {"unit": "3rd Coldstream Guards", "points": {"cw.p": 6}, "pinned": True,
         "level": "battalion"},
        {"unit": "1st KRRC", "points": {"cw.n": 6}, "level": "battalion"},
        {"unit": "4th Ryl Horse Arty", "points": {"cw.18_25_pounder_gun": 6},
         "position": "back", "withheld": True, "level": "battalion"},
        {"unit": "7th Medium Artillery Regt", "points": {"cw.60_pounder_gun": 6},
         "position": "back", "withheld": True, "level": "battalion"},
    ],
    "morale": {"attacker": {"unit": "IX(L) Tank Bn"}, "defender": {"unit": "3rd Coldstream Guards"}},
    "terrain": {"terrain": [], "hexsides": []},
    "rulings": {},
}  # fmt: skip
"""IX(L) Tank Bn's 8 CV33s (one broke down) assault C3922 from C3921 (15.1): 3rd Coldstream
Guards is Pinned by the barrage (12.44), 1st KRRC defends with the Ammunition Dump 1 gave it,
and the artillery without Ammunition is withheld in the Back position (15.15, 12.11); each side's morale is its largest
unit's (15.63), with the 17.4 dice: the request the Combat page makes."""

CONVOY_AXIS: Final = "axis_2nd3rd_2"
CONVOY_CW: Final = "commonwealth_2nd3rd_6"

SCRIPT: Final[tuple[Step, ...]] = (
    # C. Organization Phase
    Step("Hot weather", "axis", ("weather", "hot", "--reason", REASON), "hot", "Your phase",
         (Pick("Weather rolled", "Hot"), Fill("Reason", REASON), Press("Record weather"))),
    Step("the Axis, holding the Initiative (60.6), moves first", "axis",
         ("initiative", "--first", "axis"), "Axis moves first", "Your phase",
         (Choose("Player A", "Axis moves first"), Press("Declare"))),
    Step("CW requisition for 1st Essex", "cw-fc",
         ("requisition", "1st Essex", "--ammo", "2"),
         "requisition CR1", "Requisitions",
         (Pick("Unit", "1st Essex"), Fill("Ammunition", "2"), Press("File requisition"))),
    Step("the Logistics Commander fills it from Mersa Matruh", "cw-lc",
         ("fulfil", "CR1", "--from", "Mersa Matruh", "--reason", REASON),
         "requisition CR1 fulfilled", "Requisitions",
         (Pick("Requisition", "CR1"), Pick("From (fulfil)", "Mersa Matruh"), Choose("Decision", "Fulfil by a transfer"), Fill("Reason", REASON), Press("Answer"))),
    Step("CW requisition for 3rd Coldstream Guards", "cw-fc",
         ("requisition", "3rd Coldstream Guards", "--ammo", "4", "--stores", "6"),
         "requisition CR2", "Requisitions",
         (Pick("Unit", "3rd Coldstream Guards"), Fill("Ammunition", "4"), Fill("Stores", "6"), Press("File requisition"))),
    Step("Axis Dump 1 fuels IX(L) Tank Bn", "axis",
         ("transfer", "--from", "Dump 1", "--to", "IX(L) Tank Bn", "--fuel", "40",
          "--ammo", "20", "--reason", REASON),
         "from Dump 1 to IX(L) Tank Bn", "Supply",
         (Pick("From", "Dump 1"), Pick("To", "IX(L) Tank Bn"), Fill("Ammunition", "20"), Fill("Fuel", "40"), Fill("Reason", REASON), Press("Transfer supplies"))),
    Step("Axis Dump 1 fuels and arms the 2nd Libyan Artillery Regt", "axis",
         ("transfer", "--from", "Dump 1", "--to", "2nd Libyan Artillery Regt", "--fuel", "36",
          "--ammo", "60", "--reason", REASON),
         "from Dump 1 to 2nd Libyan Artillery Regt", "Supply",
         (Pick("From", "Dump 1"), Pick("To", "2nd Libyan Artillery Regt"), Fill("Ammunition", "60"), Fill("Fuel", "36"), Fill("Reason", REASON), Press("Transfer supplies"))),
    Step("CW Dump 1 fuels 1st RTR", "cw-lc",
         ("transfer", "--from", "Dump 1", "--to", "1st Royal Tank Regt", "--fuel", "60",
          "--reason", REASON),
         "60 Fuel from Dump 1 to 1st Royal Tank Regt", "Supply",
         (Pick("From", "Dump 1"), Pick("To", "1st Royal Tank Regt"), Fill("Fuel", "60"), Fill("Reason", REASON), Press("Transfer supplies"))),
    Step("CW Dump 1 arms 1st KRRC", "cw-lc",
         ("transfer", "--from", "Dump 1", "--to", "1st KRRC", "--ammo", "10",
          "--reason", REASON),
         "10 Ammunition from Dump 1 to 1st KRRC", "Supply",
         (Pick("From", "Dump 1"), Pick("To", "1st KRRC"), Fill("Ammunition", "10"), Fill("Reason", REASON), Press("Transfer supplies"))),
    phase("axis", "D"),
    phase("axis", "E"),
    phase("axis", "F", "A"),
    phase("axis", "G", "A"),
    # G. Movement and Combat Phase, Player A (Axis)
    Step("IX(L) Tank Bn moves next to the Commonwealth", "axis",
         ("move", "IX(L) Tank Bn", "--to", "C3921", "--hexes", "clear",
          "--reason", REASON),
         "IX(L) Tank Bn moves C3920 → C3921", "Movement",
         (Tab("Move"), Pick("Unit", "IX(L) Tank Bn"), Fill("Hexes entered, in order", "clear"), Fill("Ends in hex", "C3921"), Fill("Reason", REASON), Press("Record move"))),
    Step("IX(L) Tank Bn checks for breakdown", "axis",
         ("breakdown-check", "IX(L) Tank Bn", "--roll", "45"),
         "", "Movement",
         (Tab("Breakdown check"), Pick("Unit", "IX(L) Tank Bn"), Fill("CV 33 (L3/35): reading (11–66, the large die the tens)", "45"), Press("Record check"))),
    Step("the 2nd Libyan Artillery Regt moves up", "axis",
         ("move", "2nd Libyan Artillery Regt", "--to", "C3921", "--hexes", "clear",
          "--reason", REASON),
         "2nd Libyan Artillery Regt moves C3920 → C3921", "Movement",
         (Tab("Move"), Pick("Unit", "2nd Libyan Artillery Regt"), Fill("Hexes entered, in order", "clear"), Fill("Ends in hex", "C3921"), Fill("Reason", REASON), Press("Record move"))),
    Step("the Axis plots its barrage on C3922, sealed", "axis",
         ("plot", "barrage", "--fire", "2nd Libyan Artillery Regt", "9:75/27 Gun", "forward",
          "C3922", "infantry #1", "--fire", "2nd Libyan Artillery Regt", "3:100/17 Howitzer",
          "forward", "C3922", "infantry #1", "--reason", REASON),
         "plot committed, sealed", "Plots",
         (Tab("Barrage plot (12.1, 12.2)"),
          Pick("Unit and weapon system 1", "2nd Libyan Artillery Regt — 75/27 Gun"),
          Fill("TOE points 1", "9"), Pick("Position 1", "Forward"),
          Fill("Target hex 1", "C3922"), Pick("Target class 1", "Infantry"),
          Fill("Target 1", "infantry #1"),
          Pick("Unit and weapon system 2", "2nd Libyan Artillery Regt — 100/17 Howitzer"),
          Fill("TOE points 2", "3"), Pick("Position 2", "Forward"),
          Fill("Target hex 2", "C3922"), Pick("Target class 2", "Infantry"),
          Fill("Target 2", "infantry #1"),
          Fill("Note (your side only)", REASON), Press("Commit Barrage plot"))),
    Step("the Commonwealth plots no barrage: both revealed", "cw-fc",
         ("plot", "barrage", "--none", "--reason", REASON), "revealed", "Plots",
         (Tab("Barrage plot (12.1, 12.2)"), Tick("Nothing to plot this step (an empty plot)"),
          Fill("Note (your side only)", REASON), Press("Commit Barrage plot"))),
    Step("the barrage on 3rd Coldstream Guards, dice read at the table", "cw-fc",
         ("resolve", "barrage.json", "--dice", "target=45", "--dice", "trucks=11", "--confirm",
          "--reason", REASON),
         "3rd Coldstream Guards pinned", "Combat",
         (Choose("Combat", "Barrage"), Pick("Phasing side", "Axis"), Pick("Firing side", "Axis"),
          PickMany("Hexes", "C3921"), PickMany("Units", "2nd Libyan Artillery Regt"),
          Pick("Target hex", "C3922"), Pick("Target unit (12.22)", "3rd Coldstream Guards"),
          Fill("Target reading (12.42)", "45"), Fill("Truck reading (12.46)", "11"),
          Fill("Reason", REASON), Press("Confirm")),
         {"barrage.json": BARRAGE}),
    Step("the Axis assigns IX(L) Tank Bn to close-assault C3922, sealed", "axis",
         ("plot", "force-assignment", "--assign", "IX(L) Tank Bn", "8:CV 33 (L3/35)",
          "close-assault", "C3922", "--reason", REASON),
         "plot committed, sealed", "Plots",
         (Tab("Force Assignment plot (14.26)"),
          Pick("Unit and weapon system 1", "IX(L) Tank Bn — CV 33 (L3/35)"),
          Fill("TOE points 1", "8"), Pick("Does 1", "Close Assault"), Fill("Hex 1", "C3922"),
          Fill("Note (your side only)", REASON), Press("Commit Force Assignment plot"))),
    Step("the Commonwealth assigns nothing: both revealed", "cw-fc",
         ("plot", "force-assignment", "--none", "--reason", REASON), "revealed", "Plots",
         (Tab("Force Assignment plot (14.26)"),
          Tick("Nothing to plot this step (an empty plot)"),
          Fill("Note (your side only)", REASON), Press("Commit Force Assignment plot"))),
    Step("IX(L) Tank Bn close-assaults C3922, dice read at the table", "cw-fc",
         ("resolve", "assault.json", "--dice", "attacker_morale=33", "--dice",
          "defender_morale=44", "--dice", "attacker=34", "--dice", "defender=15", "--confirm",
          "--reason", REASON),
         "close assault C3921 → C3922", "Combat",
         (Choose("Combat", "Close Assault"), Pick("Phasing side", "Axis"),
          PickMany("Hexes", "C3921"), PickMany("Units", "IX(L) Tank Bn"),
          Pick("Target hex", "C3922"),
          PickMany("Guns in the Back position (12.11; the others are Forward)",
                   "4th Ryl Horse Arty"),
          PickMany("Guns in the Back position (12.11; the others are Forward)",
                   "7th Medium Artillery Regt"),
          PickMany("Withheld (15.16)", "4th Ryl Horse Arty"),
          PickMany("Withheld (15.16)", "7th Medium Artillery Regt"),
          Fill("Attacker morale reading (17.22)", "33"),
          Fill("Defender morale reading (17.22)", "44"),
          Fill("Attacker reading (15.73a)", "34"), Fill("Defender reading (15.73a)", "15"),
          Fill("Reason", REASON), Press("Confirm")),
         {"assault.json": ASSAULT}),
    Step("end of the Combat Segment", "axis", ("end-combat-segment", "--reason", REASON),
         "", "Combat",
         (Expand("End the Combat Segment (12.44, 11.24)"), Fill("Reason", REASON),
          Press("End Combat Segment"))),
    phase("axis", "H", "A"),
    # H. Truck Convoy Movement Phase, Player A
    Step("an Axis convoy loads at Dump 2", "axis",
         ("transfer", "--from", "Dump 2", "--to", CONVOY_AXIS, "--fuel", "200", "--stores", "20",
          "--reason", REASON),
         "from Dump 2", "Convoys",
         (Pick("Convoy", "(155 TP)"), Choose("Way", "Load onto the convoy"), Pick("Dump, unit or trucks", "Dump 2"), Fill("Fuel", "200"), Fill("Stores", "20"), Fill("Reason", REASON), Press("Load or unload"))),
    Step("it drives to C3920", "axis",
         ("move-trucks", CONVOY_AXIS, "C3920", "--cp", "5", "--reason", REASON), "", "Convoys",
         (Pick("Convoy", "(155 TP)"), Fill("To hex", "C3920"), Fill("CP expended", "5"), Fill("Reason", REASON), Press("Move convoy"))),
    Step("it unloads Stores to the 2nd Libyan Infantry HQ", "axis",
         ("transfer", "--from", CONVOY_AXIS, "--to", "2nd Libyan Infantry HQ", "--stores", "20",
          "--reason", REASON),
         "20 Stores", "Convoys",
         (Pick("Convoy", "at C3920 (155 TP)"), Choose("Way", "Unload from the convoy"), Pick("Dump, unit or trucks", "2nd Libyan Infantry HQ"), Fill("Stores", "20"), Fill("Reason", REASON), Press("Load or unload"))),
    phase("axis", "J", "A"),
    phase("axis", "K", "A"),
    Step("IX(L) Tank Bn's broken-down CV33s repaired", "axis",
         ("repair", "IX(L) Tank Bn", "--system", "CV 33 (L3/35)", "--points", "1"),
         "repaired", "Movement",
         (Tab("Repair"), Pick("Unit", "IX(L) Tank Bn"), Pick("Weapon system", "CV 33 (L3/35)"), Fill("Points", "1"), Press("Record repair"))),
    phase("axis", "L", "A"),
    phase("axis", "F", "B"),
    phase("cw-fc", "G", "B"),
    # G. Movement and Combat Phase, Player B (Commonwealth)
    Step("1st RTR moves", "cw-fc",
         ("move", "1st Royal Tank Regt", "--to", "C3521", "--hexes", "clear",
          "--reason", REASON),
         "1st Royal Tank Regt moves C3520 → C3521", "Movement",
         (Tab("Move"), Pick("Unit", "1st Royal Tank Regt"), Fill("Hexes entered, in order", "clear"), Fill("Ends in hex", "C3521"), Fill("Reason", REASON), Press("Record move"))),
    phase("cw-fc", "H", "B"),
    # H. Truck Convoy Movement Phase, Player B
    Step("a Commonwealth convoy loads at Mersa Matruh", "cw-lc",
         ("transfer", "--from", "Mersa Matruh", "--to", CONVOY_CW, "--fuel", "130", "--ammo", "4",
          "--stores", "6", "--reason", REASON),
         "from Mersa Matruh", "Convoys",
         (Pick("Convoy", "(60 TP)"), Choose("Way", "Load onto the convoy"), Pick("Dump, unit or trucks", "Mersa Matruh"), Fill("Ammunition", "4"), Fill("Fuel", "130"), Fill("Stores", "6"), Fill("Reason", REASON), Press("Load or unload"))),
    Step("it drives to C3922", "cw-lc",
         ("move-trucks", CONVOY_CW, "C3922", "--cp", "10", "--reason", REASON), "", "Convoys",
         (Pick("Convoy", "(60 TP)"), Fill("To hex", "C3922"), Fill("CP expended", "10"), Fill("Reason", REASON), Press("Move convoy"))),
    Step("it unloads by filling the 3rd Coldstream Guards' requisition", "cw-lc",
         ("fulfil", "CR2", "--from", CONVOY_CW, "--reason", REASON),
         "requisition CR2 fulfilled", "Requisitions",
         (Pick("Requisition", "CR2"), Pick("From (fulfil)", "at C3922 (60 TP)"), Choose("Decision", "Fulfil by a transfer"), Fill("Reason", REASON), Press("Answer"))),
    phase("cw-fc", "J", "B"),
    phase("cw-fc", "K", "B"),
    phase("cw-fc", "L", "B"),
    Step("end of the Operations Stage", "cw-fc", ("end-stage", "--reason", REASON),
         "", "Your phase",
         (Press("End GT 1 OpStage 1…"), Fill("Reason", REASON), Press("Confirm: end GT 1 OpStage 1"))),
)  # fmt: skip
"""GT 1 OpStage 1 of Graziani's Offensive, step by step."""


# --- comparing two ledgers --------------------------------------------------------------------
IGNORED: Final = ("hash",)
"""Payload keys dropped wherever they occur (see ``normalized``)."""


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if k not in IGNORED}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def normalized(events: Sequence[Event]) -> list[dict[str, Any]]:
    """The events as the journal stores them (``ledger.journal.codec.encode``: kind and every
    field, game time, side, role, seat, reason), less what two tables playing the same script
    necessarily differ in: a seat's passphrase ``hash`` (argon2 draws a fresh salt each time).
    Wall-clock time and the hash chain are not in the payloads (they are columns of the
    journal's rows), so nothing else is ignored."""
    return [_scrub(json.loads(encode(e))) for e in events]
