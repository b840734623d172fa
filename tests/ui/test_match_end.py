"""A match's end: a short celebration in the theme's way, then the final standings
as a podium (first, second and third on steps with faces; the rest listed below)
in the engine's order."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import App
from game.engine.scoring import standings
from game.table import default_setup
from game.ui import layout_record
from game.ui.scenes.round_tally import RoundTallyScene
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.scenes.table import TableScene
from game.ui.widgets.celebration import LASTS, kind_of
from tests.ui.conftest import FRAME


def _match_end(
    app: App, players: int, theme: str = "classic"
) -> tuple[ScoreboardScene, TableScene]:
    """A one-point match of computers played to its end (the tally skipped with keys)."""
    pack = app.catalog.choose(theme)
    setup = default_setup(pack.id, pack.manifest.preset, players, True, 4, 1, "4x")
    table = TableScene(app, setup, threaded=False)
    app.start(table)
    for _ in range(100_000):
        top = app.stack.top
        if isinstance(top, ScoreboardScene) and top.match_over:
            return top, table
        if isinstance(top, RoundTallyScene):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        app.step(FRAME)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("players", [4, 7])
def test_the_podium_orders_the_seats_as_the_engines_standings(app: App, players: int) -> None:
    board, table = _match_end(app, players)
    engine = table.table.match
    expected = standings(engine.scores, board.end.setup.scoring)
    assert [(s.place, s.seat) for s in board.standings()] == list(expected)
    assert [s.points for s in board.standings()] == [engine.scores[seat] for _, seat in expected]
    for _ in range(60):  # the steps have risen
        app.step(FRAME)
    with layout_record.recording(app.size) as record:
        app.stack.draw(app.screen)
    faces = {i.name: i.rect for i in record.items if i.name.startswith("face ")}
    steps = [i.rect for i in record.items if i.name.startswith("step ")]
    listed = [i.name for i in record.items if i.name.startswith("place ")]
    first, second, third = (expected[k][1] for k in range(3))
    # Second on the left, first in the middle and highest, third on the right.
    assert faces[f"face {second}"].centerx < faces[f"face {first}"].centerx
    assert faces[f"face {first}"].centerx < faces[f"face {third}"].centerx
    assert faces[f"face {first}"].top < min(faces[f"face {second}"].top, faces[f"face {third}"].top)
    assert len(steps) == 3 and len(faces) == 3
    assert listed == [f"place {place}" for place, _ in expected[3:]]  # the rest, in order


@pytest.mark.parametrize("theme", ["classic", "minecraft", "monster_high"])
def test_the_celebration_is_the_themes_and_ends(app: App, theme: str) -> None:
    board, _ = _match_end(app, 4, theme)
    celebration = board.celebration
    assert celebration is not None and kind_of(board.style) == theme == celebration.kind
    for _ in range(30):  # under way
        app.step(FRAME)
    plain = pygame.Surface(app.size)
    drawn = plain.copy()
    celebration.draw(drawn, board.style)
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(plain, "RGB")
    for _ in range(round(LASTS / FRAME) + 1):
        app.step(FRAME)
    assert celebration.done
    after = plain.copy()
    celebration.draw(after, board.style)  # over: nothing more is drawn
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(plain, "RGB")


def test_a_person_who_lost_sees_the_standings_calmly(app: App) -> None:
    board, _ = _match_end(app, 4)
    winner = board.match_winners[0]
    loser = next(seat for seat in range(4) if seat not in board.match_winners)
    for you, celebrated in ((winner, True), (loser, False), (None, True)):
        scene = ScoreboardScene(app, replace(board.end, you=you))
        assert (scene.celebration is not None) is celebrated
