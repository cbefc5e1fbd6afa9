"""The layouts of the Logistics Commander's sheets (4.55): ``templates/<form>.toml``, each
extending ``templates/logistics.toml`` (see its comments), read and checked for
``ledger.io.logistics_sheets``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from ledger.io.xlsx import SheetTemplate, load_template, read_template

FORMS: Final = ("supply-dumps", "trucks-control", "supply-net", "supply-requisition")
"""The four forms of 4.55, by template name, in the order the workbook's tabs take."""


@dataclass(frozen=True, slots=True)
class LogisticsTemplate:
    """A form's layout: the column grid (``sheet``) and the ``[logistics]`` settings.

    ``blank_lines``: empty boxed lines for the players; ``empty``: the line shown when there is
    nothing to list; ``notes_heading``, ``notes_prompt``, ``note_lines``: the notes block
    (none when ``note_lines`` is 0); ``totals_if``: ``(key, value)`` when the totals add up
    only the lines whose ``key`` column holds ``value``; ``info_weather``: the header block
    shows the weather; ``texts``: the form's own table (``[net]`` of the supply net sheet).
    """

    sheet: SheetTemplate
    blank_lines: int
    empty: str
    notes_heading: str
    notes_prompt: str
    note_lines: int
    totals_if: tuple[str, str] | None
    info_weather: bool
    texts: Mapping[str, str] = field(default_factory=dict)


def load_logistics_template(
    name: str,
    forms: tuple[str, ...] = FORMS,
    texts_table: str = "net",
    what: str = "Logistics Commander's sheet",
) -> LogisticsTemplate:
    """Read and check ``templates/<name>.toml`` (one of ``forms``; ``FORMS`` by default), its
    ``[texts_table]`` table as ``texts`` (``[net]`` of the supply net sheet; the control
    sheets pass theirs, ``ledger.io.control_sheets``).

    Raises ``ValueError`` for an unknown form (naming ``what`` it is), a negative line count,
    or a ``totals_if`` that is not a ``[column key, value]`` pair naming a column of the form;
    ``TypeError`` for an unknown column field (programming errors in a shipped file).
    """
    if name not in forms:
        raise ValueError(f"unknown {what} {name!r}; expected one of {forms}")
    sheet = load_template(name)
    data = read_template(name)
    settings = data["logistics"]
    keys = {c.key for c in sheet.columns}
    condition = settings.get("totals_if")
    totals_if: tuple[str, str] | None = None
    if condition is not None:
        if len(condition) != 2 or condition[0] not in keys:
            raise ValueError(f"template {name}: totals_if {condition!r} is not [column, value]")
        totals_if = (str(condition[0]), str(condition[1]))
    lines = int(settings["blank_lines"]), int(settings["note_lines"])
    if min(lines) < 0:
        raise ValueError(f"template {name}: blank_lines and note_lines must be 0 or more")
    texts = {str(k): str(v) for k, v in data.get(texts_table, {}).items()}
    return LogisticsTemplate(
        sheet=sheet,
        blank_lines=lines[0],
        empty=str(settings["empty"]),
        notes_heading=str(settings["notes_heading"]),
        notes_prompt=str(settings["notes_prompt"]),
        note_lines=lines[1],
        totals_if=totals_if,
        info_weather=bool(settings["info_weather"]),
        texts=texts,
    )
