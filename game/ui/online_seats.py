"""Which online seats this player holds, kept in the user files (a seat token per
table code, the last ten; the table last joined, for Rejoin), and joining a table
with them: the seat held at a code is taken back, else the first open one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.online.protocol.client_messages import Join, Request, Resume

if TYPE_CHECKING:
    from game.ui.scene import Host

LAST_TABLE = "online_last.json"  # the table this player last joined: address and code
SEATS_FILE = "online_seats.json"  # code -> the seat token this player last had there


def last_table(host: Host) -> tuple[str, str] | None:
    """The address and code of the table this player last joined (not hosted), kept
    in the user files so Rejoin works after the game is started again."""
    data = host.data.load(LAST_TABLE, "online-last", 1)
    if isinstance(data, dict) and isinstance(data.get("url"), str):
        code = data.get("code")
        if isinstance(code, str) and len(code) == 6:
            return data["url"][:200], code
    return None


def seat_tokens(host: Host) -> dict[str, str]:
    seats = host.data.load(SEATS_FILE, "online-seats", 1)
    if not isinstance(seats, dict):
        return {}
    return {k: v for k, v in seats.items() if isinstance(k, str) and isinstance(v, str)}


def remember_seat(host: Host, url: str, code: str, token: str) -> None:
    """This seat's token (by code, the last ten tables) and the table to Rejoin."""
    seats = seat_tokens(host)
    seats.pop(code, None)
    host.data.save(SEATS_FILE, "online-seats", 1, {**dict(list(seats.items())[-9:]), code: token})
    host.data.save(LAST_TABLE, "online-last", 1, {"url": url, "code": code})


def forget_table(host: Host, code: str) -> None:
    """The table at `code` has ended for this player: Rejoin no longer leads there."""
    last = last_table(host)
    if last is not None and last[1] == code:
        host.data.save(LAST_TABLE, "online-last", 1, {})


def join_table(
    host: Host,
    url: str,
    code: str,
    request: Request | None = None,
    replace: bool = False,
) -> None:
    """Connect to `url` and wait in the lobby: the seat this player had at `code` is
    taken back (after a drop, or when a host resumes), else the first open one."""
    if request is None:
        token = seat_tokens(host).get(code)
        request = Resume(code, token) if token else Join(code)
    from game.online.client.remote_table import RemoteTable  # websockets: when joining

    remote = RemoteTable.connect(url, host.settings.player_name, request, host.i18n.language)
    lobby = host.scene("lobby", remote, None)
    if replace:
        host.stack.replace(lobby)
    else:
        host.stack.push(lobby)
