"""Subcommands of combat: would a hex's units surrender if close assaulted (``surrender``, 15.15),
``end-combat-segment`` (Pinned markers off, combat CP caps reset: 12.44, 11.24), and working out
a combat from a JSON request (docs/combat.md): ``calc cna`` (barrage, anti-armor, close assault,
probe: every figure, column shift and the exact odds), ``calc <game>`` for the other games'
calculators (docs/games/), and ``resolve`` (read or roll the dice, propose the losses or check the
owner's allocation; ``--confirm`` posts the result).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.cli.app import (
    Add,
    App,
    BadRequest,
    Handler,
    Refused,
    add_source_options,
    print_report,
)
from ledger.cli.bounds import MAX_ARG_CHARS, SEED, shown
from ledger.cli.choices import SIDES
from ledger.games import GAME_TITLES

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.state import GameState


def add_surrender_parser(add: Add) -> None:
    """``surrender``."""
    p = add("surrender", "would a side's units in a hex surrender if close assaulted (15.15)")
    p.add_argument("hex", metavar="HEX")
    p.add_argument("--side", required=True, choices=SIDES)


def add_end_combat_segment_parser(add: Add) -> None:
    """``end-combat-segment``."""
    p = add(
        "end-combat-segment",
        "end the Combat Segment: Pinned markers off, combat CP caps reset (12.44, 11.24)",
    )
    add_source_options(p, "field_commander")


def _run_surrender(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    print_report(reports.hex_surrender(state, args.hex, args.side), args.json)


def _run_end_combat_segment(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.combat import end_combat_segment

    app.execute(lambda s: end_combat_segment(s.state, app.source(s.state, None)))


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


def add_combat_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    """``calc`` (``cna`` COMBAT INPUT.json with the ``common`` options, and one calculator
    subcommand per other game) and ``resolve`` INPUT.json, added to the subparsers ``sub``
    directly: their options differ from ``Add``'s (docs/combat.md, docs/games/)."""
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
    p.add_argument("--seed", type=SEED, metavar="N", help="with --roll: the seed (recorded)")
    p.add_argument(
        "--allocation", type=Path, metavar="FILE.json", help="the owner's choice of losses"
    )
    p.add_argument("--confirm", action="store_true", help="post the result to the ledger")
    add_source_options(p, "field_commander")


def _combat_input(path: str, what: str = "INPUT") -> str:
    """The text of the request file ``path`` (``-``: standard input), its size, encoding and
    readability checked first (``ledger.io.combat_request.read_request``). Raises
    ``BadRequest`` naming ``what`` when it cannot be used."""
    from ledger.io.combat_request import RequestError, read_request

    try:
        return read_request(path, what)
    except RequestError as exc:
        raise BadRequest(exc.errors) from exc


def run_combat(args: argparse.Namespace) -> None:
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
            state = app.session().view
        prepared = build_combat(request, state)
    except RequestError as exc:
        raise BadRequest(exc.errors) from exc
    if args.command == "calc":
        if args.json:
            print_report(prepared.as_json(), True)
        else:
            _calc_text(prepared.as_json(), state)
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
        print_report(result, True)
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
    from ledger.model.errors import LedgerError

    dice: dict[str, int] = {}
    for text in texts:
        name, _, value = text.partition("=")
        try:
            if len(value) > MAX_ARG_CHARS:  # not converted: a reading has two digits
                raise ValueError(value)
            dice[name.strip()] = int(value)
        except ValueError:
            raise BadRequest(
                [LedgerError("--dice", f"expected NAME=N (target=34), found {shown(text)}")]
            ) from None
    return dice


