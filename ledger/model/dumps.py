"""Supply Dumps by site: what a dump may hold (54.12), oases (8.48), the Tripoli/Tunisia boxes
(8.87, 8.88).

A Supply Dump's ``site`` is the terrain of its hex: a Major City or a Tripoli/Tunisia box holds
any amount; a village or other terrain holds at most the 54.12 figures (a village 2,500
Ammunition, 8,000 Fuel, 3,000 Stores, 1,000 Water; other terrain 1,500 / 5,000 / 1,000 /
1,000). An oasis is a Supply Dump whose Water and Stores never diminish (8.48); its Ammunition
and Fuel are an ordinary stock, held to the capacity of a village or of other terrain (ruling
``54.12-oasis-capacity``). In a Tripoli/Tunisia box Water never runs out (8.87, so too in the
In Transit boxes) and a dump has no limit (8.88); a dump whose ``location`` names a box is a box
dump whatever its ``site`` says.

A commodity that "never runs out" at a dump is not a stock: drawing it leaves the dump as it
was (``held_change``), sending it there is refused (it would vanish), and the capacity and the
stock shown are "unlimited". Only ``kind == "dump"`` holders have a 54.12 capacity: a dummy
holds nothing (60.34), an air supply pool is spread over airfields, an unlimited source (60.44)
never changes. Amounts are whole supply points; ``None`` means no limit.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Final

from ledger.model.holdings import DUMP_SITES, Dump, DumpSite
from ledger.model.places import has_unlimited_water, is_tripoli_tunisia_box
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES, Supplies

OASIS_RULING: Final = "54.12-oasis-capacity"
"""Which 54.12 row an oasis dump's Ammunition and Fuel are held to: ``village`` or ``other``."""
OASIS_OPTIONS: Final = ("village", "other")

NEVER_RUN_OUT: Final[dict[DumpSite, tuple[str, ...]]] = {
    "oasis": ("water", "stores"),  # 8.48
    "box": ("water",),  # 8.87
}
"""Commodities a dump on the site never runs short of, and never stocks."""

NEVER_RUN_OUT_CASE: Final[dict[DumpSite, str]] = {"oasis": "8.48", "box": "8.87"}


@cache
def _chart() -> dict[str, dict[str, object]]:
    text = (
        resources.files("ledger.charts")
        .joinpath("data")
        .joinpath("54.12-supply-dump-capacity.toml")
        .read_text(encoding="utf-8")
    )
    return {row["terrain"]: row for row in tomllib.loads(text)["site"]}


def capacity_chart() -> dict[str, dict[str, int | None]]:
    """Chart 54.12 as ``{terrain: {commodity: most supply points, None = unlimited}}`` for
    ``box``, ``major-city``, ``village``, ``other`` and ``non-dump`` (what may lie in a hex
    without a dump). Village: ammo 2500, fuel 8000, stores 3000, water 1000."""
    return {
        terrain: {c: _whole(row.get(c)) for c in COMMODITIES} for terrain, row in _chart().items()
    }


def _whole(value: object) -> int | None:
    return None if value is None else int(str(value))


def site_label(site: DumpSite, oasis_terrain: str = "village") -> str:
    """How a site reads on a sheet: ``"Village"``, ``"Major City"``, ``"Oasis (as Village)"``."""
    if site == "oasis":
        return f"Oasis (as {_chart()[oasis_terrain]['label']})"
    return str(_chart()[site]["label"])


def default_site(location: str) -> DumpSite:
    """The site of a dump whose scenario row names none: ``box`` in a Tripoli/Tunisia box
    (8.81, 8.88), else ``other`` (the smallest capacity, 54.12)."""
    return "box" if is_tripoli_tunisia_box(location) else "other"


def site_of(dump: Dump) -> DumpSite:
    """The dump's site: ``box`` when it stands in a Tripoli/Tunisia box (8.88), else its own."""
    return "box" if is_tripoli_tunisia_box(dump.location) else dump.site


def never_runs_out(dump: Dump, commodity: str) -> bool:
    """True when drawing ``commodity`` never diminishes the dump: every commodity of an
    unlimited source (60.44); an oasis's Water and Stores (8.48); Water in a Tripoli/Tunisia or
    In Transit box (8.87)."""
    return commodity in unending(dump)


def unending(dump: Dump) -> frozenset[str]:
    """The commodities that never run out at ``dump`` (``never_runs_out``); what decides it
    (unlimited, site, location) never changes in a game, so it is worked out once per kind
    of place rather than for every draw."""
    return _unending(dump.unlimited, dump.site, dump.location)


