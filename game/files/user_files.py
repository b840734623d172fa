"""The user's files at start: which copy of the game owns them, and what is left over.

One copy owns the folders (`file_lock`); a second copy opens read-only: it reads
everything, writes, moves and removes nothing, and says so. When the owner is gone
(its lock released, however it ended) the read-only copy may take over.

The owner cleans up at start: temporary files a kill left mid-save are removed, and
a link where a user file belongs is set aside with a message (a save would otherwise
write through it or replace it without a word).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable

from game.files import replay, settings, stats
from game.files.file_lock import NAME, FolderLock
from game.files.storage import Notice, Store
from game.i18n import N_
from game.table import saved_game

DATA_FILES = (saved_game.FILE, stats.FILE, replay.FILE)
CONFIG_FILES = (settings.FILE,)

# What `storage._atomic_write` leaves if killed mid-save: ".<name>.<random>.tmp".
TEMPORARY = re.compile(r"\.[^/\\]+\.json\.[A-Za-z0-9_]+\.tmp")
READ_ONLY = N_(
    "Another window of the game has your match and files open. This one is read-only: "
    "it saves nothing (no match, statistics, replays or settings)."
)
LOCK_LINK = N_("A link was in place of the lock file {name}; it was kept as {backup}.")
LOCK_LINK_KEPT = N_(
    "A link is in place of the lock file {name} and cannot be moved: nothing stops a "
    "second window of the game from using your files."
)
TAKEN_OVER = N_("The other window has closed: this one saves your match and files again.")


class UserFiles:
    """The lock on the data folder and the stores it guards (data, config)."""

    def __init__(self, data: Store, config: Store) -> None:
        self.data, self.config = data, config
        self.lock = FolderLock(data.folder)
        self.told_lock_link = False

    @property
    def stores(self) -> tuple[Store, Store]:
        return self.data, self.config

    @property
    def owner(self) -> bool:
        return self.data.owner

    def open(self) -> bool:
        """Claim the folders; the owner cleans them (temporary files, links in place of
        user files). False: read-only, and said so."""
        self._set_lock_link_aside()
        if not self.lock.acquire():
            for store in self.stores:
                store.owner = False
            self.data.notices.append(Notice(READ_ONLY))
            return False
        for store, files in ((self.data, DATA_FILES), (self.config, CONFIG_FILES)):
            clean_temporary(store)
            set_links_aside(store, files)
        return True

    def take_over(self) -> bool:
        """A read-only copy takes the files when their owner is gone (True: it did)."""
        if self.owner:
            return False
        self._set_lock_link_aside()
        if not self.lock.acquire():
            return False
        for store in self.stores:
            store.owner = True
        self.data.notices.append(Notice(TAKEN_OVER))
        return True

    def _set_lock_link_aside(self) -> None:
        """A link in the lock file's place is moved aside, never followed (opening it
        would create or lock a file wherever it points); said once."""
        if self.data.folder is None or not self.lock.path.is_symlink():
            return
        backup = self.data.backup_path(NAME)
        try:
            os.replace(self.lock.path, backup)  # the link itself, not what it names
        except OSError:
            if not self.told_lock_link:  # a read-only copy asks again every few seconds
                self.told_lock_link = True
                self.data.notices.append(Notice(LOCK_LINK_KEPT, (("name", NAME),)))
            return
        self.data.notices.append(Notice(LOCK_LINK, (("name", NAME), ("backup", backup.name))))

    def close(self) -> None:
        self.lock.release()


def clean_temporary(store: Store) -> list[str]:
    """Remove what a save killed half-way left behind; the names removed."""
    if store.folder is None or not store.folder.is_dir():
        return []
    removed = []
    for path in store.folder.iterdir():
        if TEMPORARY.fullmatch(path.name) and (path.is_file() or path.is_symlink()):
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path.name)
    return removed


def set_links_aside(store: Store, names: Iterable[str]) -> None:
    """A link in place of a user file, dangling, looping or not, is kept aside."""
    if store.folder is None:
        return
    for name in names:
        if store.path(name).is_symlink():
            store.set_aside(name, N_("a link is in its place"))
