"""What a player sees of drops and departures online, and the ways in: the away
countdown, a computer playing for someone, their return, the turn clock, the vote,
the host leaving (guests to the menu, the host warned), Rejoin after a restart,
a table created on a dedicated server, and the join form's fields."""

from __future__ import annotations

import time
from dataclasses import replace

import pygame

from game.app import App, Options
from game.online.client.hosting import HostedServer
from game.online.client.remote_table import RemoteTable
from game.online.client.table_news import TableNews
from game.online.protocol.client_messages import Resume, Vote
from game.online.protocol.server_messages import Presence
from game.online.protocol.server_messages import Update as UpdateMessage
from game.online.server.room import RoomOptions
from game.ui import layout_record
from game.ui.online_overlay import _no_orphan, away_lines, clock_line, overlay_buttons
from game.ui.online_seats import last_table, remember_seat
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import (
    HostScene,
    JoinScene,
    LobbyScene,
    OnlineScene,
)
from game.ui.scenes.online_pause import HostPauseScene, OnlinePauseScene
from game.ui.scenes.online_table import OnlineTableScene, TableClosedScene
from tests.ui.conftest import FRAME
from tests.ui.test_online_scenes import _both_play, _frames, _host_with_a_friend, _hosted_lobby


def _press(app: App, key: int) -> None:
    app.stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_a_friend_away_then_played_by_a_computer_then_back(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    remote = table.remote
    try:
        remote.news.take(Presence(1, "away", 45.0))
        app.step(FRAME)
        assert away_lines(table.online_view()) == [
            "Bea is away: a computer plays for them in 45 s."
        ]
        remote.news.people.away[1] = remote.news.people.away[1].__class__(
            time.monotonic() - 10, time.monotonic() + 35
        )
        assert away_lines(table.online_view()) == [
            "Bea is away: a computer plays for them in 35 s."
        ]
        remote.news.take(Presence(1, "computer"))
        app.step(FRAME)
        assert away_lines(table.online_view()) == ["A computer plays for Bea until they return."]
        remote.news.take(Presence(1, "back"))
        app.step(FRAME)
        assert away_lines(table.online_view()) == ["Bea is back."]  # for a few seconds
        assert table.picture.toast is not None and table.picture.toast[0] == "Bea is back."
        assert table.log.lines[:3] == [  # the log keeps what happened, newest first
            "Bea is back.",
            "A computer plays for Bea until they return.",
            "Bea is away.",
        ]
        remote.news.people.back_at[1] -= 10
        assert away_lines(table.online_view()) == []
        assert remote.thinking() != 1 or 1 not in remote.news.people.away
    finally:
        app.stack.pop()


def _bea_to_move(table: OnlineTableScene) -> list:
    """The table frozen with Bea (seat 1) to move; what the host's game sends, kept."""
    remote = table.remote
    sent: list = []
    remote.send = sent.append  # type: ignore[method-assign]
    # The live table plays on: nothing more it says may reach what the scene shows
    # (the line feeds a mirror of its own from here on), so the clock set here holds.
    remote.line.news = TableNews(lambda update: None)
    latest = remote.update(0)
    while remote.step():  # what was waiting is shown, then the turn passes to Bea
        latest = remote.update(0)
    view = replace(latest.view, current=1)
    remote.news.take(UpdateMessage(replace(latest, seat=0, legal=(), events=(), view=view), True))
    assert remote.step() and remote.update(0).current == 1
    remote.news.joined = replace(remote.news.joined, timer=30)  # type: ignore[type-var]
    return sent


def test_the_turn_clock_and_the_vote_for_an_idle_seat(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    remote = table.remote
    try:
        sent = _bea_to_move(table)
        remote.news.people.clock = (1, time.monotonic() + 25.5)
        assert clock_line(table.online_view()) == "Bea: 26 s left"
        assert overlay_buttons(table.online_view()) == []  # 5 s into the turn: too soon to vote
        remote.news.people.clock = (1, time.monotonic() + 12)
        (button,) = overlay_buttons(table.online_view())
        assert button.label == "Let a computer play for Bea"
        # Under the corner's buttons, clear of them and of the top seat's middle.
        assert not any(button.rect.colliderect(c.rect) for c in table.buttons())
        assert button.rect.left > app.size[0] // 2
        # With Bea away too, two lines stand over it: it goes where it covers no seat.
        remote.news.take(Presence(1, "away", 45.0))
        (button,) = overlay_buttons(table.online_view())
        g = table.geometry
        for seat in range(g.players):
            assert seat == g.viewer or not button.rect.colliderect(g.seat_rect(seat)), seat
        assert not any(button.rect.colliderect(c.rect) for c in table.buttons())
        table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
        assert sent == [Vote(1)]
        app.step(FRAME)  # drawn over the table without a fault
    finally:
        app.stack.pop()


def test_the_vote_button_keeps_its_words_inside_it_in_a_640x480_window() -> None:
    """Seen in a real 640x480 window: "Let a computer play for Bea" ran past the
    button and the window's right edge (one line, at the smallest size, too wide)."""
    small = App(Options(fixed_dt=FRAME, fps_cap=0, size=(640, 480)))
    try:
        small.complete_catalog()
        lobby, friend, table = _host_with_a_friend(small)
        _bea_to_move(table)
        table.remote.news.people.clock = (1, time.monotonic() + 12)
        (button,) = overlay_buttons(table.online_view())
        assert button.label == "Let a computer play for Bea"
        style = table.style
        size, lines = button._fitted_lines(style)
        assert " ".join(lines) == button.label
        room = button.rect.inflate(-2 * style.px(8), 0)
        assert all(style.text(line, size).get_width() <= room.w for line in lines), lines
        assert button.rect.right <= small.size[0]
        assert not any(button.rect.colliderect(c.rect) for c in table.buttons())
        small.step(FRAME)
    finally:
        small.close()


def test_the_host_is_warned_before_quitting_and_the_guest_goes_to_the_menu(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    _press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, HostPauseScene) and menu.title == "Play goes on"
    menu.choose("menu")
    assert app.stack.top is menu and menu.warned  # told what quitting does, not quit
    app.step(FRAME)
    menu.choose("menu")
    assert isinstance(app.stack.top, MenuScene)
    assert _frames(app, lambda: friend.news.closed is not None, 10)
    assert friend.news.closed is not None and friend.news.closed.reason == "host_left"


def test_closing_the_window_while_guests_play_asks_first(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    assert _frames(app, lambda: table.remote.guests_here, 10)
    try:
        app._dispatch(pygame.event.Event(pygame.QUIT))
        asked = app.stack.top
        assert app.running and isinstance(asked, ConfirmScene)
        assert asked.question == "Guests are playing at your table — quit and end it?"
        app.step(FRAME)
        asked.answer("no")
        assert app.running and app.stack.top is table
        app._dispatch(pygame.event.Event(pygame.QUIT))
        app._dispatch(pygame.event.Event(pygame.QUIT))  # closed again while asked: quits
        assert not app.running
    finally:
        app.running = True
        app.stack.reset(MenuScene(app))


def test_a_guest_is_told_the_host_left_and_sent_to_the_menu(app: App) -> None:
    hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    try:
        host = RemoteTable.connect(hosted.url, "Ann", _create(("me", "open")))
        assert host.wait_joined(10) and host.news.code
        app.start(MenuScene(app))
        app.stack.push(LobbyScene(app, RemoteTable.connect(hosted.url, "Bea", _join(host)), None))
        assert _frames(app, lambda: isinstance(app.stack.top, OnlineTableScene))
        _press(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, OnlinePauseScene)  # a guest's menu: not "Paused"
        _press(app, pygame.K_ESCAPE)
    finally:
        hosted.stop("host_left")
    assert _frames(app, lambda: isinstance(app.stack.top, TableClosedScene), 10)
    closed = app.stack.top
    assert isinstance(closed, TableClosedScene)
    assert closed.text == "Ann's game closed; the match is saved on Ann's computer."
    app.step(FRAME)
    closed.choose("menu")
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1


def _create(seats: tuple[str, ...]):  # noqa: ANN202
    from game.online.protocol.client_messages import Create

    return Create("classic", seats, timer=600)


def _join(host: RemoteTable):  # noqa: ANN202
    from game.online.protocol.client_messages import Join

    return Join(host.news.code)


def test_rejoin_is_offered_after_a_restart_with_the_address_and_code(app: App) -> None:
    remember_seat(app, "wss://cards.example.org/uno", "K7QX2M", "a" * 48)
    assert last_table(app) == ("wss://cards.example.org/uno", "K7QX2M")
    app.start(MenuScene(app))
    online = OnlineScene(app)  # as after the game is started again: read from the files
    app.stack.push(online)
    app.step(FRAME)
    assert "Rejoin table K7QX2M" in [b.label for b in online.menu.buttons]
    join = JoinScene(app)
    assert (join.address, join.code) == ("wss://cards.example.org/uno", "K7QX2M")
    online.choose("rejoin")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    assert lobby.remote.news.code == "K7QX2M" and lobby.remote.news.token == "a" * 48  # a resume
    lobby.back()


def test_a_table_is_created_on_a_dedicated_server(app: App) -> None:
    server = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    try:
        app.start(MenuScene(app))
        join = JoinScene(app)
        app.stack.push(join)
        app.step(FRAME)
        field = next(b for b in join.menu.buttons if b.key == "address")
        join.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=field.rect.center))
        join.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=field.rect.center))
        for c in f"127.0.0.1:{server.port}":
            join.handle(pygame.event.Event(pygame.TEXTINPUT, text=c))
        assert join.address == f"127.0.0.1:{server.port}"
        join.choose("create")
        hosting = app.stack.top
        assert isinstance(hosting, HostScene) and hosting.server == f"ws://{join.address}"
        app.step(FRAME)
        assert "Create" in [b.label for b in hosting.menu.buttons]
        hosting.seats = ["open", "easy"]
        hosting.target = 300
        hosting.build()
        hosting.choose("start")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.hosted is None
        assert _frames(app, lambda: any(b.key == "start" for b in lobby.menu.buttons))
        assert lobby.remote.setup.target == 300  # shown as the table's, not "to 500"
        lobby.choose("start")
        assert _frames(app, lambda: isinstance(app.stack.top, OnlineTableScene))
        assert app.stack.top.setup.target == 300  # type: ignore[union-attr]
        app.stack.pop()
    finally:
        server.stop("server_stopping")


