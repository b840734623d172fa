"""Versioned JSON files in a user folder, written atomically, never lost.

Settings, the saved match, statistics and replays all go through a `Store`:
- a file is written to a temporary file in the same folder, then `os.replace`d,
  so a crash mid-write leaves the old file whole;
- every file carries a schema version; a file this game cannot read (empty,
  truncated, garbage, nested too deep, too large, not a regular file, a folder
  in its place, a value that fails its check) is set aside as
  `<name>.bad-<timestamp>` and the caller gets None, i.e. its defaults;
- a file from an older version is migrated step by step (`MIGRATIONS`); a file
  from a newer version is left exactly as it is, defaults are used and the file
  is not written for the rest of the session, so going back to the newer game
  finds it whole;
- a folder the game cannot write to turns saving off for the session.

Problems are collected as `Notice`s (an English message id plus its fields) so
the menu can say each one once, in the player's language.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from game.files.json_steps import dumps_in_steps, loads_in_steps
from game.files.paths import shown_path
from game.files.safe_read import FileTooLarge, NotARegularFile, read_limited
from game.files.user_fields import FieldError
from game.i18n import N_

FORMAT = "uno-table"
MAX_BYTES = 16 * 1024 * 1024  # far above any real save (replays of 10 long matches: ~2 MB)
T = TypeVar("T")
# What a loader's checks may raise on data of the right shape but odd values; all of
# them mean "this file is damaged", never a crash.
DAMAGED_DATA = (
    FieldError,
    KeyError,
    TypeError,
    ValueError,
    IndexError,
    AttributeError,
    RecursionError,
    OverflowError,
    MemoryError,
)
LEFT_AS_IT_IS = N_("{name} could not be read ({reason}); it is left as it is.")
# MIGRATIONS[kind][v] turns the data of version v into version v + 1.
Migration = Callable[[Any], Any]
MIGRATIONS: dict[str, dict[int, Migration]] = {}


@dataclass(frozen=True)
class Notice:
    """A message for the player: `text` is the English message id, `fields` fill it."""

    text: str
    fields: tuple[tuple[str, str], ...] = ()

    def render(self, gettext: Any = None) -> str:
        """In the player's language; a field that is itself a message (a reason) too."""
        _ = gettext or (lambda text: text)
        # A field may hold a path whose name is not UTF-8: shown with replacement marks.
        fields = {k: shown_path(_(v) if k == "reason" else v) for k, v in self.fields}
        return _(self.text).format(**fields)


