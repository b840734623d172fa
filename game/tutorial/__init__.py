"""The guided first game: each theme's scripted round (`lesson.Lesson`, one module
per theme), the stacked deal that starts it (`deal.py`) and the table that lets
the player do only what the coach asks (`guide.py`). No pygame here; the screen
is game/ui/scenes/learn.py. A guided round is never saved nor counted."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from importlib import import_module

from game.tutorial.lesson import Lesson, Step, Want

THEMES = ("classic", "minecraft", "monster_high")


def lesson_for(theme: str, preset: str | None = None) -> Lesson:
    """The guided round for pack `theme` whose rules are `preset` (the pack's own
    id when not given): that preset's script, dealt in its own colours, so a
    player's copy of Monster High plays Monster High's round, in pink. A preset
    without a script takes Classic's (see `missing_cards` before playing it)."""
    name = preset or theme
    module = import_module(f"game.tutorial.{name if name in THEMES else 'classic'}")
    lesson: Lesson = module.LESSON
    return lesson if lesson.theme == theme else replace(lesson, theme=theme)


def missing_cards(lesson: Lesson, faces: Iterable[str]) -> list[str]:
    """The cards the script deals, plays or asks for that a deck of `faces` lacks
    (empty: the lesson can be played with it)."""
    return sorted(lesson.cards() - set(faces))


__all__ = ["THEMES", "Lesson", "Step", "Want", "lesson_for", "missing_cards"]
