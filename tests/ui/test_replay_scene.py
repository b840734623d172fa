"""A replay steps, scrubs and shows every hand (the match is over)."""

from __future__ import annotations

import pygame

from game.app import App
from game.files import replay
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.statistics import StatisticsScene
from tests.test_stats import finished_match
from tests.ui.conftest import FRAME


def _post(app: App, event: pygame.event.Event) -> None:
    pygame.event.post(event)
    app.step(FRAME)


def _key(app: App, key: int) -> None:
    _post(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _opened(app: App) -> ReplayScene:
    setup, rounds, winners = finished_match(5)
    replay.keep(app.data, replay.Replay("2026-11-26 10:00", setup, rounds, winners))
    replay.load(app.data)  # kept on a worker once checked: wait for it
    stats = StatisticsScene(app)
    app.start(stats)
    app.step(FRAME)
    stats.choose(next(b.key for b in stats.buttons if b.key.startswith("replay:")))
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    app.step(FRAME)
    return scene


def test_keys_step_a_move_and_jump_to_either_end(app: App) -> None:
    scene = _opened(app)
    assert scene.moment.position == 0 and scene.moment.last is None
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_RIGHT)
    assert scene.moment.position == 2 and scene.moment.last == scene.cursor.rounds[0][1]
    _key(app, pygame.K_LEFT)
    assert scene.moment.position == 1
    _key(app, pygame.K_END)
    assert scene.moment.position == scene.cursor.total
    assert any(not hand for hand in scene.moment.hands)  # the winner's, empty
    _key(app, pygame.K_HOME)
    assert scene.moment.position == 0


def test_every_hand_is_shown_face_up(app: App) -> None:
    scene = _opened(app)
    assert len(scene.moment.hands) == 2 and all(len(h) == 7 for h in scene.moment.hands)


def test_dragging_the_bar_scrubs_and_play_moves_on_by_itself(app: App) -> None:
    scene = _opened(app)
    bar = scene.bar
    _post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=bar.center))
    half = scene.moment.position
    assert abs(half - scene.cursor.total / 2) <= 1
    _post(
        app,
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(bar.right, bar.centery), rel=(1, 0), buttons=(1, 0, 0)
        ),
    )
    assert scene.moment.position == scene.cursor.total
    _post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(bar.right, bar.centery)))
    _key(app, pygame.K_HOME)
    _key(app, pygame.K_SPACE)
    for _ in range(120):  # two seconds at 1x
        app.step(FRAME)
    assert 1 <= scene.moment.position < scene.cursor.total


def test_a_move_is_said_with_the_verb_of_its_person(app: App) -> None:
    from dataclasses import replace

    from game.engine.actions import DRAW

    scene = _opened(app)
    seats = scene.setup.seats  # a person's seat keeps the name "You" until they give one
    scene.setup = replace(scene.setup, seats=(replace(seats[0], name="You"), *seats[1:]))
    assert scene.move_words(0, DRAW) == "You draw"
    assert scene.move_words(1, DRAW) == f"{scene.setup.seats[1].name} draws"
