"""A controller's button glyphs, drawn in code (no third-party art): face buttons
as letters in circles of their printed colours, shoulders as rounded tabs, the
D-pad as a cross; and the bar of prompts shown along the bottom of the window
while a controller is in use."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_
from game.ui.input.context import TableMoment
from game.ui.input.controller import FACE_COLOURS, face_colours, table_key
from game.ui.style import Style

FACE = {"A": (46, 160, 67), "B": (208, 52, 44), "X": (36, 110, 214), "Y": (226, 172, 20)}
GREY = (70, 74, 82)
WHITE = (245, 245, 245)

# Every prompt: (glyph, English words translated when drawn).
MENU_PROMPTS = (("pad", N_("Move")), ("A", N_("Choose")), ("B", N_("Back")))
COLOUR_WORDS = {
    "green": N_("Green"),
    "red": N_("Red"),
    "blue": N_("Blue"),
    "yellow": N_("Yellow"),
    "pink": N_("Pink"),
}


# The pad's buttons in the order a table button's glyph is looked for (B before
# Start: both pause; Y before Back: both catch).
PAD_GLYPHS = (
    (pygame.CONTROLLER_BUTTON_A, "A"),
    (pygame.CONTROLLER_BUTTON_B, "B"),
    (pygame.CONTROLLER_BUTTON_X, "X"),
    (pygame.CONTROLLER_BUTTON_Y, "Y"),
    (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, "LB"),
    (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, "RB"),
    (pygame.CONTROLLER_BUTTON_BACK, "Back"),
)


def button_glyph(key: str, hotkey: int | None, moment: TableMoment) -> str:
    """The glyph of the pad button that presses the table's button `key` now ('':
    none does). Read from the controller's own mapping (`table_key`): the pad button
    whose key is the button's hotkey; Escape for Pause; the draw key for whatever
    the draw pile does now (taking a penalty)."""
    wanted = {hotkey} if hotkey else set()
    if key == "pause":
        wanted.add(pygame.K_ESCAPE)
    pile = moment.prompt.pile
    if pile is not None and key == pile.key:
        wanted.add(pygame.K_d)
    return next((g for b, g in PAD_GLYPHS if table_key(b, moment) in wanted), "")


def table_prompts(moment: TableMoment) -> tuple[tuple[str, str], ...]:
    """The bar at the table: what each button does at this moment."""
    if moment.colours:
        letters = dict(zip(FACE_COLOURS, "ABXY", strict=True))
        named = face_colours(moment.colours)
        return tuple((letters[b], COLOUR_WORDS.get(c, c.title())) for b, c in named.items())
    x = N_("Keep it") if moment.keep else N_("Draw a card")
    if moment.challenge:
        y = N_("Challenge")
    elif moment.catch:
        y = N_("Catch!")
    else:
        y = N_("UNO!")
    return (
        ("pad", N_("Cards")),
        ("A", N_("Play a card")),
        ("X", x),
        ("Y", y),
        ("LB", N_("Hint")),
        ("RB", N_("Speed")),
        ("B", N_("Pause")),
    )


def draw_glyph(surface: pygame.Surface, glyph: str, center: tuple[int, int], size: int) -> int:
    """One glyph centred at `center`, `size` pixels tall; returns its width."""
    r = size // 2
    if glyph in FACE:
        pygame.draw.circle(surface, (20, 20, 20), center, r + max(1, size // 12))
        pygame.draw.circle(surface, FACE[glyph], center, r)
        _letter(surface, glyph, center, size)
        return size
    if glyph == "pad":  # the D-pad: a cross
        arm = max(2, size // 3)
        for box in (pygame.Rect(0, 0, arm, size), pygame.Rect(0, 0, size, arm)):
            box.center = center
            pygame.draw.rect(surface, GREY, box.inflate(2, 2), border_radius=2)
            pygame.draw.rect(surface, WHITE, box, width=1, border_radius=2)
        return size
    width = round(size * 1.5)  # a shoulder or another named button: a rounded tab
    tab = pygame.Rect(0, 0, width, round(size * 0.8))
    tab.center = center
    pygame.draw.rect(surface, GREY, tab, border_radius=size // 3)
    pygame.draw.rect(surface, WHITE, tab, width=1, border_radius=size // 3)
    _letter(surface, glyph, center, round(size * 0.8))
    return width


def _letter(surface: pygame.Surface, text: str, center: tuple[int, int], size: int) -> None:
    image = _render(text, max(8, round(size * 0.95)))
    surface.blit(image, image.get_rect(center=center))


_FONTS: dict[int, pygame.font.Font] = {}


def _render(text: str, size: int) -> pygame.Surface:
    """`text` in pygame's own font at `size`; the font made once (the table's buttons
    draw glyphs each frame), again after pygame was quit and started (tests)."""
    font = _FONTS.get(size)
    try:
        if font is not None:
            return font.render(text, True, WHITE)
    except pygame.error:
        pass
    font = _FONTS[size] = pygame.font.Font(None, size)
    return font.render(text, True, WHITE)


def draw_prompt_bar(
    surface: pygame.Surface,
    style: Style,
    prompts: tuple[tuple[str, str], ...],
    gettext: Callable[[str], str],
) -> pygame.Rect:
    """The prompts in one band along the bottom of the window (over the keyboard's
    own hint line, which says keys a controller does not have)."""
    w, h = surface.get_size()
    glyph, gap = style.px(22), style.px(6)  # low: the hand is just above
    words = [style.text(gettext(text), 16) for _, text in prompts]
    widths = [
        _glyph_width(g, glyph) + gap // 2 + t.get_width()
        for (g, _), t in zip(prompts, words, strict=True)
    ]
    total = sum(widths) + 2 * gap * (len(prompts) - 1)
    band = pygame.Rect(0, 0, min(w, total + 4 * gap), glyph + 2 * gap)
    band.midbottom = (w // 2, h - style.px(2))
    style.panel(surface, band, 235, border=style.accent_rgb)
    x = band.centerx - total // 2
    for (g, _), text, width in zip(prompts, words, widths, strict=True):
        gw = draw_glyph(surface, g, (x + _glyph_width(g, glyph) // 2, band.centery), glyph)
        surface.blit(text, text.get_rect(midleft=(x + gw + gap // 2, band.centery)))
        x += width + 2 * gap
    return band


def _glyph_width(glyph: str, size: int) -> int:
    return size if glyph in FACE or glyph == "pad" else round(size * 1.5)