def test_clicking_the_code_field_focuses_it(app: App) -> None:
    join = JoinScene(app)
    app.start(join)
    app.step(FRAME)
    field = next(b for b in join.menu.buttons if b.key == "code")
    join.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=field.rect.center))
    join.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=field.rect.center))
    join.code = ""
    join.handle(pygame.event.Event(pygame.TEXTINPUT, text="k7 q"))
    assert join.code == "K7Q"


def test_a_resume_request_remembers_its_seat() -> None:
    remote = RemoteTable.connect("ws://127.0.0.1:9", "Ann", Resume("K7QX2M", "b" * 48))
    assert remote.news.code == "K7QX2M" and remote.news.token == "b" * 48
    assert remote.wait_joined(15) and remote.line.failure_code  # nothing listens there


def test_a_server_refusal_is_said_in_the_players_language() -> None:
    """The server's English sentence is for logs: a Spanish player reads Spanish."""
    from tests.ui.conftest import app_in_spanish

    for app in app_in_spanish((1280, 720)):
        remote = RemoteTable()
        remote.line.failure, remote.line.failure_code = "no table has the code K7QX2M", "not_found"
        lobby = LobbyScene(app, remote, None)
        app.start(lobby)
        app.step(FRAME)
        (line,) = lobby._lines()
        assert "Ninguna mesa tiene ese código" in line[0] and "K7QX2M" not in line[0]
        remote.line.failure, remote.line.failure_code = "bad", "bad_server"
        assert "no puede leer" in lobby._lines()[0][0]


