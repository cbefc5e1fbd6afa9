"""The ``quartermaster`` command: create games, read the ledger, change it through the journal.

Every subcommand takes ``--db URL`` (a file path or an SQLAlchemy URL; default
``QUARTERMASTER_DB`` or an SQLite file in the per-user data directory), ``--game NAME``
(default ``QUARTERMASTER_GAME``, or the only game in the database) and ``--json``.
Exit status: 0 done, 1 refused (every error printed, nothing written), 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from ledger.commands import first_line_trucks, logistics, organization_phase, reorganize
from ledger.commands.breakdown_log import breakdown_check, breakdown_rows, repair
from ledger.commands.combat import end_combat_segment
from ledger.commands.cp import adjust_cohesion, correct_toe, spend_cp
from ledger.commands.logistics import ARRIVAL_CAUSES, CONSUMPTION_CAUSES
from ledger.commands.movement import MOVE_ACTIONS, move_unit
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.io.scenario import ScenarioError, load_scenario, resolve
from ledger.journal import (
    DuplicateGameError,
    EventStore,
    StaleSequenceError,
    UnknownGameError,
    database_url,
    default_database_url,
)
from ledger.journal.codec import encode
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.clock import WEATHERS
from ledger.model.errors import LedgerError
from ledger.model.events import ROLES, Event, Role, Source
from ledger.model.lookup import resolve as resolve_holder
from ledger.model.phases import find_phase
from ledger.model.quantities import CPFormatError, Supplies, format_cp, parse_cp
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side
from ledger.reports import event_log, formations
from ledger.reports import tables as reports
from ledger.reports.forecast import forecast_rows, formation_forecast, side_forecast
from ledger.rules.checks import warnings
from ledger.rules.cp_actions import cp_actions
from ledger.rules.organization import (
    formation_strengths,
    formation_tree,
)


class Refused(Exception):
    """The command cannot be done; ``errors`` are shown and the exit status is 1."""

    status = 1

    def __init__(self, errors: Sequence[LedgerError | str]) -> None:
        super().__init__("\n".join(map(str, errors)))
        self.errors = [str(e) for e in errors]
        self.details = [
            {"field": e.field, "message": e.message, "case": e.case}
            if isinstance(e, LedgerError)
            else {"field": "", "message": e, "case": ""}
            for e in errors
        ]


class BadRequest(Refused):
    """The input file or an option is not a valid request (docs/combat.md); exit status 2."""

    status = 2


def _common() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", help="database: an SQLite file path or an SQLAlchemy URL")
    common.add_argument("--game", help="the game to use (default: the only one)")
    common.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return common


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    common = _common()
    parser = argparse.ArgumentParser(
        prog="quartermaster",
        description="The journaled ledger of The Campaign for North Africa.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[common], help=help_text, description=help_text)

    p = add("new", "create a game from a scenario")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--scenario", default="graziani", help="bundled scenario id or a .toml path")
    p.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=OPTION",
        help="choose another option of a named ruling (docs/rulings.md)",
    )
    add("games", "list the games in the database")
    add("scenarios", "list the bundled scenarios")
    add("clock", "the current Game-Turn and Operations Stage")
    for name, text in (
        ("units", "the counters in play"),
        ("dumps", "the supply dumps"),
        ("trucks", "the truck points"),
    ):
        p = add(name, text)
        p.add_argument("--side", choices=SIDES)
        if name != "dumps":
            p.add_argument("--all", action="store_true", help="include those not yet arrived")
    p = add("toe", "a unit's TOE: weapon systems, TOE Strength Points and ratings (11.1)")
    p.add_argument("unit", metavar="UNIT")
    p = add("supply", "supply points per side: in dumps, with units, on trucks")
    p = add("warnings", "units over CPA and at Cohesion −17 / −26")
    p.add_argument("--side", choices=SIDES)

    p = add("spend-cp", "a unit expends Capability Points (6.12; DP over CPA, 6.21–6.22)")
    p.add_argument("unit", metavar="UNIT", help="unit id, counter text or name")
    p.add_argument(
        "cp", metavar="CP", nargs="?", help="CP: 5, 1/2, 2 1/2 (optional for a fixed-cost action)"
    )
    p.add_argument("--action", default="other", help="a 6.3 action (see `quartermaster actions`)")
    _source_options(p, "field_commander")
    add("actions", "the Capability Point Cost Summary (6.3) as named actions")
    p = add("morale", "a unit's Adjusted Morale odds at its Cohesion Level (17.4, 17.2x)")
    p.add_argument("unit", metavar="UNIT")
    p.add_argument(
        "--reading", type=int, metavar="11..66", help="a rolled reading (large die tens)"
    )
    p = add(
        "formation", "a Parent Formation's tree: Stacking Points, CPA (6.15), Raw/Actual totals"
    )
    p.add_argument("unit", metavar="HQ", help="the formation's HQ: id, counter text or name")
    for name, text in (
        ("cp", "CP per unit: CPA, expended, left, over, 8.17 ceiling, DP of the next CP"),
        ("cohesion", "Cohesion Level per unit, with the −17 and −26 thresholds"),
    ):
        p = add(name, text)
        p.add_argument("--side", choices=SIDES)
    p = add(
        "adjust-cohesion",
        "RP or DP outside CP: victorious assault (+3, 6.24.2), "
        "30 %% assault losses (3 DP, 6.21), or a correction",
    )
    p.add_argument("unit", metavar="UNIT")
    p.add_argument(
        "--cause", required=True, choices=["victorious-assault", "assault-losses", "correction"]
    )
    p.add_argument("--change", metavar="N", help="for a correction: --change=+2, --change=-1/2")
    _source_options(p, "field_commander")
    p = add(
        "correct-toe",
        "correct a unit's TOE Strength Points, e.g. a proposed 51.22/52.53 loss taken elsewhere",
    )
    p.add_argument("unit", metavar="UNIT")
    p.add_argument("--system", required=True, metavar="SYSTEM", help="weapon system id")
    p.add_argument(
        "--change", required=True, type=int, metavar="N", help="--change=-1 lost, --change=+1 back"
    )
    _source_options(p, "field_commander")
    p = add("surrender", "would a side's units in a hex surrender if close assaulted (15.15)")
    p.add_argument("hex", metavar="HEX")
    p.add_argument("--side", required=True, choices=SIDES)
    p = add("transfer", "move supply points between dumps, units and truck points")
    p.add_argument("--from", dest="origin", required=True, metavar="HOLDER")
    p.add_argument("--to", dest="destination", required=True, metavar="HOLDER")
    for commodity in ("ammo", "fuel", "stores", "water"):
        p.add_argument(f"--{commodity}", type=int, default=0, metavar="N")
    _source_options(p, "logistics_commander")
    p = add("phase", "the phase of the Operations Stage (5.2 III); give one to move forward")
    p.add_argument(
        "target",
        metavar="PHASE",
        nargs="?",
        help="`next`, or a phase key, letter or name (`G`, `movement and combat`)",
    )
    p.add_argument("--player", choices=["A", "B"], help="Player A or B for phases F to L")
    _source_options(p, "commander_in_chief")
    for name, text in (
        ("assign", "assign a non-assigned unit to a Parent Formation (5.2 III.C.1; free)"),
        ("attach", "attach a unit to a Parent Formation (6.3: own 1 CP, other 2 CP each)"),
    ):
        p = add(name, text)
        p.add_argument("unit", metavar="UNIT")
        p.add_argument("parent", metavar="HQ", help="the Parent Formation's HQ")
        _source_options(p, "field_commander")
    p = add("detach", "detach a unit from its Parent Formation (6.3: 1 CP each; 8.96 trucks)")
    p.add_argument("unit", metavar="UNIT")
    _truck_options(p, "truck points going with the unit (8.97), default 0")
    _source_options(p, "field_commander")
    p = add("attach-trucks", "attach truck points of a group to a unit (8.96, 8.97)")
    p.add_argument("trucks", metavar="GROUP", help="truck group id")
    p.add_argument("unit", metavar="UNIT")
    _truck_options(p, "truck points to attach (default: the whole group)")
    _source_options(p, "logistics_commander")
    p = add("detach-trucks", "detach truck points of a formation into a convoy group (8.97)")
    p.add_argument("unit", metavar="HQ", help="the formation's highest HQ (or a lone unit)")
    _truck_options(p, "truck points to detach")
    _source_options(p, "logistics_commander")
    p = add("load-troops", "carry a leg unit on its formation's truck points (6.17, 8.95)")
    p.add_argument("unit", metavar="UNIT")
    _truck_options(p, "truck points carrying it (all 0 unloads it)")
    _source_options(p, "field_commander")
    p = add("weather", "the weather of this Operations Stage (29.x); give one to record it")
    p.add_argument("weather", metavar="WEATHER", nargs="?", choices=WEATHERS)
    _source_options(p, "commander_in_chief")
    for name, text, causes in (
        ("consume", "supplies used, evaporated, demolished or lost (49-52)", CONSUMPTION_CAUSES),
        ("arrive", "supplies arriving by convoy or captured (usable share)", ARRIVAL_CAUSES),
    ):
        p = add(name, text)
        p.add_argument("holder", metavar="HOLDER", help="dump, unit or truck group")
        p.add_argument("--cause", required=True, choices=list(causes))
        for commodity in ("ammo", "fuel", "stores", "water"):
            p.add_argument(f"--{commodity}", type=int, default=0, metavar="N")
        _source_options(p, "logistics_commander")
    p = add("capture", "take the enemy's supplies; the usable share is kept (50.16, 51.16)")
    p.add_argument("enemy", metavar="ENEMY", help="the enemy's dump, unit or truck group")
    p.add_argument("--to", dest="captor", required=True, metavar="HOLDER", help="your holder")
    for commodity in ("ammo", "fuel", "stores", "water"):
        p.add_argument(f"--{commodity}", type=int, default=0, metavar="N", help="default: all")
    _source_options(p, "logistics_commander")
    p = add("draw-water", "draw water at a town, bir, oasis or major city (52.7, 8.48)")
    p.add_argument("holder", metavar="HOLDER", help="a unit or truck group at the well")
    p.add_argument("--at", required=True, choices=["town", "bir", "oasis", "major-city"])
    p.add_argument("--roll", type=int, metavar="1..6", help="the die, for a town or bir")
    p.add_argument("--water", type=int, metavar="N", help="for an oasis or major city")
    _source_options(p, "logistics_commander")
    p = add(
        "move-trucks",
        "move a convoy to a hex within its CPA in the Truck Convoy Movement Phase, burning its "
        "fuel (8.18, 8.98, 49.13)",
    )
    p.add_argument("trucks", metavar="GROUP")
    p.add_argument("hex", metavar="HEX")
    p.add_argument("--cp", required=True, metavar="CP", help="CP expended: 12, 7 1/2")
    p.add_argument(
        "--reaction",
        action="store_true",
        help="a Reaction in a Movement and Combat Phase, stacked with a friendly unit (8.53)",
    )
    _source_options(p, "logistics_commander")
    p = add("move", "record a unit's move: CP (8.37), fuel burnt (49.13), Breakdown Points (21.23)")
    p.add_argument("unit", metavar="UNIT")
    p.add_argument("--to", required=True, metavar="HEX", help="the hex it ends in")
    p.add_argument("--cp", required=True, metavar="CP", help="CP expended: 12, 7 1/2")
    p.add_argument(
        "--hexes",
        default="",
        metavar="PATH",
        help="the hexes entered, [road:|track:]TERRAIN[+HEXSIDE],...: road:clear,rough,clear+ridge",
    )
    p.add_argument("--action", default="move", choices=MOVE_ACTIONS, help="the 6.3 action")
    _source_options(p, "field_commander")
    p = add(
        "breakdown-check",
        "a unit's vehicles check for Breakdown on chart 21.38 (21.26-21.35); no --roll: the odds",
    )
    p.add_argument("unit", metavar="UNIT")
    p.add_argument(
        "--roll",
        action="append",
        type=int,
        default=[],
        metavar="NN",
        help="a reading 11..66 (large die the tens), one per vehicle type due, in the listed order",
    )
    p.add_argument(
        "--sandstorm",
        choices=["yes", "no"],
        help="half the movement was in Sandstorm map sections (21.37d; default: the weather)",
    )
    _source_options(p, "field_commander")
    p = add("repair", "TOE Strength Points awaiting repair return to the TOE (Repair Phase, 5.2)")
    p.add_argument("unit", metavar="UNIT")
    p.add_argument("--system", required=True, metavar="SYSTEM", help="weapon system id or name")
    p.add_argument("--points", required=True, type=int, metavar="N")
    _source_options(p, "field_commander")
    p = add("forecast", "who runs dry when: a formation's or a side's supply played forward")
    p.add_argument("unit", metavar="HQ", nargs="?", help="a Parent Formation (else --side)")
    p.add_argument("--side", choices=SIDES, help="the whole side's General Supply Net (4.55)")
    p.add_argument("--opstages", type=int, default=6, metavar="N")
    p.add_argument("--cp", default="0", metavar="CP", help="CP moved each OpStage (default 0)")
    p.add_argument("--weather", choices=WEATHERS, default="normal")
    p = add(
        "plan-convoys",
        "propose the loading that delivers the most of the open requisitions (54.2 capacities)",
    )
    p.add_argument("--side", required=True, choices=SIDES)
    p.add_argument("--time-limit", type=float, default=10.0, metavar="SECONDS")
    p.add_argument(
        "--exclude-requisition", action="append", default=[], metavar="R", help="plan without R"
    )
    p.add_argument(
        "--exclude-convoy", action="append", default=[], metavar="GROUP", help="plan without it"
    )
    p.add_argument("--accept", action="store_true", help="record the plan shown (transfers)")
    p.add_argument(
        "--ready-only",
        action="store_true",
        help="with --accept: record the legs whose convoy stands at its dump, leave the rest",
    )
    _source_options(p, "logistics_commander")
    p = add("requisitions", "the Supply Requisitions (4.55)")
    p.add_argument("--side", choices=SIDES)
    p.add_argument("--open", action="store_true", help="only the open ones")
    p = add("requisition", "file a Supply Requisition for a unit (4.55)")
    p.add_argument("unit", metavar="UNIT")
    for commodity in ("ammo", "fuel", "stores", "water"):
        p.add_argument(f"--{commodity}", type=int, default=0, metavar="N")
    p.add_argument("--note", default="")
    _source_options(p, "field_commander")
    p = add("fulfil", "fulfil a requisition by a transfer from a dump, unit or trucks (4.55)")
    p.add_argument("requisition", metavar="R")
    p.add_argument("--from", dest="origin", required=True, metavar="HOLDER")
    _source_options(p, "logistics_commander")
    p = add("reject", "reject a requisition, saying why (--reason, 4.55)")
    p.add_argument("requisition", metavar="R")
    _source_options(p, "logistics_commander")
    p = add(
        "end-combat-segment",
        "end the Combat Segment: Pinned markers off, combat CP caps reset (12.44, 11.24)",
    )
    _source_options(p, "field_commander")
    p = add("end-stage", "end the Operations Stage: CP expended back to 0 (6.16), clock advances")
    _source_options(p, "commander_in_chief")
    p = add("history", "the journal: sequence, game time, side/role, what, why")
    p.add_argument("--last", type=int, metavar="N", help="only the last N events")
    p = add("undo", "reverse the last action, with what the ledger posted for it")
    _source_options(p, "commander_in_chief")
    _combat_parsers(sub, common)
    p = add("export", "write a log sheet as an Excel workbook")
    p.add_argument(
        "--sheet",
        default="field-commander",
        choices=[
            "field-commander",
            "toe",
            "supply-dumps",
            "trucks",
            "supply-net",
            "requisitions",
            "logistics",
        ],
        help="field-commander (default): the Control Sheet; toe: the TOE Log Sheets (4.52); "
        "supply-dumps, trucks, supply-net, requisitions: a Logistics Commander's sheet, "
        "logistics: all four as tabs (4.55)",
    )
    p.add_argument("--side", required=True, choices=SIDES)
    p.add_argument(
        "--formation",
        metavar="NAME",
        help="with --sheet toe: only this Parent Formation (its HQ's id, counter or name)",
    )
    p.add_argument("-o", "--output", required=True, type=Path, metavar="FILE.xlsx")
    return parser


def _truck_options(p: argparse.ArgumentParser, what: str) -> None:
    for kind in ("light", "medium", "heavy"):
        p.add_argument(f"--{kind}", type=int, metavar="N", help=f"{kind} {what}")


def _trucks_given(args: argparse.Namespace) -> tuple[int, int, int] | None:
    given = (args.light, args.medium, args.heavy)
    if all(n is None for n in given):
        return None
    return (args.light or 0, args.medium or 0, args.heavy or 0)


def _source_options(p: argparse.ArgumentParser, role: Role) -> None:
    p.add_argument("--reason", default="", help="why (free text or a log-sheet line)")
    p.add_argument("--role", choices=ROLES, default=role, help=f"who records it (default {role})")


def _json_default(value: object) -> object:
    if isinstance(value, Fraction):
        return str(value)
    raise TypeError(type(value).__name__)


def _show(
    rows: list[dict[str, Any]] | dict[str, Any], as_json: bool, empty: str = "(none)"
) -> None:
    if as_json:
        print(json.dumps(rows, default=_json_default, indent=2, ensure_ascii=False))
        return
    if isinstance(rows, dict):
        width = max(len(k) for k in rows)
        for key, value in rows.items():
            print(f"{key:<{width}}  {_cell(value)}")
        return
    if not rows:
        print(empty)
        return
    import pandas as pd

    frame = pd.DataFrame([{k: _cell(v) for k, v in r.items()} for r in rows])
    print(frame.to_string(index=False))


def _cell(value: object) -> object:
    return format_cp(value) if isinstance(value, Fraction) else value


class App:
    """The parsed command line and the database it works on."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.store = EventStore(database_url(args.db) if args.db else default_database_url())

    def game_name(self) -> str:
        chosen: str | None = self.args.game or os.environ.get("QUARTERMASTER_GAME")
        if chosen:
            return chosen
        names = [g[0] for g in self.store.games()]
        if len(names) == 1:
            return names[0]
        if not names:
            raise Refused(["--game: no game yet; create one with `quartermaster new NAME`"])
        raise Refused(
            [f"--game: {len(names)} games in the database ({', '.join(names)}); name one"]
        )

    def session(self) -> GameSession:
        return GameSession(self.store, self.game_name())

    def source(self, state: GameState, side: Side | None) -> Source:
        return Source(state.clock, side, self.args.role, self.args.reason)

    def unit_command(self, state: GameState, command: UnitCommand) -> None:
        """Run ``command(state, unit id, source)`` for the unit named by ``UNIT``, recorded
        for the unit's side."""
        unit_id = _resolve(state, self.args.unit, "UNIT", ("unit",))
        side: Side = state.units[unit_id].side
        self.execute(lambda s: command(s.state, unit_id, self.source(s.state, side)))

    def execute(self, make: Callable[[GameSession], Outcome]) -> tuple[Event, ...]:
        session = self.session()
        try:
            events = session.execute(lambda _state: make(session))
        except CommandRefused as refused:
            raise Refused(list(refused.errors)) from refused
        if self.args.json:
            _show(
                [
                    {"said": event_log.describe(e, session.state), "event": json.loads(encode(e))}
                    for e in events
                ],
                True,
            )
            return events
        for event in events:
            print(event_log.describe(event, session.state))
        return events


