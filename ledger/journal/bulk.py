"""Reading a journal in bulk: Python's cyclic garbage collector paused while it runs.

Decoding and folding a journal makes millions of small objects and frees none in cycles; the
collector, set off every 700 allocations, then walks the growing heap again and again (on a
100,000-event campaign it took about half of the time of opening a game without a snapshot).
Pausing it for the read and starting it again after is the standard remedy; reference counting
still frees everything as usual. The dashboard reads from several threads at once, so the pauses
are counted: the collector runs again when the last one ends, if it was running before the
first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_pauses = 0
_was_running = False


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector for the ``with`` block, then start it again (also
    when the block raises) unless another pause is still on or it was off to begin with."""
    global _pauses, _was_running
    with _lock:
        if _pauses == 0:
            _was_running = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _was_running:
                gc.enable()
