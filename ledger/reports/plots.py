"""What a seat reads of the secret plots (5.2 III G 3 b, d), and revealed plots handed to the
combat calculators.

Everything here reads a state as the seat may see it (``ledger.model.view.view_for``): its own
plots, sealed or not, and both sides' once revealed. ``plot_title`` and ``line_rows`` are the
tables of the Plots page and ``quartermaster plot show``; ``barrage_requests`` turns a barrage
plot into one JSON combat request per target (docs/combat.md: the input of ``quartermaster calc
cna barrage`` and of the Combat page), and ``close_assault_requests`` and
``anti_armor_requests`` turn a segment's two revealed Force Assignment plots into one Close
Assault request per hex assaulted and one Anti-Armor request per side and hex fired at.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ledger.model.phases import phase
from ledger.model.plots import ROLE_NAMES, STEP_NAMES, Plot, PlotLine
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.model.units import Side

Row = dict[str, Any]


def current_plots(state: GameState) -> list[Plot]:
    """The plots of the current phase of the current Operations Stage in ``state`` (a seat's
    view: its own, and the enemy's once revealed), oldest first."""
    return [p for p in state.plots if p.period == state.clock and p.phase == state.phase]


def plot_title(plot: Plot) -> str:
    """``"Axis Barrage Step plot, Combat Segment 1 (GT 1 OpStage 1, G. Movement and Combat
    Phase (Player A)): revealed"``."""
    status = "revealed" if plot.revealed else "sealed"
    return (
        f"{side_name(plot.side)} {STEP_NAMES[plot.step]} plot, Combat Segment {plot.segment} "
        f"({plot.period.short}, {phase(plot.phase).label}): {status}"
    )


def describe_line(line: PlotLine) -> str:
    """A line in words: ``"201st Artillery Regt, 6 × 75/27 Gun, Forward: Barrage at Infantry
    #1 in C4119"``; ``"1st Essex, 6 × infantry: Close Assault on D3814"``."""
    what = f"{line.unit_name or line.unit_id}, {line.points} × {line.system_name or line.system}"
    if line.role == "barrage":
        return f"{what}, {line.position.title()}: Barrage at {line.target} in {line.hex}"
    if line.role == "withheld":
        return f"{what}: withheld" + (f" in {line.hex}" if line.hex else "")
    on = "on" if line.role == "close_assault" else "into"
    return f"{what}: {ROLE_NAMES[line.role]} {on} {line.hex}"


def line_rows(plot: Plot) -> list[Row]:
    """The plot's lines as table rows (names, not ids)."""
    return [
        {
            "unit": line.unit_name or line.unit_id,
            "system": line.system_name or line.system,
            "points": line.points,
            "role": ROLE_NAMES[line.role],
            "hex": line.hex,
            "position": line.position.title(),
            "target": line.target,
        }
        for line in plot.lines
    ]


@dataclass(frozen=True, slots=True)
class PlotRequest:
    """A combat request built from plot lines: ``title`` in words, ``request`` the JSON
    request (docs/combat.md), ``missing`` the names of plotted units the seat's ledger does
    not hold (the enemy's), left out of ``request`` for their owner to state (15.26)."""

    title: str
    request: dict[str, Any]
    missing: tuple[str, ...] = field(default=())


def _enemy(side: Side) -> Side:
    return "commonwealth" if side == "axis" else "axis"


def _forces(
    state: GameState, lines: Iterable[PlotLine], **flags: Any
) -> tuple[list[dict[str, Any]], list[str]]:
    """Ledger-unit forces for ``lines`` (one per unit, its systems' points together) and the
    names of the lines' units ``state`` does not hold."""
    forces: dict[str, dict[str, Any]] = {}
    missing: list[str] = []
    for line in lines:
        if line.unit_id not in state.units:
            name = line.unit_name or line.unit_id
            if name not in missing:
                missing.append(name)
            continue
        force = forces.setdefault(line.unit_id, {"unit": line.unit_id, "points": {}, **flags})
        force["points"][line.system] = force["points"].get(line.system, 0) + line.points
        if line.position:
            force["position"] = line.position
    return list(forces.values()), missing


def barrage_requests(state: GameState, plot: Plot, phasing: Side) -> list[PlotRequest]:
    """One barrage request per target of ``plot`` (a Barrage Step plot; 12.23: each target
    fired at separately, the Forward guns on it together, 12.13), ``phasing`` the Phasing
    side. The target is fired at blind (12.24: its class and the firing side's label, in the
    target hex). Facility targets (12.5) are left out: the facility calculator takes them."""
    if plot.step != "barrage":
        return []
    groups: dict[tuple[str, str], list[PlotLine]] = {}
    for line in plot.lines:
        if line.target_class != "facility":
            groups.setdefault((line.hex, line.target), []).append(line)
    requests = []
    for (hex_, target), lines in groups.items():
        guns, missing = _forces(state, lines)
        request = {
            "combat": "barrage",
            "phasing": phasing,
            "firing_side": plot.side,
            "note": f"{plot_title(plot)}: {target} in {hex_}",
            "guns": guns,
            "target": {
                "label": target,
                "side": _enemy(plot.side),
                "hex": hex_,
                "combat_class": lines[0].target_class,
            },
        }
        title = f"{side_name(plot.side)} Barrage at {target} in {hex_}"
        requests.append(PlotRequest(title, request, tuple(missing)))
    return requests


def close_assault_requests(
    state: GameState, plots: Sequence[Plot], phasing: Side
) -> list[PlotRequest]:
    """One Close Assault request per hex the ``phasing`` side's revealed Force Assignment plot
    assaults (15.22, 15.23: once per hex), from ``plots`` (both sides' Force Assignment plots
    of one segment): its Close Assault lines on the hex attack; the other side's Close Assault
    lines in the hex defend and its withheld lines there are withheld (15.16: counted for
    losses). Units the seat's ledger does not hold are named in ``missing``."""
    attacking = [p for p in plots if p.step == "force_assignment" and p.side == phasing]
    defending = [p for p in plots if p.step == "force_assignment" and p.side != phasing]
    if not attacking:
        return []
    hexes: list[str] = []
    for line in attacking[0].lines:
        if line.role == "close_assault" and line.hex not in hexes:
            hexes.append(line.hex)
    defence = defending[0].lines if defending else ()
    requests = []
    for hex_ in hexes:
        attackers, missing = _forces(
            state,
            (ln for ln in attacking[0].lines if ln.role == "close_assault" and ln.hex == hex_),
        )
        defenders, missing_d = _forces(
            state, (ln for ln in defence if ln.role == "close_assault" and ln.hex == hex_)
        )
        withheld, missing_w = _forces(
            state, (ln for ln in defence if ln.role == "withheld" and ln.hex == hex_), withheld=True
        )
        request = {
            "combat": "close-assault",
            "phasing": phasing,
            "note": f"{plot_title(attacking[0])}: Close Assault on {hex_}",
            "attackers": attackers,
            "defenders": defenders + withheld,
        }
        names = tuple(dict.fromkeys([*missing, *missing_d, *missing_w]))
        requests.append(PlotRequest(f"Close Assault on {hex_}", request, names))
    return requests


def anti_armor_requests(
    state: GameState, plots: Sequence[Plot], phasing: Side
) -> list[PlotRequest]:
    """One Anti-Armor request per side and hex from ``plots`` (both sides' revealed Force
    Assignment plots of one segment): the Phasing side's Anti-Armor lines into a hex fire at
    the other side's points committed there (14.12: at the whole hex; 14.11, 14.21: only points
    committed to Anti-Armor or Close Assault are affected); the other side's Anti-Armor lines
    in its hex fire at the Phasing points assaulting or firing into it (14.12). Units the
    seat's ledger does not hold are named in ``missing``."""
    force = [p for p in plots if p.step == "force_assignment"]
    requests = []
    for firing in force:
        targets = [ln for p in force if p.side != firing.side for ln in p.lines]
        hexes: list[str] = []
        for line in firing.lines:
            if line.role == "anti_armor" and line.hex not in hexes:
                hexes.append(line.hex)
        for hex_ in hexes:
            guns, missing = _forces(
                state, (ln for ln in firing.lines if ln.role == "anti_armor" and ln.hex == hex_)
            )
            hit, missing_t = _forces(
                state, (ln for ln in targets if ln.role != "withheld" and ln.hex == hex_)
            )
            request = {
                "combat": "anti-armor",
                "phasing": phasing,
                "firing_side": firing.side,
                "note": f"{plot_title(firing)}: Anti-Armor fire at {hex_}",
                "firing": guns,
                "targets": hit,
            }
            names = tuple(dict.fromkeys([*missing, *missing_t]))
            title = f"{side_name(firing.side)} Anti-Armor fire at {hex_}"
            requests.append(PlotRequest(title, request, names))
    return requests


def segment_plots(state: GameState, plot: Plot) -> list[Plot]:
    """The plots in ``state`` of the same step and Combat Segment as ``plot`` (both sides',
    once revealed)."""
    return [p for p in state.plots if p.same_slot(plot)]