@cache
def _unending(unlimited: bool, site: DumpSite, location: str) -> frozenset[str]:
    if unlimited:
        return frozenset(COMMODITIES)
    here = "box" if is_tripoli_tunisia_box(location) else site
    never = set(NEVER_RUN_OUT.get(here, ()))
    if has_unlimited_water(location):
        never.add("water")
    return frozenset(never)


def never_runs_out_case(dump: Dump) -> str:
    """The case that makes a commodity of ``dump`` inexhaustible (60.44, 8.48 or 8.87)."""
    if dump.unlimited:
        return "60.44"
    return NEVER_RUN_OUT_CASE.get(site_of(dump), "8.87")


def capacity(dump: Dump, oasis_terrain: str = "village") -> dict[str, int | None]:
    """54.12: the most supply points of each commodity ``dump`` may hold, ``None`` for no
    limit — every commodity of a holder that is not a Supply Dump (``kind != "dump"``), of a
    Major City or a Tripoli/Tunisia box dump, and each commodity that never runs out there
    (``never_runs_out``). An oasis takes the ``oasis_terrain`` row (ruling
    ``54.12-oasis-capacity``): ``village`` 2500 Ammunition, 8000 Fuel."""
    if dump.kind != "dump":
        return dict.fromkeys(COMMODITIES)
    site = site_of(dump)
    row = capacity_chart()[oasis_terrain if site == "oasis" else site]
    return {c: None if never_runs_out(dump, c) else row[c] for c in COMMODITIES}


def room(dump: Dump, oasis_terrain: str = "village") -> dict[str, int | None]:
    """What more of each commodity ``dump`` may take before its 54.12 capacity (``None``: no
    limit; 0 when full or over). A village dump holding 200 Stores has room for 2800."""
    limits = capacity(dump, oasis_terrain)
    return {
        c: None if limit is None else max(0, limit - dump.supplies.get(c))
        for c, limit in limits.items()
    }


def held_change(dump: Dump, delta: Supplies) -> Supplies:
    """The change ``delta`` makes to the dump's stock: nothing for a commodity that never runs
    out there (8.48, 8.87, 60.44), so drawing Water from an oasis leaves it as it was."""
    never = unending(dump)
    if not never:
        return delta
    return Supplies(**{c: 0 if c in never else v for c, v in delta.items()})


def setup_problems(dump: Dump, oasis_terrain: str = "village") -> list[tuple[str, str, str]]:
    """What is wrong with a dump as a scenario places it, as ``(key, message, case)``: a site
    that contradicts its location (a box dump, 8.81), a stock of a commodity that never runs
    out there, a stock over its 54.12 capacity (Sidi Barrani as a village with 3500 Stores:
    500 over)."""
    problems: list[tuple[str, str, str]] = []
    if dump.site not in DUMP_SITES:
        return [("site", f"expected one of {', '.join(DUMP_SITES)}, found {dump.site!r}", "54.12")]
    in_box = is_tripoli_tunisia_box(dump.location)
    if dump.site == "box" and not in_box:
        problems.append(("site", f"{dump.location!r} is not a Tripoli/Tunisia box (8.81)", "8.88"))
    elif in_box and dump.site != "box":
        problems.append(
            ("site", f"{dump.location} is a Tripoli/Tunisia box: its site is 'box'", "8.88")
        )
    if problems or dump.kind != "dump":
        return problems
    limits = capacity(dump, oasis_terrain)
    for commodity, held in dump.supplies.nonzero():
        limit = limits[commodity]
        if never_runs_out(dump, commodity):
            problems.append(
                (
                    commodity,
                    f"{dump.name} ({site_label(site_of(dump), oasis_terrain)}) never runs out of "
                    f"{COMMODITY_NAMES[commodity]}; leave its {held} out",
                    never_runs_out_case(dump),
                )
            )
        elif limit is not None and held > limit:
            problems.append(
                (
                    commodity,
                    f"{dump.name} ({site_label(site_of(dump), oasis_terrain)}) may hold {limit} "
                    f"{COMMODITY_NAMES[commodity]}, {held} given: {held - limit} over",
                    "54.12",
                )
            )
    return problems


def describe_limits(limits: dict[str, int | None]) -> str:
    """Per-commodity limits as one text in log-sheet order (Ammunition / Fuel / Stores /
    Water): ``"2,500 / 8,000 / 3,000 / 1,000"``; ``"unlimited"`` when none has a limit, and
    ``"unlimited"`` in the place of each commodity without one."""
    if all(v is None for v in limits.values()):
        return "unlimited"
    return " / ".join("unlimited" if limits[c] is None else f"{limits[c]:,}" for c in COMMODITIES)
