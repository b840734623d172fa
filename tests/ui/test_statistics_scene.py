"""The Statistics screen: a theme's lines under its own title, and a chart with axes."""

from __future__ import annotations

import pygame

from game.app import App
from game.files import stats
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
