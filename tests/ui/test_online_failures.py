"""The window's client never shows a dead table: each way a table can end under a
player (the server dropping it after a rematch, the host's game killed, a socket
that goes quiet, a table that no longer exists) turns, within seconds, into a
notice in the player's words with what they may do; and at start-up a player
whose online match was going on is asked whether to go back to it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pygame

from game.app import App
from game.online.client.connection import CLOSE_WAIT, PING_EVERY, PING_TIMEOUT
from game.online.client.hosting import HostedServer
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Create, Join
from game.online.protocol.server_messages import Presence, TableClosed
from game.online.server.room import RoomOptions
from game.ui.online_seats import join_table, last_table, remember_seat
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import LobbyScene, OnlineScene
from game.ui.scenes.online_pause import OnlinePauseScene
from game.ui.scenes.online_table import OnlineTableScene, ReconnectingScene, TableClosedScene
from tests.ui.conftest import FRAME
from tests.ui.test_online_scenes import _frames

NOTICE_SECONDS = 5  # the longest a player may look at a table that has ended


def _guest_at(app: App, url: str, code: str) -> OnlineTableScene:
    """The window joins `code` at `url` as Bea and is shown the dealt table."""
    app.start(MenuScene(app))
    app.settings.player_name = "Bea"
    join_table(app, url, code, Join(code))
    assert _frames(app, lambda: isinstance(app.stack.top, OnlineTableScene), 30)
    table = app.stack.top
    assert isinstance(table, OnlineTableScene)
    return table


def _notice_within(app: App, seconds: float) -> TableClosedScene:
    started = time.monotonic()
    assert _frames(app, lambda: isinstance(app.stack.top, TableClosedScene), seconds)
    assert time.monotonic() - started <= seconds
    notice = app.stack.top
    assert isinstance(notice, TableClosedScene)
    app.step(FRAME)  # drawn without a fault
    return notice


def _labels(notice: TableClosedScene) -> list[str]:
    return [b.label for b in notice.menu.buttons]


@contextlib.contextmanager
def _anns_table(
    app: App, seats: tuple[str, ...] = ("me", "open")
) -> Iterator[tuple[RemoteTable, OnlineTableScene]]:
    """Ann hosts in her game (a server on a thread here); the window is her guest."""
    hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    try:
        ann = RemoteTable.connect(hosted.url, "Ann", Create("classic", seats, timer=600))
        assert ann.wait_joined(10) and ann.news.code
        yield ann, _guest_at(app, hosted.url, ann.news.code)
    finally:
        hosted.stop("host_left")


def test_a_rematch_the_server_drops_is_told_not_left_frozen(app: App) -> None:
    with _anns_table(app) as (ann, table):
        remember_seat(app, table.remote.line.url, ann.news.code, table.remote.news.token)
        # The new match has begun (its first turn shown) when the server closes the
        # table as over: what the reported window froze on, "Ada thinking...".
        assert not table.seat.latest.over
        table.remote.news.closed = TableClosed("match_over", "")
        notice = _notice_within(app, NOTICE_SECONDS)
        assert notice.text == "The server closed the table: the new match did not go on."
        assert _labels(notice) == ["Back to the menu"]  # nothing to rejoin
        assert last_table(app) is None  # nor offered again from the online menu
        ann.close()


def test_the_table_ending_under_the_pause_menu_is_told_over_it(app: App) -> None:
    with _anns_table(app) as (ann, table):
        table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert isinstance(app.stack.top, OnlinePauseScene)
        ann.close()  # the in-app host leaves its table: it closes for the guests
        notice = _notice_within(app, NOTICE_SECONDS)
        assert notice.text == "Ann's game closed; the match is saved on Ann's computer."


HOST_SCRIPT = """
import sys, time
from game.online.client.connection import CLOSE_WAIT, PING_EVERY, PING_TIMEOUT
from game.online.client.hosting import HostedServer
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Create
from game.online.server.room import RoomOptions
hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
ann = RemoteTable.connect(hosted.url, "Dan", Create("classic", ("me", "open"), timer=600))
ann.wait_joined(10)
print(hosted.url, ann.news.code, flush=True)
time.sleep(600)
"""


def test_a_killed_in_app_host_is_told_to_its_guest_at_once(app: App) -> None:
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_SCRIPT], stdout=subprocess.PIPE, text=True, env=os.environ
    )
    try:
        assert host.stdout is not None
        url, code = host.stdout.readline().split()
        table = _guest_at(app, url, code)
        assert not table.remote.news.dedicated
        host.send_signal(signal.SIGKILL)  # no goodbye: the process is gone
        host.wait(10)
        notice = _notice_within(app, NOTICE_SECONDS)
        assert notice.text == "Dan's game closed; the match is saved on Dan's computer."
        assert _labels(notice) == ["Back to the menu"]
    finally:
        with contextlib.suppress(ProcessLookupError):
            host.kill()
        host.wait(10)


class _Valve:
    """A TCP relay between the client and the server that can stop passing bytes
    while keeping both sockets open: a stalled connection, as a dead router makes."""

    def __init__(self, port: int) -> None:
        self.port, self.open = port, threading.Event()
        self.open.set()
        self.loop = asyncio.new_event_loop()
        self.listen_port = 0
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait(5)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)

        async def main() -> None:
            server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
            self.listen_port = server.sockets[0].getsockname()[1]
            ready.set()
            await asyncio.Event().wait()

        with contextlib.suppress(RuntimeError):
            self.loop.run_until_complete(main())

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError, OSError):
                while data := await src.read(65536):
                    while not self.open.is_set():
                        await asyncio.sleep(0.05)
                    dst.write(data)
                    await dst.drain()

        await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


def test_a_stalled_socket_becomes_a_notice_and_the_seat_comes_back(app: App) -> None:
    hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    valve = _Valve(hosted.port)
    try:
        ann = RemoteTable.connect(hosted.url, "Ann", Create("classic", ("me", "open"), timer=600))
        assert ann.wait_joined(10) and ann.news.code
        table = _guest_at(app, f"ws://127.0.0.1:{valve.listen_port}", ann.news.code)
        remote = table.remote
        valve.open.clear()  # nothing passes either way from now on
        # The client's own keepalive finds it (the server's would take 40 s).
        stalled = PING_EVERY + PING_TIMEOUT + CLOSE_WAIT
        assert stalled <= 5  # the window says so within 5 s of the stall
        assert _frames(app, lambda: isinstance(app.stack.top, ReconnectingScene), stalled + 5)
        app.step(FRAME)
        said = app.stack.top
        assert isinstance(said, ReconnectingScene)
        assert [b.label for b in said.menu.buttons] == ["Back to the menu"]
        valve.open.set()
        assert _frames(app, lambda: app.stack.top is table and not remote.line.retrying, 30)
        assert remote.seat == 1 and not remote.line.failure  # the same seat, taken back
    finally:
        valve.stop()
        hosted.stop("host_left")


def test_rejoin_to_a_table_that_is_gone_says_so_and_is_not_offered_again(app: App) -> None:
    hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    try:
        remember_seat(app, hosted.url, "K7QX2M", "d" * 48)  # a table this server never had
        app.start(MenuScene(app))
        online = OnlineScene(app)
        app.stack.push(online)
        app.step(FRAME)
        online.choose("rejoin")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.remote.news.token == "d" * 48  # a resume
        assert _frames(app, lambda: bool(lobby.remote.line.failure), 10)
        app.step(FRAME)
        assert lobby.title == "Could not join"  # not "Waiting for players"
        assert [b.key for b in lobby.menu.buttons] == ["back"]  # no invitation to copy
        assert "the table has ended" in lobby._lines()[0][0]
        assert last_table(app) is None
        lobby.back()
        again = OnlineScene(app)
        app.stack.push(again)
        app.step(FRAME)
        assert not any(b.key == "rejoin" for b in again.menu.buttons)
    finally:
        hosted.stop("host_left")


def test_at_start_up_a_match_in_progress_is_offered_again(app: App) -> None:
    remember_seat(app, "ws://127.0.0.1:9", "K7QX2M", "e" * 48)
    app.start(MenuScene(app, offer_rejoin=True))
    app.step(FRAME)
    asked = app.stack.top
    assert isinstance(asked, ConfirmScene)
    assert asked.question == "Your online match at table K7QX2M may still be going on. Rejoin it?"
    asked.answer("yes")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.remote.news.token == "e" * 48
    lobby.back()


def test_without_a_match_in_progress_nothing_is_asked(app: App) -> None:
    app.start(MenuScene(app, offer_rejoin=True))
    app.step(FRAME)
    assert isinstance(app.stack.top, MenuScene)


def test_missed_moves_are_shown_at_once_and_told_as_the_computers(app: App) -> None:
    """Coming back, the moves missed meanwhile are not played out while the turn
    clock runs, and a move made in this player's seat is not told as "You ..."."""
    with _anns_table(app) as (ann, table):
        remote = table.remote
        mine = table.seat.viewer
        assert table.narrator().you == mine
        remote.news.take(Presence(mine, "computer"))  # voted to a computer: it plays
        narrator = table.narrator()
        assert narrator.you is None
        assert narrator.names[mine] == "The computer playing for you"
        remote.news.take(Presence(mine, "back"))
        assert table.narrator().you == mine
        # A catch-up update delivered: whatever it queued is shown in the same frame.
        latest = remote.update(mine)
        remote.news.catch_up = latest.token
        assert remote.catching_up and table.narrator().you is None
        finished: list[bool] = []
        table.picture.choreo.finish = lambda: finished.append(True)  # type: ignore[method-assign]
        app.step(FRAME)
        assert finished and remote.news.catch_up is None and not remote.catching_up
        ann.close()


