"""Play online from the menu: host a table, a friend joins over a real socket on
127.0.0.1, and the host's table scene plays the match from the server's updates."""

from __future__ import annotations

import contextlib
import time

import pygame

from game.app import App, Options
from game.i18n import Translator
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Join
from game.online.protocol.server_messages import Refusal
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import HostScene, JoinScene, LobbyScene, OnlineScene
from game.ui.scenes.online_rules import OnlineRulesScene
from game.ui.scenes.online_table import OnlineTableScene
from game.ui.table.choreography import REVEAL
from game.ui.table.state import Reveal
from tests.ui.conftest import FRAME


def _frames(app: App, done, seconds: float = 30) -> bool:  # noqa: ANN001 - a predicate
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        app.step(FRAME)
        time.sleep(0.002)  # the server and the friend answer on other threads
    return done()


def _state(friend: RemoteTable, host: RemoteTable, hosted) -> str:  # noqa: ANN001
    """Where each side stands, for a failure's message."""

    def side(remote: RemoteTable) -> str:
        u = remote.update(remote.seat) if remote.started else None
        where = f"token {u.token} current {u.current} turn {u.turn}" if u else "no update"
        return f"{where}, notices {remote.news.notices}, failure {remote.line.failure!r}"

    rooms = [
        (code, room.table.token, room.table.match.round.current, room.table.pending)
        for code, room in hosted.server.rooms.items()
        if room.table is not None
    ]
    return f"friend: {side(friend)}; host: {side(host)}; server: {rooms}"


def _hosted_lobby(app: App, seats: list[str] | None = None) -> LobbyScene:
    """From the menu, Host a table (with these seats): the lobby, its code given."""
    app.start(MenuScene(app))
    app.stack.top.choose("online")  # type: ignore[union-attr]
    online = app.stack.top
    assert isinstance(online, OnlineScene)
    online.choose("host")
    hosting = app.stack.top
    assert isinstance(hosting, HostScene)
    if seats is not None:
        hosting.seats = seats
        hosting.build()
    hosting.choose("start")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
    assert _frames(app, lambda: bool(lobby.remote.news.code))
    app.step(FRAME)
    return lobby


def _host_with_a_friend(app: App) -> tuple[LobbyScene, RemoteTable, OnlineTableScene]:
    """The host's table (the host, a friend over a real socket, a computer), dealt."""
    lobby = _hosted_lobby(app, ["open", "open", "easy"])  # the host, a friend, a computer
    assert lobby.hosted is not None
    friend = RemoteTable.connect(lobby.hosted.url, "Bea", Join(lobby.remote.news.code))
    assert friend.wait_joined(10) and not friend.line.failure
    assert _frames(app, lambda: isinstance(app.stack.top, OnlineTableScene))
    table = app.stack.top
    assert isinstance(table, OnlineTableScene)
    return lobby, friend, table


def _both_play(friend: RemoteTable, table: OnlineTableScene, actions: int):  # noqa: ANN202
    """A predicate for `_frames`: the friend and the host each make a legal move
    whenever it is theirs, until the round has seen `actions` actions."""

    def played() -> bool:
        latest = friend.update(1) if friend.started else None
        if latest is not None and latest.turn and latest.legal and not friend.step():
            with contextlib.suppress(ValueError):
                friend.submit(1, latest.legal[0])
        friend.step()
        if table.human_turn() and table.seat.legal():
            table.submit(table.seat.legal()[0])  # a repeat before the answer is ignored
        return table.seat.latest.actions >= actions

    return played


