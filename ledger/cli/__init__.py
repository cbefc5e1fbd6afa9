"""The ``quartermaster`` command: create games, read the ledger, change it through the journal.

Every subcommand takes ``--db URL`` (a file path or an SQLAlchemy URL; default
``QUARTERMASTER_DB`` or an SQLite file in the per-user data directory), ``--game NAME``
(default ``QUARTERMASTER_GAME``, or the only game in the database; never empty), ``--json``,
``--debug`` and ``--as SEAT`` (sign in to a game with seats, issue 16: ``App.session``). Exit status: 0 done, 1 refused (every error printed, nothing written), 2 usage
error (a number out of its bound too, ``ledger.cli.bounds``), a database that cannot be used
(missing, foreign, locked, read-only, unreachable: one line) or an unexpected error (one line;
``--debug`` shows the traceback), 130 interrupted, 141 the output pipe closed (quietly).

One module per command group adds its subcommands' parsers and holds their handlers:
``game`` (games, clock, phase, weather, end of stage, history, undo, verify, migrate), ``table``
(a game's seats and ``serve``, issue 16), ``units`` (units, TOE, CP,
Cohesion, morale, formations; assign, attach, detach, trucks and troops), ``logistics`` (dumps,
trucks, transfers, supplies used, arriving, captured, water, convoy moves), ``planning``
(forecast, requisitions, convoy plans), ``movement`` (moves, breakdown, repair), ``combat``
(surrender, end of the Combat Segment, ``calc`` and ``resolve``), ``sheets`` (``export``) and
``sheet_import`` (``import``, an edited workbook brought back);
``app`` holds what they share.

Nothing is imported before it is needed. ``quartermaster --help`` (and any subcommand's
``--help``, or a usage error) builds every parser, so building them imports argparse, ``app``,
the group modules and ``choices`` alone, never the domain, the journal or a library such as
SQLAlchemy, pydantic, pandas or openpyxl (``tests/cli/test_cli_imports.py`` checks it):

- the group modules import at their top, besides a few standard modules, only
  ``ledger.cli.app``, ``ledger.cli.choices`` and ``ledger.games`` (the other games' titles, a
  dict); a name used only in annotations sits under ``if TYPE_CHECKING:`` (every module has
  ``from __future__ import annotations``);
- each handler imports what it uses inside its body, so a subcommand loads only its own
  commands and reports (``units --json`` loads the journal and ``ledger.reports.tables``, not
  the scenario loader, the planner, combat or the workbooks); ``App`` opens the journal the
  same way, on first use;
- the parsers' choices (sides, roles, weathers, causes, move actions) are copies of the
  domain's tuples in ``ledger.cli.choices``, as the modules that own them import half their
  package; a test checks that each copy equals the domain's;
- ``main`` catches the journal's errors without importing the journal: when
  ``ledger.journal.errors`` is not loaded no journal error can have been raised.

Handlers stay plain functions in ``HANDLERS`` (by subcommand name) rather than "module:function"
strings resolved at dispatch: the group modules cost nothing to import once their bodies import
lazily, and importing each subcommand's own modules in its handler is finer than a module per
group would be.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ledger.cli import (
    campaign,
    combat,
    game,
    logistics,
    movement,
    planning,
    plots,
    sheet_import,
    sheets,
    table,
    units,
)
from ledger.cli import setup as setup_step
from ledger.cli.app import App, Refused, common_options, print_report
from ledger.cli.combat import add_combat_parsers, run_combat

if TYPE_CHECKING:
    from ledger.cli.app import Handler, StoreHandler


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    common = common_options()
    parser = argparse.ArgumentParser(
        prog="quartermaster",
        description="The journaled ledger of The Campaign for North Africa.",
    )
    parser.add_argument(
        "--debug", action="store_true", help="show the Python traceback of an unexpected error"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[common], help=help_text, description=help_text)

    # The groups add their subcommands in the order `quartermaster --help` lists them.
    game.add_game_parsers(add)  # new, games, scenarios, clock
    units.add_units_parser(add)
    logistics.add_holding_parsers(add)  # dumps, trucks
    units.add_toe_parser(add)
    logistics.add_supply_parser(add)
    units.add_capability_parsers(add)  # warnings, spend-cp ... correct-toe
    combat.add_surrender_parser(add)
    logistics.add_transfer_parser(add)
    game.add_phase_parser(add)
    game.add_initiative_parser(add)
    units.add_organization_parsers(add)  # assign ... load-troops
    game.add_weather_parser(add)
    logistics.add_stock_parsers(add)  # consume, arrive, capture, draw-water, move-trucks
    movement.add_vehicle_parsers(add)  # move, breakdown-check, repair
    planning.add_planning_parsers(add)  # forecast, plan-convoys, requisitions ... reject
    combat.add_end_combat_segment_parser(add)
    game.add_stage_parsers(add)  # end-stage, history, undo
    campaign.add_campaign_parsers(add)  # arrivals, withdrawals, withdraw, victory
    add_combat_parsers(sub, common)  # calc, resolve
    sheets.add_export_parser(add)
    sheet_import.add_import_parser(add)
    game.add_journal_parsers(add)  # verify, migrate
    table.add_table_parsers(sub, common)  # seat add|list|remove, serve
    plots.add_plot_parsers(sub, common)  # plot barrage|force-assignment|show
    setup_step.add_setup_parsers(sub, common)  # setup [status|place|spread|load|finish]
    return parser


HANDLERS: dict[str, Handler] = {
    **game.HANDLERS,
    **units.HANDLERS,
    **logistics.HANDLERS,
    **planning.HANDLERS,
    **movement.HANDLERS,
    **combat.HANDLERS,
    **sheets.HANDLERS,
    **sheet_import.HANDLERS,
    **plots.HANDLERS,
    **setup_step.HANDLERS,
    **campaign.HANDLERS,
}
"""The subcommands carried out on a game's session, by name (``calc``, ``resolve`` and
``STORE_HANDLERS`` aside)."""

STORE_HANDLERS: dict[str, StoreHandler] = {**game.STORE_HANDLERS, **table.STORE_HANDLERS}
"""The subcommands carried out on the database alone (or a game's seats), by name."""


def run(args: argparse.Namespace) -> None:
    """Carry out one parsed command; raises ``Refused`` when it cannot be done."""
    cmd = args.command
    if cmd in ("calc", "resolve"):
        run_combat(args)
        return
    app = App(args)
    if cmd in STORE_HANDLERS:
        STORE_HANDLERS[cmd](app, args)
        return
    session = app.session()
    HANDLERS[cmd](app, session, args)


def journal_error_status(exc: Exception) -> int | None:
    """The exit status for a journal error ``exc``: 1 for an unknown or duplicate game or a
    writer that kept getting there first, 2 for a database that cannot be used (``StoreError``);
    ``None`` for any other exception. Imports nothing: a journal error can only have been raised
    once ``ledger.journal.errors`` was loaded."""
    if "ledger.journal.errors" not in sys.modules:
        return None
    from ledger.journal.errors import (
        DuplicateGameError,
        StaleSequenceError,
        StoreError,
        UnknownGameError,
    )

    if isinstance(exc, UnknownGameError | DuplicateGameError | StaleSequenceError):
        return 1
    if isinstance(exc, StoreError):
        return 2
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``quartermaster`` console script; returns the exit status (0 done,
    1 refused, 2 a usage error, a database that cannot be used or an unexpected error, 130
    interrupted, 141 output pipe closed). A usage error or ``--help`` leaves through argparse's
    ``SystemExit``.

    Nothing a user can do ends in a traceback: an exception that is neither a refusal nor a
    journal error is one line, ``error: <what> (run again with --debug for the details)``, and
    status 2; with ``--debug`` (before or after the subcommand) it propagates, traceback and
    all. A reader that closes the pipe early (``quartermaster history | head -1``) ends the
    command quietly (status 141, as a command killed by SIGPIPE), stdout pointed at devnull so
    that the interpreter's last flush cannot fail again (the recipe of the ``signal`` module's
    documentation, "Note on SIGPIPE"). Ctrl-C is one line and status 130."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    debug = "--debug" in arguments  # until the parser has read them
    try:
        args = build_parser().parse_args(arguments)
        debug = bool(getattr(args, "debug", False))
        status = _run_reporting_refusals(args)
        sys.stdout.flush()  # a closed pipe shows here rather than at the interpreter's exit
        return status
    except BrokenPipeError:
        _stdout_to_devnull()
        return BROKEN_PIPE_STATUS
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return INTERRUPTED_STATUS
    except Exception as exc:
        if debug:
            raise
        print(f"error: {unexpected(exc)} (run again with --debug for the details)", file=sys.stderr)
        return 2


