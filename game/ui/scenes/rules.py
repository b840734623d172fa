"""The rules of the active theme and its house options, in our own words, with each
kind of card the theme deals drawn by the theme beside its rule."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine import RuleSet
from game.i18n import N_
from game.ui.about import about_text
from game.ui.card_rules import card_rules
from game.ui.input.context import for_device
from game.ui.scene import Host, Scene
from game.ui.style import Style, wrap
from game.ui.widgets.card_sprite import card_image

Block = str | tuple[str, str]  # a paragraph, or a card's face beside its words
CARD_HEIGHT = 118  # 720p pixels: a card beside its rule

# The paragraphs around the cards: how a turn goes (before), UNO and the score (after).
BASICS = [
    N_(
        "Everyone starts with seven cards. On your turn, play one card that matches the top "
        "of the discard pile by colour, by number or by symbol. Wild cards go on anything, and "
        "you name the colour that follows."
    ),
    N_(
        "If you cannot or would rather not play, draw one card. If it fits, you may play it at "
        "once; otherwise keep it and play passes on."
    ),
    N_(
        "When you are about to go down to one card, press UNO as you play. Forget, and anyone "
        "may catch you before the next player moves: you take two cards."
    ),
    N_(
        "The first to empty their hand wins the round and scores the points left in the other "
        "hands: numbers at face value, Skip, Reverse and Draw Two 20, wild cards 50. The first "
        "to the target score wins the match."
    ),
]


BEFORE_CARDS = 2  # BASICS before the cards' pictures


def rules_text(rules: RuleSet, gettext: Callable[[str], str] = str) -> list[Block]:
    """The screen's blocks in order: paragraphs, and each card kind as (face, words)."""
    _ = gettext
    blocks: list[Block] = [_(text) for text in BASICS[:BEFORE_CARDS]]
    blocks += [(rule.face, _(rule.text)) for rule in card_rules(rules)]
    blocks += [_(text) for text in BASICS[BEFORE_CARDS:]]
    on = [_(option.text) for option in rules.house_options() if getattr(rules, option.name)]
    blocks.append(
        _("House options in play: {options}").format(options=" ".join(on) if on else _("none."))
    )
    return blocks


# How to leave and scroll, said for what the player uses now.
HINT = {
    "keys": N_("Esc or click: back.  Arrows or wheel: scroll."),
    "pad": N_("B: back.  D-pad: scroll."),
    "touch": N_("Tap: back.  Drag up or down: scroll."),
}


class RulesScene(Scene):
    def __init__(self, host: Host, theme: str, rules: RuleSet | None = None) -> None:
        super().__init__(host)
        self.theme = theme
        pack = host.catalog.choose(theme)
        preset = pack.manifest.preset if pack.manifest else "classic"
        self.rules = rules or RuleSet.preset(preset)
        self.scroll = 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE):
                self.host.stack.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroll = max(0, self.scroll + (40 if event.key == pygame.K_DOWN else -40))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 40)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.host.stack.pop()

    def _block(
        self,
        surface: pygame.Surface,
        s: Style,
        block: Block,
        panel: pygame.Rect,
        clip: pygame.Rect,
        y: int,
    ) -> int:
        """One paragraph, or a card beside its words, drawn from `y`; the next block's y."""
        font = s.font(s.font_px(20))
        left, width = panel.x + s.px(30), panel.w - s.px(60)
        card: pygame.Surface | None = None
        if isinstance(block, tuple):
            face, words = block
            card = card_image(s, face, s.px(CARD_HEIGHT) / max(1, s.renderer.card_size[1]))
            if clip.top - card.get_height() < y < clip.bottom:
                surface.blit(card, (left, y))
            left += card.get_width() + s.px(20)
            width -= card.get_width() + s.px(20)
        else:
            words = block
        lines = wrap(words, font, width)
        text_y = y
        if card is not None:  # the words centred on the card, unless longer than it
            text_y += max(0, (card.get_height() - len(lines) * font.get_linesize()) // 2)
        for line in lines:
            if clip.top - 40 < text_y < clip.bottom:
                s.blit_text(surface, line, 20, (left, text_y))
            text_y += font.get_linesize()
        bottom = max(text_y, y + card.get_height()) if card is not None else text_y
        return bottom + s.px(10)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.host.style(self.theme)
        surface.blit(s.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        panel = pygame.Rect(s.px(60), s.px(24), w - s.px(120), h - s.px(48))
        s.panel(surface, panel, 240)
        _ = self.host.gettext
        title = _("How to play — {theme}").format(theme=s.manifest.name(self.host.i18n.language))
        heading = s.blit_text(
            surface, title, 30, (panel.centerx, panel.y + s.px(12)), s.accent_rgb, "midtop"
        )
        # The page scrolls under a rule a little below the title, never up to it.
        top = max(panel.y + s.px(56), heading.bottom + s.px(10))
        rule = (panel.x + s.px(30), top - s.px(5)), (panel.right - s.px(30), top - s.px(5))
        pygame.draw.line(surface, s.muted_rgb, *rule, max(1, s.px(2)))
        y = top + s.px(6) - self.scroll
        clip = pygame.Rect(panel.x, top, panel.w, panel.bottom - s.px(54) - top)
        surface.set_clip(clip)
        for block in rules_text(self.rules, _) + about_text(_, self.host.i18n.language):
            y = self._block(surface, s, block, panel, clip, y)
        self.scroll = min(self.scroll, max(0, y + self.scroll - clip.bottom))
        surface.set_clip(None)
        s.blit_text(
            surface,
            _(for_device(self.host, HINT)),
            18,
            (panel.centerx, panel.bottom - s.px(10)),
            s.muted_rgb,
            "midbottom",
        )
