"""Posting a resolved combat: markers, prisoners, CP, Ammunition, losses, DP, undo, clearing."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ledger.combat.costs import (
    AmmoCharge,
    CPCharge,
    ammunition_for,
    barraged_phasing_cp,
    combat_cp,
)
from ledger.combat.forces import Loss, elements_of
from ledger.combat.posting import (
    CapturedPoints,
    CombatPosting,
    UnitDisorganization,
    UnitLosses,
    UnitMarker,
    captured_points,
    unit_losses,
)
from ledger.commands.combat import end_combat_segment, post_combat
from ledger.commands.initiative import declare_first_player
from ledger.commands.organization_phase import advance_phase
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.commands.undo import undo
from ledger.journal import EventStore
from ledger.journal.codec import decode, encode
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.apply import apply, start
from ledger.model.events import (
    CombatMarkersCleared,
    CombatResolved,
    CPExpended,
    Event,
    GameStarted,
    SuppliesConsumed,
    TOEPointsLost,
)
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Ratings, TOEHolding, Unit, UnitClass, WeaponSystem, with_markers
from ledger.reports import event_log
from ledger.reports import tables as reports
from tests.phases import (
    COMBAT_A,
    COMBAT_B,
    at_last_phase,
    at_phase,
    session_to_last_phase,
    session_to_phase,
)

CW, AX = "C3721", "C3821"
PZ = WeaponSystem(
    id="de.pz_iii",
    name="PzKpfw III",
    kind="tank",
    cpa=25,
    ratings=Ratings(anti_armor=6, armor_protection=4, offensive_close_assault=3,
                    defensive_close_assault=3),
)  # fmt: skip
INFANTRY = UnitClass(
    id="de.i",
    code="i",
    unit_type="infantry",
    cpa=8,
    ratings=Ratings(offensive_close_assault=2, defensive_close_assault=3),
    echelon="battalion",
)
TANKS = UnitClass(id="de.g", code="g", unit_type="tank", cpa=25, ratings=Ratings())
HQ = UnitClass(
    id="de.hq",
    code="hq",
    unit_type="headquarters",
    cpa=20,
    ratings=Ratings(defensive_close_assault=1),
)


def _axis(uid: str, class_id: str, toe: tuple[TOEHolding, ...]) -> Unit:
    return Unit(
        uid, uid, uid, "axis", "german", "battalion", class_id, toe,
        location=AX, supplies=Supplies(ammo=20),
    )  # fmt: skip


@pytest.fixture
def combat_setup(mini_setup: Setup) -> Setup:
    """The mini scenario with 3rd RHA on the map from the start and, in the next hex, a German
    infantry battalion (6 TOE), a tank battalion (5 PzIII) and an HQ (2 TOE), 20 Ammunition
    each."""
    units = tuple(replace(u, arrival=None) if u.id == "cw.3_rha" else u for u in mini_setup.units)
    axis = (
        _axis("de.ii_104", "de.i", (TOEHolding("de.i", 6),)),
        _axis("de.i_5pz", "de.g", (TOEHolding("de.pz_iii", 5),)),
        _axis("de.hq_21", "de.hq", (TOEHolding("de.hq", 2),)),
    )
    return replace(
        mini_setup,
        weapons=(*mini_setup.weapons, PZ),
        classes=(*mini_setup.classes, INFANTRY, TANKS, HQ),
        units=(*units, *axis),
    )


@pytest.fixture
def state(combat_setup: Setup) -> GameState:
    """The combat game in the Commonwealth's Movement and Combat Phase: the mini scenario
    names no Initiative, so the Axis moves first (ruling ``initiative-holder``) and the
    Commonwealth, whose combats these are, is Player B (5.2 III.G, 7.16)."""
    return at_phase(start(GameStarted(Source(combat_setup.info.start), combat_setup)), COMBAT_B)


def src(state: GameState) -> Source:
    return Source(state.clock, "commonwealth", "field_commander", "combat at C3821")


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def messages(outcome: Outcome) -> str:
    assert not outcome.ok and not outcome.events
    return "\n".join(str(e) for e in outcome.errors)


CW_HEX = [("cw.1_rnf", CW), ("cw.3_rha", CW)]
AX_HEX = [("de.ii_104", AX), ("de.i_5pz", AX), ("de.hq_21", AX)]


def barrage(state: GameState) -> CombatPosting:
    """3rd RHA's six 25-pounders (Barrage 8: 48 Raw, 5 Actual, 11.32) fire at the German
    infantry in Clear: column 5-6, where chart 12.6 prints P for readings 42-65; 45 pins."""
    guns = elements_of(state.units["cw.3_rha"], state.classes, state.systems)
    return CombatPosting(
        combat="barrage",
        attacker="commonwealth",
        hexes=(CW, AX),
        dice=(("attacker", 45),),
        column="5-6",
        summary=("Infantry: P (12.44)",),
        markers=(UnitMarker("de.ii_104", "pinned", "12.44"),),
        cp=tuple(combat_cp(CW_HEX, AX_HEX, action="barrage")),
        ammunition=tuple(ammunition_for(guns, "barrage")),
    )


def defensive_barrage(state: GameState) -> CombatPosting:
    """``barrage`` fired by the Commonwealth as the non-Phasing Player in the Axis's Movement
    and Combat Phase (12.17): the guns pay 3 CP (11.21), the Axis units barraged 3 each."""
    return replace(
        barrage(state),
        phasing="axis",
        cp=(CPCharge("cw.3_rha", CW, Fraction(3), "11.21", "fires"), *barraged_phasing_cp(AX_HEX)),
    )


def assault(state: GameState) -> CombatPosting:
    """1st RNF's three infantry points assault the German hex; the Germans lose 3 infantry
    points, and 2 infantry points and 1 PzIII are captured; 15.87 costs them 3 DP each."""
    rnf = elements_of(state.units["cw.1_rnf"], state.classes, state.systems)
    defenders = [
        *elements_of(state.units["de.ii_104"], state.classes, state.systems),
        *elements_of(state.units["de.i_5pz"], state.classes, state.systems),
    ]
    return CombatPosting(
        combat="close_assault",
        attacker="commonwealth",
        hexes=(CW, AX),
        dice=(("assault", 36),),
        column="+2",
        summary=("defender 30 % Captured 50 %, Engaged",),
        losses=unit_losses([Loss("de.ii_104", "de.i", 3)], "close-assault", "15.83"),
        captured=captured_points([Loss("de.ii_104", "de.i", 2), Loss("de.i_5pz", "de.pz_iii", 1)]),
        markers=tuple(UnitMarker(u, "engaged", "15.81") for u in ("cw.1_rnf", "de.ii_104", "de.i_5pz")),
        disorganization=tuple(
            UnitDisorganization(u, Fraction(3), "assault-losses", "15.87")
            for u in ("de.ii_104", "de.i_5pz")
        ),
        cp=tuple(combat_cp(CW_HEX, AX_HEX, action="close_assault", final_differential=2)),
        ammunition=(*ammunition_for(rnf, "close_assault"), *ammunition_for(defenders, "close_assault")),
    )  # fmt: skip


def test_barrage_pins_and_costs_five_three_and_four_ammunition_a_gun(state: GameState) -> None:
    outcome = post_combat(state, barrage(state), src(state))
    resolved = outcome.events[0]
    assert isinstance(resolved, CombatResolved) and not resolved.source.app_made
    assert all(e.source.app_made for e in outcome.events[1:])
    after = run(state, outcome)
    assert after.units["de.ii_104"].combat_markers == ("pinned",)
    # 11.22: the firing hex pays 5 CP (3rd RHA and, 11.25, 1st RNF beside it); 11.21a: every
    # unit of the barraged hex pays 3. CPA 15 (25-pounder), 8, 8, 25, 20: no DP.
    cp = {
        e.unit_id: (e.cp, e.disorganization, e.action)
        for e in outcome.events
        if isinstance(e, CPExpended)
    }
    assert cp == {
        "cw.3_rha": (5, 0, "barrage-or-assault"),
        "cw.1_rnf": (5, 0, "barrage-or-assault"),
        "de.ii_104": (3, 0, "defend"),
        "de.i_5pz": (3, 0, "defend"),
        "de.hq_21": (3, 0, "defend"),
    }  # fmt: skip
    # 50.2: 6 TOE points x 4 = 24 Ammunition; 3rd RHA holds none, Mersa Matruh in its hex 1000.
    (ammo,) = [e for e in outcome.events if isinstance(e, SuppliesConsumed)]
    assert (ammo.holder, ammo.supplies, ammo.cause, ammo.case) == (
        "cw_matruh",
        Supplies(ammo=24),
        "ammunition",
        "50.2",
    )
    assert after.dumps["cw_matruh"].supplies.ammo == 1000 - 24
    assert after.units["cw.3_rha"].combat_cp == 5 and after.units["de.hq_21"].combat_cp == 3
    assert [r["markers"] for r in reports.units(after) if r["id"] == "de.ii_104"] == ["pinned"]
    assert "barrage C3721 → C3821; column 5-6; dice attacker 45" in event_log.describe(
        resolved, after
    )


def test_cp_beyond_the_cpa_earn_dp_as_spend_cp_counts_them(state: GameState) -> None:
    # 6.21: 1st RNF (CPA 8) has expended 6 CP; 5 more reach 11, 3 over: 3 DP.
    rnf = replace(state.units["cw.1_rnf"], cp_expended=Fraction(6))
    state = replace(state, units={**state.units, "cw.1_rnf": rnf})
    after = run(state, post_combat(state, barrage(state), src(state)))
    assert after.units["cw.1_rnf"].cp_expended == 11
    assert after.units["cw.1_rnf"].cohesion == -3


def test_a_non_phasing_barrage_is_recorded_under_the_actions_of_6_3(state: GameState) -> None:
    # 11.21a: the non-Phasing side firing pays 3 ("defend"); 11.23: the Phasing units it
    # barrages pay 3 ("undergo-barrage-phasing"), and may be pinned (12.44).
    posting = CombatPosting(
        combat="barrage",
        attacker="axis",
        phasing="commonwealth",
        hexes=(AX, CW),
        markers=(UnitMarker("cw.1_rnf", "pinned", "12.44"),),
        cp=(CPCharge("de.i_5pz", AX, Fraction(3), "11.21", "fires"), *barraged_phasing_cp(CW_HEX)),
    )
    outcome = post_combat(state, posting, src(state))
    cp = {e.unit_id: (e.cp, e.action) for e in outcome.events if isinstance(e, CPExpended)}
    assert cp == {
        "de.i_5pz": (3, "defend"),
        "cw.1_rnf": (3, "undergo-barrage-phasing"),
        "cw.3_rha": (3, "undergo-barrage-phasing"),
    }
    assert run(state, outcome).units["cw.1_rnf"].combat_markers == ("pinned",)


def test_a_unit_at_cohesion_minus_26_may_not_attack(state: GameState) -> None:
    # 6.26 (ruling 6.26-cohesion-minus-26, enforce): 3rd RHA may not barrage at -26.
    broken = replace(state.units["cw.3_rha"], cohesion=Fraction(-26))
    state = replace(state, units={**state.units, "cw.3_rha": broken})
    assert "3rd RHA is at Cohesion Level -26" in messages(
        post_combat(state, barrage(state), src(state))
    ).replace("−", "-")


def test_one_combat_segment_charges_a_unit_once(state: GameState) -> None:
    # 11.24: the barrage charged 5 and 3; a Close Assault in the same segment adds nothing,
    # except for the units the barrage charged less: none here.
    after = run(state, post_combat(state, barrage(state), src(state)))
    second = post_combat(after, assault(after), src(after))
    assert not [e for e in second.events if isinstance(e, CPExpended)]
    after = run(after, second)
    assert after.units["cw.1_rnf"].cp_expended == 5 and after.units["de.i_5pz"].cp_expended == 3
    # A new segment (11.22: a new round of combat) charges again; Pinned comes off (12.44),
    # Engaged stays until the end of the Operations Stage (15.81).
    after = run(after, end_combat_segment(after, src(after)))
    assert after.units["de.ii_104"].combat_markers == ("engaged",)
    assert after.units["cw.1_rnf"].combat_cp == 0
    third = post_combat(after, barrage(after), src(after))
    assert sum(e.cp for e in third.events if isinstance(e, CPExpended)) == 5 + 5 + 3 * 3
    assert "no unit is Pinned" in messages(end_combat_segment(state, src(state)))


def test_11_27_defence_then_a_full_assault_brings_defenders_to_three(
    state: GameState,
) -> None:
    # 11.27: a full assault at -4 costs the defenders 1 CP; a later one at +2 in the segment
    # brings them to 3 (2 more); never above 3 (11.24).
    low = replace(
        assault(state),
        cp=tuple(combat_cp(CW_HEX, AX_HEX, action="close_assault", final_differential=-4)),
    )
    after = run(state, post_combat(state, low, src(state)))
    assert after.units["de.hq_21"].cp_expended == 1
    again = post_combat(
        after, replace(assault(after), losses=(), captured=(), disorganization=()), src(after)
    )
    cp = {e.unit_id: e.cp for e in again.events if isinstance(e, CPExpended)}
    assert cp == {"de.ii_104": 2, "de.i_5pz": 2, "de.hq_21": 2}  # fmt: skip


def test_close_assault_losses_prisoners_equipment_engaged_and_dp(state: GameState) -> None:
    posting = assault(state)
    outcome = post_combat(state, posting, src(state))
    after = run(state, outcome)
    toe = {u: {h.system: h.points for h in after.units[u].toe} for u in ("de.ii_104", "de.i_5pz")}
    assert toe == {"de.ii_104": {"de.i": 6 - 3 - 2}, "de.i_5pz": {"de.pz_iii": 5 - 1}}
    lost = [(e.unit_id, e.losses, e.cause) for e in outcome.events if isinstance(e, TOEPointsLost)]
    assert lost == [
        ("de.ii_104", (("de.i", 3),), "close-assault"),
        ("de.ii_104", (("de.i", 2),), "captured"),
        ("de.i_5pz", (("de.pz_iii", 1),), "captured"),
    ]
    # 15.86d: 2 infantry points -> 2 Prisoner Points; the PzIII is captured equipment.
    assert after.prisoners == {"commonwealth": 2}
    assert after.captured_equipment == (("commonwealth", "de.pz_iii", 1),)
    assert [after.units[u].combat_markers for u in ("cw.1_rnf", "de.ii_104", "cw.3_rha")] == [
        ("engaged",), ("engaged",), (),
    ]  # fmt: skip
    # 15.87: 3 DP each; their 3 CP stay within CPA 8 and 25.
    assert (after.units["de.ii_104"].cohesion, after.units["de.i_5pz"].cohesion) == (-3, -3)
    # 50.2: RNF 3 infantry points x 1 = 3 (2 its own, 1 from Mersa Matruh); the Germans
    # 6 x 1 = 6 and 5 tanks x 2 = 10, from their own 20.
    assert after.units["cw.1_rnf"].supplies.ammo == 0
    assert after.dumps["cw_matruh"].supplies.ammo == 999
    assert (after.units["de.ii_104"].supplies.ammo, after.units["de.i_5pz"].supplies.ammo) == (
        14,
        10,
    )


def test_ruling_decides_what_captured_class_points_become(state: GameState) -> None:
    # An HQ's own points: Prisoner Points by default, equipment under 'infantry-type'.
    posting = replace(
        assault(state), losses=(), disorganization=(), captured=(CapturedPoints("de.hq_21", "de.hq", 1),)
    )  # fmt: skip
    assert run(state, post_combat(state, posting, src(state))).prisoners == {"commonwealth": 1}
    chosen = replace(state, ruling_choices={"15.86-captured-class-points": "infantry-type"})
    after = run(chosen, post_combat(chosen, posting, src(chosen)))
    assert (after.prisoners, after.captured_equipment) == ({}, (("commonwealth", "de.hq", 1),))


def test_losses_beyond_the_toe_are_refused_and_nothing_is_written(
    store: EventStore, combat_setup: Setup
) -> None:
    session = create_game(store, "combat", combat_setup, setup_step=False)
    posting = replace(
        assault(session.state),
        losses=(UnitLosses("de.ii_104", (("de.i", 5),), "15.83", "close-assault"),),
    )
    session_to_phase(session, COMBAT_B)
    with pytest.raises(CommandRefused) as refused:
        session.execute(lambda s: post_combat(s, posting, src(s)))
    # 5 lost + 2 captured of the 6 held
    assert "de.ii_104 holds 6 de.i TOE points, 7 lost or captured: 1 too many (15.83)" in str(
        refused.value
    )
    assert len(store.load("combat")) == 2  # the game and the advance to the phase


def test_refusals_name_the_unit_the_side_and_the_case(state: GameState) -> None:
    pinned_firer = replace(barrage(state), markers=(UnitMarker("cw.3_rha", "pinned", "12.44"),))
    assert "3rd RHA is commonwealth's, the side firing" in messages(
        post_combat(state, pinned_firer, src(state))
    )
    probe = replace(assault(state), combat="probe")
    assert "(15.93)" in messages(post_combat(state, probe, src(state)))
    stranger = replace(barrage(state), hexes=("C3721", "C3900"))
    assert "de.ii_104 is in C3821, not in the combat's hexes" in messages(
        post_combat(state, stranger, src(state))
    )
    unknown = replace(barrage(state), cp=(CPCharge("nobody", AX, Fraction(3), "11.21", ""),))
    assert "no unit 'nobody'" in messages(post_combat(state, unknown, src(state)))
    no_system = replace(assault(state), captured=(CapturedPoints("de.hq_21", "de.pz_iii", 1),))
    assert "de.hq_21 has no 'de.pz_iii' in its TOE (de.hq) (4.52)" in messages(
        post_combat(state, no_system, src(state))
    )


def test_ammunition_short_is_refused_with_15_15_or_50_12(state: GameState) -> None:
    # The German tanks hold 20 and have no dump in C3821: 11 TOE points' worth of 2 is 22.
    greedy = replace(
        assault(state), ammunition=(AmmoCharge("de.i_5pz", "de.pz_iii", 22, "50.2", ""),)
    )
    text = messages(post_combat(state, greedy, src(state)))
    assert "de.i_5pz fires 22 Ammunition Points (close_assault, 50.2) and can draw 20" in text
    assert "2 short (15.15)" in text
    empty = replace(state.units["de.i_5pz"], supplies=Supplies())
    dry = replace(state, units={**state.units, "de.i_5pz": empty})
    assert "(50.12)" in messages(post_combat(dry, assault(dry), src(dry)))
    # read by a Commonwealth seat (11.36): the Axis stocks in the hex are not told
    refused = post_combat(state, greedy, src(state)).errors
    by_enemy = "\n".join(str(e.for_side("commonwealth")) for e in refused)
    assert "de.i_5pz, of the other side, cannot draw all the Ammunition its fire takes" in by_enemy
    assert "20" not in by_enemy and "2 short" not in by_enemy
    assert "can draw 20" in "\n".join(str(e.for_side("axis")) for e in refused)


def test_undo_takes_the_whole_combat_back(session_combat: GameSession) -> None:
    session = session_combat
    session_to_phase(session, COMBAT_B)
    before = session.state
    session.execute(lambda s: post_combat(s, assault(s), src(s)))
    assert session.state.prisoners
    session.execute(lambda s: undo(session.indexed(), Source(s.clock)))
    assert session.state == before
    assert GameSession(session.store, session.name).state == before


def test_end_of_operations_stage_clears_every_marker_and_phase_advance_pinned(
    session_combat: GameSession,
) -> None:
    session = session_combat
    # The Commonwealth moves first this Operations Stage (7.11: ruling initiative-holder
    # =declared, the table rolled 7.14 itself): its Movement and Combat Phase is Player A's.
    cw = Source(session.state.clock, "commonwealth", "commander_in_chief")
    session.execute(lambda s: declare_first_player(s, "commonwealth", cw))
    session.execute(lambda s: advance_phase(s, COMBAT_A, src(s)))
    session.execute(lambda s: post_combat(s, assault(s), src(s)))
    session.execute(lambda s: post_combat(s, barrage(s), src(s)))
    assert session.state.units["de.ii_104"].combat_markers == ("pinned", "engaged")
    # 12.44: the phase ends the Combat Segment: Pinned off, Engaged stays (15.81).
    events = session.execute(lambda s: advance_phase(s, None, src(s)))
    assert [e.kind for e in events] == ["phase_advanced", "combat_markers_cleared"]
    assert session.state.units["de.ii_104"].combat_markers == ("engaged",)
    assert session.state.units["cw.3_rha"].combat_cp == 0
    # In the Axis's Movement and Combat Phase the Commonwealth's guns barrage as the
    # non-Phasing Player (5.2 III.G.3.b, 12.17): pinned again.
    session.execute(lambda s: advance_phase(s, COMBAT_B, src(s)))
    session.execute(lambda s: post_combat(s, defensive_barrage(s), src(s)))
    assert session.state.units["de.ii_104"].combat_markers == ("pinned", "engaged")
    # 12.44: advancing to the last phase ends that Combat Segment too.
    session_to_last_phase(session)
    assert session.state.units["de.ii_104"].combat_markers == ("engaged",)
    before = session.state
    events = session.execute(lambda s: end_stage(s, src(s)))
    cleared = next(e for e in events if isinstance(e, CombatMarkersCleared))
    assert cleared.markers == ("pinned", "engaged", "contact") and cleared.source.app_made
    assert {unit for unit, _ in cleared.cleared} == {"cw.1_rnf", "de.ii_104", "de.i_5pz"}
    assert all(not u.combat_markers and not u.combat_cp for u in session.state.units.values())
    session.execute(lambda s: undo(session.indexed(), Source(s.clock)))
    assert session.state == before


def test_new_event_kinds_round_trip_through_the_journal(state: GameState) -> None:
    after = run(state, post_combat(state, assault(state), src(state)))
    after = at_last_phase(after)  # 5.2: the stage ends from its last phase
    cleared = end_stage(after, src(after)).events
    kinds: list[Event] = [
        *post_combat(state, assault(state), src(state)).events[:1],
        *(e for e in cleared if isinstance(e, CombatMarkersCleared)),
    ]
    assert [e.kind for e in kinds] == ["combat_resolved", "combat_markers_cleared"]
    for event in kinds:
        assert decode(encode(event)) == event
        assert event_log.describe(event, after)


def test_engaged_replaces_contact() -> None:
    # 15.81: units that assaulted and are still adjacent are in Contact only if not Engaged.
    assert with_markers(("contact",), ("engaged",)) == ("engaged",)
    assert with_markers(("engaged",), ("contact",)) == ("engaged",)
    assert with_markers(("pinned",), ("contact",)) == ("pinned", "contact")


@pytest.fixture
def session_combat(store: EventStore, combat_setup: Setup) -> GameSession:
    """The combat game in a journal (declared under ruling ``initiative-holder=declared``,
    so either side may say who moves first), at its Organization Phase."""
    return create_game(
        store, "combat", combat_setup, {"initiative-holder": "declared"}, setup_step=False
    )
