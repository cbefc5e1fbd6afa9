"""The cohesion chart going back from the current state through only the events that move
Cohesion gives what replaying the whole journal from the start gives (hypothesis over random
journals with CP, adjustments, transfers, ends of Operations Stages and undo)."""

from __future__ import annotations

import contextlib
import tempfile
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.commands.cp import adjust_cohesion, spend_cp
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.journal import EventStore, database_url
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.reports import event_log
from tests.phases import session_to_last_phase

STEPS = ("cp", "adjust", "transfer", "end", "undo")
UNITS = ["cw.1_rnf", "cw.3_rha"]


def _step(session: GameSession, step: str) -> None:
    commands = {
        "cp": lambda s: spend_cp(s, "cw.1_rnf", Fraction(7, 2), Source(s.clock)),
        "adjust": lambda s: adjust_cohesion(s, "cw.1_rnf", "assault-losses", Source(s.clock)),
        "transfer": lambda s: transfer(
            s, "cw_matruh", "cw_c3721", Supplies(ammo=1), Source(s.clock)
        ),
        "end": lambda s: end_stage(s, Source(s.clock)),
        "undo": lambda s: undo(session.undo_window(), Source(s.clock)),
    }
    with contextlib.suppress(CommandRefused):
        if step == "end":  # 5.2: the Operations Stage ends from its last phase
            session_to_last_phase(session)
        session.execute(commands[step])


@settings(max_examples=30, deadline=None)
@given(steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=25))
def test_going_back_through_cohesion_alone_is_the_replay(
    mini_setup: Setup, steps: list[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = database_url(str(Path(folder) / "q.db"))
        session = create_game(EventStore(url, create=True), "g", mini_setup, setup_step=False)
        for step in steps:
            _step(session, step)
        reopened = GameSession(EventStore(url), "g")
        replayed = event_log.cohesion_history(reopened.indexed(), UNITS)
        reopened._journal = None
        cohesion_only = reopened.since(1, event_log.COHESION_KINDS)
        back = event_log.cohesion_history(
            [(r.seq, r.event) for r in cohesion_only], UNITS, reopened.state
        )
        assert back == replayed


def test_the_steps_change_cohesion(mini_setup: Setup, tmp_path: Path) -> None:
    """The steps above do move Cohesion (so the property is not about a flat line)."""
    session = create_game(
        EventStore(database_url(str(tmp_path / "q.db")), create=True),
        "g",
        mini_setup,
        setup_step=False,
    )
    for step in ("cp", "cp", "cp", "adjust", "end", "cp", "undo"):
        _step(session, step)
    session._journal = None
    back = event_log.cohesion_history(
        [(r.seq, r.event) for r in session.since(1, event_log.COHESION_KINDS)],
        UNITS,
        session.state,
    )
    rnf = [(r["game_time"], r["cohesion"]) for r in back if r["unit"] == "cw.1_rnf"]
    assert [t for t, _ in rnf] == ["GT 1 OpStage 1", "GT 1 OpStage 2"]
    assert rnf[0][1] < 0  # DP over the CPA (6.22) and 3 DP of assault losses (15.87)
    assert rnf[-1][1] == session.state.units["cw.1_rnf"].cohesion
