"""Pack folders checked away from the frame thread, so the window never waits for them.

Checking a pack reads and parses every file it names: a third of a second to a
second each, and 300 packs froze the window for 85 s when the frame thread did it.
The app starts a scan after its first frame and takes the finished packs each
frame, so the catalog fills in as they pass; the catalog itself is only ever
changed on the frame thread (packs are handed over through a queue).

The checks run in a worker process: a thread would share the interpreter lock,
and expat parsing a large SVG holds it for tens of milliseconds at a time, which
showed as frames of 300 ms. A process also lets a check that hangs, in a way no
limit here foresaw, be cut off: past PACK_SECONDS the worker is ended, that pack
is listed unavailable, and a new worker checks the rest. Where no worker can be
started, the packs are checked on a thread instead.
"""

from __future__ import annotations

import logging
import pickle
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from game.children import frozen, python_command
from game.files.paths import shown_path
from game.themes.errors import Problem
from game.themes.loader import Pack, load_pack
from game.themes.manifest import MANIFEST

log = logging.getLogger(__name__)
Check = Callable[[Path, bool], Pack]
Folders = list[tuple[Path, bool]]
WORKER_COMMAND = "check-packs"  # `uno-table check-packs`: the standalone app's worker
PACK_SECONDS = 10.0  # one pack's check; the slowest shipped pack takes about one
START_SECONDS = 20.0  # the worker's own start (imports) on a slow, busy machine
# The player's folder is checked for this long at most, however many folders it holds
# (a broken one takes a millisecond, a pack about a second): the rest are counted and
# said so. A count would stop before a good pack that sits after 10,000 broken ones.
USER_SCAN_SECONDS = 60.0
_READY = "ready"  # the worker's first word: it started and reads folders
# The worker yields the processor to the game: on a busy two-core machine, a checker
# at the game's own priority made menu frames wait up to half a second.
NICENESS = 10
_BACKGROUND = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0) | getattr(
    subprocess, "CREATE_NO_WINDOW", 0
)


