"""The host's choices: who may join (this computer only, the default, or the
network), and values that step both ways (Left or a right click steps back)."""

from __future__ import annotations

import pygame

from game.app import App
from game.online.client.hosting import LAN, THIS_COMPUTER
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import HostScene, LobbyScene, OnlineScene
from game.ui.scenes.online_pause import OnlinePauseScene
from game.ui.scenes.online_rules import TARGET_CHOICES, OnlineRulesScene
from tests.ui.conftest import FRAME
from tests.ui.test_online_scenes import _frames


def _label(scene: HostScene | OnlineRulesScene, key: str) -> str:
    return scene.labels()[key]


def test_the_in_app_host_listens_on_this_computer_only_unless_the_player_chooses(
    app: App,
) -> None:
    app.start(MenuScene(app))
    hosting = HostScene(app)
    app.stack.push(hosting)
    app.step(FRAME)
    assert hosting.reach == THIS_COMPUTER
    assert _label(hosting, "reach") == "Who can join: this computer only"
    hosting.choose("reach")
    assert hosting.reach == LAN and _label(hosting, "reach") == "Who can join: my network"
    hosting.choose("reach")
    hosting.choose("start")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
    try:
        listening = {s.getsockname()[0] for s in lobby.hosted.server.listening.main.sockets}
        assert listening == {"127.0.0.1"}
        assert _frames(app, lambda: bool(lobby.remote.news.code), 10)
        app.step(FRAME)
        assert lobby.address().startswith("127.0.0.1:")
        assert ("Only games on this computer can join this table.", 16) in lobby._lines()
        assert lobby.advertised is False  # nothing told on the LAN
    finally:
        lobby.back()


def _press(scene: HostScene | OnlineRulesScene, key: str, arrow: int) -> None:
    scene.menu.focus = [b.key for b in scene.menu.buttons].index(key)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=arrow, mod=0, unicode=""))


def test_the_target_and_the_timer_step_both_ways(app: App) -> None:
    hosting = HostScene(app)
    app.start(hosting)
    rules = OnlineRulesScene(app, hosting)
    app.stack.push(rules)
    app.step(FRAME)
    start = hosting.target
    at = TARGET_CHOICES.index(start)
    _press(rules, "target", pygame.K_LEFT)
    assert hosting.target == TARGET_CHOICES[at - 1]
    _press(rules, "target", pygame.K_RIGHT)
    assert hosting.target == start
    button = next(b for b in rules.menu.buttons if b.key == "target")
    rules.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=button.rect.center))
    assert hosting.target == TARGET_CHOICES[at - 1]  # a right click steps back too
    app.stack.pop()
    timer = hosting.timer
    _press(hosting, "timer", pygame.K_LEFT)
    _press(hosting, "timer", pygame.K_RIGHT)
    assert hosting.timer == timer
    _press(hosting, "timer", pygame.K_LEFT)
    assert hosting.timer != timer


def test_a_double_click_on_play_online_does_not_host(app: App) -> None:
    app.start(MenuScene(app))
    app.step(FRAME)
    online_button = next(b for b in app.stack.top.menu.buttons if b.key == "online")  # type: ignore[union-attr]
    click = {"button": 1, "pos": online_button.rect.center}
    app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, **click))
    app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, **click))
    online = app.stack.top
    assert isinstance(online, OnlineScene)
    app.step(FRAME)
    host_button = next(b for b in online.menu.buttons if b.key == "host")
    online.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=host_button.rect.center))
    assert app.stack.top is online  # the second click of a double click: nothing
    for _ in range(30):
        app.step(FRAME)
    online.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=host_button.rect.center))
    assert isinstance(app.stack.top, HostScene)  # a deliberate click hosts


def test_leaving_an_online_match_is_asked(app: App) -> None:
    app.start(MenuScene(app))
    menu = OnlinePauseScene(app, "classic")
    app.stack.push(menu)
    app.step(FRAME)
    menu.choose("menu")
    assert app.stack.top is menu and menu.warned
    assert menu.warning().startswith("Leaving: a computer plays your seat")
    app.step(FRAME)  # the warning drawn
    menu.choose("menu")
    assert isinstance(app.stack.top, MenuScene)
