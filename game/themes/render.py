"""Draws a theme pack with pygame: card, back, table and symbol surfaces, cached.

The only theme module that imports pygame. Surfaces are rendered from SVG at
exactly the size asked for (sharp at any window size) and cached; a window
resize re-fits the layout and drops the cache so cards re-render at the new size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame

from game.themes.file_limits import pack_file
from game.themes.layout import TableLayout
from game.themes.loader import Pack
from game.themes.manifest import Manifest
from game.themes.portrait import table_layout

Size = tuple[int, int]
_MISSING_ART = (255, 0, 255)  # loud on purpose: a hole in a pack should be seen


def load_image(path: Path, size: Size) -> pygame.Surface:
    """An SVG rendered at `size`, or a PNG scaled smoothly to it."""
    if path.suffix.lower() == ".svg":
        surface = pygame.image.load_sized_svg(pack_file(path), size)
        if surface.get_size() != size:  # nanosvg keeps the aspect ratio
            surface = pygame.transform.smoothscale(surface, size)
        return surface
    image = pygame.image.load(pack_file(path), path.name.encode("ascii", "replace").decode())
    return pygame.transform.smoothscale(image, size)


VIGNETTE = 0.42  # how dark the corners grow: a gentle darkening towards the edges
_VIGNETTE_GRID = (32, 18)


def vignetted(table: pygame.Surface) -> pygame.Surface:
    """The table (just loaded: changed in place) darkened gently towards its edges,
    every pack alike: a small radial shade, scaled up and multiplied in (a few ms once
    a window size; an SVG gradient over the whole window took ~50 ms at 1080p)."""
    gw, gh = _VIGNETTE_GRID
    shade = pygame.Surface(_VIGNETTE_GRID)
    for y in range(gh):
        for x in range(gw):
            d = math.hypot((x + 0.5) / gw - 0.5, (y + 0.5) / gh - 0.5) / math.hypot(0.5, 0.5)
            level = round(255 * (1 - VIGNETTE * max(0.0, (d - 0.45) / 0.55) ** 1.6))
            shade.set_at((x, y), (level, level, level))
    # Smooth to a quarter of the window, then plain scaling: a 4 px step of so slow a
    # gradient changes by less than one level of shade, and it costs a fraction.
    w, h = table.get_size()
    quarter = pygame.transform.smoothscale(shade, (max(1, w // 4), max(1, h // 4)))
    table.blit(pygame.transform.scale(quarter, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return table


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """The display's pixel format blits fastest; headless, keep the surface."""
    return surface.convert_alpha() if pygame.display.get_surface() else surface


class ThemeRenderer:
    """One pack's surfaces for one window size."""

    def __init__(self, pack: Pack, window: Size) -> None:
        if pack.manifest is None or pack.layout is None:
            raise ValueError(f"theme '{pack.id}' is unavailable: {pack.reason}")
        self.manifest: Manifest = pack.manifest
        self._reference = pack.layout
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self.window: Size = (0, 0)
        self.layout: TableLayout = pack.layout
        self.resize(window)

    def resize(self, window: Size) -> None:
        if window == self.window:
            return
        self.window = window
        self.layout = table_layout(self._reference, window)  # portrait: its own table
        self._cache.clear()

    @property
    def card_size(self) -> Size:
        return self.layout.card_size

    def card(self, face: str, size: Size | None = None, angle: float = 0.0) -> pygame.Surface:
        return self._image(("card", face), lambda: self.manifest.card_file(face), size, angle)

    def back(self, size: Size | None = None, angle: float = 0.0) -> pygame.Surface:
        return self._image(("back",), lambda: self.manifest.card_back, size, angle)

    def table(self) -> pygame.Surface:
        key = ("table", self.window)
        if key not in self._cache:
            image = vignetted(self._load(self.manifest.table_background, self.window))
            self._cache[key] = image.convert() if pygame.display.get_surface() else image
        return self._cache[key]

    def menu(self) -> pygame.Surface:
        """The backdrop of the menus: the pack's menu picture, or else its table."""
        path = self.manifest.menu_background
        if path is None:
            return self.table()
        key = ("menu", self.window)
        if key not in self._cache:
            image = vignetted(self._load(path, self.window))
            self._cache[key] = image.convert() if pygame.display.get_surface() else image
        return self._cache[key]

    def symbol(self, colour: str, diameter: int) -> pygame.Surface:
        return self._image(
            ("symbol", colour),
            lambda: self.manifest.colour(colour).symbol,
            (diameter, diameter),
            0.0,
        )

    def font(self, size: int, role: str = "ui") -> pygame.font.Font:
        """The pack's font for a role at a pixel size (pygame's default if none)."""
        key = (role, size)
        if key not in self._fonts:
            font = self.manifest.fonts.get(role) or self.manifest.fonts.get("ui")
            file = font.file if font and font.file else None
            if not pygame.font.get_init():
                pygame.font.init()
            try:
                self._fonts[key] = pygame.font.Font(pack_file(file) if file else None, size)
            except (pygame.error, OSError, ValueError):  # checked on load; a last guard
                self._fonts[key] = pygame.font.Font(None, size)
        return self._fonts[key]

    def _image(
        self, what: tuple[str, ...], path: Callable[[], Path], size: Size | None, angle: float
    ) -> pygame.Surface:
        """A cached surface; `path` is only resolved on a miss, since resolving a
        pack path costs more than a whole cached draw."""
        size = size or self.card_size
        key = (*what, size, round(angle, 1))
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        upright_key = (*what, size, 0.0)
        upright = self._cache.get(upright_key)
        if upright is None:
            upright = self._cache[upright_key] = _for_display(self._load(path(), size))
        image = pygame.transform.rotozoom(upright, angle, 1.0) if angle else upright
        self._cache[key] = image
        return image

    @staticmethod
    def _load(path: Path, size: Size) -> pygame.Surface:
        try:
            return load_image(path, size)
        except (pygame.error, OSError, ValueError):
            surface = pygame.Surface(size, pygame.SRCALPHA)
            surface.fill(_MISSING_ART)
            return surface
