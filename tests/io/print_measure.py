"""Measure a printed log sheet (issue 19, "print for pencils"): how big its smallest text is on
paper, how tall its write-in rows are, and whether it prints anything that is not for players.

Method (see ``row_pitches``): LibreOffice shrinks a sheet to one page wide, so a row ``h``
points high in the workbook prints ``h × scale`` high. The scale is read back from the PDF: the
title in cell A1 is the biggest type of each worksheet; its printed word height divided by its
height at 100 % (``font size × glyph box``, the glyph box of the font measured once from a
calibration workbook printed unscaled) is the scale. Blank ruled rows (every cell empty, some
cell with a border) are the write-in rows; their pitch is their workbook height × scale.
``pdftotext -bbox`` word heights already include the scaling.
"""

from __future__ import annotations

import html
import io
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import openpyxl
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from tests.io.printing import convert

MM = 72 / 25.4
"""Points in a millimetre."""

NOT_FOR_PLAYERS = re.compile(
    r"\b(?:it|cw|ge)\.[a-z0-9_]+\."  # internal unit ids
    r"|\b[a-z]+_[a-z0-9_]+\b"  # snake_case ids (it_c4218_1ccnn, commonwealth_2nd3rd_6)
    r"|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b"  # a commit hash
    r"|github\.com|/work/|\.toml\b|\.py\b"  # a repository path
    r"|GAPS|scen-00"
)
"""What a printed page must never hold: ids, repository paths, commit hashes, source notes."""

_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)
_PAGE = re.compile(r"<page width=\"([\d.]+)\" height=\"([\d.]+)\">(.*?)</page>", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Word:
    """A printed word: its text and box in points (y down from the top of the page)."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True, slots=True)
class Page:
    """A printed page: its size in points and its words."""

    width: float
    height: float
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


def to_pdf(soffice: str, data: bytes, folder: Path, stem: str) -> Path:
    """Print the workbook ``data`` to ``folder/stem.pdf`` with LibreOffice headless."""
    folder.mkdir(parents=True, exist_ok=True)
    book = folder / f"{stem}.xlsx"
    book.write_bytes(data)
    return convert(soffice, book, folder, "pdf")


def pages(pdf: Path) -> list[Page]:
    """The pages of ``pdf`` with their words (``pdftotext -bbox``)."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [
        Page(
            float(w),
            float(h),
            tuple(
                Word(html.unescape(t), float(a), float(b), float(c), float(d))
                for a, b, c, d, t in _WORD.findall(body)
            ),
        )
        for w, h, body in _PAGE.findall(out)
    ]


def glyph_box(soffice: str, folder: Path, font: str = "Calibri") -> float:
    """Printed word height per point of font size of ``font`` (calibration, printed unscaled)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert isinstance(ws, Worksheet)
    ws["A1"] = "Calibration"
    ws["A1"].font = Font(font, 20)
    buffer = io.BytesIO()
    wb.save(buffer)
    (page,) = pages(to_pdf(soffice, buffer.getvalue(), folder / "calibration", "calibration"))
    return max(w.height for w in page.words if w.text == "Calibration") / 20


def _blank_ruled_rows(ws: Worksheet) -> list[int]:
    """Rows of the print area with a border but no value in any cell: the write-in rows."""
    area = ws.print_area
    last = int(re.findall(r"\d+", str(area))[-1]) if area else ws.max_row
    found = []
    for row in range(1, last + 1):
        cells = [ws.cell(row=row, column=c) for c in range(1, ws.max_column + 1)]
        if any(c.value not in (None, "") for c in cells):
            continue
        if any(c.border.bottom.style or c.border.top.style for c in cells):
            found.append(row)
    return found


@dataclass(frozen=True, slots=True)
class SheetPrint:
    """One worksheet as printed: its pages, print scale and write-in row pitches (points)."""

    title: str
    pages: list[Page]
    scale: float
    pitches: list[float]


def row_pitches(data: bytes, printed: list[Page], box: float) -> list[SheetPrint]:
    """Split ``printed`` among the workbook's visible worksheets (each starts on the page
    whose first line is its A1 title, printed in the biggest type), and measure each one's
    scale and write-in row pitches (see the module docstring)."""
    wb = openpyxl.load_workbook(io.BytesIO(data))
    sheets = [ws for ws in wb.worksheets if ws.sheet_state == "visible"]
    starts: list[int] = []
    for ws in sheets:
        first = str(ws["A1"].value).split()[0]
        after = starts[-1] + 1 if starts else 0
        for index in range(after, len(printed)):
            words = sorted(printed[index].words, key=lambda w: (w.y0, w.x0))
            if words and words[0].text == first:
                starts.append(index)
                break
        else:
            raise AssertionError(f"no printed page starts with {ws.title}'s title {first!r}")
    result = []
    for n, ws in enumerate(sheets):
        own = printed[starts[n] : starts[n + 1] if n + 1 < len(sheets) else len(printed)]
        title_words = str(ws["A1"].value).split()
        size = float(ws["A1"].font.sz or 11)
        top = min(own[0].words, key=lambda w: (w.y0, w.x0))
        assert top.text == title_words[0]
        scale = top.height / (size * box)
        heights = [ws.row_dimensions[r].height for r in _blank_ruled_rows(ws)]
        pitches = [(h if h is not None else 15.0) * scale for h in heights]
        result.append(SheetPrint(ws.title, own, scale, pitches))
    return result
