"""The guided first game: each theme's scripted round (`lesson.Lesson`, one module
per theme), the stacked deal that starts it (`deal.py`) and the table that lets
the player do only what the coach asks (`guide.py`). No pygame here; the screen
is game/ui/scenes/learn.py. A guided round is never saved nor counted."""

from __future__ import annotations

from importlib import import_module

from game.tutorial.lesson import Lesson, Step, Want

THEMES = ("classic", "minecraft", "monster_high")


def lesson_for(theme: str) -> Lesson:
    """The theme's guided round; a theme without one (a player's own pack) takes
    Classic's, played with the theme's own cards where they match."""
    name = theme if theme in THEMES else "classic"
    module = import_module(f"game.tutorial.{name}")
    return module.LESSON


__all__ = ["THEMES", "Lesson", "Step", "Want", "lesson_for"]
