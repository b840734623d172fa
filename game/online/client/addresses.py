"""A server's address as a player types it, made a WebSocket URL.

    server_url("192.168.1.20")             -> ws://192.168.1.20:8765
    server_url("example.org:9000")         -> ws://example.org:9000
    server_url("wss://example.org/uno")    -> wss://example.org/uno   (behind a TLS proxy)

The usual port is added only to a bare `ws` host: a `wss` address or one with a
path is used as typed (a reverse proxy answers on its own port, 443 by default).
"""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_PORT = 8765
LOCAL = "127.0.0.1"


def server_url(typed: str) -> str:
    """The URL for what the player typed; ValueError if it cannot be one."""
    text = typed.strip() or LOCAL
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(f"not a ws:// or wss:// address: {typed!r}")
    parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    if parts.scheme == "ws" and parts.port is None and parts.path in ("", "/"):
        return f"ws://{parts.netloc}:{DEFAULT_PORT}"
    return text
