"""Fixtures of the sheet tests: the LibreOffice binary."""

from __future__ import annotations

import pytest

from tests.io.printing import find_soffice


@pytest.fixture
def soffice() -> str:
    """The LibreOffice binary (and poppler's pdftotext/pdfinfo); skip when absent.

    With QUARTERMASTER_REQUIRE_SOFFICE=1 a missing tool fails the test instead.
    """
    return find_soffice()
