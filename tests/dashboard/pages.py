"""Running the dashboard in Streamlit's AppTest, on a page and a side."""

from __future__ import annotations

import ast
from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


def app_on(page: str, side: str = "commonwealth") -> AppTest:
    """The app run once, the sidebar set to ``side``, then switched to ``page`` and run."""
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception, at.exception
    at.selectbox(key="side").select(side).run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def app_pages() -> list[str]:
    """Every page script of ``dashboard/app.py``'s navigation (``st.Page("views/...")``)."""
    tree = ast.parse(APP.read_text(encoding="utf-8"))
    return [
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "Page"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]
