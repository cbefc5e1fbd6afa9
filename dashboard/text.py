"""Words for the pages: Markdown escaping, readable holder labels, command errors as players read them.

Nothing here computes a rule; it only names things (a unit by its name rather than its id).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from ledger.model.errors import LedgerError
from ledger.model.events import Event
from ledger.model.holdings import TruckGroup
from ledger.model.quantities import COMMODITY_NAMES
from ledger.model.seats import ROLE_NAMES, SIDE_NAMES, side_name
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.model.view import HiddenEntries, JournalLine
from ledger.reports import event_log

_MARKDOWN_SPECIAL = re.compile(
    r"[\\`*_{}\[\]<>#|~$]"  # emphasis, code, links, HTML, headings, tables, strike, KaTeX
    r"|(?<=\])\(|!(?=\[)"  # a link's target, an image's mark
    r"|^\s*[-+](?=\s)|^\s*\d+[.)](?=\s)",  # list items, at the start of a line
    re.MULTILINE,
)

FIELD_LABELS: Final = {
    "--from": "From",
    "--to": "To",
    "amounts": "Supply points",
    "cp": "Capability Points",
    "unit": "Unit",
    "UNIT": "Unit",
    "clock": "Operations Stage",
    "undo": "Undo",
    "trucks": "Truck Points",
    **{f"--{t}": f"{t.capitalize()} truck points" for t in ("light", "medium", "heavy")},
    **{f"--{c}": name for c, name in COMMODITY_NAMES.items()},
}
"""Command error fields (named after the CLI's options) as the dashboard's form labels."""

LINE_NAMES: Final = {"first": "first line", "second_third": "second/third line"}
"""Truck lines (8.96 first line, attached; 8.18 second/third line, convoys)."""


def _escaped(match: re.Match[str]) -> str:
    """The match with a backslash before its last character (a list marker keeps its indent)."""
    found = match[0]
    return found[:-1] + "\\" + found[-1]


def plain(text: str) -> str:
    """``text`` escaped so Streamlit's Markdown shows it literally: no emphasis, code, link,
    image, HTML, heading, table, strike-through, list or KaTeX.

    Every string from a scenario, a request or a player goes through it before any Streamlit
    call that renders Markdown (headings, ``markdown``, captions, alerts, metrics, widget labels
    and tooltips, radio options); table cells and select-box options are plain text already,
    and get the text as it is. Parentheses and ``!`` are escaped only where they make a link or
    an image (after ``]``, before ``[``): elsewhere they are inert, and "(6.3)" stays readable
    in the page's source.
    """
    return _MARKDOWN_SPECIAL.sub(_escaped, text)


def truck_label(group: TruckGroup, state: GameState) -> str:
    """``"Truck Points, first line at C3721 (10 TP, with 1st RNF MG Bn)"``."""
    attached = group.attached_to
    with_unit = (
        f", with {state.units[attached].name}"
        if attached is not None and attached in state.units
        else ""
    )
    return (
        f"Truck Points, {LINE_NAMES.get(group.line, group.line)} at {group.location} "
        f"({group.truck_points} TP{with_unit})"
    )


def holder_name(state: GameState, holder_id: str) -> str:
    """A unit's, dump's or truck group's name as players say it; the id when unknown."""
    if holder_id in state.units:
        return state.units[holder_id].name
    if holder_id in state.dumps:
        return state.dumps[holder_id].name
    if holder_id in state.trucks:
        return truck_label(state.trucks[holder_id], state)
    return holder_id


def holder_label(state: GameState, holder_id: str) -> str:
    """A select-box label for a supply holder: what it is, its name and hex."""
    if holder_id in state.units:
        unit = state.units[holder_id]
        return f"Unit: {unit.name} ({unit.counter or unit.id}, {unit.location or 'no hex'})"
    if holder_id in state.dumps:
        dump = state.dumps[holder_id]
        kind = {
            "dump": "Supply Dump",
            "dummy": "Dummy dump",
            "air_supply_pool": "Air supply pool",
            "unlimited": "Unlimited source",
        }.get(dump.kind, dump.kind)
        return f"{kind}: {dump.name} ({dump.location})"
    return holder_name(state, holder_id)


def holder_labels(state: GameState, ids: Iterable[str]) -> dict[str, str]:
    """``holder_label`` of each id; labels that would repeat get " (2)", " (3)"… to tell apart."""
    labels: dict[str, str] = {}
    seen: dict[str, int] = {}
    for holder_id in ids:
        label = holder_label(state, holder_id)
        seen[label] = seen.get(label, 0) + 1
        labels[holder_id] = label if seen[label] == 1 else f"{label} ({seen[label]})"
    return labels


def unit_label(state: GameState, unit_id: str) -> str:
    """A select-box label for a unit: ``"1 RNF — 1st RNF MG Bn (C3721)"``."""
    unit = state.units[unit_id]
    counter = f"{unit.counter} — " if unit.counter and unit.counter != unit.name else ""
    return f"{counter}{unit.name} ({unit.location or 'no hex'})"


_BARE_ID: Final = re.compile(r"\b[a-z][a-z0-9]*(?:[._][a-z0-9]+)+\b")
"""A word that may be a holder id (``cw_matruh``, ``it.1ccnn_div.1st_ccnn_div_hq``,
``cw.1_rnf.convoy.1``): replaced only when the ledger knows it as one."""


def _named(message: str, state: GameState) -> str:
    """Replace holder ids in a command message by their names: quoted (``'cw_matruh'``) or
    bare (``cw.1_rnf.convoy.1 has 0 light truck points``), when the ledger knows them."""

    def name(match: re.Match[str]) -> str:
        found = match[1]
        return holder_name(state, found) if state.holder_kind(found) else match[0]

    def bare(match: re.Match[str]) -> str:
        found = match[0]
        return holder_name(state, found) if state.holder_kind(found) else found

    return _BARE_ID.sub(bare, re.sub(r"'([^'\s]+)'", name, message))


def error_lines(errors: Iterable[LedgerError], state: GameState) -> list[str]:
    """Markdown lines, one per error: the form field in bold, the message, the rule case."""
    lines = []
    for error in errors:
        field = FIELD_LABELS.get(error.field, error.field)
        message = _named(error.message, state)
        case = f" ({error.case})" if error.case and error.case not in error.message else ""
        lines.append(f"**{plain(field)}:** {plain(message + case)}")
    return lines


def holders(state: GameState, side: Side) -> list[str]:
    """Ids of the side's supply holders a transfer may name: dumps, Truck Points, units in play.

    Dummy dumps hold nothing (54.x) and are left out.
    """
    dumps = [d.id for d in state.dumps.values() if d.side == side and d.kind != "dummy"]
    trucks = [t.id for t in state.trucks.values() if t.side == side and t.in_play(state.clock)]
    units = [u.id for u in state.units_in_play(side)]
    return dumps + trucks + units


def journal_text(line: JournalLine, state: GameState) -> str:
    """One journal line as text: ``"#12 (cw-fc (Commonwealth Field Commander)): 1st Essex
    expends 3 CP"``, or the enemy's hidden entries as ``"#13: Axis: 1 entry"``."""
    if isinstance(line, HiddenEntries):
        span = f"#{line.first}" if line.first == line.last else f"#{line.first}–#{line.last}"
        return f"{span}: {hidden_text(line)}"
    seq, event = line
    return f"#{seq} ({posted_by(event)}): {event_log.describe(event, state)}"


def hidden_text(line: HiddenEntries) -> str:
    """``"Axis: 3 entries"``: a run of the enemy's journal entries, counted only."""
    return f"{side_name(line.side)}: {line.count} entr{'y' if line.count == 1 else 'ies'}"


def posted_by(event: Event) -> str:
    """Who posted ``event``: its seat with side and role (``"cw-fc (Commonwealth Field
    Commander)"``), else the side and role, "the ledger" or "a player"."""
    source = event.source
    named = who(source.side or "", source.role or "", source.app_made, "a player")
    if source.seat:
        return f"{source.seat} ({named})" if named != "a player" else source.seat
    return named


def who(side: str, role: str, app_made: bool, nobody: str = "—") -> str:
    """``"Commonwealth Logistics Commander"`` from an event's side and role, "the ledger" for
    events it posted itself, ``nobody`` when neither is recorded."""
    if app_made:
        return "the ledger"
    named = (SIDE_NAMES.get(side, side), ROLE_NAMES.get(role, role))  # type: ignore[call-overload]
    return " ".join(part for part in named if part) or nobody
