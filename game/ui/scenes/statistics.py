"""The player's record per theme and per computer level, a chart of recent rounds,
and replays to watch."""

from __future__ import annotations

import pygame

from game import replay as replays
from game import stats as user_stats
from game.ai import LEVELS
from game.i18n import N_
from game.ui.scene import Host, Scene
from game.ui.widgets.button import Button

FIGURES = (
    ("matches", N_("Matches won / played")),
    ("rounds", N_("Rounds won / played")),
    ("points", N_("Points scored")),
    ("best_round", N_("Best round")),
    ("catches", N_("UNO catches made / suffered")),
    ("challenges", N_("Challenges won / lost")),
)
REPLAYS_SHOWN = 4


class StatisticsScene(Scene):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.stats = user_stats.load(host.data)
        # Checked once a session on a worker; while that goes on the list fills in later.
        self.shelf = replays.shelf(host.data)
        self.replays = self.shelf.ready() or []
        themes = [p.id for p in host.catalog.available()]
        self.themes = themes + [t for t in self.stats.themes if t not in themes]
        self.theme = host.theme_id if host.theme_id in self.themes else self.themes[0]
        self.mouse = (-1, -1)
        self.buttons: list[Button] = []

    def figure(self, key: str) -> str:
        t = (
            self.stats.theme(self.theme)
            if self.theme in self.stats.themes
            else user_stats.ThemeStats()
        )
        if key == "matches":
            return f"{t.matches_won} / {t.matches_played}"
        if key == "rounds":
            return f"{t.rounds_won} / {t.rounds_played}"
        if key == "catches":
            return f"{t.catches_made} / {t.catches_suffered}"
        if key == "challenges":
            return f"{t.challenges_won} / {t.challenges_lost}"
        return str(getattr(t, key))

    def _theme_name(self, theme: str) -> str:
        pack = self.host.catalog.choose(theme)
        if pack.id != theme or pack.manifest is None:
            return theme
        return pack.manifest.name(self.host.i18n.language)

    def _layout(self) -> list[Button]:
        style = self.host.style(self.theme)
        w, h = self.host.size
        bw, bh = style.px(200), style.px(46)
        theme = self.host.gettext("Theme: {theme}").format(theme=self._theme_name(self.theme))
        buttons = [
            Button(
                "theme",
                theme,
                pygame.Rect(w // 2 - bw - style.px(10), h - bh - style.px(16), bw, bh),
            ),
            Button(
                "back",
                self.host.gettext("Back"),
                pygame.Rect(w // 2 + style.px(10), h - bh - style.px(16), bw, bh),
                primary=True,
            ),
        ]
        mine = [r for r in self.replays if r.theme == self.theme][:REPLAYS_SHOWN]
        rw, rh = w // 2 - style.px(50), style.px(40)
        top = style.px(400)
        for i, r in enumerate(mine):
            label = self.host.gettext("{when} · won by {names}").format(
                when=r.when[5:], names=", ".join(r.winners)
            )  # the year: too long
            buttons.append(
                Button(
                    f"replay:{self.replays.index(r)}",
                    label,
                    pygame.Rect(w - rw - style.px(40), top + i * (rh + style.px(8)), rw, rh),
                    text_size=18,
                )
            )
        return buttons

    def update(self, dt: float) -> None:
        if not self.replays:
            self.replays = self.shelf.ready() or []

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons = self._layout()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((b for b in self.buttons if b.hit(event.pos)), None)
            if hit is not None:
                self.choose(hit.key)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.host.stack.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.choose("theme", -1 if event.key == pygame.K_LEFT else 1)

    def choose(self, key: str, step: int = 1) -> None:
        if key == "back":
            self.host.stack.pop()
        elif key == "theme":
            i = self.themes.index(self.theme)
            self.theme = self.themes[(i + step) % len(self.themes)]
        elif key.startswith("replay:"):
            from game.ui.replay_table import replay_scene

            scene = replay_scene(self.host, self.replays[int(key.partition(":")[2])])
            if scene is not None:
                self.host.stack.push(scene)

    def draw(self, surface: pygame.Surface) -> None:
        _ = self.host.gettext
        style = self.host.style(self.theme)
        surface.blit(style.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        panel = pygame.Rect(style.px(20), style.px(14), w - style.px(40), h - style.px(28))
        style.panel(surface, panel, 235)
        title = _("Statistics: {theme}").format(theme=self._theme_name(self.theme))
        style.blit_text(surface, title, 32, (w // 2, style.px(26)), style.accent_rgb, "midtop")
        y = style.px(90)
        for key, label in FIGURES:
            style.blit_text(surface, _(label), 22, (style.px(50), y))
            style.blit_text(
                surface,
                self.figure(key),
                22,
                (w // 2 - style.px(40), y),
                style.accent_rgb,
                "topright",
            )
            y += style.px(40)
        self._levels(surface, style, y)
        self._chart(
            surface,
            style,
            pygame.Rect(w // 2 + style.px(10), style.px(90), w // 2 - style.px(60), style.px(220)),
        )
        self.buttons = self._layout()
        if len(self.buttons) > 2:
            first = self.buttons[2].rect
            style.blit_text(
                surface,
                _("Watch a replay"),
                22,
                (first.x, first.y - style.px(8)),
                style.text_rgb,
                "bottomleft",
            )
        else:
            style.blit_text(
                surface,
                _("Finished matches can be watched again here."),
                18,
                (w - style.px(40), style.px(400)),
                style.muted_rgb,
                "topright",
            )
        for button in self.buttons:
            button.draw(surface, style, button.rect.collidepoint(self.mouse))

    def _levels(self, surface: pygame.Surface, style, y: int) -> None:  # noqa: ANN001
        """Rounds and matches won against each level of computer (every theme)."""
        _ = self.host.gettext
        played = [level for level in LEVELS if level in self.stats.levels]
        if not played:
            return
        heading = _("Against the computer (its strongest at the table)")
        style.blit_text(surface, heading, 18, (style.px(50), y), style.muted_rgb)
        for level in played:
            y += style.px(28)
            t = self.stats.levels[level]
            line = _("{level}: rounds {won} / {played}, matches {mwon} / {mplayed}").format(
                level=_(level.capitalize()),
                won=t.rounds_won,
                played=t.rounds_played,
                mwon=t.matches_won,
                mplayed=t.matches_played,
            )
            style.blit_text(surface, line, 18, (style.px(50), y))

    def _chart(self, surface: pygame.Surface, style, area: pygame.Rect) -> None:  # noqa: ANN001
        """Points per recent round: a won round rises above the line by its points; a
        lost round (no points) hangs below it, so every round played shows."""
        _ = self.host.gettext
        style.blit_text(surface, _("Recent rounds"), 20, (area.x, area.y))
        chart = pygame.Rect(area.x, area.y + style.px(32), area.w, area.h - style.px(32))
        pygame.draw.rect(surface, style.muted_rgb, chart, 1)
        recent = self.stats.themes[self.theme].recent if self.theme in self.stats.themes else []
        if not recent:
            style.blit_text(
                surface, _("No rounds yet"), 18, chart.center, style.muted_rgb, "center"
            )
            return
        legend_y, x = chart.bottom + style.px(6), chart.x
        for colour, words in ((style.accent_rgb, _("won")), (style.muted_rgb, _("lost"))):
            pygame.draw.rect(
                surface, colour, (x, legend_y + style.px(4), style.px(14), style.px(14))
            )
            shown = style.blit_text(surface, words, 16, (x + style.px(20), legend_y))
            x = shown.right + style.px(24)
        top = max(max(p for p, _won in recent), 1)
        step = chart.w / user_stats.RECENT
        lost_h = chart.h // 5
        line = chart.bottom - lost_h - style.px(4)
        pygame.draw.line(surface, style.muted_rgb, (chart.x, line), (chart.right - 1, line))
        for i, (points, won) in enumerate(recent):
            x, bar_w = int(chart.x + i * step + 2), max(2, int(step) - 4)
            if won:
                bar_h = max(style.px(3), int((line - chart.y - style.px(8)) * max(points, 0) / top))
                bar = pygame.Rect(x, line - bar_h, bar_w, bar_h)
            else:
                bar = pygame.Rect(x, line + 1, bar_w, lost_h)
            pygame.draw.rect(surface, style.accent_rgb if won else style.muted_rgb, bar)
        style.blit_text(
            surface, str(top), 16, (chart.x + style.px(4), chart.y + style.px(2)), style.muted_rgb
        )
