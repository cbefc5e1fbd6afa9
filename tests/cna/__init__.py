"""Tests of the CNA rules modules (ledger/cna)."""
