"""``python -m ledger.cli``: the ``quartermaster`` command."""

from ledger.cli import main

raise SystemExit(main())
