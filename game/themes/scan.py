"""Pack folders checked on a worker thread, so the window never waits for them.

Checking a pack reads and parses every file it names: a few milliseconds each,
and 300 packs froze the window for 85 s when the frame thread did it. The app
starts a scan after its first frame and takes the finished packs each frame, so
the catalog fills in as they pass. The catalog itself is only ever changed on the
frame thread: the worker hands packs over through a queue.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from pathlib import Path

from game.paths import display_path
from game.themes.errors import Problem
from game.themes.loader import Pack, load_pack
from game.themes.manifest import MANIFEST

Check = Callable[[Path, bool], Pack]


class PackScan:
    """Checks `folders` in order on a daemon thread; `take()` returns those done."""

    def __init__(self, folders: list[tuple[Path, bool]], check: Check = load_pack) -> None:
        self._folders = list(folders)
        self._check = check
        self._done: queue.SimpleQueue[Pack] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pack-scan", daemon=True)
        self.pending = len(self._folders)  # not yet taken by the frame thread

    def start(self) -> PackScan:
        self._thread.start()
        return self

    def _run(self) -> None:
        for folder, builtin in self._folders:
            if self._stop.is_set():
                return
            try:
                pack = self._check(folder, builtin)
            except Exception as error:  # load_pack never raises; a stray bug must not hang take()
                problem = Problem(folder.name, MANIFEST, "", f"could not be read ({error!r})")
                pack = Pack(display_path(folder.name), folder, builtin, problems=(problem,))
            self._done.put(pack)

    def take(self, wait: bool = False) -> list[Pack]:
        """The packs checked since the last call; with `wait`, every one left."""
        taken = []
        while self.pending:
            try:
                taken.append(self._done.get(block=wait))
            except queue.Empty:
                break
            self.pending -= 1
        return taken

    def stop(self) -> None:
        """The app is closing: the worker stops after the pack it is checking."""
        self._stop.set()
        self._thread.join(timeout=5)
