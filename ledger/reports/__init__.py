"""Pure read models for the pages, sheets and CLI: tables, warnings, the forecast, and the TOE
and logistics log sheets' contents. Nothing here makes events.
"""
