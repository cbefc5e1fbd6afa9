"""The layout of the TOE Log Sheets (4.52): ``templates/toe-<variant>.toml``, each extending
``templates/toe-log.toml`` (see its comments), read and checked for ``ledger.io.toe_sheets``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ledger.io.xlsx import SheetTemplate, load_template, read_template
from ledger.reports.toe_log import SECTIONS, VARIANTS

SECTION_KEYS: Final = (*SECTIONS, "transport", "notes")
"""The sections a form may print: the unit sections, the trucks table and the notes."""


@dataclass(frozen=True, slots=True)
class TransportColumn:
    """A field of the trucks table, drawn ``under`` a unit-grid column over ``span`` columns."""

    key: str
    header: str
    under: str
    span: int = 1
    format: str = "@"
    total: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A section of the form: ``key`` (one of ``SECTION_KEYS``), heading, case, and how many
    empty boxed lines to leave for the players."""

    key: str
    heading: str
    case: str
    blank_lines: int = 0


@dataclass(frozen=True, slots=True)
class ToeTemplate:
    """A TOE Log Sheet layout: the unit grid (``sheet``), Actual divisors by Raw column key,
    the trucks table, the sections in print order and the texts of ``[toe]``."""

    sheet: SheetTemplate
    actual: Mapping[str, int]
    transport: tuple[TransportColumn, ...]
    sections: tuple[Section, ...]
    info_width: int
    note_lines: int
    raw_label: str
    actual_label: str
    prompt: str


def load_toe_template(variant: str) -> ToeTemplate:
    """Read and check ``templates/toe-<variant>.toml``.

    Raises ``ValueError`` for an unknown variant, a section or transport field the renderer
    does not know, or an Actual divisor for a column that is not a summed Raw column;
    ``TypeError`` for an unknown field (programming errors in a shipped file).
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown TOE Log Sheet {variant!r}; expected one of {VARIANTS}")
    name = f"toe-{variant}"
    sheet = load_template(name)
    data = read_template(name)
    toe = data["toe"]
    keys = {c.key for c in sheet.columns}
    summed = {c.key for c in sheet.columns if c.total == "sum"}
    actual = {str(k): int(v) for k, v in toe["actual"].items()}
    if not set(actual) <= summed or any(d < 1 for d in actual.values()):
        raise ValueError(f"template {name}: Actual divisors {actual} need summed Raw columns")
    transport = tuple(TransportColumn(**spec) for spec in data["transport"])
    sections = tuple(Section(**spec) for spec in data["section"])
    for field in transport:
        if field.under not in keys or field.total not in ("", "sum"):
            raise ValueError(f"template {name}: transport field {field.key} is not drawable")
    unknown = [s.key for s in sections if s.key not in SECTION_KEYS]
    if unknown:
        raise ValueError(f"template {name}: unknown sections {unknown}")
    return ToeTemplate(
        sheet=sheet,
        actual=actual,
        transport=transport,
        sections=sections,
        info_width=int(toe["info_width"]),
        note_lines=int(toe["note_lines"]),
        raw_label=str(toe["raw_label"]),
        actual_label=str(toe["actual_label"]),
        prompt=str(toe.get("prompt", "")),
    )
