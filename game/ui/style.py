"""A theme's look for the UI: palette, fonts at window scale, cached text, panels."""

from __future__ import annotations

import pygame

from game.themes.render import ThemeRenderer
from game.ui import layout_record
from game.ui.input.touch import min_target_px
from game.ui.layout_record import Kind

RGB = tuple[int, int, int]
MIN_TEXT_PX = 14  # below this even a tiny window is unreadable
_TEXT_CACHE_LIMIT = 600
_PX_CACHE_LIMIT = 512
DEFAULT_FONT_BOOST = 1.3
# An unplayable card: a fifth of the way to grey, then at this level of its brightness.
DIM_GREY = 60
DIM_LEVEL = 200


class Style:
    """Shared by every scene of one theme; `px` turns 720p pixels into window pixels."""

    def __init__(self, renderer: ThemeRenderer) -> None:
        self.renderer = renderer
        self.language = "en"  # colour names; the app keeps it to the player's language
        palette = renderer.manifest.palette
        self.text_rgb: RGB = palette.get("text", (250, 250, 245))
        self.panel_rgb: RGB = palette.get("panel", (20, 40, 30))
        self.accent_rgb: RGB = palette.get("accent", (240, 200, 40))
        self.muted_rgb: RGB = _mix(self.text_rgb, self.panel_rgb, 0.35)
        self._text: dict[tuple[str, int, RGB], pygame.Surface] = {}
        self._panels: dict[tuple[int, int, int, RGB], pygame.Surface] = {}
        self._cards: dict[tuple[str | None, tuple[int, int], float, bool], pygame.Surface] = {}
        # px runs ~160 times a frame: the scale and the sizes asked are kept per window
        self._scaled_for: tuple[int, int] = (0, 0)
        self._scale = 1.0
        self._px: dict[float, int] = {}

    @property
    def manifest(self):  # noqa: ANN201 - the theme's Manifest
        return self.renderer.manifest

    @property
    def scale(self) -> float:
        window = self.renderer.window
        if window != self._scaled_for:  # the renderer may be resized past resize()
            w, h = self._scaled_for = window
            self._scale = min(w / 1280, h / 720)
            self._px.clear()
        return self._scale

    def px(self, value: float) -> int:
        scale = self.scale
        known = self._px.get(value)
        if known is None:
            if len(self._px) > _PX_CACHE_LIMIT:  # animated sizes ask many values
                self._px.clear()
            known = self._px[value] = max(1, round(value * scale))
        return known

    def touch(self, value: float) -> int:
        """`px(value)` for the short side of something pressed: never under 9 mm on
        a 13-inch screen (the rule: game/ui/input/touch.py)."""
        return max(self.px(value), min_target_px(self.renderer.window))

    def font_px(self, value: float) -> int:
        return max(MIN_TEXT_PX, self.px(value))

    def font(self, px: int) -> pygame.font.Font:
        """The theme font at `px`; pygame's own font runs small, so it is asked larger,
        and a pixel font is drawn at a multiple of its grid (the nearest: rounding
        down drew 20-23 px text at 16 px, cramped), so its pixels stay square and sharp."""
        ui = self.manifest.fonts.get("ui")
        if ui is None or ui.file is None:
            return self.renderer.font(round(px * DEFAULT_FONT_BOOST))
        if ui.grid:
            px = max(2 * ui.grid, (px + ui.grid // 2) // ui.grid * ui.grid)
        return self.renderer.font(px)

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.renderer.window:
            self.renderer.resize(size)
            self._text.clear()
            self._panels.clear()
            self._cards.clear()

    def card(
        self,
        face: str | None,
        size: tuple[int, int] | None = None,
        angle: float = 0.0,
        dim: bool = False,
    ) -> pygame.Surface:
        """A card face (None: the back), cached here and converted for fast blits.

        The renderer resolves the art's path before its own cache lookup, which
        costs a file-system walk per call; this cache keeps that out of the frame.
        `dim` darkens the card (unplayable cards in the hand).
        """
        size = size or self.renderer.card_size
        key = (face, size, angle, dim)
        surface = self._cards.get(key)
        if surface is None and dim:
            surface = dimmed_card(self.card(face, size, angle))
            self._cards[key] = surface
        if surface is None:
            if face is None:
                surface = self.renderer.back(size, angle)
            else:
                surface = self.renderer.card(face, size, angle)
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._cards[key] = surface
        return surface

    def text(self, words: str, size: float, color: RGB | None = None) -> pygame.Surface:
        """`words` at `size` 720p pixels, rendered once and cached."""
        words = words.replace("\0", "\ufffd")  # SDL_ttf stops at NUL; pygame refuses it
        rgb = color or self.text_rgb
        px = self.font_px(size)
        key = (words, px, rgb)
        surface = self._text.get(key)
        if surface is None:
            if len(self._text) > _TEXT_CACHE_LIMIT:
                self._text.clear()
            surface = self.font(px).render(words, True, rgb)
            self._text[key] = surface
        return surface

    def blit_text(
        self,
        target: pygame.Surface,
        words: str,
        size: float,
        pos: tuple[int, int],
        color: RGB | None = None,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        surface = self.text(words, size, color)
        rect = surface.get_rect(**{anchor: pos})
        target.blit(surface, rect)
        if layout_record.current() is not None and target is pygame.display.get_surface():
            layout_record.note(words, Kind.TEXT, _inked(surface, rect, target.get_clip()))
        return rect

    def label(
        self,
        target: pygame.Surface,
        words: str,
        size: float,
        pos: tuple[int, int],
        color: RGB | None = None,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        """Text on its own small panel: on the bare table (bright felt, grass) plain
        text would not keep a 4.5:1 contrast."""
        surface = self.text(words, size, color)
        box = surface.get_rect().inflate(self.px(16), self.px(6))
        setattr(box, anchor, pos)
        self.panel(target, box, 225)
        with layout_record.widget(box):
            layout_record.note(words, Kind.PANEL, box)
            self.blit_text(target, words, size, box.center, color, "center")
        return box

    def panel(
        self,
        target: pygame.Surface,
        rect: pygame.Rect,
        alpha: int = 225,
        color: RGB | None = None,
        border: RGB | None = None,
    ) -> None:
        """A rounded, mostly opaque panel (pre-rendered per size) so text on it keeps contrast."""
        if rect.w <= 0 or rect.h <= 0:
            return  # a window squeezed to nothing: no panel to draw
        rgb = color or self.panel_rgb
        key = (rect.w, rect.h, alpha, rgb)
        surface = self._panels.get(key)
        if surface is None:
            surface = pygame.Surface(rect.size, pygame.SRCALPHA)
            radius = self.px(10)
            pygame.draw.rect(surface, (*rgb, alpha), surface.get_rect(), border_radius=radius)
            self._panels[key] = surface
        target.blit(surface, rect)
        if border is not None:
            pygame.draw.rect(target, border, rect, max(2, self.px(3)), border_radius=self.px(10))

    def colour_rgb(self, key: str) -> RGB:
        return self.manifest.colour(key).rgb

    def colour_name(self, key: str) -> str:
        """In the player's language (the app sets `language` when it hands the style out)."""
        names = self.manifest.colour(key).names
        return names.get(self.language, names.get("en", key.title()))


def _inked(surface: pygame.Surface, rect: pygame.Rect, clip: pygame.Rect) -> pygame.Rect:
    """Where text drawn at `rect` shows ink, within the surface's clip: a font's
    line box is taller than its letters, and a scrolled page clips its lines."""
    ink = surface.get_bounding_rect().move(rect.topleft)
    return ink.clip(clip) if ink.colliderect(clip) else pygame.Rect(rect.topleft, (0, 0))


def dimmed_card(card: pygame.Surface) -> pygame.Surface:
    """A card that cannot be played now: a little greyer and darker, so it reads as
    "not now" beside the lit cards, yet keeps its hue (a yellow stays yellow, not
    khaki) and the contrast of its index (a darkening scales both sides alike)."""
    out = card.copy()
    grey = pygame.transform.grayscale(card)
    grey.set_alpha(DIM_GREY)
    out.blit(grey, (0, 0))
    out.fill((DIM_LEVEL, DIM_LEVEL, DIM_LEVEL, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def wrap(words: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap for paragraphs (rules screen, prompts, the log). A word
    wider than a line (a player's "WWWWWWWWWWWWWWWWWWWW") is cut with an ellipsis."""
    lines: list[str] = []
    line = ""
    for word in words.split():
        if font.size(word)[0] > width:
            word = _cut(word, font, width)
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def _cut(word: str, font: pygame.font.Font, width: int) -> str:
    for end in range(len(word) - 1, 0, -1):
        if font.size(word[:end] + ELLIPSIS)[0] <= width:
            return word[:end] + ELLIPSIS
    return word[:1]


ELLIPSIS = "\u2026"


def shrunk(s: Style, words: str, size: float, width: int) -> float:
    """`size`, made smaller (to 12 at least) until `words` are no wider than `width`."""
    while size > 12 and s.text(words, size).get_width() > width:
        size -= 2
    return size


def fitted(s: Style, words: str, size: float, width: int) -> str:
    """`words`, cut short with an ellipsis if they are wider than `width` at `size`."""
    if s.text(words, size).get_width() <= width:
        return words
    for end in range(len(words) - 1, 0, -1):
        short = words[:end].rstrip() + "…"
        if s.text(short, size).get_width() <= width:
            return short
    return words[:1]
