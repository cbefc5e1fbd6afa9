"""Quartermaster: the journaled ledger of *The Campaign for North Africa* (SPI 1979).

The domain is pure: values and events are frozen dataclasses, state is a fold over events
(``ledger.apply.fold``), commands validate against state and return events or error values
(``ledger.commands``). Databases live only in ``ledger.journal``, files only in ``ledger.io``.
"""

__version__ = "0.1.0"
