"""What a Close Assault is worked out from, and what it keeps for the dice (15.1-15.9, 17.2).

The rulings in force (``AssaultRulings``: 15.79, 15.4, 15.35, 15.95, 15.25 and the casualty,
morale and size rulings they use); each side's morale (``SideMorale``: its Adjusted Morale
Rating, or its Basic Morale and Cohesion Level when the 17.4 dice are still to come, 15.61,
15.63, 17.2); the assault type, status and surrender kinds; one combination of both sides'
chart results (``AssaultOutcome``, 15.73-15.76); a side's expected losses (``SideExpectation``,
15.83-15.87); a side as its losses are taken (``AssaultSide``, 15.83b, d; 15.84a) and the
``AssaultSetup`` that reading the dice needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal

from ledger.combat.assault_captured import CAPTURED_BASIS_RULING
from ledger.combat.assault_chart import GAP_RULING, check_d66_reading
from ledger.combat.assault_losses import HEX_SHARES_RULING, VULNERABILITY_HALF_RULING
from ledger.combat.forces import Element, total_raw
from ledger.combat.terrain import FORTIFICATION_RULING
from ledger.model.rulings import check_options
from ledger.rules.morale import DEFAULT_RULINGS as DEFAULT_MORALE_RULINGS
from ledger.rules.morale import (
    AdjustedMorale,
    MoraleRulings,
    adjusted_morale,
    adjusted_morale_distribution,
)
from ledger.rules.unit_size import SizeRulings

COMBINED_ARMS_RULING: Final = "15.4-combined-arms"
RECCE_RULING: Final = "15.95-recce-reduction"
PROBE_RULING: Final = "15.25-probe-threshold"

OFFENSIVE: Final = "offensive_close_assault"
DEFENSIVE: Final = "defensive_close_assault"
NOTHING_ALLOCATED_RETREAT: Final = 3
NOTHING_ALLOCATED_DP: Final = 3
"""15.29: a defender that allocates nothing retreats 3 hexes and earns 3 DP."""
NO_ASSAULT: Final = "no assault"
MORALE_ROLLED: Final = "depends on the morale dice"

Action = Literal["close_assault", "probe"]
Status = Literal["engaged", "contact", "none"]
Surrendered = Literal["", "attacker", "defender", "both"]


@dataclass(frozen=True, slots=True)
class AssaultRulings:
    """The options in force for one Close Assault (each field one ruling; defaults shown).

    ``defender_gap``: ``15.79-defender-plus-2-gap`` (``"10"``, ``"5"``, ``"reroll"``);
    ``combined_arms``: ``15.4-combined-arms`` (``"text"``, ``"example"``); ``fortification``:
    ``15.35-fortification-columns`` (``"chart"``, ``"example"``); ``recce``:
    ``15.95-recce-reduction`` (``"ten-points"``, ``"tenth"``); ``probe_threshold``:
    ``15.25-probe-threshold`` (``"together"``, ``"each-unit"``); ``hex_shares``,
    ``vulnerability_half`` and ``captured_basis`` the casualty rulings of
    ``ledger.combat.assault_losses`` (15.83e, 15.84b, 15.86); ``morale`` and ``size`` the 17.4
    and 15.53 rulings. Raises ``ValueError`` naming the ruling for an unknown option.
    """

    defender_gap: str = "10"
    combined_arms: str = "text"
    fortification: str = "chart"
    recce: str = "ten-points"
    probe_threshold: str = "together"
    hex_shares: str = "largest-remainder"
    vulnerability_half: str = "up"
    captured_basis: str = "toe"
    morale: MoraleRulings = DEFAULT_MORALE_RULINGS
    size: SizeRulings = field(default_factory=SizeRulings)

    def __post_init__(self) -> None:
        check_options(
            (
                (GAP_RULING, self.defender_gap),
                (COMBINED_ARMS_RULING, self.combined_arms),
                (FORTIFICATION_RULING, self.fortification),
                (RECCE_RULING, self.recce),
                (PROBE_RULING, self.probe_threshold),
                (HEX_SHARES_RULING, self.hex_shares),
                (VULNERABILITY_HALF_RULING, self.vulnerability_half),
                (CAPTURED_BASIS_RULING, self.captured_basis),
            )
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> AssaultRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(
            defender_gap=option(GAP_RULING),
            combined_arms=option(COMBINED_ARMS_RULING),
            fortification=option(FORTIFICATION_RULING),
            recce=option(RECCE_RULING),
            probe_threshold=option(PROBE_RULING),
            hex_shares=option(HEX_SHARES_RULING),
            vulnerability_half=option(VULNERABILITY_HALF_RULING),
            captured_basis=option(CAPTURED_BASIS_RULING),
            morale=MoraleRulings.from_choices(option),
            size=SizeRulings.from_choices(option),
        )


@dataclass(frozen=True, slots=True)
class SideMorale:
    """One side's morale for a Close Assault (15.61, 15.63, 17.2): either its ``adjusted``
    Adjusted Morale Rating already found, or its ``basic`` Morale and ``cohesion`` Level (a
    Fraction or int) so that the 17.4 dice become part of the odds. ``with_rommel``: Axis
    units stacked with Rommel (17.28). Raises ``ValueError`` unless exactly one form is given.
    """

    adjusted: int | None = None
    basic: int | None = None
    cohesion: Fraction | int | None = None
    with_rommel: bool = False

    def __post_init__(self) -> None:
        rolled = self.basic is not None or self.cohesion is not None
        if (self.adjusted is None) == (not rolled) or (
            rolled and (self.basic is None or self.cohesion is None)
        ):
            raise ValueError(
                f"morale: give either adjusted ({self.adjusted}) or both basic ({self.basic}) "
                f"and cohesion ({self.cohesion}) (15.61, 17.2)"
            )

    @property
    def rolled(self) -> bool:
        """True when the 17.4 dice are still to be thrown."""
        return self.adjusted is None

    def odds(
        self, enemy_three_times: bool, rulings: MoraleRulings
    ) -> dict[AdjustedMorale, Fraction]:
        """The Adjusted Morale (or ``"surrender"``) with its exact probability (17.22-17.28)."""
        if self.adjusted is not None:
            return {self.adjusted: Fraction(1)}
        assert self.basic is not None and self.cohesion is not None
        return adjusted_morale_distribution(
            self.basic,
            self.cohesion,
            rulings,
            enemy_three_times_stronger=enemy_three_times,
            with_rommel=self.with_rommel,
        )

    def read(
        self, reading: int | None, enemy_three_times: bool, rulings: MoraleRulings, who: str
    ) -> AdjustedMorale:
        """The Adjusted Morale for a 17.4 ``reading`` (needed only when rolled)."""
        if self.adjusted is not None:
            return self.adjusted
        assert self.basic is not None and self.cohesion is not None
        if reading is None:
            raise ValueError(f"{who}_morale_reading: None; the 17.4 dice are needed (17.22)")
        check_d66_reading(reading, f"{who}_morale_reading", "17.22")
        return adjusted_morale(
            self.basic,
            self.cohesion,
            reading,
            rulings,
            enemy_three_times_stronger=enemy_three_times,
            with_rommel=self.with_rommel,
        )


@dataclass(frozen=True, slots=True)
class AssaultOutcome:
    """One combination of results of both sides' dice (15.73-15.76).

    ``attacker_loss`` and ``defender_loss``: percent of Raw Close Assault Points lost (after
    15.54 and, under ``15.95-recce-reduction`` ``"ten-points"``, 15.95); ``engaged``: the
    Engaged result stands (not ignored by a Retreat, 15.74, or a Probe, 15.93); ``retreat``:
    hexes the defender must retreat (15.82); ``attacker_captured`` / ``defender_captured``:
    percent of that side's TOE losses captured (15.89; 0 without a Captured result);
    ``surrender``: a side that surrendered on its 17.4 morale throw (17.25), no dice thrown.
    """

    attacker_loss: int
    defender_loss: int
    engaged: bool
    retreat: int
    attacker_captured: int
    defender_captured: int
    surrender: Surrendered = ""


@dataclass(frozen=True, slots=True)
class SideExpectation:
    """The expected losses of one side over every outcome (exact ``Fraction``s): Raw Close
    Assault Points (15.83c), TOE Strength Points (15.83d, ``propose_raw_losses``), TOE points
    captured (15.85, 15.86) and the chance of 15.87's 3 Disorganization Points."""

    raw_lost: Fraction
    toe_lost: Fraction
    toe_captured: Fraction
    dp_chance: Fraction