def test_the_seats_say_who_is_who(app: App) -> None:
    """A computer, a person away with the seconds left, a computer playing for a
    person: on the seat itself, under the moment's own badges."""
    with _anns_table(app) as (ann, table):
        remote, shown = table.remote, table.picture.shown
        remote.news.take(Presence(0, "away", 45.0))
        app.step(FRAME)
        assert shown.badges[0][0] == "Away · 45 s"
        remote.news.take(Presence(0, "computer"))
        app.step(FRAME)
        assert shown.badges[0][0] == "Computer for Ann"
        shown.badges[0] = ("UNO!", 1.0)  # the moment's own badge is not covered
        app.step(FRAME)
        assert shown.badges[0][0] == "UNO!"
        remote.news.take(Presence(0, "back"))
        shown.badges.pop(0)
        app.step(FRAME)
        assert 0 not in shown.badges  # a person here: nothing to say
        mine = remote.news.seat  # this player's own seat, handed over: not "for You"
        remote.news.take(Presence(mine, "computer"))
        app.step(FRAME)
        assert shown.badges[mine][0] == "Computer for you"
        ann.close()


def test_the_say_menu_never_covers_a_seat(app: App) -> None:
    from game.ui.social_overlay import social_buttons

    with _anns_table(app, ("me", "open", "bot:easy", "bot:easy", "bot:easy")) as (ann, table):
        table.saying = True
        view = table.online_view()
        g = table.geometry
        opened = social_buttons(view)
        assert len(opened) > 5
        for button in opened:
            for seat in range(g.players):
                assert seat == g.viewer or not button.rect.colliderect(g.seat_rect(seat)), seat
        app.step(FRAME)
        ann.close()
