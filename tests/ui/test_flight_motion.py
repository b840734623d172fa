"""A card in flight bows upwards along its path, and a card drawn to its owner flies
face down and turns over on the way (narrow at the middle of the turn)."""

from __future__ import annotations

import pygame

from game.ui.animation import Tween
from game.ui.widgets.card_sprite import Flight
from tests.ui.conftest import FRAME, settle_on_my_turn, table_for


def _flight(flip: bool) -> Flight:
    return Flight("red-5", (100.0, 400.0), lambda: (500.0, 400.0), Tween(1.0), flip=flip)


def test_a_flight_bows_upwards_and_lands_where_it_was_sent() -> None:
    flight = _flight(False)
    flight.tween.advance(0.2)  # eased: about halfway along
    x, y = flight.where()
    assert 100 < x < 500 and y < 400 - 30  # above the straight line at its middle
    flight.tween.advance(1.0)
    assert flight.where() == (500, 400)


def _distance(a: pygame.Surface, b: pygame.Surface) -> int:
    """How unlike two same-sized cards are, over a coarse grid of their pixels."""
    w, h = a.get_size()
    return sum(
        sum(abs(p - q) for p, q in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3], strict=True))
        for x in range(w // 8, w, w // 4)
        for y in range(h // 8, h, h // 4)
    )


def test_a_drawn_card_shows_its_back_then_turns_over(app) -> None:  # noqa: ANN001
    table = table_for(app, seed=4, players=3)
    assert settle_on_my_turn(app, table)
    style = table.style
    back, face = style.card(None), style.card("red-5")
    flight = _flight(True)
    looks = []
    for step in range(12):
        flight.tween.advance(0.0 if step == 0 else 0.09)
        image = flight.image(style)
        whole = pygame.transform.scale(image, back.get_size())
        shows = min(("back", back), ("face", face), key=lambda c: _distance(whole, c[1]))[0]
        looks.append((shows, image.get_width(), flight.turned()))
    assert looks[0][0] == "back" and looks[0][1] == back.get_width()
    assert all(s == "back" for s, _, t in looks if t < 0.45)
    assert sum(t == 0 for _, _, t in looks) >= 3  # face down for the first part of the way
    assert all(s == "face" for s, _, t in looks if t > 0.55)
    assert min(w for _, w, _ in looks) < back.get_width() * 0.6
    assert flight.image(style).get_width() <= face.get_width()
    app.step(FRAME)
