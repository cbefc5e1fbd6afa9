"""One CNA combat request as JSON (docs/combat.md): validated with pydantic, built into a
calculation of ``ledger.combat`` (barrage 12.x, anti-armor 14.x, close assault and probe 15.x).

A request names its ``combat`` ("barrage", "anti-armor", "close-assault", "probe") and the
``phasing`` side, and lists forces. A force is either a ledger unit, ``{"unit": "<id, counter
text or name>", "points": {"<system id or name>": TOE points}}`` (all its TOE points when
``points`` is left out; its hex, side, ratings and Pinned marker come from the ledger), or
inline, ``{"label": ..., "side": ..., "hex": ..., "unit_type": ..., "toe": [{"system": ...,
"points": ..., "kind": ..., "ratings": {...}}]}``. Ledger units need a ``GameState``; inline
forces need none, but a combat with inline forces cannot be posted.

Every problem is reported as a ``LedgerError`` (field path, message with the value found, rule
case) inside one ``RequestError``: pydantic's errors and the calculation modules'
``ValueError``s alike.

Modules: ``errors`` (``RequestError``, the field paths and the case each field serves,
``value_error``), ``models`` (the pydantic request models, their ratings, ``parse_request``),
``forces`` (ledger or inline forces built into ``Element``s), ``build`` (each kind of
calculation: ``build_combat``, ``uses_ledger``) and ``allocation`` (the owner's allocation
file). Every public name is importable from here.
"""

from __future__ import annotations

from ledger.io.combat_request.allocation import AllocationIn, LossIn, parse_allocation
from ledger.io.combat_request.build import build_calculation, build_combat, uses_ledger
from ledger.io.combat_request.errors import (
    COMBATS,
    FIELD_CASES,
    RequestError,
    pydantic_errors,
    value_error,
)
from ledger.io.combat_request.models import (
    AntiArmorRequest,
    BarrageRequest,
    CloseAssaultRequest,
    CombatRequest,
    Count,
    Force,
    HexsideIn,
    InlineForce,
    InlineTarget,
    LevelSides,
    MoraleIn,
    MoraleSides,
    RatingName,
    RatingsIn,
    Target,
    TerrainIn,
    ToeIn,
    ToePoints,
    UnitForce,
    UnitInHex,
    UnitTarget,
    parse_json,
    parse_request,
    parse_request_text,
    read_request,
)

__all__ = [
    "COMBATS",
    "FIELD_CASES",
    "AllocationIn",
    "AntiArmorRequest",
    "BarrageRequest",
    "CloseAssaultRequest",
    "CombatRequest",
    "Count",
    "Force",
    "HexsideIn",
    "InlineForce",
    "InlineTarget",
    "LevelSides",
    "LossIn",
    "MoraleIn",
    "MoraleSides",
    "RatingName",
    "RatingsIn",
    "RequestError",
    "Target",
    "TerrainIn",
    "ToeIn",
    "ToePoints",
    "UnitForce",
    "UnitInHex",
    "UnitTarget",
    "build_calculation",
    "build_combat",
    "parse_allocation",
    "parse_json",
    "parse_request",
    "parse_request_text",
    "pydantic_errors",
    "read_request",
    "uses_ledger",
    "value_error",
]
