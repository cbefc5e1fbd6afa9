"""Fixtures of the sheet tests: the LibreOffice binary."""

from __future__ import annotations

import os
import shutil

import pytest


@pytest.fixture
def soffice() -> str:
    """The LibreOffice binary (and poppler's pdftotext/pdfinfo); skip when absent.

    With QUARTERMASTER_REQUIRE_SOFFICE=1 a missing tool fails the test instead.
    """
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
