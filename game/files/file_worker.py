"""Checks of large user files done in a child process, so the window never waits.

Checking the kept replays or a long saved match plays every action through the
engine: seconds of pure Python. On a worker thread that work shares the interpreter
lock with the frame loop, and on a busy machine the frame waited for it up to 600 ms
at a time (the operating system may pause the thread that holds the lock). A child
process shares no lock; it runs below the game's priority, as the pack checker does
(game/themes/scan.py).

A job is a function `(Store, request) -> (Store, answer)` named in JOBS. The child
gets the store (its folder and what this copy may do there), reads, checks and
writes the files as the job says, and hands back the store (its new notices, whether
the folder took writes) with the answer. Answers that are large come as a list of
small pickles, so taking them apart here holds the lock for little at a time. Where
no child starts (a broken install), the job runs on the calling thread instead.
"""

from __future__ import annotations

import importlib
import logging
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from game.children import frozen, python_command
from game.files.storage import Store

log = logging.getLogger(__name__)
WORKER_COMMAND = "check-file"  # `uno-table check-file <job>`: the standalone app's worker
NICENESS = 10  # the game's frames come first (as for the pack checker)
JOBS = {
    "read-replays": "game.files.replay:read_job",
    "keep-replay": "game.files.replay:keep_job",
    "saved-match": "game.table.saved_game:load_job",
}
Job = Callable[[Store, Any], tuple[Store, Any]]
_BACKGROUND = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0) | getattr(
    subprocess, "CREATE_NO_WINDOW", 0
)


class Stopped(Exception):
    """The app closed while a child was at work: its answer will not come."""


class _Children:
    """The children at work, so the app can end them as it closes."""

    lock = threading.Lock()
    running: set[subprocess.Popen[bytes]] = set()
    ended: set[subprocess.Popen[bytes]] = set()  # by `stop`: their work is not wanted

    @classmethod
    def add(cls, child: subprocess.Popen[bytes]) -> None:
        with cls.lock:
            cls.running.add(child)

    @classmethod
    def remove(cls, child: subprocess.Popen[bytes]) -> bool:
        """False if `stop` ended it."""
        with cls.lock:
            cls.running.discard(child)
            if child in cls.ended:
                cls.ended.discard(child)
                return False
            return True


def stop() -> None:
    """The app is closing (and gives up its lock on the folder next): every child at
    work ends now, before it writes anything more."""
    with _Children.lock:
        children = list(_Children.running)
        _Children.ended.update(children)
    for child in children:
        child.kill()
        child.wait()


def run(job: str, store: Store, request: Any) -> Any:
    """`job` done on `request` in a child process (call it from a worker thread); the
    store takes the child's notices. Here, on this thread, if no child will run."""
    try:
        child = subprocess.Popen(
            command(job),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            creationflags=_BACKGROUND if sys.platform == "win32" else 0,
        )
    except OSError as error:
        log.warning("no file-checking process would start (%s): checking here", error)
        return _here(job, store, request)
    _Children.add(child)
    try:
        out, _ = child.communicate(pickle.dumps((_sent(store), request)))
    except OSError:
        out = b""  # it ended before reading what it was sent
    finally:
        wanted = _Children.remove(child)
    if not wanted:
        raise Stopped(job)
    try:
        done, answer = pickle.loads(out)  # noqa: S301 - from our own child, through a pipe
    except (EOFError, pickle.UnpicklingError, ValueError, TypeError):
        log.warning(
            "the file-checking process ended (exit code %s): checking here", child.returncode
        )
        return _here(job, store, request)
    _merge(store, done)
    return answer


def _here(job: str, store: Store, request: Any) -> Any:
    done, answer = _job(job)(_sent(store), request)
    _merge(store, done)
    return answer


def _sent(store: Store) -> Store:
    """What the child needs of the store: not the objects kept for the session."""
    return Store(store.folder, [], store.writable, set(store.held), store.owner)


def _merge(store: Store, done: Store) -> None:
    store.notices.extend(done.notices)
    store.writable = store.writable and done.writable
    store.held |= done.held


def _job(name: str) -> Job:
    module, _, function = JOBS[name].partition(":")
    job: Job = getattr(importlib.import_module(module), function)
    return job


def command(job: str) -> list[str]:
    """The child, isolated (game/children.py): the standalone app runs itself with
    WORKER_COMMAND."""
    if frozen():
        return [sys.executable, WORKER_COMMAND, job]
    return python_command("game.files.file_worker", job)


def worker_main(job: str) -> int:
    """In the child: the store and request from stdin, the answer to stdout."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)  # Windows: the parent started it below normal priority
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a library's banner would spoil the answer
    store, request = pickle.load(sys.stdin.buffer)  # noqa: S301 - from the app itself
    answer = _job(job)(store, request)
    try:
        pickle.dump(answer, out)
        out.flush()
    except BrokenPipeError:
        return 1  # the app closed meanwhile: nobody is waiting
    return 0


if __name__ == "__main__":
    sys.exit(worker_main(sys.argv[1]))
