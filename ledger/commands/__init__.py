"""What a player does: validate against the state with ``ledger.rules`` and ``ledger.combat``
and return events or error values (an ``Outcome``); nothing here touches a database or a file.
"""
