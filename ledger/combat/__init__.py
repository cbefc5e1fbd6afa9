"""CNA combat (seed rules 10.3, 11-15): barrage, anti-armor, close assault and probes.

Each calculation takes the committed TOE points as ``ledger.combat.forces.Element`` values and
returns its figures (Raw, Actual, each column shift with its reason and case, the final column)
and the exact odds of every outcome before a die is rolled; reading dice gives the result, and
``ledger.commands.combat`` turns a confirmed result (``ledger.combat.posting``) into journal
events.
"""
