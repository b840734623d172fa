"""A long name fits wherever it is drawn: a word wider than a line is cut with an
ellipsis (the log, toasts), and a seat's name is fitted to its plate."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ui.style import ELLIPSIS, wrap


def test_online_a_name_wider_than_the_log_is_cut_with_an_ellipsis() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    width = 200
    lines = wrap("W" * 20 + " played a red 7.", font, width)
    assert lines[0].endswith(ELLIPSIS)
    assert all(font.size(line)[0] <= width for line in lines)
    assert wrap("Ann played a red 7.", font, width) == ["Ann played a red 7."]