def test_host_a_table_a_friend_joins_and_the_match_is_played(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    hosted = lobby.hosted
    try:
        assert table.setup.humans == [0] and table.setup.names[1] == "Bea"
        assert _frames(app, _both_play(friend, table, 6), 60), _state(friend, table.table, hosted)
        assert any("Bea" in line for line in table.log.lines)  # the friend's moves, told
        for remote in (table.remote, friend):  # both people's secrets went into the deal
            chain = remote.news.deals.committed[1].chain
            assert chain is not None and chain.people == 2 and chain.secrets[2] is None
    finally:
        app.stack.pop()  # the host leaves: the server stops
    assert _frames(app, lambda: friend.news.closed is not None, 10)
    assert friend.news.closed is not None and friend.news.closed.reason == "host_left"


def test_a_revealed_hand_online_does_not_hold_the_table_still(app: App) -> None:
    """The server does not wait while the host reads a challenged hand (the turn timer
    runs): the table moves on under the panel, which closes by itself."""
    lobby, friend, table = _host_with_a_friend(app)
    try:
        table.picture.shown.reveal = Reveal(1, (), False, REVEAL)  # as a challenge shows it
        assert _frames(app, _both_play(friend, table, 4), 20), _state(
            friend, table.table, lobby.hosted
        )
        assert _frames(app, lambda: table.picture.shown.reveal is None, REVEAL + 5)
    finally:
        app.stack.pop()


def test_a_refused_move_is_told_unless_the_table_had_moved_on(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    remote = table.table
    assert isinstance(remote, RemoteTable)
    try:
        table.picture.toast = None
        remote.news.notices.append(Refusal("stale", "moved on"))
        app.step(FRAME)
        assert table.picture.toast is None  # the newer update shows the player what happened
        remote.news.notices.append(Refusal("not_yours", "a computer"))
        app.step(FRAME)
        assert (
            table.picture.toast is not None
            and "computer is playing your seat" in table.picture.toast[0]
        )
        app.i18n = Translator("es")  # as a live language switch leaves it
        remote.news.notices.append(Refusal("illegal", "not allowed"))
        app.step(FRAME)
        assert (
            table.picture.toast is not None
            and "La mesa no aceptó esa jugada" in table.picture.toast[0]
        )
    finally:
        app.stack.pop()


def test_the_host_chooses_house_options_scoring_and_target(app: App) -> None:
    app.settings.last_setup = None
    app.start(MenuScene(app))
    hosting = HostScene(app)
    app.stack.push(hosting)
    assert (hosting.target, hosting.scoring) == (500, "standard")
    hosting.choose("rules")
    rules = app.stack.top
    assert isinstance(rules, OnlineRulesScene)
    app.step(FRAME)  # drawn once: every label in place
    assert "Jump in: off" in [b.label for b in rules.menu.buttons]
    for key in ("opt:jump_in", "opt:stack_draw2", "opt:number_finish", "target", "scoring"):
        rules.choose(key)
    app.step(FRAME)
    assert "Jump in: on" in [b.label for b in rules.menu.buttons]
    rules.choose("back")
    assert app.stack.top is hosting
    app.step(FRAME)
    label = next(b.label for b in hosting.menu.buttons if b.key == "rules")
    assert "1 house option " in label and "alternative" in label and "750" in label
    hosting.seats = ["open", "easy"]
    hosting.build()
    hosting.choose("start")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
    try:
        assert _frames(app, lambda: bool(lobby.remote.news.code))
        (room,) = lobby.hosted.server.rooms.values()
        setup = room.settings.setup
        assert setup.rules.jump_in and not setup.rules.stack_draw2  # classic stacks by default
        assert (setup.target, setup.scoring) == (750, "alternative")
        assert lobby.remote.rules.jump_in  # and the host's own table plays by them
    finally:
        app.stack.pop()


def test_the_name_typed_before_hosting_is_kept_for_next_time(app: App) -> None:
    app.settings.player_name = "You"  # the default: not a name anyone chose
    app.start(MenuScene(app))
    online = OnlineScene(app)
    app.stack.push(online)
    app.step(FRAME)
    assert next(b.label for b in online.menu.buttons if b.key == "name") == "Your name: "
    name = next(b for b in online.menu.buttons if b.key == "name")
    online.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=name.rect.center))
    for text in ("Ann", " ", "\x1b", "Lee"):
        online.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(FRAME)
    assert next(b.label for b in online.menu.buttons if b.key == "name") == "Your name: Ann Lee_"
    online.choose("join")
    assert app.settings.player_name == "Ann Lee"
    assert OnlineScene(app).name == "Ann Lee"


def test_join_takes_an_address_and_a_code(app: App) -> None:
    scene = JoinScene(app)
    app.start(scene)
    scene.menu.focus = next(i for i, b in enumerate(scene.menu.buttons) if b.key == "address")
    for text in "10.0.0.7":
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    scene.menu.focus = next(i for i, b in enumerate(scene.menu.buttons) if b.key == "code")
    for text in "k7qx2m!":
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    assert scene.address == "10.0.0.7" and scene.code == "K7QX2M"
    assert scene._url() == "ws://10.0.0.7:8765"
    scene.code = "K7Q"
    scene.choose("join")
    assert app.stack.top is scene and "six" in scene.status


def test_the_online_forms_fit_between_their_title_and_the_window_foot() -> None:
    """Six seats at 1280x720: the host's column ran under its title and past the
    window's foot, and so did the rules screen's."""
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=(1280, 720)))
    try:
        hosting = HostScene(app)
        hosting.seats = ["open"] + ["hard"] * 5
        hosting.build()
        app.start(hosting)
        for scene in (hosting, OnlineRulesScene(app, hosting)):
            if scene is not hosting:
                app.stack.push(scene)
            app.step(FRAME)
            rects = [b.rect for b in scene.menu.buttons]
            assert min(r.top for r in rects) > 80 and max(r.bottom for r in rects) < 720 - 30
            assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:], strict=False))
    finally:
        app.close()