BROKEN_PIPE_STATUS = 141
"""The exit status when the reader of the output went away: 128 + SIGPIPE (13), what a shell
reports for a command the signal ended."""

INTERRUPTED_STATUS = 130
"""The exit status after Ctrl-C: 128 + SIGINT (2), as a shell reports it."""


def unexpected(exc: BaseException) -> str:
    """An unexpected exception in one line of at most 200 characters: its type and the first
    line of its message."""
    lines = str(exc).strip().splitlines()
    said = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
    return said if len(said) <= 200 else said[:199] + "…"


def _stdout_to_devnull() -> None:
    """Point stdout at devnull after a broken pipe (the ``signal`` documentation's recipe), so
    that nothing written or flushed later raises again; a stdout with no file descriptor (a
    test's capture) is left alone."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        pass


def _run_reporting_refusals(args: argparse.Namespace) -> int:
    """Run the parsed command; a refusal or a journal error printed, with its exit status."""
    try:
        run(args)
    except Refused as refused:
        for line in refused.errors:
            print(f"error: {line}", file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        if getattr(args, "json", False):
            print_report({"refused": refused.details, "written": False}, True)
        return refused.status
    except Exception as exc:
        status = journal_error_status(exc)
        if status is None:
            raise
        print(f"error: {exc}", file=sys.stderr)
        return status
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
