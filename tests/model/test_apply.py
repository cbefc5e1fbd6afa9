"""Properties of the fold: supplies are conserved, undo restores the state, replay is identical."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from ledger.commands.cp import adjust_cohesion, spend_cp
from ledger.commands.logistics import arrive, consume
from ledger.commands.organization_phase import advance_phase
from ledger.commands.plots import commit_plot
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.io.scenario import load_scenario
from ledger.model.apply import apply, fold, start
from ledger.model.events import (
    ConsumptionPosted,
    CPExpended,
    Event,
    EventUndone,
    GameStarted,
    OperationsStageEnded,
    SuppliesArrived,
    SuppliesConsumed,
    SuppliesTransferred,
)
from ledger.model.plots import PLOT_STEPS
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.conftest import MINI
from tests.phases import LAST

SETUP = load_scenario(MINI)
CW_FINITE = ["cw_matruh", "cw.1_rnf", "cw_c3721", "cw.3_rha"]
amounts = st.builds(
    Supplies,
    st.integers(0, 40),
    st.integers(0, 40),
    st.integers(0, 40),
    st.integers(0, 40),
)


def _finite_total(state: GameState) -> Supplies:
    total = Supplies()
    for holder in CW_FINITE:
        held = state.holder_supplies(holder)
        assert held is not None
        total += held
    return total


def _finite_draws(event: ConsumptionPosted) -> Supplies:
    """What an upkeep event takes from the finite Commonwealth holders."""
    return sum((d.supplies for d in event.draws if d.holder in CW_FINITE), Supplies())


class LedgerMachine(RuleBasedStateMachine):
    """Random play on the mini scenario, checking conservation and undo after every step."""

    def __init__(self) -> None:
        super().__init__()
        first = GameStarted(Source(SETUP.info.start), SETUP)
        self.journal: list[tuple[int, Event]] = [(1, first)]
        self.state = start(first)
        self.drawn_from_unlimited = Supplies()
        # supply points created (arrivals) less those destroyed (consumption) by events
        self.net_created = Supplies()
        self.history: list[GameState] = [self.state]
        # RNF's (CP, DP) this OpStage, one entry per live event, so undo can pop it
        self.stage_tally: list[tuple[Fraction, Fraction]] = [(Fraction(0), Fraction(0))]

    def _post(self, events: tuple[Event, ...]) -> None:
        for event in events:
            before = self.state
            self.state = apply(self.state, event)
            self.journal.append((len(self.journal) + 1, event))
            self.history.append(before)
            if isinstance(event, ConsumptionPosted):
                self.net_created -= _finite_draws(event)
            cp, dp = self.stage_tally[-1]
            if isinstance(event, CPExpended) and event.unit_id == "cw.1_rnf":
                self.stage_tally.append((cp + event.cp, dp + event.disorganization))
            elif isinstance(event, OperationsStageEnded):
                self.stage_tally.append((Fraction(0), Fraction(0)))
            elif not isinstance(event, EventUndone):
                self.stage_tally.append((cp, dp))

    @rule(
        origin=st.sampled_from([*CW_FINITE, "cw_cairo"]),
        destination=st.sampled_from(CW_FINITE),
        what=amounts,
    )
    def move(self, origin: str, destination: str, what: Supplies) -> None:
        outcome = transfer(self.state, origin, destination, what, Source(self.state.clock))
        if outcome.ok:
            if origin == "cw_cairo":
                self.drawn_from_unlimited += what
            self._post(outcome.events)
        else:
            assert not outcome.events

    @rule(holder=st.sampled_from(CW_FINITE), what=amounts, cause=st.sampled_from(["water", "fuel"]))
    def consume_supplies(self, holder: str, what: Supplies, cause: str) -> None:
        outcome = consume(self.state, holder, what, cause, Source(self.state.clock))
        if outcome.ok:
            self.net_created -= what
        self._post(outcome.events)

    @rule(holder=st.sampled_from(CW_FINITE), what=amounts)
    def supplies_arrive(self, holder: str, what: Supplies) -> None:
        outcome = arrive(self.state, holder, what, "convoy", Source(self.state.clock))
        if outcome.ok:
            self.net_created += what
        self._post(outcome.events)

    @rule(quarters=st.integers(1, 60))
    def spend(self, quarters: int) -> None:
        outcome = spend_cp(self.state, "cw.1_rnf", Fraction(quarters, 4), Source(self.state.clock))
        self._post(outcome.events)

    @precondition(lambda self: self.state.clock < self.state.info.end)
    @rule()
    def next_stage(self) -> None:
        if self.state.phase != LAST:  # 5.2: the Operations Stage ends from its last phase
            self._post(advance_phase(self.state, LAST, Source(self.state.clock)).events)
        self._post(end_stage(self.state, Source(self.state.clock)).events)

    @precondition(lambda self: len(self.journal) > 1)
    @rule()
    def take_back(self) -> None:
        outcome = undo(self.journal, Source(self.state.clock))
        if not outcome.ok:
            return
        undone = [e for e in outcome.events if isinstance(e, EventUndone)]
        assert len(undone) == len(outcome.events)
        for event in undone:
            original = event.undone
            if isinstance(original, SuppliesTransferred) and original.origin == "cw_cairo":
                self.drawn_from_unlimited -= original.supplies
            elif isinstance(original, SuppliesArrived):
                self.net_created -= original.supplies
            elif isinstance(original, SuppliesConsumed):
                self.net_created += original.supplies
            elif isinstance(original, ConsumptionPosted):
                self.net_created += _finite_draws(original)
        oldest = min(e.undone_seq for e in undone)
        self._post(outcome.events)
        for _ in undone:
            self.stage_tally.pop()
        # undo brings back exactly the state before the player's action (history[k] is the
        # state before the event of sequence k + 1)
        assert self.state == self.history[oldest - 1]

    @precondition(lambda self: self.state.phase != "movement-and-combat/A")
    @rule()
    def to_combat(self) -> None:
        """On to Player A's Movement and Combat Phase, where plots are made (5.2 III G)."""
        target = "movement-and-combat/A"
        self._post(advance_phase(self.state, target, Source(self.state.clock)).events)

    @rule(side=st.sampled_from(["axis", "commonwealth"]), step=st.sampled_from(PLOT_STEPS))
    def plot(self, side: str, step: str) -> None:
        """A sealed plot, revealed with the other side's (5.2 III G 3 b, d): empty plots, so
        the rules' order of steps and segments is what is exercised."""
        source = Source(self.state.clock, side)  # type: ignore[arg-type]
        self._post(commit_plot(self.state, side, step, [], source).events)

    @rule(cause=st.sampled_from(["victorious-assault", "assault-losses"]))
    def cohesion_event(self, cause: str) -> None:
        self._post(adjust_cohesion(self.state, "cw.1_rnf", cause, Source(self.state.clock)).events)

    @invariant()
    def cohesion_never_above_10(self) -> None:
        assert all(u.cohesion <= 10 for u in self.state.units.values())  # 6.23

    @invariant()
    def dp_equal_cp_over_cpa(self) -> None:
        cp, dp = self.stage_tally[-1]
        rnf = self.state.units["cw.1_rnf"]
        assert rnf.cp_expended == cp  # CP never carry over into the next OpStage (6.16)
        assert dp == max(Fraction(0), cp - 8)  # 6.21 at CPA 8

    @invariant()
    def supplies_are_conserved(self) -> None:
        start_total = _finite_total(self.history[0])
        assert (
            _finite_total(self.state) == start_total + self.drawn_from_unlimited + self.net_created
        )

    @invariant()
    def fold_equals_incremental_state(self) -> None:
        assert fold(e for _, e in self.journal) == self.state

    @invariant()
    def no_holder_goes_negative(self) -> None:
        for holder in CW_FINITE:
            held = self.state.holder_supplies(holder)
            assert held is not None and all(v >= 0 for _, v in held.items())


LedgerMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=25, deadline=None)
TestLedgerMachine = LedgerMachine.TestCase