UnitCommand = Callable[[GameState, str, Source], Outcome]


def _resolve(state: GameState, text: str, field: str, kinds: tuple[str, ...]) -> str:
    found = resolve_holder(state, text, field, kinds)
    if isinstance(found, LedgerError):
        raise Refused([found])
    return found


def run(args: argparse.Namespace) -> None:
    """Carry out one parsed command; raises ``Refused`` when it cannot be done."""
    cmd = args.command
    if cmd in ("calc", "resolve"):
        _combat(args)
        return
    app = App(args)
    if cmd == "new":
        choices = {}
        for text in args.ruling:
            ruling_id, _, option = text.partition("=")
            choices[ruling_id] = option
        try:
            setup = load_scenario(resolve(args.scenario))
        except ScenarioError as exc:
            raise Refused(list(exc.errors)) from exc
        try:
            session = create_game(app.store, args.name, setup, choices)
        except CommandRefused as refused:
            raise Refused(list(refused.errors)) from refused
        print(
            f"created game {args.name!r}: {setup.info.name} ({setup.info.case}), "
            f"{len(setup.units)} counters, {session.state.clock} — in {app.store.location}"
        )
        return
    if cmd == "games":
        _show(
            [
                {"game": n, "scenario": s, "created": c.isoformat(timespec="seconds"), "events": k}
                for n, s, c, k in app.store.games()
            ],
            args.json,
            "(no games)",
        )
        return
    if cmd == "scenarios":
        from ledger.io.scenario import bundled_scenarios

        _show([{"id": k, "file": str(v)} for k, v in bundled_scenarios().items()], args.json)
        return
    session = app.session()
    state = session.state
    if cmd == "clock":
        _show(reports.clock(state), args.json)
    elif cmd == "units":
        rows = reports.units(state, args.side, include_arriving=args.all)
        _show(_columns(rows, "units", args.json), args.json)
    elif cmd == "toe":
        _show(reports.toe(state, _resolve(state, args.unit, "UNIT", ("unit",))), args.json)
    elif cmd == "dumps":
        _show(reports.dumps(state, args.side), args.json)
    elif cmd == "trucks":
        _show(reports.trucks(state, args.side, include_arriving=args.all), args.json)
    elif cmd == "supply":
        _show(reports.supply_totals(state), args.json)
    elif cmd == "warnings":
        _show(
            [
                {
                    "check": w.check,
                    "side": w.side,
                    "unit": w.unit_id,
                    "message": w.message,
                    "case": w.case,
                }
                for w in warnings(state, args.side)
            ],
            args.json,
            "(no warnings)",
        )
    elif cmd == "history":
        rows = event_log.history(session.indexed(), state)
        _show(rows[-args.last :] if args.last else rows, args.json)
    elif cmd == "spend-cp":
        cp = _cp_arg(args.cp) if args.cp is not None else None
        app.unit_command(state, lambda s, uid, src: spend_cp(s, uid, cp, src, args.action))
    elif cmd == "morale":
        unit_id = _resolve(state, args.unit, "UNIT", ("unit",))
        try:
            row = reports.morale(state, unit_id, args.reading)
        except ValueError as exc:
            raise Refused([f"--reading / UNIT: {exc}"]) from exc
        if args.json:
            _show(row, True)
        else:
            odds = row.pop("adjusted_morale_odds")
            row.pop("modifier_odds")
            _show(row, False)
            print()
            _show(
                [
                    {
                        "adjusted_morale": k,
                        "probability": str(p),
                        "percent": f"{float(p) * 100:.1f}",
                    }
                    for k, p in odds.items()
                ],
                False,
            )
    elif cmd == "formation":
        hq = _resolve(state, args.unit, "HQ", ("unit",))
        summary, rows = formations.formation_organization(state, hq)
        tree = formation_tree(state, hq)
        summary = {**summary, **formation_strengths(state, tree)}
        if args.json:
            _show({**summary, "tree": rows}, True)
        else:
            for key in ("trucks", "carrying"):
                summary.pop(key)
            _show(summary, False)
            print()
            _show(
                [
                    {
                        "unit": "· " * int(str(r.pop("depth"))) + str(r["counter"]),
                        **{k: v for k, v in r.items() if k not in ("id", "counter")},
                    }
                    for r in rows
                ],
                False,
            )
    elif cmd == "actions":
        _show(
            [
                {
                    "action": a.id,
                    "cp": "varies" if a.cost is None else format_cp(a.cost),
                    "kind": a.kind,
                    "portion": a.portion,
                    "case": a.case,
                    "what": a.label,
                }
                for a in cp_actions().values()
            ],
            args.json,
        )
    elif cmd in ("cp", "cohesion"):
        _show(_columns(reports.capability(state, args.side), cmd, args.json), args.json)
    elif cmd == "adjust-cohesion":
        change = _signed_cp_arg(args.change) if args.change is not None else None
        app.unit_command(
            state, lambda s, uid, src: adjust_cohesion(s, uid, args.cause, src, change)
        )
    elif cmd == "correct-toe":
        app.unit_command(
            state,
            lambda s, uid, src: correct_toe(s, uid, args.system, args.change, src),
        )
    elif cmd == "surrender":
        _show(reports.hex_surrender(state, args.hex, args.side), args.json)
    elif cmd == "transfer":
        origin = _resolve(state, args.origin, "--from", ("dump", "unit", "trucks"))
        destination = _resolve(state, args.destination, "--to", ("dump", "unit", "trucks"))
        amounts = Supplies(args.ammo, args.fuel, args.stores, args.water)
        side = state.holder_side(origin)
        app.execute(
            lambda s: transfer(s.state, origin, destination, amounts, app.source(s.state, side))
        )
    elif cmd == "phase":
        if args.target is None:
            _show(reports.phases(state), args.json)
            return
        target = None
        if args.target.casefold() != "next":
            found = find_phase(args.target, args.player)
            if found is None:
                raise Refused(
                    [
                        f"PHASE: no single phase {args.target!r} (5.2 III); "
                        "give --player A or B for F to L"
                    ]
                )
            target = found.key
        app.execute(
            lambda s: organization_phase.advance_phase(s.state, target, app.source(s.state, None))
        )
    elif cmd in ("assign", "attach"):
        parent = _resolve(state, args.parent, "HQ", ("unit",))
        command = reorganize.assign if cmd == "assign" else reorganize.attach
        app.unit_command(state, lambda s, uid, src: command(s, uid, parent, src))
    elif cmd == "detach":
        trucks = _trucks_given(args) or (0, 0, 0)
        app.unit_command(state, lambda s, uid, src: reorganize.detach(s, uid, src, trucks))
    elif cmd == "attach-trucks":
        group = _resolve(state, args.trucks, "GROUP", ("trucks",))
        points = _trucks_given(args)
        app.unit_command(
            state, lambda s, uid, src: first_line_trucks.attach_trucks(s, group, uid, points, src)
        )
    elif cmd in ("detach-trucks", "load-troops"):
        given = _trucks_given(args)
        if given is None:
            raise Refused(["--light/--medium/--heavy: give the truck points"])
        make = (
            first_line_trucks.detach_trucks
            if cmd == "detach-trucks"
            else first_line_trucks.carry_troops
        )
        app.unit_command(state, lambda s, uid, src: make(s, uid, given, src))
    elif cmd == "weather":
        if args.weather is None:
            _show({"game_time": state.clock.short, "weather": state.weather}, args.json)
            return
        app.execute(
            lambda s: logistics.record_weather(s.state, args.weather, app.source(s.state, None))
        )
    elif cmd in ("consume", "arrive"):
        holder = _resolve(state, args.holder, "HOLDER", ("dump", "unit", "trucks"))
        amounts = Supplies(args.ammo, args.fuel, args.stores, args.water)
        stock_change = logistics.consume if cmd == "consume" else logistics.arrive
        side = state.holder_side(holder)
        app.execute(
            lambda s: stock_change(s.state, holder, amounts, args.cause, app.source(s.state, side))
        )
    elif cmd == "capture":
        from ledger.commands.capture import capture

        enemy = _resolve(state, args.enemy, "ENEMY", ("dump", "unit", "trucks"))
        captor = _resolve(state, args.captor, "--to", ("dump", "unit", "trucks"))
        asked = Supplies(args.ammo, args.fuel, args.stores, args.water)
        app.execute(
            lambda s: capture(
                s.state,
                enemy,
                captor,
                app.source(s.state, state.holder_side(captor)),
                None if asked.is_zero else asked,
            )
        )
    elif cmd == "draw-water":
        holder = _resolve(state, args.holder, "HOLDER", ("unit", "trucks"))
        side = state.holder_side(holder)
        app.execute(
            lambda s: logistics.draw_water(
                s.state,
                holder,
                args.at,
                app.source(s.state, side),
                roll=args.roll,
                amount=args.water,
            )
        )
    elif cmd == "move-trucks":
        group = _resolve(state, args.trucks, "GROUP", ("trucks",))
        trip_cp = _cp_arg(args.cp)
        side = state.holder_side(group)
        app.execute(
            lambda s: logistics.move_trucks(
                s.state, group, args.hex, trip_cp, app.source(s.state, side), reaction=args.reaction
            )
        )
    elif cmd == "forecast":
        planned_cp = _cp_arg(args.cp) if args.cp != "0" else Fraction(0)
        plan = {"opstages": args.opstages, "cp_per_opstage": planned_cp, "weather": args.weather}
        if args.unit is not None:
            hq = _resolve(state, args.unit, "HQ", ("unit",))
            result = formation_forecast(state, hq, **plan)
        elif args.side is not None:
            result = side_forecast(state, args.side, **plan)
        else:
            raise Refused(["HQ / --side: name a Parent Formation or a side"])
        summary = {
            "on_hand": result.on_hand.describe(),
            "per_opstage": result.per_opstage.describe(),
            "per_game_turn": result.per_game_turn.describe(),
            **{
                f"{c}_short_from": (t.short if t else "lasts")
                for c, t in result.first_short.items()
            },
        }
        if args.json:
            _show({**summary, "stages": forecast_rows(result)}, True)
        else:
            _show(summary, False)
            print()
            _show(forecast_rows(result), False)
    elif cmd == "plan-convoys":
        _plan_convoys(app, state, args)
    elif cmd == "requisitions":
        _show(reports.requisitions(state, args.side, open_only=args.open), args.json, "(none)")
    elif cmd == "requisition":
        wanted = Supplies(args.ammo, args.fuel, args.stores, args.water)
        app.unit_command(
            state,
            lambda s, uid, src: logistics.file_requisition(s, uid, wanted, src, args.note),
        )
    elif cmd in ("fulfil", "reject"):
        req = state.requisitions.get(args.requisition)
        side = state.units[req.unit_id].side if req is not None else None
        if cmd == "fulfil":
            origin = _resolve(state, args.origin, "--from", ("dump", "unit", "trucks"))
            app.execute(
                lambda s: logistics.fulfil_requisition(
                    s.state, args.requisition, origin, app.source(s.state, side)
                )
            )
        else:
            app.execute(
                lambda s: logistics.reject_requisition(
                    s.state, args.requisition, args.reason, app.source(s.state, side)
                )
            )
    elif cmd in ("move", "breakdown-check", "repair"):
        _vehicles(app, state, args)
    elif cmd == "end-combat-segment":
        app.execute(lambda s: end_combat_segment(s.state, app.source(s.state, None)))
    elif cmd == "end-stage":
        app.execute(lambda s: end_stage(s.state, app.source(s.state, None)))
    elif cmd == "undo":
        app.execute(lambda s: undo(s.indexed(), app.source(s.state, None)))
    elif cmd == "export":
        if args.sheet == "toe":
            from ledger.io.toe_sheets import toe_log_workbook

            hq = None
            what = "TOE Log Sheets"
            if args.formation is not None:
                hq = _resolve(state, args.formation, "--formation", ("unit",))
                what += f" of {state.units[hq].name}"
            try:
                data = toe_log_workbook(state, args.side, session.name, hq)
            except ValueError as exc:
                raise Refused([f"--formation: {exc}"]) from exc
        elif args.formation is not None:
            raise Refused(["--formation: only with --sheet toe"])
        elif args.sheet != "field-commander":
            from ledger.io.logistics_sheets import WORKBOOKS

            build, what = WORKBOOKS[args.sheet]
            data = build(state, args.side, session.name)
        else:
            from ledger.io.xlsx import field_commander_workbook

            data = field_commander_workbook(state, args.side, session.name)
            what = "Field Commander Control Sheet"
        args.output.write_bytes(data)
        print(f"wrote {args.output} ({what}, {args.side}, {state.clock.short})")


