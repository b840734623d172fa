"""What a spectator sees: every seat's cards as backs (the bottom seat's too,
never a face), and at the match's end the rematch panel beside their
"You are watching" line, never over it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame
import pytest

from game.app import App
from game.engine import IllegalAction
from game.online.client.hosting import HostedServer
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Create, Watch
from game.online.protocol.server_messages import Presence, Rematch
from game.online.server.room import RoomOptions
from game.ui.online_overlay import _area, _lines, _placed_rows, away_lines, overlay_buttons
from game.ui.scenes import online_table
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online_table import OnlineTableScene, TableClosedScene
from game.ui.scenes.rematch import RematchScene
from game.ui.social_overlay import covered, social_buttons, watching_line
from tests.ui.conftest import FRAME, app_in_spanish
from tests.ui.test_online_scenes import _frames


@pytest.fixture
def served() -> Iterator[tuple[HostedServer, RemoteTable]]:
    """A server inside a player's game (as Host starts it) with a dealt table of
    one round (target 1), open to watching: a person (who moves only when a test
    says: a long timer) and two computers."""
    # A long rematch countdown: the spectator's table may take a while to show the
    # match's end on a loaded machine, and the vote must still be open then.
    options = RoomOptions(pace=0, round_break=0, rematch=600)
    server = HostedServer.start("127.0.0.1", 0, room=options)
    url = f"ws://127.0.0.1:{server.port}"
    ann = RemoteTable.connect(
        url,
        "Ann",
        Create("classic", ("me", "bot:easy", "bot:easy"), target=1, timer=600, watch=True),
    )
    try:
        assert ann.wait_joined(10) and not ann.line.failure
        yield server, ann
    finally:
        ann.close()
        server.stop("server_stopping")


def _watching(app: App, server: HostedServer, code: str) -> OnlineTableScene:
    app.start(MenuScene(app))
    remote = RemoteTable.connect(f"ws://127.0.0.1:{server.port}", "Cy", Watch(code))
    assert remote.wait_joined(10) and remote.news.watching
    assert _frames(app, lambda: remote.started)
    table = OnlineTableScene(app, remote.setup, link=remote)
    app.stack.push(table)
    table.set_speed("instant")  # to the match's end without waiting on flights
    return table


def test_a_spectators_bottom_seat_shows_its_cards_as_backs(
    app: App, served: tuple[HostedServer, RemoteTable]
) -> None:
    server, ann = served
    table = _watching(app, server, ann.news.code)
    viewer = table.seat.viewer
    assert _frames(app, lambda: table.picture.shown.counts[viewer] >= 7 and table.picture.synced)
    app.step(1 / 60)
    fan = table.picture.fan
    assert len(fan.cards) == table.picture.shown.counts[viewer]
    assert not table._hand_look().face_up and table._hand_look().playable is None
    # Drawn: the backs are on the screen where the bottom seat's cards go.
    surface = pygame.Surface(app.size)
    table.draw(surface)
    back = table.style.card(None)
    where = fan.rect_of(len(fan.cards) - 1)  # the top card of the fan: all of it shows
    assert surface.subsurface(where).copy().get_at((where.w // 2, where.h // 2)) == back.get_at(
        (where.w // 2, where.h // 2)
    )
    # They play no card: no UNO button (the person at the table has one).
    assert "uno" not in [b.key for b in table.buttons()]
    player = OnlineTableScene(app, ann.setup, link=ann)
    assert "uno" in [b.key for b in player.buttons()]
    table.remote.close()


def test_a_spectator_is_told_seat_0_is_away_under_the_watching_line(
    app: App, served: tuple[HostedServer, RemoteTable]
) -> None:
    server, ann = served
    table = _watching(app, server, ann.news.code)
    table.remote.news.take(Presence(0, "away", 45.0))
    app.step(FRAME)
    view = table.online_view()
    assert away_lines(view) == ["Ann is away: a computer plays for them in 45 s."]
    line = watching_line(view)
    assert line is not None
    assert _area(view).top >= line[1].bottom  # they shared the corner's first line
    assert table.log.lines[0] == "Ann is away."  # seat 0 is shown, not the spectator's own
    assert overlay_buttons(view) == []  # neither a vote nor "Take my seat back": no seat
    assert not table.remote.is_host
    table.remote.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (1280, 800)])
def test_the_rematch_panel_leaves_a_spectators_watching_line_clear(
    app: App, served: tuple[HostedServer, RemoteTable], size: tuple[int, int]
) -> None:
    server, ann = served
    table = _watching(app, server, ann.news.code)
    remote = table.remote

    acted: set[int] = set()  # once per change: the host's rate limit is a person's

    def ann_plays_to_the_end() -> bool:
        while ann.started and ann.step():
            pass
        latest = ann.update(ann.seat) if ann.started else None
        if latest is not None and latest.turn and latest.legal and latest.token not in acted:
            acted.add(latest.token)
            with contextlib.suppress(IllegalAction):
                ann.submit(ann.seat, latest.legal[0])
        return isinstance(app.stack.top, RematchScene)

    assert _frames(app, ann_plays_to_the_end, 60)
    rematch = app.stack.top
    assert isinstance(rematch, RematchScene)
    assert _frames(app, lambda: remote.news.social.rematch is not None)
    remote.news.social.take(Rematch((0,), (0, 1, 2), 30.0))  # a table of three people voting
    app.resize_window(size)
    app.step(FRAME)
    lines = rematch.lines()
    # The winner, the totals, the vote, three people, and (the host's own game) who decides.
    assert len(lines) == 7
    assert lines[-1][0] == "The table plays again only if Ann (the host) says yes."
    box = rematch.box(lines)
    view = table.online_view()
    line = watching_line(view)
    assert line is not None and line[0].startswith("You are watching")
    for rect in covered(view):
        assert not box.colliderect(rect), (size, box, rect)
    assert box.bottom <= min(b.rect.top for b in rematch.buttons()), size
    assert not any("…" in row for row, _ in rematch.rows(lines))  # wrapped, never cut
    quick = [b for b in rematch.buttons() if b.key.startswith("react:")]
    style = table.style
    for left, right in zip(quick, quick[1:], strict=False):
        assert left.rect.right < right.rect.left, size
    for button in quick:  # each phrase whole, at its own size
        assert style.text(button.label, button.text_size).get_width() <= button.rect.w, size
    assert pygame.Rect((0, 0), size).contains(box)
    remote.close()


def test_a_spectators_seat_button_says_all_of_it_in_spanish_at_800x600(
    served: tuple[HostedServer, RemoteTable],
) -> None:
    server, _ = served
    # A table in the theme whose pixel font is the widest.
    seats = ("me", "bot:easy", "bot:easy")
    bo = RemoteTable.connect(
        f"ws://127.0.0.1:{server.port}", "Bo", Create("minecraft", seats, timer=600, watch=True)
    )
    assert bo.wait_joined(10) and not bo.line.failure
    for app in app_in_spanish((800, 600)):  # the smallest landscape window
        table = _watching(app, server, bo.news.code)
        buttons = social_buttons(table.online_view())
        sit = next(b for b in buttons if b.key == "sit")
        assert sit.label == "Sentarme cuando haya sitio"  # not "Sentarme cuando h…"
        assert len({b.rect.w for b in buttons}) == 1  # one column, one width
        table.remote.close()
    bo.close()


def test_a_spectator_told_the_server_stops_is_offered_to_watch_again_not_a_seat(
    app: App, served: tuple[HostedServer, RemoteTable], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen in three real windows: the spectator was told "Your seat is kept" and
    offered Rejoin, which asks for a seat they never had (the server refuses it)."""
    server, ann = served
    _watching(app, server, ann.news.code)
    server.stop("server_stopping")
    assert _frames(app, lambda: isinstance(app.stack.top, TableClosedScene), 10)
    closed = app.stack.top
    assert isinstance(closed, TableClosedScene)
    assert closed.text == (
        "The server is stopping. Come back with the same code later to watch again."
    )
    assert closed.labels()["rejoin"] == "Watch again"
    asked: list[object] = []
    monkeypatch.setattr(
        online_table, "join_table", lambda host, url, code, request=None: asked.append(request)
    )
    closed.choose("rejoin")
    assert asked == [Watch(ann.news.code)]  # watching again, not a seat


