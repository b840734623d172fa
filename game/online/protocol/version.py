"""Which protocol and which game a side speaks: both sides say it in their first message."""

from __future__ import annotations

from functools import cache

PROTOCOL_VERSION = 4  # raised by any change an older client could misread (docs/PROTOCOL.md)


@cache  # reading the installed package's metadata took ~40 ms, on every hello
def app_version() -> str:
    try:
        from importlib.metadata import version

        return f"uno-table {version('uno-table')}"
    except Exception:  # running from a tree that was never installed
        return "uno-table"