@dataclass(frozen=True, slots=True)
class AssaultSide:
    """One side of a calculated assault, as its losses are taken (15.83b, d; 15.84a):
    ``committed`` the TOE points that fought (15.87 counts them), ``elements`` the points that
    may absorb losses (the defender's Pinned, retreated and withheld points too),
    ``overrun_elements`` those in an Overrun (the defender's guns Back too), ``rating`` the
    Close Assault rating that absorbs (Offensive for the attacker) and ``attacker``."""

    committed: tuple[Element, ...]
    elements: tuple[Element, ...]
    overrun_elements: tuple[Element, ...]
    rating: str
    attacker: bool

    @property
    def committed_toe(self) -> int:
        return sum(e.points for e in self.committed)

    def raw_total(self, overrun: bool) -> int:
        return total_raw(self.overrun_elements if overrun else self.elements, self.rating)


@dataclass(frozen=True, slots=True)
class AssaultSetup:
    """What reading the dice needs besides the charts (``CloseAssaultCalculation.setup``): the
    ``action``, the Basic Assault Differential's row ``base_row`` and the sum of the column
    shifts known before the dice ``fixed_columns``; the ``SideMorale`` of each side when the
    17.4 dice are still to come (``None`` otherwise) and whether each side's enemy is three
    times as strong (17.26b); both ``AssaultSide``s; the 15.29, 15.54, 15.18 and 15.95 flags;
    whether the defender is in a major city (15.82); the units that pay CP; the rulings."""

    action: Action
    base_row: str
    fixed_columns: int
    attacker_morale: SideMorale | None
    defender_morale: SideMorale | None
    attacker_three_times: bool
    defender_three_times: bool
    attacker: AssaultSide
    defender: AssaultSide
    defender_allocated: bool
    no_attacker_losses: bool
    overwhelmed: bool
    recce_probe: bool
    major_city: bool
    phasing_units: tuple[tuple[str, str], ...]
    non_phasing_units: tuple[tuple[str, str], ...]
    rulings: AssaultRulings


DEFAULT_ASSAULT_RULINGS: Final = AssaultRulings()
