"""The social side on screen: names refused in the player's language, a public
table listed and watched from the lobby, reactions shown at the sender's seat
and hidden when muted."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import pytest

from game.app import App
from game.online.client.social_state import Bubble
from game.online.protocol.server_messages import TableInfo
from game.ui.online_seats import join_table
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import HostScene, LobbyScene, OnlineScene
from game.ui.scenes.public_tables import PublicTablesScene, table_line
from game.ui.social_overlay import SPECTATOR_BUBBLES, draw_social, social_buttons
from tests.ui.conftest import FRAME, app_in_spanish
from tests.ui.test_online_scenes import _frames, _host_with_a_friend


@pytest.fixture
def spanish_app() -> Iterator[App]:
    yield from app_in_spanish((1280, 720))


def test_online_a_reserved_name_is_refused_in_the_players_language(spanish_app: App) -> None:
    app = spanish_app
    app.start(MenuScene(app))
    online = OnlineScene(app)
    app.stack.push(online)
    online.name = "Bea (ordenador)"
    online.choose("join")
    app.step(FRAME)
    assert app.stack.top is online  # not on to the join screen
    assert online.status.startswith("Ese nombre parece el de un ordenador")


def test_online_a_public_table_is_listed_and_watched_from_the_lobby(app: App) -> None:
    app.start(MenuScene(app))
    hosting = HostScene(app)
    app.stack.push(hosting)
    hosting.seats = ["open", "open", "easy"]
    hosting.build()
    hosting.choose("public")
    hosting.choose("watch")
    hosting.choose("start")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
    try:
        assert _frames(app, lambda: bool(lobby.remote.news.code))
        assert lobby.remote.news.public and lobby.remote.news.watch_allowed
        assert lobby.remote.news.code in lobby.invitation()
        url = lobby.hosted.url
        tables = PublicTablesScene(app, url, lambda r: join_table(app, url, r.code, request=r))
        app.stack.push(tables)
        assert _frames(app, lambda: bool(tables.tables))
        app.step(FRAME)
        labels = [b.label for b in tables.menu.buttons]
        assert any("1 seat free" in label and "waiting" in label for label in labels)
        tables.choose("watch:0")
        watching = app.stack.top
        assert isinstance(watching, LobbyScene) and watching is not tables
        assert _frames(app, lambda: watching.remote.news.watching)
        assert _frames(app, lambda: lobby.remote.news.social.watchers == 1)
        watching.remote.close()
        lobby.choose("public")  # the host makes it private again: gone from the list
        assert _frames(app, lambda: not lobby.remote.news.public)
        tables.refresh()
        assert _frames(app, lambda: tables.tables == [])
    finally:
        lobby.remote.close()


def test_online_a_reaction_shows_at_its_seat_unless_muted(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    try:
        friend.react("laugh")
        assert _frames(app, lambda: bool(table.remote.news.social.shown()))
        (bubble,) = table.remote.news.social.shown()
        assert (bubble.seat, bubble.code) == (1, "laugh")
        table.saying = True
        app.step(FRAME)
        mute = next(b for b in social_buttons(table.online_view()) if b.key == "mute:1")
        assert mute.label == "Mute Bea"
        table.remote.news.social.mute(1)
        assert table.remote.news.social.shown() == []  # the bubble already shown goes too
        friend.react("wow")
        _frames(app, lambda: False, 1.0)
        assert table.remote.news.social.shown() == []
    finally:
        app.stack.pop()


def test_a_listed_table_without_house_options_says_standard_rules() -> None:
    table = TableInfo("K7QX2M", "minecraft", (), 3, 1, False, 0, True)
    line = table_line(table, lambda t: t, lambda one, many, n: one if n == 1 else many)
    assert (
        line == "Minecraft · 2/3 · 1 seat free · standard rules · waiting"
    )  # not "0 house options"
    two = table_line(
        TableInfo("K7QX2M", "classic", ("jump_in", "stacking"), 4, 0, True, 2, True),
        lambda t: t,
        lambda one, many, n: one if n == 1 else many,
    )
    assert two == "Classic · 4/4 · 0 seats free · 2 house options · playing · 2 watching"


def test_online_spectators_bubbles_stack_without_covering_one_another(app: App) -> None:
    lobby, friend, table = _host_with_a_friend(app)
    try:
        now = time.monotonic()
        said = ("wow", "laugh", "gg", "oops")
        table.remote.news.social.bubbles = tuple(Bubble(-1, code, now) for code in said)
        rects = draw_social(table.online_view(), app.screen)
        assert len(rects) == SPECTATOR_BUBBLES  # the newest few, not a column down the screen
        for upper, lower in itertools.pairwise(rects):
            assert not upper.colliderect(lower) and lower.top > upper.top
        assert all(app.screen.get_rect().contains(r) for r in rects)
    finally:
        app.stack.pop()