def test_a_lost_connection_offers_rejoin(app: App) -> None:
    app.start(MenuScene(app))
    closed = TableClosedScene(app, "lost", ("ws://127.0.0.1:9", "K7QX2M"))
    app.stack.push(closed)
    app.step(FRAME)
    assert [b.label for b in closed.menu.buttons] == ["Rejoin", "Back to the menu"]
    remember_seat(app, "ws://127.0.0.1:9", "K7QX2M", "c" * 48)
    closed.choose("rejoin")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and len(app.stack) == 2  # over the menu
    assert lobby.remote.news.token == "c" * 48  # taking the seat back
    lobby.back()


def test_a_wrapped_line_never_leaves_its_unit_alone() -> None:
    rows = ["Ann no está: un ordenador jugará por su asiento en 2", "s."]
    assert _no_orphan(rows) == ["Ann no está: un ordenador jugará por su asiento en", "2 s."]
    assert _no_orphan(["Bea is back."]) == ["Bea is back."]
    assert _no_orphan(["a computer plays for", "Bea until they return."]) == [
        "a computer plays for",
        "Bea until they return.",
    ]


def test_the_hosts_lobby_rows_do_not_overlap_in_a_640x480_window() -> None:
    """Seen in a real 640x480 window: the invitation's three lines ran over the rows
    under it (each row stepped by its nominal size, the text kept a readable one)."""
    small = App(Options(fixed_dt=FRAME, fps_cap=0, size=(640, 480)))
    try:
        small.complete_catalog()
        lobby = _hosted_lobby(small)
        small.stack.drawn_over()
        with layout_record.recording(small.size) as record:
            small.stack.draw(small.screen)
        texts = [i for i in record.items if i.kind is layout_record.Kind.TEXT]
        assert any(lobby.remote.news.code in i.name for i in texts)
        assert record.problems() == []
        lobby.back()
    finally:
        small.close()


def test_a_round_come_back_to_is_retold_with_the_seats_name_not_you(app: App) -> None:
    """Seen in a real window: back at the table, the log said "You played a red 1"
    for the move the computer made in the seat meanwhile. The history does not say
    whose the seat's moves were, so the retold round names the seat."""
    lobby, friend, table = _host_with_a_friend(app)
    back = None
    try:
        assert _frames(app, _both_play(friend, table, 6), 60)
        friend.close()  # Bea's game closed: she comes back with her seat's token
        back = RemoteTable.connect(
            friend.line.url, "Bea", Resume(friend.news.code, friend.news.token)
        )
        assert back.wait_joined(10) and not back.line.failure
        assert _frames(app, lambda: back.started)
        assert back.news.resumed
        again = OnlineTableScene(app, back.setup, link=back)
        app.stack.push(again)
        assert _frames(app, lambda: "Round 1 resumed." in again.log.lines, 10)
        told = again.log.lines
        assert any(line.startswith("Bea ") for line in told), told
        assert not any(line.startswith("You ") for line in told), told
    finally:
        if back is not None:
            back.close()
        friend.close()
