"""The Statistics screen: a theme's lines under its own title, and a chart with axes."""

from __future__ import annotations

import pygame

from game.app import App
from game.engine.actions import Draw
from game.files import stats
from game.files.replay import Replay
from game.ui.scenes.statistics import StatisticsScene
from tests.ui.conftest import FRAME


def _record(app: App) -> None:
    record = stats.Stats()
    record.round_played("classic", 50, True, "hard")
    record.round_played("minecraft", 0, False, "hard")
    record.round_played("minecraft", 0, False, "easy")
    stats.save(app.data, record)


def test_the_level_lines_are_the_shown_themes_own(app: App) -> None:
    _record(app)
    scene = StatisticsScene(app)
    scene.theme = "classic"
    assert scene.level_lines() == ["Hard: rounds 1 / 1, matches 0 / 0"]
    scene.theme = "minecraft"
    assert scene.level_lines() == [
        "Easy: rounds 0 / 1, matches 0 / 0",
        "Hard: rounds 0 / 1, matches 0 / 0",
    ]
    scene.theme = "monster_high"
    assert scene.level_lines() == []


def test_the_chart_draws_its_axes_in_the_text_colour(app: App) -> None:
    """The y axis: a line of the text's colour left of the bars, with its labels."""
    _record(app)
    scene = StatisticsScene(app)
    scene.theme = "classic"
    app.start(scene)
    app.step(FRAME)
    style = app.style("classic")
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    _left, right = scene._columns(style)
    column = [
        surface.get_at((x, y))[:3]
        for y in range(right.y, right.y + style.px(250))
        for x in range(right.x + style.px(46), right.x + style.px(50))
    ]
    assert tuple(style.text_rgb) in column


class _Rounds(tuple):
    """A replay's rounds that count how often they are compared with others."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        _Rounds.compared += 1
        return tuple.__eq__(self, other)

    __hash__ = tuple.__hash__


def test_two_copies_of_one_long_replay_each_open_their_own_without_comparing_actions(
    app: App,
) -> None:
    """Two copies of one match (the same set-up, played the same way, kept in the same
    minute) are equal replays: each is listed by its own place, and a frame does not
    compare them action by action (ten of 200,000 actions: hundreds of ms a frame)."""
    log = tuple((0, Draw()) for _ in range(50))
    copies = [
        Replay("2026-01-01 10:00", {"theme": "classic"}, _Rounds((log,)), ("Ann",))
        for _ in range(2)
    ]
    assert copies[0] == copies[1] and _Rounds.compared == 1
    _Rounds.compared = 0
    scene = StatisticsScene(app)
    scene.theme, scene.replays = "classic", copies
    app.start(scene)
    app.step(FRAME)
    scene.draw(pygame.Surface(app.size))
    assert [b.key for b in scene.buttons if b.key.startswith("replay:")] == [
        "replay:0",
        "replay:1",
    ]
    assert _Rounds.compared == 0
