"""The Streamlit dashboard: ``app.py`` routes to one thin page module per view (``views/``).

Pages read ``ledger.reports`` rows, render them and send ``ledger.commands`` through a
``GameSession``; no rule is computed here (DESIGN §3).
"""
