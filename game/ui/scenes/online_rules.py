"""The rules of a table to host: scoring, target and the house options, as for a
local game. Opened from Host a table; changes go straight to that screen's choice."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.engine import RuleSet
from game.i18n import N_
from game.limits import SCORINGS, TARGET_CHOICES
from game.ui.form_scene import FormScene
from game.ui.scene import Host
from game.ui.style import wrap
from game.ui.widgets.button import Button

HELP_LINES = 2


class HostedRules(Protocol):
    """What the host screen keeps of the rules it will ask the server for."""

    rules: RuleSet
    target: int
    scoring: str


class OnlineRulesScene(FormScene):
    title = N_("Rules and scoring")

    def __init__(self, host: Host, hosted: HostedRules) -> None:
        self.hosted = hosted
        super().__init__(host)

    def build(self) -> None:
        keys = ["scoring", "target"] + [f"opt:{o.name}" for o in RuleSet.house_options()]
        self.menu.buttons = [
            Button(key, "", pygame.Rect(0, 0, 1, 1), text_size=18) for key in [*keys, "back"]
        ]

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        hosted = self.hosted
        out = {
            "scoring": _("Scoring: {scoring}").format(scoring=_(hosted.scoring)),
            "target": _("Target: {n}").format(n=hosted.target),
            "back": _("Back"),
        }
        for option in RuleSet.house_options():
            on = getattr(hosted.rules, option.name)
            out[f"opt:{option.name}"] = _("{option}: {state}").format(
                option=_(option.label), state=_("on") if on else _("off")
            )
        return out

    def step(self, key: str, by: int) -> bool:
        hosted = self.hosted
        if key == "scoring":
            hosted.scoring = SCORINGS[(SCORINGS.index(hosted.scoring) + by) % len(SCORINGS)]
        elif key == "target":
            at = TARGET_CHOICES.index(hosted.target) if hosted.target in TARGET_CHOICES else -1
            if at < 0 and by < 0:
                at = 0  # a target of its own: back to the last of the choices
            hosted.target = TARGET_CHOICES[(at + by) % len(TARGET_CHOICES)]
        else:
            return False
        return True

    def choose(self, key: str) -> None:
        hosted = self.hosted
        name, _, option = key.partition(":")
        if self.step(key, 1):
            return
        if name == "opt":
            hosted.rules = hosted.rules.replace(**{option: not getattr(hosted.rules, option)})
        else:
            self.back()

    def draw_body(self, surface: pygame.Surface, style: Any, top: int) -> None:
        """The options, and under them what the focused one does, in a sentence."""
        w, h = surface.get_size()
        font = style.font(style.font_px(17))
        help_h = HELP_LINES * font.get_linesize() + style.px(16)
        self.draw_menu(surface, style, top, h - help_h)
        focused = self.menu.buttons[self.menu.focus].key
        option = next((o for o in RuleSet.house_options() if f"opt:{o.name}" == focused), None)
        if option is None:
            return
        lines = wrap(self.host.gettext(option.text), font, w - style.px(80))[:HELP_LINES]
        y = h - help_h
        for line in lines:
            style.label(surface, line, 17, (w // 2, y), style.text_rgb, "midtop")
            y += font.get_linesize()