def _plan_convoys(app: App, state: GameState, args: argparse.Namespace) -> None:
    """``plan-convoys``: show the side's convoy plan; with ``--accept`` record it."""
    from ledger.planning.accept import accept_plan, unready_legs
    from ledger.planning.convoy import plan_as_transfers
    from ledger.planning.proposal import (
        exclusion_errors,
        leg_rows,
        plan_for_side,
        plan_summary,
        requisition_rows,
    )

    left_out, convoys_out = args.exclude_requisition, args.exclude_convoy
    errors = exclusion_errors(state, args.side, left_out, convoys_out)
    if errors:
        raise Refused(errors)
    plan = plan_for_side(
        state,
        args.side,
        exclude_requisitions=left_out,
        exclude_convoys=convoys_out,
        time_limit=args.time_limit,
    )
    if plan is None:
        raise Refused(["--side: no open requisition to plan for (`requisition UNIT ...`)"])
    transfers = [
        {
            "load_at": state.holder_name(t.origin),
            "on_trucks": t.carrier or "(same hex, no trucks)",
            "for": state.holder_name(t.destination),
            **{c: t.supplies.get(c) for c in ("ammo", "fuel", "stores", "water")},
        }
        for t in plan_as_transfers(plan)
    ]
    report: dict[str, Any] = {
        **plan_summary(plan),
        "transfers": transfers,
        "legs": leg_rows(state, plan),
        "requisitions": requisition_rows(state, plan),
    }
    if not args.json:
        _show(plan_summary(plan), False)
        print()
        _show(leg_rows(state, plan), False, "(nothing can be delivered)")
    if not args.accept:
        if args.json:
            _show(report, True)
        return
    session = app.session()
    ready_only = bool(args.ready_only)
    skipped = [str(e) for e in unready_legs(session.state, plan)] if ready_only else []
    try:
        events = session.execute(
            lambda now: accept_plan(now, plan, app.source(now, args.side), ready_only=ready_only)
        )
    except CommandRefused as refused:
        raise Refused(list(refused.errors)) from refused
    said = [event_log.describe(e, session.state) for e in events]
    if args.json:
        recorded = [
            {"said": text, "event": json.loads(encode(e))}
            for text, e in zip(said, events, strict=True)
        ]
        _show({**report, "recorded": recorded, "left_out": skipped}, True)
        return
    print()
    for text in said:
        print(text)
    for text in skipped:
        print(f"left out: {text}")


