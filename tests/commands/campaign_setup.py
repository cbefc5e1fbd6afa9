"""A Graziani set-up given a campaign schedule of the tests' own (issue 18 slice B): the
withdrawal of the 5th Indian Bde HQ group as the Italian Campaign prints it (4.43a, 20.8;
truck value 10), moved to GT 1 OpStage 2 so one end of stage reaches it, and the eight
victory places of 60.82 with their points (reference scenario-60.23/victory.csv)."""

from __future__ import annotations

from dataclasses import replace

from ledger.commands.organization_phase import advance_phase
from ledger.commands.stage_end import end_stage
from ledger.model.apply import apply, start
from ledger.model.campaign import CampaignSchedule, VictoryPlace, Withdrawal
from ledger.model.clock import GameTime
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState

BDE = "cw.4_indian_div.5th_indian_bde_hq"
FUSILIERS = "cw.4_indian_div.1st_royal_fusiliers"
PUNJAB = "cw.4_indian_div.3_1_punjab_regt"
RAJPUTANA = "cw.4_indian_div.4_6_rajputana_rifles"
FIFTH_BDE_GROUP = (BDE, FUSILIERS, PUNJAB, RAJPUTANA)

WITHDRAWAL = Withdrawal(
    id="cw-wd-01",
    name="5th Indian Bde HQ group",
    side="commonwealth",
    due=GameTime(1, 2),
    units=FIFTH_BDE_GROUP,
    truck_value_points=10,
    motorization_points=10,
    place="Cairo or Alexandria",
    case="4.43a; 20.8",
)

VICTORY = tuple(
    VictoryPlace(pid, name, (hex_,), (("axis", axis), ("commonwealth", cw)), case="60.82")
    for pid, name, hex_, axis, cw in (
        ("mersa_matruh", "Mersa Matruh", "D3714", 100, 0),
        ("tobruk", "Tobruk", "C4807", 50, 25),
        ("derna", "Derna", "B5925", 20, 30),
        ("giarabub", "Giarabub", "C1014", 10, 10),
        ("siwa", "Siwa", "C0127", 10, 10),
        ("benghazi", "Benghazi", "A4827", 10, 50),
        ("agedabia", "Agadabia", "A2629", 10, 50),
        ("mersa_brega", "Mersa Brega", "A2021", 0, 50),
    )
)

CARRIED = {BDE: Supplies(ammo=5, fuel=10), FUSILIERS: Supplies(stores=3)}
"""What the tests give the withdrawing counters to carry."""


def campaign_setup(graziani_setup: Setup) -> Setup:
    """Graziani with the schedule above; the 5th Indian Bde HQ and 1st Royal Fusiliers carry
    ``CARRIED``."""
    units = tuple(
        replace(u, supplies=CARRIED[u.id]) if u.id in CARRIED else u for u in graziani_setup.units
    )
    schedule = CampaignSchedule(withdrawals=(WITHDRAWAL,), victory=VICTORY)
    return replace(graziani_setup, units=units, schedule=schedule)


def begin(setup: Setup, choices: tuple[tuple[str, str], ...] = ()) -> GameState:
    """The state at the start of a game of ``setup`` with ruling ``choices``."""
    return start(GameStarted(Source(setup.info.start), setup, choices))


def run(state: GameState, outcome_of) -> GameState:  # type: ignore[no-untyped-def]
    """``state`` after ``outcome_of(state)``'s events (it must be accepted)."""
    outcome = outcome_of(state)
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def next_stage(state: GameState) -> GameState:
    """To the last phase, then the end of the Operations Stage."""
    state = run(state, lambda s: advance_phase(s, "patrol/B", Source(s.clock)))
    return run(state, lambda s: end_stage(s, Source(s.clock)))
