"""Work on a worker thread: its result or its error comes back to the caller, and no
cyclic collection runs while it works (a full one would stop the frame loop)."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from game.files.background import Background


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


class _Node:
    link: object = None


def test_a_kept_result_is_left_out_of_collections_and_no_garbage_is_kept_with_it() -> None:
    """`keep`: a result that lives long (a long match Continued) is frozen out of the
    collector's passes; garbage cycles left at a later one are collected first, not
    frozen for good with it (a table closed before holds the match it played)."""
    enabled = gc.isenabled()
    try:
        kept = Background(lambda: [[i] for i in range(1000)], keep=True).result()
        assert kept is not None and gc.get_freeze_count() >= 1000
        assert id(kept) not in {id(o) for o in gc.get_objects()}  # no pass walks it
        gc.disable()  # the cycle below stays until a collection that Background runs
        node = _Node()
        node.link = node
        left = weakref.ref(node)
        del node
        Background(lambda: None, keep=True).result()
        assert left() is None
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()