class PackScan:
    """Checks `folders` in order (in worker processes, one for the shipped packs and one
    for the player's; or with `check` on a thread); `take()` returns those done."""

    def __init__(
        self,
        folders: Folders,
        check: Check | None = None,
        listed_later: Callable[[], Folders] | None = None,
    ) -> None:
        """`listed_later` lists more folders (the player's) on the last lane's thread:
        listing 10,000 folders took the frame thread up to a second on a busy machine."""
        self._folders = list(folders)
        self._check = check
        self._later = listed_later
        self._done: queue.SimpleQueue[Pack] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._workers: list[subprocess.Popen[bytes]] = []
        self._deadlines: dict[subprocess.Popen[bytes], float] = {}
        self._cut: set[subprocess.Popen[bytes]] = set()  # the workers the watch ended
        # The shipped packs and the player's each have their own worker, so that a
        # player's pack (a broken one, say) is listed without waiting for the shipped
        # ones' checks (a second or so each), and they without the player's many.
        lanes = [[f for f in self._folders if f[1] is shipped] for shipped in (True, False)]
        lanes = [lane for lane in lanes if lane] if check is None else [self._folders]
        if listed_later is not None and check is None and (not lanes or lanes[-1][0][1]):
            lanes.append([])  # the player's lane, for the folders listed later
        self._run = self._run_on_thread if check is not None else self._run_in_processes
        self._threads = [
            threading.Thread(target=self._lane, args=(lane, i == len(lanes) - 1), daemon=True)
            for i, lane in enumerate(lanes)
        ]
        self._taken = self._listed = 0
        self._counting = threading.Lock()
        self.skipped = 0  # the player's folders left unchecked when USER_SCAN_SECONDS ran out
        self.user_seconds = USER_SCAN_SECONDS
        self.listing = listed_later is not None  # until the player's folders are listed

    def _lane(self, folders: Folders, last: bool) -> None:
        if last and self._later is not None:
            more: Folders = []
            try:
                more = self._later()
            finally:
                with self._counting:
                    self._listed, self.listing = len(more), False
            folders = folders + more
        self._run(folders)

    def start(self) -> PackScan:
        for thread in self._threads:
            thread.start()
        return self

    @property
    def _worker(self) -> subprocess.Popen[bytes] | None:
        """The first worker started (tests)."""
        return self._workers[0] if self._workers else None

    @property
    def fonts_tried(self) -> bool:
        """Whether the packs come with their fonts tried (game/themes/drawable.py): the
        worker process does that too; on a thread it is left to the frame thread,
        where FreeType is used."""
        return self._check is None

    @property
    def pending(self) -> int:
        """Folders not yet taken by the frame thread (nor left unchecked)."""
        with self._counting:
            listing = 1 if self.listing else 0  # at least one more, until listed
            return len(self._folders) + self._listed + listing - self._taken - self.skipped

    def take(self, wait: bool = False, most: int | None = None) -> list[Pack]:
        """The packs checked since the last call (at most `most`); with `wait`, every
        one left."""
        taken: list[Pack] = []
        while self.pending and (most is None or len(taken) < most):
            try:
                # A short wait at a time: the lane may stop with nothing more to hand over.
                taken.append(self._done.get(block=wait, timeout=0.1 if wait else None))
            except queue.Empty:
                if wait:
                    continue
                break
            with self._counting:
                self._taken += 1
        return taken

    def stop(self) -> None:
        """The app is closing: the worker ends now, the thread after the pack it is on."""
        self._stop.set()
        for worker in list(self._workers):
            if worker.poll() is None:
                worker.kill()
        for thread in self._threads:
            thread.join(timeout=5)

    # -- on the scan's thread ---------------------------------------------------------

    def _out_of_time(self, lane_end: float | None, left: int) -> bool:
        """The player's lane has used its time: the `left` folders are counted unchecked."""
        if lane_end is None or time.monotonic() < lane_end or not left:
            return False
        with self._counting:
            self.skipped += left
        log.warning(
            "%d pack folders were not checked: checking stopped after %.0f s",
            left,
            self.user_seconds,
        )
        return True

    def _lane_end(self, folders: Folders) -> float | None:
        """When the player's lane stops checking (None: the shipped packs' never does)."""
        players = folders and not folders[0][1]
        return time.monotonic() + self.user_seconds if players else None

    def _run_on_thread(self, folders: Folders, lane_end: float | None = None) -> None:
        check = self._check or load_pack
        lane_end = lane_end or self._lane_end(folders)
        for index, (folder, builtin) in enumerate(folders):
            if self._stop.is_set() or self._out_of_time(lane_end, len(folders) - index):
                return
            try:
                pack = check(folder, builtin)
            except Exception as error:  # load_pack never raises; a stray bug must not hang take()
                pack = _unchecked(folder, builtin, f"could not be read ({error!r})")
            self._done.put(pack)

    def _run_in_processes(self, folders: Folders) -> None:
        todo = list(folders)
        lane_end = self._lane_end(todo)
        while todo and not self._stop.is_set():
            left = self._run_worker(todo, lane_end)
            if left is None:  # no worker runs here (a broken install): check them here
                log.warning("no pack-checking process would start: checking on a thread")
                self._run_on_thread(todo, lane_end)
                return
            todo = left

    def _run_worker(self, todo: Folders, lane_end: float | None = None) -> Folders | None:
        """One worker over `todo`: the folders it did not finish (the one it was cut off
        on is listed unavailable), or None if it could not start at all."""
        try:
            worker = subprocess.Popen(
                worker_command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                creationflags=_BACKGROUND if sys.platform == "win32" else 0,
            )
        except OSError:
            return None
        self._workers.append(worker)
        assert worker.stdin is not None and worker.stdout is not None
        self._deadlines[worker] = time.monotonic() + START_SECONDS + PACK_SECONDS
        threading.Thread(target=self._watch, args=(worker,), daemon=True).start()
        try:
            worker.stdin.write(pickle.dumps(todo))
            worker.stdin.close()
        except OSError:
            pass  # it died at once: reading says so
        if _read(worker.stdout) != _READY:
            worker.kill()
            worker.wait()
            return [] if self._stop.is_set() else None
        self._deadlines[worker] = time.monotonic() + PACK_SECONDS
        for done, (folder, builtin) in enumerate(todo):
            pack = _read(worker.stdout)
            if not isinstance(pack, Pack):
                worker.kill()
                code = worker.wait()
                if self._stop.is_set():
                    return []
                if worker in self._cut:
                    why = f"its check took over {PACK_SECONDS:.0f} s and was stopped"
                else:  # a library crashed on it: the app itself is safe
                    why = f"its check ended the checker (exit code {code})"
                self._done.put(_unchecked(folder, builtin, why))
                return todo[done + 1 :]
            self._deadlines[worker] = time.monotonic() + PACK_SECONDS
            self._done.put(pack)
            if self._out_of_time(lane_end, len(todo) - done - 1):
                worker.kill()
                break
        worker.wait()
        return []

    def _watch(self, worker: subprocess.Popen[bytes]) -> None:
        """Ends the worker when a pack's check runs past its deadline."""
        while worker.poll() is None:
            if time.monotonic() > self._deadlines[worker]:
                self._cut.add(worker)
                worker.kill()
                return
            time.sleep(0.05)


def worker_command() -> list[str]:
    """The worker, isolated (game/children.py): the standalone app runs itself with
    WORKER_COMMAND."""
    if frozen():
        return [sys.executable, WORKER_COMMAND]
    return python_command("game.themes.scan")


def _read(stream: IO[bytes]) -> object:
    """The worker's next word (a Pack, or _READY), or None once it has ended."""
    try:
        return pickle.load(stream)  # noqa: S301 - from our own worker, through a pipe
    except (EOFError, OSError, pickle.UnpicklingError, AttributeError, ImportError):
        return None


def _unchecked(folder: Path, builtin: bool, why: str) -> Pack:
    problem = Problem(shown_path(folder.name), MANIFEST, "", why)
    return Pack(shown_path(folder.name), folder, builtin, problems=(problem,))


def worker_main() -> int:
    """In the worker process: folders from stdin, each checked pack (fonts tried too)
    to stdout as it passes. Anything else written to stdout (a library's banner) goes
    to stderr."""
    import os

    if hasattr(os, "nice"):
        os.nice(NICENESS)  # Windows: the parent started it below normal priority
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # before pygame is imported: it prints a banner
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.themes.drawable import drawable  # pygame's fonts: this process has no window

    folders: Folders = pickle.load(sys.stdin.buffer)  # noqa: S301 - from the app itself
    pickle.dump(_READY, out)
    out.flush()
    for folder, builtin in folders:
        pickle.dump(drawable(load_pack(folder, builtin)), out)
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(worker_main())
