"""The rules of the active theme and its house options, in our own words."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine import RuleSet
from game.engine.kinds import KINDS
from game.i18n import N_
from game.ui.about import about_text
from game.ui.scene import Host, Scene
from game.ui.style import wrap

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
        "Skip: the next player misses a turn. Reverse: play changes direction (with two "
        "players it works as a Skip). Draw Two: the next player takes two cards and misses a "
        "turn."
    ),
    N_(
        "Wild Draw Four: name a colour; the next player takes four and misses a turn. It should "
        "only be played when you hold nothing of the current colour. The next player may "
        "challenge: if you bluffed you take the four, if you were honest they take six."
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


def rules_text(rules: RuleSet, gettext: Callable[[str], str] = str) -> list[str]:
    _ = gettext
    paragraphs = [_(text) for text in BASICS]
    special = KINDS[rules.special] if rules.special else None
    if special is not None and special.rules_text:
        paragraphs.append(_(special.rules_text))
    on = [_(option.text) for option in rules.house_options() if getattr(rules, option.name)]
    paragraphs.append(
        _("House options in play: {options}").format(options=" ".join(on) if on else _("none."))
    )
    return paragraphs


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

    def draw(self, surface: pygame.Surface) -> None:
        s = self.host.style(self.theme)
        surface.blit(s.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        panel = pygame.Rect(s.px(60), s.px(24), w - s.px(120), h - s.px(48))
        s.panel(surface, panel, 240)
        _ = self.host.gettext
        title = _("How to play — {theme}").format(theme=s.manifest.name(self.host.i18n.language))
        s.blit_text(surface, title, 30, (panel.centerx, panel.y + s.px(12)), s.accent_rgb, "midtop")
        font = s.font(s.font_px(20))
        y = panel.y + s.px(62) - self.scroll
        clip = panel.inflate(0, -s.px(110))
        clip.y = panel.y + s.px(56)
        surface.set_clip(clip)
        for paragraph in rules_text(self.rules, _) + about_text(_):
            for line in wrap(paragraph, font, panel.w - s.px(60)):
                if y > clip.y - 40:
                    s.blit_text(surface, line, 20, (panel.x + s.px(30), y))
                y += font.get_linesize()
            y += s.px(10)
        self.scroll = min(self.scroll, max(0, y + self.scroll - clip.bottom))
        surface.set_clip(None)
        s.blit_text(
            surface,
            _("Esc or click: back.  Arrows or wheel: scroll."),
            18,
            (panel.centerx, panel.bottom - s.px(10)),
            s.muted_rgb,
            "midbottom",
        )