def _vehicles(app: App, state: GameState, args: argparse.Namespace) -> None:
    """``move``, ``breakdown-check`` and ``repair``: record the command and show the unit's
    move, Breakdown Points, TOE and points awaiting repair (``breakdown-check`` also each
    vehicle type's column and exact odds, 21.34; without ``--roll`` only those)."""
    unit_id = _resolve(state, args.unit, "UNIT", ("unit",))
    side = state.units[unit_id].side
    odds: list[dict[str, Any]] = []
    storm: bool | None = None
    if args.command == "breakdown-check":
        storm = None if args.sandstorm is None else args.sandstorm == "yes"
        odds = [
            {**r, "odds": {k: str(p) for k, p in r["odds"].items()}}
            for r in breakdown_rows(state, unit_id, sandstorm=storm)
        ]
        if not args.roll:
            if args.json:
                _show(odds, True)
            else:
                _odds(odds)
            return

    def make(now: GameState) -> Outcome:
        source = app.source(now, side)
        if args.command == "move":
            cp = _cp_arg(args.cp)
            return move_unit(now, unit_id, args.to, cp, args.hexes, source, args.action)
        if args.command == "repair":
            return repair(now, unit_id, args.system, args.points, source)
        return breakdown_check(now, unit_id, args.roll, source, sandstorm=storm)

    session = app.session()
    try:
        events = session.execute(make)
    except CommandRefused as refused:
        raise Refused(list(refused.errors)) from refused
    said = [event_log.describe(e, session.state) for e in events]
    unit = session.state.units[unit_id]
    after: dict[str, Any] = {
        "unit": unit.id,
        "location": unit.location,
        "fuel": unit.supplies.fuel,
        "breakdown_points": unit.breakdown_points,
        "checked_at": unit.breakdown_checked_at,
        "toe": {h.system: h.points for h in unit.toe},
        "awaiting_repair": {h.system: h.points for h in unit.awaiting_repair},
    }
    if args.json:
        _show({"recorded": said, **after, **({"types": odds} if odds else {})}, True)
        return
    if odds:
        _odds(odds)
        print()
    for text in said:
        print(text)


