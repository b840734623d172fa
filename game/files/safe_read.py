"""Reading a file that came from outside the game: only a regular file, only so much.

A FIFO in place of a save would block `open()` forever, and a link to /dev/zero
would be read until memory runs out. Here the file is opened without blocking,
checked to be a regular file once open (so a swap after the check changes
nothing), and read up to a limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

# O_NONBLOCK lets open() return at once on a FIFO; it does not exist on Windows,
# where a FIFO cannot sit in a folder anyway.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class NotARegularFile(OSError):
    """A device, FIFO, socket or folder where a file was expected."""


class FileTooLarge(OSError):
    """A file over the size this game reads for its kind."""


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of `path`, a regular file of at most `limit` bytes; else an OSError."""
    handle = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(f"{path.name} is not a regular file")
        if info.st_size > limit:
            raise FileTooLarge(f"{path.name} is larger than {limit // 1024} KiB")
        chunks, left = [], limit + 1  # one byte more tells a file that grew while read
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(handle)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileTooLarge(f"{path.name} is larger than {limit // 1024} KiB")
    return data


def regular_file_size(path: Path) -> int:
    """The size of `path` after links, or NotARegularFile; for files read by a library."""
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(f"{path.name} is not a regular file")
    return info.st_size
