"""Thousands of seeded random clicks and keys across every scene raise nothing."""

from __future__ import annotations

import random

import pygame

from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import FRAME

KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_d,
    pygame.K_u,
    pygame.K_s,
    pygame.K_k,
    pygame.K_t,
    pygame.K_c,
    pygame.K_SPACE,
    pygame.K_BACKSPACE,
    pygame.K_TAB,
    pygame.K_a,
)
EVENTS = 2500


def _random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    roll = rng.random()
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
    if roll < 0.6:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.62:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)))
    key = rng.choice(KEYS)
    return pygame.event.Event(
        pygame.KEYDOWN, key=key, mod=0, scancode=0, unicode=chr(key) if 32 <= key < 127 else ""
    )


def test_random_input_everywhere_raises_nothing(app) -> None:  # noqa: ANN001
    rng = random.Random(2026)
    app.start(MenuScene(app))
    seen: set[str] = set()
    for _ in range(EVENTS):
        if app.stack.top is None or not app.running:  # Quit was chosen: start again
            app.running = True
            app.stack.reset(MenuScene(app))
        pygame.event.post(_random_event(rng, app.size))
        app.step(FRAME)
        seen.add(type(app.stack.top).__name__)
    assert {"MenuScene", "SetupScene", "TableScene"} <= seen


def test_random_input_on_a_table_in_every_theme(app) -> None:  # noqa: ANN001
    """Long enough at the table for pickers, prompts and rounds to come up."""
    from tests.ui.conftest import table_for

    rng = random.Random(7)
    seen: set[str] = set()
    for theme in ("classic", "minecraft", "monster_high"):
        app.stack.reset(MenuScene(app))
        table_for(
            app,
            seed=rng.randrange(1000),
            players=rng.randrange(2, 11),
            theme=theme,
            speed="instant",
        )
        for _ in range(900):
            if app.stack.top is None or not app.running:
                app.running = True
                app.stack.reset(MenuScene(app))
            pygame.event.post(_random_event(rng, app.size))
            app.step(FRAME)
            seen.add(type(app.stack.top).__name__)
    assert "TableScene" in seen