def _odds(rows: list[dict[str, Any]]) -> None:
    """Each vehicle type's 21.38 column and exact odds of TOE Strength Points broken down."""
    _show(
        [
            {
                **{k: r[k] for k in ("name", "toe_points", "bar", "breakdown_points", "column")},
                "due": "yes" if r["due"] else "no",
                "broken_down: odds": "  ".join(
                    f"{k}: {p} ({float(Fraction(p)) * 100:.1f} %)" for k, p in r["odds"].items()
                ),
            }
            for r in rows
        ],
        False,
        "(no vehicles with a BAR)",
    )


def _cp_arg(text: str) -> Fraction:
    try:
        return parse_cp(text)
    except CPFormatError as exc:
        raise Refused([str(exc)]) from exc


def _signed_cp_arg(text: str) -> Fraction:
    stripped = text.strip()
    sign = -1 if stripped.startswith(("-", "−")) else 1
    return sign * _cp_arg(stripped.lstrip("+-−"))


_TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "units": (
        "counter",
        "name",
        "side",
        "location",
        "toe_points",
        "cpa",
        "cp_expended",
        "cp_remaining",
        "cohesion",
        "ammo",
        "fuel",
        "stores",
        "water",
        "shortages",
    ),
    "cp": (
        "counter",
        "name",
        "cpa",
        "cp_expended",
        "cp_remaining",
        "cp_over",
        "voluntary_ceiling",
        "dp_for_next_cp",
        "cohesion",
    ),
    "cohesion": ("counter", "name", "cohesion", "surrenders_if_assaulted", "may_not_move"),
}
"""The columns a table shows; ``--json`` gives every key of the report rows."""


