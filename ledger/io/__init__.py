"""File formats: scenario TOML in, Excel log sheets out. The only file code of the ledger."""
