"""Work on a worker thread: its result or its error comes back to the caller, and no
cyclic collection runs while it works (a full one would stop the frame loop)."""

from __future__ import annotations

import gc
import threading

import pytest

from game.background import Background


def test_the_result_comes_back_and_the_collector_is_paused_meanwhile() -> None:
    seen = []
    work = Background(lambda: seen.append(gc.isenabled()) or 42)
    assert work.result() == 42 and work.done
    assert seen == [False] and gc.isenabled()


def test_an_error_is_raised_where_the_result_is_asked_for() -> None:
    def fails() -> None:
        raise ValueError("damaged")

    work = Background(fails)
    with pytest.raises(ValueError, match="damaged"):
        work.result()
    assert gc.isenabled()


def test_two_at_once_share_one_pause() -> None:
    first_started, release = threading.Event(), threading.Event()

    def slow() -> bool:
        first_started.set()
        release.wait(5)
        return gc.isenabled()

    slow_work = Background(slow)
    first_started.wait(5)
    assert Background(lambda: gc.isenabled()).result() is False
    assert not gc.isenabled()  # the slow one still runs
    release.set()
    assert slow_work.result() is False and gc.isenabled()
