"""A button widens into the room its layout gives it before its text shrinks."""

from __future__ import annotations

import pygame

from game.app import App
from game.ui.widgets.button import Button

LABEL = "Jugar: Reversa de color azul"


def test_a_long_label_widens_its_button_and_keeps_its_size(app: App) -> None:
    style = app.style("classic")
    button = Button("play", LABEL, pygame.Rect(300, 100, 120, 44), text_size=20, max_w=600)
    button.anchor = "midright"
    right = button.rect.right
    button.draw(app.screen, style)
    assert button.rect.right == right  # the anchored edge stays
    assert button.rect.w > 120
    assert button._fitting_size(style) == 20


def test_without_room_the_text_shrinks_instead(app: App) -> None:
    style = app.style("classic")
    button = Button("play", LABEL, pygame.Rect(300, 100, 120, 44), text_size=20)
    button.draw(app.screen, style)
    assert button.rect.w == 120
    assert button._fitting_size(style) < 20


def test_room_is_a_limit(app: App) -> None:
    style = app.style("classic")
    button = Button("play", LABEL, pygame.Rect(300, 100, 120, 44), text_size=20, max_w=150)
    button.draw(app.screen, style)
    assert button.rect.w == 150
