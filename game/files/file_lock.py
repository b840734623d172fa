"""One copy of the game owns the user's files: an exclusive lock on a file in the
data folder, held while the process lives.

The operating system drops the lock when the process ends, however it ends (a
crash, a kill, a power cut), so a stale lock cannot keep the player out: there is
no lock file to clean up, only a lock nobody holds. POSIX (Linux, macOS) locks
the open file with `flock`; Windows locks its first byte with `msvcrt.locking`.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

NAME = ".uno-table.lock"


class FolderLock:
    """`acquire()` is True when this process holds the folder's lock (or has no folder)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._handle: int | None = None

    @property
    def path(self) -> Path:
        assert self.folder is not None
        return self.folder / NAME

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; never waits. False: another copy has it.
        A folder that cannot hold a lock file cannot hold saves either: True, with
        nothing held (saving there fails and says so, as it always did); so is a link
        in the lock file's place that could not be set aside (game.files.user_files)."""
        if self.folder is None or self._handle is not None:
            return True
        if self.path.is_symlink():  # never followed (Windows has no O_NOFOLLOW): unheld
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
            handle = os.open(self.path, flags, 0o600)
        except OSError:
            return True
        if not _try_lock(handle):
            os.close(handle)
            return False
        self._handle = handle
        return True

    def release(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)  # closing the file releases the lock
            self._handle = None


def _try_lock(handle: int) -> bool:
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
