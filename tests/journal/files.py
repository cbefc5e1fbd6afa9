"""Helpers for the store tests: a database file's fingerprint, to show it was left untouched."""

from __future__ import annotations

import hashlib
from pathlib import Path


def digest(path: Path) -> str:
    """The SHA-256 of the file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
