"""Versioned JSON files in a user folder, written atomically, never lost.

Settings, the saved match, statistics and replays all go through a `Store`:
- a file is written to a temporary file in the same folder, then `os.replace`d,
  so a crash mid-write leaves the old file whole;
- every file carries a schema version; a file this game cannot read (empty,
  truncated, garbage, another version, a folder in its place) is set aside as
  `<name>.bad-<timestamp>` and the caller gets None, i.e. its defaults;
- a folder the game cannot write to turns saving off for the session.

Problems are collected as `Notice`s (an English message id plus its fields) so
the menu can say each one once, in the player's language.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import N_

FORMAT = "uno-table"


@dataclass(frozen=True)
class Notice:
    """A message for the player: `text` is the English message id, `fields` fill it."""

    text: str
    fields: tuple[tuple[str, str], ...] = ()

    def render(self, gettext: Any = None) -> str:
        """In the player's language; a field that is itself a message (a reason) too."""
        _ = gettext or (lambda text: text)
        return _(self.text).format(**{k: _(v) if k == "reason" else v for k, v in self.fields})


@dataclass
class Store:
    """Files in `folder`; with no folder (the self-test) nothing is read or written."""

    folder: Path | None
    notices: list[Notice] = field(default_factory=list)
    writable: bool = True

    def path(self, name: str) -> Path:
        assert self.folder is not None
        return self.folder / name

    def load(self, name: str, kind: str, version: int) -> Any | None:
        """The data saved under `name`, or None (missing, or set aside as damaged)."""
        if self.folder is None:
            return None
        path = self.path(name)
        try:
            if not path.exists() and not path.is_symlink():
                return None
            raw = path.read_bytes()
            wrapper = json.loads(raw.decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            self.set_aside(name, _reason(error))
            return None
        if not isinstance(wrapper, dict) or wrapper.get("format") != FORMAT \
                or wrapper.get("kind") != kind or "data" not in wrapper:
            self.set_aside(name, N_("not a file of this game"))
            return None
        if wrapper.get("version") != version:
            self.set_aside(name, N_("written by another version of the game"))
            return None
        return wrapper["data"]

    def save(self, name: str, kind: str, version: int, data: Any) -> bool:
        """Write atomically; False (and one notice) when the folder refuses."""
        if not self.writable or self.folder is None:
            return False
        text = json.dumps({"format": FORMAT, "kind": kind, "version": version, "data": data},
                          separators=(",", ":"), ensure_ascii=False)
        if self.path(name).is_dir():  # a folder in the way is kept, under another name
            self.set_aside(name, N_("a folder is in its place"))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _atomic_write(self.path(name), text)
            return True
        except OSError as error:
            self.writable = False
            self.notices.append(Notice(
                N_("Cannot save in {folder} ({reason}). The game goes on without saving."),
                (("folder", str(self.folder)), ("reason", _reason(error)))))
            return False

    def delete(self, name: str) -> None:
        if self.folder is None:
            return
        # A save that cannot be removed is replaced by the next one anyway.
        with contextlib.suppress(OSError):
            self.path(name).unlink(missing_ok=True)

    def set_aside(self, name: str, reason: str) -> None:
        """Move a damaged file out of the way, keeping it, and say so once."""
        path = self.path(name)
        backup = path.with_name(f"{name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while backup.exists():
            backup = path.with_name(f"{name}.bad-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
            n += 1
        try:
            os.replace(path, backup)
            kept = backup.name
        except OSError:
            kept = ""  # cannot move it: it stays where it is, untouched
        self.notices.append(Notice(
            N_("{name} could not be read ({reason}); defaults are used.") if not kept else
            N_("{name} could not be read ({reason}); it was kept as {backup} and defaults are "
               "used."),
            (("name", name), ("reason", reason), ("backup", kept))))


def _atomic_write(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _reason(error: Exception) -> str:
    if isinstance(error, IsADirectoryError):
        return N_("a folder is in its place")
    if isinstance(error, ValueError):
        return N_("damaged or empty")
    return type(error).__name__
