"""Whether this dashboard is served beyond this computer (``QUARTERMASTER_SERVED_ON``).

``dashboard.launch`` (which ``quartermaster serve --host ADDRESS`` and ``make run`` start) sets
``SERVED_ON_ENV`` to the address in Streamlit's environment when that address is not loopback
(127.0.0.1, localhost, ::1), and removes it when it is. A game without seats is the solo table
that whoever opens it reads and writes whole, so a dashboard served on the network refuses it
on every page, on every run: a game created after the server started, or whose last seat was
removed, is not served seatless either (``dashboard.context.open_game``).
"""

from __future__ import annotations

import ipaddress
import os
from typing import Final

from dashboard.text import plain

SERVED_ON_ENV: Final = "QUARTERMASTER_SERVED_ON"
"""Environment variable naming the non-loopback address the dashboard listens on."""


def is_loopback(address: str | None) -> bool:
    """Whether listening on ``address`` serves this computer only: ``localhost`` or a loopback
    IP address (``127.0.0.1``, ``::1``, also in brackets); ``None`` or empty, which Streamlit
    takes for every interface, is not."""
    if not address:
        return False
    host = address.strip().strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def served_on() -> str | None:
    """The address this dashboard is served on beyond this computer (``SERVED_ON_ENV``), or
    ``None``: this computer only, the solo table allowed."""
    return os.environ.get(SERVED_ON_ENV) or None


def not_served_message(game: str) -> str:
    """Why game ``game`` is refused on a dashboard served to the network, as Markdown (the
    game's name escaped with ``plain``)."""
    refused = plain(f"Game {game!r} has no seats: it is not played over the network;")
    return f"{refused} add seats on the host with `quartermaster seat add` (docs/seats.md)."