def _columns(rows: list[dict[str, Any]], table: str, as_json: bool) -> list[dict[str, Any]]:
    if as_json:
        return rows
    return [{k: r[k] for k in _TABLE_COLUMNS[table]} for r in rows]


# --- combat: `calc cna KIND INPUT.json` and `resolve INPUT.json` (docs/combat.md) -------------

COMBAT_KINDS = ("barrage", "anti-armor", "close-assault", "probe")
_ODDS_KEYS = (
    "distribution",
    "truck_distribution",
    "damage_odds",
    "toe_loss_odds",
    "columns",
    "attacker_loss",
    "defender_loss",
    "status",
    "retreat",
    "attacker_captured",
    "defender_captured",
    "surrender",
)
"""The keys of a calculation's JSON that hold exact odds (each sums to 1)."""


def _combat_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    calc = sub.add_parser(
        "calc",
        help="work out a combat before the dice: every figure, shift and the exact odds",
        description="work out a combat before the dice (docs/combat.md)",
    )
    games = calc.add_subparsers(dest="game_system", required=True, metavar="GAME")
    cna = games.add_parser(
        "cna",
        parents=[common],
        help="The Campaign for North Africa: barrage, anti-armor, close assault, probe",
        description="work out a CNA combat from a JSON request (docs/combat.md); "
        "--db/--game only for ledger units",
    )
    cna.add_argument("kind", choices=COMBAT_KINDS, metavar="COMBAT", help=", ".join(COMBAT_KINDS))
    cna.add_argument("input", metavar="INPUT.json", help="the request; - reads standard input")
    from ledger.io.games import GAME_TITLES

    for game_id, title in GAME_TITLES.items():
        other = games.add_parser(
            game_id,
            help=f"{title}: its calculators (docs/games/{game_id}.md)",
            description=f"{title}: work out a calculation from a JSON request "
            f"(docs/games/{game_id}.md); nothing is written",
        )
        other.add_argument("calculation", metavar="CALCULATION", help="which calculator")
        other.add_argument("input", metavar="INPUT.json", help="the request; - reads stdin")
        other.add_argument("--json", action="store_true", help="the whole result as JSON")
    p = sub.add_parser(
        "resolve",
        parents=[common],
        help="read a combat's dice and propose the losses; --confirm posts them",
        description="read a combat's dice (or roll them), propose the losses, and with "
        "--confirm post the result (docs/combat.md)",
    )
    p.add_argument("input", metavar="INPUT.json", help="the request; - reads standard input")
    p.add_argument(
        "--dice", action="append", default=[], metavar="NAME=N", help="a reading: target=34"
    )
    p.add_argument("--roll", action="store_true", help="let the ledger throw the dice")
    p.add_argument("--seed", type=int, metavar="N", help="with --roll: the seed (recorded)")
    p.add_argument(
        "--allocation", type=Path, metavar="FILE.json", help="the owner's choice of losses"
    )
    p.add_argument("--confirm", action="store_true", help="post the result to the ledger")
    _source_options(p, "field_commander")