def test_a_spectator_whose_connection_ended_may_watch_again(
    app: App, served: tuple[HostedServer, RemoteTable], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen in three real windows on a loaded machine: the spectator's connection
    closed and the notice offered only the menu, though the table played on."""
    server, ann = served
    table = _watching(app, server, ann.news.code)
    table.remote.close()  # the connection over, with no word from the table
    assert _frames(app, lambda: isinstance(app.stack.top, TableClosedScene), 10)
    closed = app.stack.top
    assert isinstance(closed, TableClosedScene)
    assert closed.text == "The connection to the table closed."
    assert [b.key for b in closed.menu.buttons] == ["rejoin", "menu"]
    assert closed.labels()["rejoin"] == "Watch again"
    asked: list[object] = []
    monkeypatch.setattr(
        online_table, "join_table", lambda host, url, code, request=None: asked.append(request)
    )
    closed.choose("rejoin")
    assert asked == [Watch(ann.news.code)]


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
def test_a_corner_line_is_drawn_whole_or_not_at_all(
    served: tuple[HostedServer, RemoteTable], size: tuple[int, int]
) -> None:
    """Seen in three real windows (a spectator's, in Spanish, 640x480): the away
    line wrapped and stopped at the seat below, "Ada no está: un ordenador jugará
    por", a sentence cut in the middle."""
    server, ann = served
    for app in app_in_spanish(size):
        table = _watching(app, server, ann.news.code)
        table.remote.news.take(Presence(0, "away", 45.0))
        app.step(FRAME)
        view = table.online_view()
        drawn = " ".join(row for row, _rect in _placed_rows(view))
        lines = _lines(view)
        assert drawn in {" ".join(lines[:k]) for k in range(len(lines) + 1)}, drawn
        table.remote.close()
