"""The garbage collector's pause while a journal is read: nested and concurrent pauses leave it
as it was, also when the read fails."""

from __future__ import annotations

import gc
import threading

import pytest

from ledger.journal.bulk import paused_gc


def test_paused_then_running_again_also_after_an_error() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), paused_gc():
        assert not gc.isenabled()
        raise RuntimeError("a broken journal")
    assert gc.isenabled()


def test_overlapping_pauses_from_two_threads() -> None:
    inside, leave = threading.Event(), threading.Event()

    def reader() -> None:
        with paused_gc():
            inside.set()
            leave.wait(5)

    thread = threading.Thread(target=reader)
    thread.start()
    inside.wait(5)
    with paused_gc():  # begins while the other is paused, ends after it
        leave.set()
        thread.join(5)
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
