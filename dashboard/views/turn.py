"""Placeholder while issue 17's page is written (replaced before the issue is closed)."""

from __future__ import annotations

import streamlit as st

from dashboard.context import open_game, show_status


def render() -> None:
    """Draw the page."""
    game = open_game()
    st.title("Your phase")
    show_status(game)


if __name__ == "__main__":
    render()