def _resolve_combat(args: argparse.Namespace, app: App | None, prepared: Any, note: str) -> None:
    """``resolve``: the dice (given or rolled), the result, the proposal or the owner's
    allocation; with --confirm the posting (refused for inline forces)."""
    import random

    from ledger.combat.combat_dice import dice_for, roll_dice
    from ledger.combat.resolve import check_allocation, combat_posting, read_combat
    from ledger.commands.combat import post_combat
    from ledger.io.combat_request import RequestError, parse_allocation, value_error
    from ledger.model.errors import LedgerError

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
        from ledger.io.combat_request import RequestError, parse_json

        text = _combat_input(str(args.allocation), "--allocation")
        try:
            raw_allocation = parse_json(text, "--allocation", args.allocation.name)
        except RequestError as exc:
            raise BadRequest(exc.errors) from exc
    stands = isinstance(raw_allocation, dict) and raw_allocation.get("defender_stands") is True
    try:
        reading = read_combat(prepared, dice, seed=seed, defender_stands=stands)
    except ValueError as exc:
        raise BadRequest([value_error("--dice", exc)]) from exc
    state = app.session().view if app is not None else None
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
            print_report(shown, True)
        else:
            _resolve_text(shown, prepared.not_postable, state)
        return
    try:
        posting = combat_posting(reading, allocation)
    except ValueError as exc:
        raise Refused([value_error("forces", exc)]) from exc
    assert app is not None
    if not args.json:
        _resolve_text(shown, "", state)
        print()
    if not args.reason:
        args.reason = note or reading.summary[0]
    app.execute(lambda s: post_combat(s.state, posting, app.source(s.state, prepared.attacker)))


def _odds_text(odds: dict[str, Any]) -> str:
    from fractions import Fraction

    return "  ".join(
        f"{k or 'none'}: {p} ({float(Fraction(str(p))) * 100:.1f} %)" for k, p in odds.items()
    )


def _say(state: GameState | None) -> Callable[[str], None]:
    """``print`` for a line players read: a ledger unit's or weapon system's id in it replaced
    by its printed name (``ledger.reports.event_log.named``); request-given names as they are."""
    from ledger.reports.event_log import named

    def say(line: str) -> None:
        print(named(line, state))

    return say


def _calc_text(data: dict[str, Any], state: GameState | None = None) -> None:
    """A readable summary of a calculation's JSON (the JSON is the contract), counters and
    weapon systems of the ledger (``state``) by their names."""
    say = _say(state)
    context = data["context"]
    say(
        f"{data['combat']}: {context['attacker']} attacks, {context['phasing']} is Phasing; "
        f"hexes {', '.join(context['hexes']) or '(not given)'}"
    )
    for f in data.get("figures", []):
        note = f" — {f['note']}" if f.get("note") else ""
        say(f"  {f['name']}: {f['value']} ({f['case']}){note}")
    for shift in data.get("shifts", []):
        say(f"  column shift {shift['columns']:+d}: {shift['reason']} ({shift['case']})")
    column = data.get("column") or data.get("no_effect_reason") or "no effect"
    say(f"column: {column}")
    for key in _ODDS_KEYS:
        if isinstance(data.get(key), dict) and data[key]:
            say(f"{key}: {_odds_text(data[key])}")
    cp = ", ".join(f"{c['unit']} {c['cp']}" for c in data.get("cp", []))
    ammo = ", ".join(f"{a['unit']} {a['points']}" for a in data.get("ammunition", []))
    say(f"CP (11.2x): {cp or 'none'}")
    say(f"Ammunition (50.2): {ammo or 'none'}")
    for note in context["notes"]:
        say(f"note: {note}")
    if context["not_postable"]:
        say(f"note: not postable — {context['not_postable']}")


def _resolve_text(data: dict[str, Any], not_postable: str, state: GameState | None) -> None:
    """The dice, the result and the proposed losses (or the owner's allocation) as players
    read them: counters and weapon systems of the ledger (``state``) by their names."""
    say = _say(state)
    dice = ", ".join(f"{k}={v}" for k, v in data["dice"].items()) or "none"
    seed = f" (rolled, seed {data['seed']})" if data["seed"] is not None else ""
    say(f"dice: {dice}{seed}")
    for line in data["summary"]:
        say(line)
    chosen = data.get("allocation") or data["proposal"]
    title = "allocation" if data.get("allocation") else "proposed losses"
    for key, rows in chosen.items():
        if isinstance(rows, list) and rows:
            shown = ", ".join(f"{r['points']} {r['unit']} {r['system']}" for r in rows)
            say(f"{title} ({key}): {shown}")
    if "written" in data:
        say(
            f"nothing written: {not_postable}"
            if not_postable
            else "nothing written; add --confirm to post it"
        )


HANDLERS: dict[str, Handler] = {
    "surrender": _run_surrender,
    "end-combat-segment": _run_end_combat_segment,
}
