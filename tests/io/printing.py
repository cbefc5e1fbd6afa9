"""Print a workbook with LibreOffice, read the PDF back with poppler (DESIGN: look at what you
build). Used by the sheet tests under tests/io/."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest


def find_soffice() -> str:
    """The LibreOffice binary, with poppler's pdftotext and pdfinfo beside it; the test is
    skipped when one is missing, or fails with QUARTERMASTER_REQUIRE_SOFFICE=1."""
    tools = {name: shutil.which(name) for name in ("soffice", "pdftotext", "pdfinfo")}
    missing = [name for name, path in tools.items() if path is None]
    if missing:
        message = f"not on PATH: {', '.join(missing)}"
        if os.environ.get("QUARTERMASTER_REQUIRE_SOFFICE") == "1":
            pytest.fail(message + " (QUARTERMASTER_REQUIRE_SOFFICE=1)")
        pytest.skip(message)
    path = tools["soffice"]
    assert path is not None
    return path


def convert(soffice: str, book: Path, folder: Path, to: str) -> Path:
    """Convert the file ``book`` to format ``to`` (``"pdf"``, ``"xlsx"``: recalculated) with
    LibreOffice headless, a profile of its own in ``folder``; returns the file written there."""
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation={(folder / 'lo-profile').as_uri()}",
            "--headless",
            "--convert-to",
            to,
            "--outdir",
            str(folder),
            str(book),
        ],
        check=True,
        capture_output=True,
        timeout=240,
    )
    out = folder / f"{book.stem}.{to}"
    assert out.exists(), f"LibreOffice wrote no {to}"
    return out


def print_pdf(
    soffice: str, data: bytes, tmp_path: Path, stem: str = "sheet"
) -> tuple[list[str], list[tuple[float, float]]]:
    """Convert the workbook ``data`` to PDF in ``tmp_path``; return each page's text
    (``pdftotext -layout``) and each page's size in points (width, height)."""
    book = tmp_path / f"{stem}.xlsx"
    book.write_bytes(data)
    pdf = convert(soffice, book, tmp_path, "pdf")
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    info = subprocess.run(
        ["pdfinfo", "-f", "1", "-l", "9999", str(pdf)], check=True, capture_output=True, text=True
    ).stdout
    sizes = [
        (float(w), float(h))
        for w, h in re.findall(r"^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info, re.MULTILINE)
    ]
    return text.split("\f")[: len(sizes)], sizes
