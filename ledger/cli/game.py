"""Subcommands of the game as a whole: ``new`` (a game from a scenario, with its rulings),
``games``, ``scenarios``, ``clock``; the Operations Stage's ``phase`` (5.2 III), ``initiative``
(who is Player A, 7.11) and ``weather`` (29.x), ``end-stage`` (from the last phase: CP expended
back to 0, 6.16; the clock advances, 5.2; ``--preview`` shows what it would post), the journal
(``history``) and ``undo``; the database's ``verify`` (the hash chain of every journal) and
``migrate`` (a journal of an earlier schema upgraded).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ledger.cli.app import (
    Add,
    App,
    Handler,
    Refused,
    StoreHandler,
    add_source_options,
    print_report,
)
from ledger.cli.bounds import LAST_EVENTS
from ledger.cli.choices import SIDES, WEATHERS

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.events import Event


def add_game_parsers(add: Add) -> None:
    """``new``, ``games``, ``scenarios``, ``clock``."""
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
    p.add_argument(
        "--skip-setup",
        action="store_true",
        help="the table has set up on the board and tells the ledger nothing more: start at "
        "once, without the set-up step (59.4; `quartermaster setup`)",
    )
    add("games", "list the games in the database")
    add(
        "scenarios",
        "list the bundled scenarios: name, case, Game-Turns, hours of play, counters, rulings",
    )
    add("clock", "the current Game-Turn and Operations Stage")


def add_phase_parser(add: Add) -> None:
    """``phase``."""
    p = add("phase", "the phase of the Operations Stage (5.2 III); give one to move forward")
    p.add_argument(
        "target",
        metavar="PHASE",
        nargs="?",
        help="`next`, or a phase key, letter or name (`G`, `movement and combat`)",
    )
    p.add_argument("--player", choices=["A", "B"], help="Player A or B for phases F to L")
    add_source_options(p, "commander_in_chief")


def add_initiative_parser(add: Add) -> None:
    """``initiative``."""
    p = add(
        "initiative",
        "who is Player A and B this Operations Stage (7.11, 7.16) and each side's Initiative "
        "Rating this Game-Turn (7.2); --first to declare it",
    )
    p.add_argument(
        "--first",
        choices=SIDES,
        help="the side moving first (Player A); declared by the Initiative holder in phases A-C",
    )
    add_source_options(p, "commander_in_chief")


def add_weather_parser(add: Add) -> None:
    """``weather``."""
    p = add(
        "weather",
        "the weather of this Operations Stage and the Game-Turn's Weather Table row (29.6); "
        "give one, or --dice, to record it",
    )
    p.add_argument("weather", metavar="WEATHER", nargs="?", choices=WEATHERS)
    p.add_argument(
        "--dice",
        type=int,
        metavar="NN",
        help="the two-dice reading (tens die first, 11-66): records the weather the Game-Turn's "
        "Weather Table row gives (29.6)",
    )
    add_source_options(p, "commander_in_chief")


def add_stage_parsers(add: Add) -> None:
    """``end-stage``, ``history``, ``undo``."""
    p = add(
        "end-stage",
        "end the Operations Stage from L. Patrol Phase (Player B), 5.2: CP expended back to 0 "
        "(6.16), upkeep posted, clock advances",
    )
    p.add_argument(
        "--preview",
        action="store_true",
        help="show what ending would post (water, evaporation, stores, idle RP, CP to 0) "
        "without writing",
    )
    add_source_options(p, "commander_in_chief")
    p = add("history", "the journal: sequence, game time, side/role, what, why")
    p.add_argument("--last", type=LAST_EVENTS, metavar="N", help="only the last N events")
    p = add("undo", "reverse the last action, with what the ledger posted for it")
    add_source_options(p, "commander_in_chief")


def _run_new(app: App, args: argparse.Namespace) -> None:
    from ledger.io.scenario import ScenarioError, load_scenario, resolve
    from ledger.journal.session import CommandRefused, create_game

    choices = {}
    for text in args.ruling:
        ruling_id, _, option = text.partition("=")
        choices[ruling_id] = option
    try:
        setup = load_scenario(resolve(args.scenario))
    except ScenarioError as exc:
        raise Refused(list(exc.errors)) from exc
    try:
        session = create_game(app.store, args.name, setup, choices, setup_step=not args.skip_setup)
    except CommandRefused as refused:
        raise Refused(list(refused.errors)) from refused
    print(
        f"created game {args.name!r}: {setup.info.name} ({setup.info.case}), "
        f"{len(session.state.units)} counters, {session.state.clock} — in {app.store.location}"
    )
    if session.state.setup_open:
        print(
            "set-up step (59.4): place what the scenario leaves to your choice, spread and "
            "load first-line trucks free of cost (`quartermaster setup`), then "
            "`quartermaster setup finish --side axis` and `--side commonwealth`"
        )


def _run_games(app: App, args: argparse.Namespace) -> None:
    print_report(
        [
            {"game": n, "scenario": s, "created": c.isoformat(timespec="seconds"), "events": k}
            for n, s, c, k in app.store.games()
        ],
        args.json,
        "(no games)",
    )


def _run_scenarios(app: App, args: argparse.Namespace) -> None:
    """The bundled scenarios: JSON rows with ``--json``, else a block of lines each."""
    from ledger.io.scenario_index import scenario_rows, scenario_text

    rows = scenario_rows()
    if args.json:
        print_report(rows, True)
        return
    print("\n\n".join("\n".join(scenario_text(row)) for row in rows))


def _run_clock(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    print_report(reports.clock(state), args.json)


def _run_phase(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import organization_phase
    from ledger.model.phases import find_phase

    state = session.view
    if args.target is None:
        from ledger.reports import tables as reports

        print_report(reports.phases(state), args.json)
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


def _run_initiative(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.model.initiative import players

    if args.first is None:
        from ledger.reports.schedule_tables import initiative_ratings

        shown: dict[str, Any] = dict(players(session.view))
        for r in initiative_ratings(session.view):  # 7.2: first situation that holds
            if args.json:
                shown[f"rating_{r.side}"] = r.rating
                shown[f"rating_{r.side}_situation"] = r.situation
                continue
            said = "none of its situations holds" if r.rating is None else str(r.rating)
            why = f"{r.situation}, {r.case}" if r.situation else r.case
            shown[f"rating_{r.side}"] = f"{said} ({why})"
        print_report(shown, args.json)
        return
    from ledger.commands.initiative import declare_first_player

    app.execute(lambda s: declare_first_player(s.state, args.first, app.source(s.state, None)))


def _run_weather(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports.schedule_tables import weather_for_dice, weather_row

    state = session.view
    chosen = args.weather
    if args.dice is not None:
        from ledger.model.errors import LedgerError

        given = weather_for_dice(state, args.dice, "--dice")
        if isinstance(given, LedgerError):
            raise Refused([given])
        if chosen is not None and chosen != given:
            raise Refused(
                [LedgerError("--dice", f"{args.dice} gives {given}, not {chosen}", "29.6")]
            )
        chosen = given
    if chosen is None:
        shown = {"game_time": state.clock.short, "weather": state.weather}
        if state.schedule.weather:
            shown["weather_table"] = weather_row(state)
        print_report(shown, args.json)
        return
    from ledger.commands import logistics

    app.execute(lambda s: logistics.record_weather(s.state, chosen, app.source(s.state, None)))


def add_journal_parsers(add: Add) -> None:
    """``verify``, ``migrate``."""
    add(
        "verify",
        "check every game's journal (or --game's): numbers without gap, one start, the hash chain",
    )
    add("migrate", "upgrade a database written by an earlier Quartermaster to this journal schema")


def _run_verify(app: App, args: argparse.Namespace) -> None:
    from ledger.journal import JournalBrokenError

    names = [args.game] if args.game else [name for name, *_ in app.store.games()]
    rows: list[dict[str, object]] = []
    broken: list[str] = []
    for name in names:
        try:
            rows.append({"game": name, "events": app.store.verify(name), "journal": "intact"})
        except JournalBrokenError as exc:
            rows.append({"game": name, "events": None, "journal": f"breaks at event {exc.seq}"})
            broken.append(str(exc))
    print_report(rows, args.json, "(no games)")
    if broken:
        raise Refused(broken)


def _run_migrate(app: App, args: argparse.Namespace) -> None:
    from ledger.journal.store import SCHEMA_VERSION

    done = app.store.upgraded
    said = done or f"{app.store.location} is at journal schema {SCHEMA_VERSION}: nothing to do"
    if args.json:
        print_report({"migrated": done is not None, "said": said}, True)
    else:
        print(said)


def _run_history(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import event_log

    journal = (
        [(r.seq, r.event) for r in session.recent(args.last)] if args.last else session.indexed()
    )  # --last N reads only the newest N events
    if session.seat is None:  # the solo table
        print_report(event_log.history(journal, session.state), args.json)
        return
    print_report(_seat_history(session, journal, args.json), args.json)


def _seat_history(
    session: GameSession, journal: list[tuple[int, Event]], as_json: bool
) -> list[dict[str, Any]]:
    """``history`` for the seat signed in (``ledger.model.view.journal_for``): each entry it
    may read as it reads it, with the seat that posted it; each run of the enemy's entries one
    line, "#12–#14 Axis: 3 entries" (11.36), left out of ``--json``."""
    from ledger.model.seats import side_name
    from ledger.model.view import HiddenEntries, journal_for
    from ledger.reports import event_log

    lines = journal_for(journal, session.seat, session.state)
    visible = [line for line in lines if not isinstance(line, HiddenEntries)]
    rows = iter(event_log.history(visible, session.view))
    shown: list[dict[str, Any]] = []
    for line in lines:
        if isinstance(line, HiddenEntries):
            if as_json:
                continue
            span = f"{line.first}" if line.first == line.last else f"{line.first}–{line.last}"
            entries = "1 entry" if line.count == 1 else f"{line.count:,} entries"
            shown.append(
                {
                    "seq": span,
                    **dict.fromkeys(("game_time", "side", "role", "seat"), ""),
                    "what": f"#{span.replace('–', '–#')} {side_name(line.side)}: {entries}",
                    **dict.fromkeys(("why", "kind", "app_made", "undone"), ""),
                }
            )
            continue
        row = next(rows)
        _, event = line
        shown.append(
            {
                **{k: row[k] for k in ("seq", "game_time", "side", "role")},
                "seat": event.source.seat or "",
                **{k: v for k, v in row.items() if k not in ("seq", "game_time", "side", "role")},
            }
        )
    return shown


def _run_end_stage(app: App, session: GameSession, args: argparse.Namespace) -> None:
    if args.preview:
        from ledger.reports.stage_end import end_stage_refusals, stage_end_preview

        state = session.view
        lines = stage_end_preview(state, app.source(state, None))
        refusals = end_stage_refusals(state)
        if args.json:
            print_report({"would_post": lines, "refused": refusals}, True)
            return
        print(f"Ending {state.clock.short} would post:")
        for line in lines:
            print(f"  {line}")
        for line in refusals:
            print(f"Not now: {line}")
        return
    from ledger.commands.stage_end import end_stage

    app.execute(lambda s: end_stage(s.state, app.source(s.state, None)))


def _run_undo(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.undo import undo

    app.execute(  # a side's seat takes back only its own last action (SEAT-UNDO)
        lambda s: undo(s.undo_window(), app.source(s.state, None), seat=s.seat, state=s.state)
    )


STORE_HANDLERS: dict[str, StoreHandler] = {
    "new": _run_new,
    "games": _run_games,
    "scenarios": _run_scenarios,
    "verify": _run_verify,
    "migrate": _run_migrate,
}
"""The subcommands that need the database but no game."""

HANDLERS: dict[str, Handler] = {
    "clock": _run_clock,
    "phase": _run_phase,
    "initiative": _run_initiative,
    "weather": _run_weather,
    "history": _run_history,
    "end-stage": _run_end_stage,
    "undo": _run_undo,
}
