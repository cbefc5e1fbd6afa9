"""Tests of the chart engine (ledger/charts)."""
