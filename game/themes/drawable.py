"""The last check on a pack, done with pygame: its fonts draw text.

A font can pass every check on its bytes and still draw nothing (a damaged glyph
table): FreeType then fails only when a label is rendered, mid-game. The app runs
this over its catalog before any pack is offered, so such a pack is listed as
unavailable with the reason instead.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.themes.errors import Problem
from game.themes.file_limits import pack_file
from game.themes.loader import Pack, ThemeCatalog

SAMPLE = "UNO 0123456789 ñÁ"


def drawable(pack: Pack) -> Pack:
    """`pack`, with a problem added for each font that cannot draw the sample text."""
    if not pack.available or pack.manifest is None:
        return pack
    problems = []
    for role, font in pack.manifest.fonts.items():
        if font.file is None:
            continue
        try:
            if not pygame.font.get_init():
                pygame.font.init()
            face = pygame.font.Font(pack_file(font.file), 24)
            if face.size(SAMPLE)[0] <= 0:
                raise ValueError("it draws nothing")
            face.render(SAMPLE, True, (0, 0, 0))
        except (pygame.error, OSError, ValueError) as error:
            where = font.file.name
            problems.append(
                Problem(pack.id, where, f"fonts.{role}.file", f"cannot draw text ({error})")
            )
    return replace(pack, problems=pack.problems + tuple(problems)) if problems else pack


def drawable_catalog(catalog: ThemeCatalog) -> ThemeCatalog:
    return replace(catalog, packs={key: drawable(pack) for key, pack in catalog.packs.items()})
