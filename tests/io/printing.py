"""Print a workbook with LibreOffice, read the PDF back with poppler (DESIGN: look at what you
build). Used by the sheet tests under tests/io/."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def print_pdf(
    soffice: str, data: bytes, tmp_path: Path, stem: str = "sheet"
) -> tuple[list[str], list[tuple[float, float]]]:
    """Convert the workbook ``data`` to PDF in ``tmp_path``; return each page's text
    (``pdftotext -layout``) and each page's size in points (width, height)."""
    book = tmp_path / f"{stem}.xlsx"
    book.write_bytes(data)
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation={(tmp_path / 'lo-profile').as_uri()}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path),
            str(book),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    pdf = tmp_path / f"{stem}.pdf"
    assert pdf.exists(), "LibreOffice wrote no PDF"
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
