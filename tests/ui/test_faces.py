"""Every theme seats ten different people at a ten-seat table, each with the moods the
table asks for (issue: all of Monster High's opponents shared one face), and a face
costs a frame little: the bust is painted once per seat and size, a mood only draws
the face over it."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui.table.mood import Mood
from game.ui.widgets import avatar
from game.ui.widgets.avatar import face

THEMES = ("classic", "minecraft", "monster_high")
SIZE = 48


def _differing_share(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels that differ by more than 40 on some channel."""
    differ = 0
    for y in range(SIZE):
        for x in range(SIZE):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            differ += max(abs(pa[i] - pb[i]) for i in range(4)) > 40
    return differ / (SIZE * SIZE)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("theme", THEMES)
def test_ten_seats_show_ten_different_faces(theme: str) -> None:
    faces = [face(theme, seat, Mood.CALM, SIZE) for seat in range(10)]
    alike = [
        (i, j)
        for i in range(10)
        for j in range(i + 1, 10)
        if _differing_share(faces[i], faces[j]) < 0.12  # a real margin, not a tint
    ]
    assert alike == []


@pytest.mark.parametrize("theme", THEMES)
def test_each_face_shows_each_mood(theme: str) -> None:
    """Calm, thinking, pleased, annoyed, caught and winning: six looks, each its own."""
    assert len(Mood) == 6
    for seat in range(10):
        moods = [face(theme, seat, mood, SIZE) for mood in Mood]
        for i, j in itertools.combinations(range(len(moods)), 2):
            assert _differing_share(moods[i], moods[j]) >= 0.01, (seat, i, j)


def test_a_new_mood_paints_no_new_bust() -> None:
    avatar._busts.clear()
    avatar._cache.clear()
    face("classic", 3, Mood.CALM, 60)
    assert len(avatar._busts) == 1
    for mood in Mood:
        face("monster_high", 3, mood, 60)
    assert len(avatar._busts) == 2  # one for Classic's seat, one for Monster High's


def test_an_unknown_theme_seats_classic_people() -> None:
    a, b = face("no_such_theme", 2, Mood.CALM, SIZE), face("classic", 2, Mood.CALM, SIZE)
    assert _differing_share(a, b) == 0