def _combat_input(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadRequest([LedgerError("INPUT", f"cannot read {path}: {exc.strerror}")]) from exc


def _combat(args: argparse.Namespace) -> None:
    """``calc cna`` and ``resolve``: build the request's calculation (a game is opened only for
    ledger units or --confirm), then show it, or read the dice and show or post the result."""
    from ledger.io.combat_request import (
        RequestError,
        build_combat,
        parse_request_text,
        uses_ledger,
    )

    if args.command == "calc" and args.game_system != "cna":
        _game_calc(args)
        return
    kind = args.kind if args.command == "calc" else None
    app: App | None = None
    state: GameState | None = None
    try:
        request = parse_request_text(_combat_input(args.input), combat=kind)
        if uses_ledger(request) or getattr(args, "confirm", False):
            app = App(args)
            state = app.session().state
        prepared = build_combat(request, state)
    except RequestError as exc:
        raise BadRequest(exc.errors) from exc
    if args.command == "calc":
        if args.json:
            _show(prepared.as_json(), True)
        else:
            _calc_text(prepared.as_json())
        return
    _resolve_combat(args, app, prepared, request.note)


def _game_calc(args: argparse.Namespace) -> None:
    """``calc <game> <calculation> INPUT.json`` for the other games (docs/games/): the result as
    JSON with --json, otherwise its summary, working and exact odds. Nothing is written."""
    from ledger.io.combat_request import RequestError
    from ledger.io.games import calculate, parse_json

    try:
        base = Path(args.input).parent if args.input != "-" else Path.cwd()
        data = parse_json(_combat_input(args.input))
        result = calculate(args.game_system, args.calculation, data, base)
    except RequestError as exc:
        raise BadRequest(exc.errors) from exc
    if args.json:
        _show(result, True)
        return
    for line in result.get("summary", []):
        print(line)
    for f in result.get("figures", []):
        note = f" — {f['note']}" if f.get("note") else ""
        case = f" ({f['case']})" if f.get("case") else ""
        print(f"  {f['name']}: {f['value']}{case}{note}")
    for name, odds in result.get("odds", {}).items():
        if odds:
            print(f"{name}: {_odds_text(odds)}")
    for note in result.get("notes", []):
        print(f"note: {note}")


def _dice_args(texts: Sequence[str]) -> dict[str, int]:
    dice: dict[str, int] = {}
    for text in texts:
        name, _, value = text.partition("=")
        try:
            dice[name.strip()] = int(value)
        except ValueError:
            raise BadRequest(
                [LedgerError("--dice", f"expected NAME=N (target=34), found {text!r}")]
            ) from None
    return dice


def _resolve_combat(args: argparse.Namespace, app: App | None, prepared: Any, note: str) -> None:
    """``resolve``: the dice (given or rolled), the result, the proposal or the owner's
    allocation; with --confirm the posting (refused for inline forces)."""
    import random

    from ledger.combat.resolve import (
        check_allocation,
        combat_posting,
        dice_for,
        read_combat,
        roll_dice,
    )
    from ledger.commands.combat import post_combat
    from ledger.io.combat_request import RequestError, parse_allocation, value_error

    dice = _dice_args(args.dice)
    if args.roll and dice:
        raise BadRequest([LedgerError("--dice", "give the readings or --roll, not both")])
    if args.seed is not None and not args.roll:
        raise BadRequest([LedgerError("--seed", "only with --roll")])
    seed: int | None = None
    if args.roll:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        dice = roll_dice(prepared, seed)
    elif not dice and dice_for(prepared):
        needed = ", ".join(f"{d.name} ({d.dice}, {d.when})" for d in dice_for(prepared))
        raise BadRequest([LedgerError("--dice", f"give the readings thrown: {needed}; or --roll")])
    raw_allocation: Any = None
    if args.allocation is not None:
        try:
            raw_allocation = json.loads(_combat_input(str(args.allocation)))
        except json.JSONDecodeError as exc:
            raise BadRequest([LedgerError("--allocation", f"not JSON: {exc}")]) from exc
    stands = isinstance(raw_allocation, dict) and raw_allocation.get("defender_stands") is True
    try:
        reading = read_combat(prepared, dice, seed=seed, defender_stands=stands)
    except ValueError as exc:
        raise BadRequest([value_error("--dice", exc)]) from exc
    state = app.session().state if app is not None else None
    allocation = None
    try:
        if raw_allocation is not None:
            allocation = check_allocation(
                reading, parse_allocation(raw_allocation, state, reading.proposal)
            )
    except RequestError as exc:
        raise BadRequest(exc.errors) from exc
    except ValueError as exc:
        raise Refused([value_error("--allocation", exc)]) from exc
    shown = reading.as_json()
    if allocation is not None:
        from ledger.charts.figures import to_json

        shown["allocation"] = to_json(allocation)
    if not args.confirm:
        shown["postable"] = not prepared.not_postable
        shown["written"] = False
        if args.json:
            _show(shown, True)
        else:
            _resolve_text(shown, prepared.not_postable)
        return
    try:
        posting = combat_posting(reading, allocation)
    except ValueError as exc:
        raise Refused([value_error("forces", exc)]) from exc
    assert app is not None
    if not args.json:
        _resolve_text(shown, "")
        print()
    if not args.reason:
        args.reason = note or reading.summary[0]
    app.execute(lambda s: post_combat(s.state, posting, app.source(s.state, prepared.attacker)))


def _odds_text(odds: dict[str, Any]) -> str:
    return "  ".join(
        f"{k or 'none'}: {p} ({float(Fraction(str(p))) * 100:.1f} %)" for k, p in odds.items()
    )


def _calc_text(data: dict[str, Any]) -> None:
    """A readable summary of a calculation's JSON (the JSON is the contract)."""
    context = data["context"]
    print(
        f"{data['combat']}: {context['attacker']} attacks, {context['phasing']} is Phasing; "
        f"hexes {', '.join(context['hexes']) or '(not given)'}"
    )
    for f in data.get("figures", []):
        note = f" — {f['note']}" if f.get("note") else ""
        print(f"  {f['name']}: {f['value']} ({f['case']}){note}")
    for shift in data.get("shifts", []):
        print(f"  column shift {shift['columns']:+d}: {shift['reason']} ({shift['case']})")
    column = data.get("column") or data.get("no_effect_reason") or "no effect"
    print(f"column: {column}")
    for key in _ODDS_KEYS:
        if isinstance(data.get(key), dict) and data[key]:
            print(f"{key}: {_odds_text(data[key])}")
    cp = ", ".join(f"{c['unit']} {c['cp']}" for c in data.get("cp", []))
    ammo = ", ".join(f"{a['unit']} {a['points']}" for a in data.get("ammunition", []))
    print(f"CP (11.2x): {cp or 'none'}")
    print(f"Ammunition (50.2): {ammo or 'none'}")
    for note in context["notes"]:
        print(f"note: {note}")
    if context["not_postable"]:
        print(f"note: not postable — {context['not_postable']}")


def _resolve_text(data: dict[str, Any], not_postable: str) -> None:
    dice = ", ".join(f"{k}={v}" for k, v in data["dice"].items()) or "none"
    seed = f" (rolled, seed {data['seed']})" if data["seed"] is not None else ""
    print(f"dice: {dice}{seed}")
    for line in data["summary"]:
        print(line)
    chosen = data.get("allocation") or data["proposal"]
    title = "allocation" if data.get("allocation") else "proposed losses"
    for key, rows in chosen.items():
        if isinstance(rows, list) and rows:
            shown = ", ".join(f"{r['points']} {r['unit']} {r['system']}" for r in rows)
            print(f"{title} ({key}): {shown}")
    if "written" in data:
        print(
            f"nothing written: {not_postable}"
            if not_postable
            else "nothing written; add --confirm to post it"
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``quartermaster`` console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        run(args)
    except Refused as refused:
        for line in refused.errors:
            print(f"error: {line}", file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        if getattr(args, "json", False):
            _show({"refused": refused.details, "written": False}, True)
        return refused.status
    except (UnknownGameError, DuplicateGameError, StaleSequenceError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