@dataclass
class Store:
    """Files in `folder`; with no folder (the self-test) nothing is read or written."""

    folder: Path | None
    notices: list[Notice] = field(default_factory=list)
    writable: bool = True
    held: set[str] = field(default_factory=set)  # newer-version files: never written over
    # False while another copy of the game owns the folder (game.files.user_files): files are
    # read, never written, moved or removed.
    owner: bool = True
    # Objects that keep a file's checked content for the session (game.files.replay.Shelf):
    # this copy owns the folder, so the file does not change behind them.
    kept: dict[str, Any] = field(default_factory=dict)

    def path(self, name: str) -> Path:
        assert self.folder is not None
        return self.folder / name

    def load(self, name: str, kind: str, version: int) -> Any | None:
        """The data saved under `name`, or None (missing, set aside, or from a newer game)."""
        if self.folder is None:
            return None
        path = self.path(name)
        if path.is_symlink():  # dangling, looping or not: kept aside, never followed
            self.set_aside(name, N_("a link is in its place"))
            return None
        try:
            if not path.exists():
                return None
            # In steps: a worker parsing a large file must not hold the frame loop up.
            wrapper = loads_in_steps(read_limited(path, MAX_BYTES).decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError, MemoryError) as error:
            self.set_aside(name, _reason(error))
            return None
        if (
            not isinstance(wrapper, dict)
            or wrapper.get("format") != FORMAT
            or wrapper.get("kind") != kind
            or wrapper.get("data") is None  # None means "no file" to every caller
            or type(wrapper.get("version")) is not int
        ):
            self.set_aside(name, N_("not a file of this game"))
            return None
        found = wrapper["version"]
        if found > version:
            self._hold(name)
            return None
        try:
            return migrate(kind, found, version, wrapper["data"])
        except DAMAGED_DATA as error:
            self.set_aside(name, N_("written by another version of the game") + _detail(error))
            return None

    def load_checked(
        self, name: str, kind: str, version: int, build: Callable[[Any], T]
    ) -> T | None:
        """The file's data turned into an object by `build`, which checks every field.
        A value that fails sets the whole file aside, with a message naming the field."""
        data = self.load(name, kind, version)
        if data is None:
            return None
        try:
            return build(data)
        except DAMAGED_DATA as error:
            self.set_aside(name, field_reason(error))
            return None

    def _hold(self, name: str) -> None:
        """A newer game's file: keep it byte for byte, play on defaults, say so once."""
        self.held.add(name)
        self.notices.append(
            Notice(
                N_(
                    "{name} was written by a newer version of the game; it is left as it is "
                    "and defaults are used for this session."
                ),
                (("name", name),),
            )
        )

    def save(self, name: str, kind: str, version: int, data: Any, durable: bool = True) -> bool:
        """Write atomically; False (and one notice) when the folder refuses. `durable`
        False: not flushed to the disk first (safe against the process being killed,
        not the machine losing power: a server's snapshot after every move)."""
        if not self.writable or not self.owner or self.folder is None or name in self.held:
            return False
        text = _wrapped(kind, version, data)
        if self.path(name).is_symlink():  # a link is kept, not replaced
            self.set_aside(name, N_("a link is in its place"))
            if self.path(name).is_symlink():
                return False  # it could not be moved: nothing is written over it
        elif self.path(name).is_dir():  # a folder in the way is kept, under another name
            self.set_aside(name, N_("a folder is in its place"))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _atomic_write(self.path(name), text, durable)
            return True
        except OSError as error:
            self.writable = False
            self.notices.append(
                Notice(
                    N_("Cannot save in {folder} ({reason}). The game goes on without saving."),
                    (("folder", str(self.folder)), ("reason", _reason(error))),
                )
            )
            return False

    def exists(self, name: str) -> bool:
        """Anything under `name`, a dangling link included (reading it says what it is)."""
        return self.folder is not None and (
            self.path(name).exists() or self.path(name).is_symlink()
        )

    def delete(self, name: str) -> None:
        if self.folder is None or name in self.held or not self.owner:
            return
        # A save that cannot be removed is replaced by the next one anyway.
        with contextlib.suppress(OSError):
            self.path(name).unlink(missing_ok=True)

    def keep_aside(self, name: str, kind: str, version: int, entries: list, reason: str) -> bool:
        """Some entries of a file, damaged, kept as `<name>.bad-<time>` on their own (the
        caller then writes the file without them); False if they could not be kept."""
        if not self.owner or not self.writable or self.folder is None or name in self.held:
            return False
        text = _wrapped(kind, version, entries)
        backup = self.backup_path(name)
        try:
            _atomic_write(backup, text)
        except (OSError, ValueError):
            return False
        self.notices.append(
            Notice(
                N_(
                    "An entry of {name} could not be read ({reason}); it was kept as {backup} "
                    "and the others are used."
                ),
                (("name", name), ("reason", reason), ("backup", backup.name)),
            )
        )
        return True

    def backup_path(self, name: str) -> Path:
        path = self.path(name)
        backup = path.with_name(f"{name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while backup.exists() or backup.is_symlink():
            backup = path.with_name(f"{name}.bad-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
            n += 1
        return backup

    def set_aside(self, name: str, reason: str) -> None:
        """Move a damaged file out of the way, keeping it, and say so once."""
        path = self.path(name)
        if not self.owner:  # another copy owns the folder: say so, move nothing
            self.notices.append(Notice(LEFT_AS_IT_IS, (("name", name), ("reason", reason))))
            return
        backup = self.backup_path(name)
        try:
            os.replace(path, backup)
            kept = backup.name
        except OSError:
            kept = ""  # cannot move it: it stays where it is, untouched
        self.notices.append(
            Notice(
                N_("{name} could not be read ({reason}); defaults are used.")
                if not kept
                else N_(
                    "{name} could not be read ({reason}); it was kept as {backup} and defaults are "
                    "used."
                ),
                (("name", name), ("reason", reason), ("backup", kept)),
            )
        )


def _wrapped(kind: str, version: int, data: Any) -> str:
    """A user file's text: the data with its kind and schema version."""
    # In steps: the writer is a worker thread, and a long match's save is megabytes.
    return dumps_in_steps({"format": FORMAT, "kind": kind, "version": version, "data": data})


def _atomic_write(path: Path, text: str, durable: bool = True) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def migrate(kind: str, found: int, version: int, data: Any) -> Any:
    """Data of version `found` brought up to `version`, one step at a time."""
    steps = MIGRATIONS.get(kind, {})
    for step in range(found, version):
        if step not in steps:
            raise FieldError("version", f"no way to read version {found}")
        data = steps[step](data)
    return data


def _reason(error: BaseException) -> str:
    if isinstance(error, IsADirectoryError):
        return N_("a folder is in its place")
    if isinstance(error, NotARegularFile):
        return N_("not a regular file")
    if isinstance(error, FileTooLarge):
        return N_("too large")
    if isinstance(error, RecursionError | MemoryError):
        return N_("nested too deeply")
    if isinstance(error, ValueError):
        return N_("damaged or empty")
    return type(error).__name__


def field_reason(error: BaseException) -> str:
    """One short line that names the field when the check knows it."""
    if isinstance(error, FieldError):
        return str(error)
    if isinstance(error, RecursionError | MemoryError):
        return N_("nested too deeply")
    return N_("damaged or empty") + _detail(error)


def _detail(error: BaseException) -> str:
    text = str(error)[:120]
    return f": {text}" if text else ""
