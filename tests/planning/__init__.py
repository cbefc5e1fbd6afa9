"""Tests of the planning aids (ledger/planning)."""
