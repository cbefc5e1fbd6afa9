"""The chart engine, once for every game: dice kinds, charts as data, exact odds, column shifts.

``ledger.charts.dice`` enumerates dice exactly, ``ledger.charts.engine`` holds the ``Chart`` value
and its coverage check, ``ledger.charts.loader`` reads the chart files of ``ledger/charts/data/``.
"""
