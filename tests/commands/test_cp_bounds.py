"""The CP bound of one command (issue 15): refused by the command itself, so the dashboard's
form and the CLI say the same."""

from __future__ import annotations

from fractions import Fraction

from ledger.commands.cp import spend_cp
from ledger.model.bounds import CP_OVER_BOUND
from ledger.model.source import Source
from ledger.model.state import GameState


def test_more_than_100_cp_in_one_command_is_refused(mini_state: GameState) -> None:
    """100 itself is a legal if ruinous figure; 100 1/4 is a typo."""
    over = spend_cp(mini_state, "cw.1_rnf", Fraction(401, 4), Source(mini_state.clock))
    assert not over.ok
    assert [str(e) for e in over.errors] == [f"CP: 100 1/4: {CP_OVER_BOUND}"]
    assert spend_cp(mini_state, "cw.1_rnf", Fraction(100), Source(mini_state.clock)).ok


def test_a_million_and_one_supply_points_are_refused_in_the_cli_s_words(
    mini_state: GameState,
) -> None:
    """Issue 15: the commands refuse what the CLI's --fuel refuses, in the same words, so the
    dashboard's forms do too; a million itself passes the bound (and meets the rules' own
    refusals: more than the dump holds)."""
    from ledger.cli.bounds import SUPPLY_POINTS
    from ledger.commands.logistics import consume
    from ledger.commands.transfers import transfer
    from ledger.model.quantities import Supplies

    words = ""
    try:
        SUPPLY_POINTS("1000001")
    except Exception as exc:  # argparse.ArgumentTypeError
        words = str(exc)
    source = Source(mini_state.clock)
    for outcome in (
        transfer(mini_state, "cw_matruh", "cw.1_rnf", Supplies(fuel=1_000_001), source),
        consume(mini_state, "cw_matruh", Supplies(fuel=1_000_001), "fuel", source),
    ):
        assert [str(e) for e in outcome.errors if e.field == "--fuel"] == [f"--fuel: {words}"]
