"""The player's record per theme and per computer level, a chart of recent rounds,
and replays to watch."""

from __future__ import annotations

import pygame

from game.ai import LEVELS
from game.files import replay as replays
from game.files import stats as user_stats
from game.i18n import N_
from game.ui.scene import Host, Scene
from game.ui.style import shrunk, wrap
from game.ui.widgets.button import Button
from game.ui.widgets.title_style import heading_fans, title_backdrop, title_heading, title_panel

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
    CHART_H = 280  # at the reference size

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

    def _columns(self, style) -> tuple[pygame.Rect, pygame.Rect]:  # noqa: ANN001
        """The figures' column and the chart's (with the replays under it)."""
        w, h = self.host.size
        margin = style.px(30)
        top, bottom = style.px(84), h - style.px(84)
        col_w = (w - 2 * style.px(20) - 3 * margin) // 2
        left = pygame.Rect(style.px(20) + margin, top, col_w, bottom - top)
        return left, left.move(col_w + margin, 0)

    def _layout(self) -> list[Button]:
        style = self.host.style(self.theme)
        w, h = self.host.size
        bw, bh = style.px(200), style.touch(46)
        theme = self.host.gettext("Theme: {theme}").format(theme=self._theme_name(self.theme))
        y = h - bh - style.px(16)
        buttons = [
            Button("theme", theme, pygame.Rect(w // 2 - bw - style.px(10), y, bw, bh)),
            Button(
                "back",
                self.host.gettext("Back"),
                pygame.Rect(w // 2 + style.px(10), y, bw, bh),
                primary=True,
            ),
        ]
        buttons[0].max_w, buttons[0].anchor = w // 2 - style.px(40), "midright"
        _left, right = self._columns(style)
        # Each replay keeps its place in the list: finding it again (`list.index`) compares
        # replays by value, and two kept copies of one long match compare every action,
        # every frame (hundreds of ms a frame with ten of 200,000 actions).
        mine = [(n, r) for n, r in enumerate(self.replays) if r.theme == self.theme]
        rh = style.touch(40)
        top = right.y + style.px(self.CHART_H) + style.px(56)
        for i, (n, r) in enumerate(mine[:REPLAYS_SHOWN]):
            label = self.host.gettext("{when} · won by {names}").format(
                when=r.when[5:], names=", ".join(r.winners)
            )  # the year: too long
            place = pygame.Rect(right.x, top + i * (rh + style.px(8)), right.w, rh)
            buttons.append(Button(f"replay:{n}", label, place, text_size=18))
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
            kept = self.replays[int(key.partition(":")[2])]
            self.host.stack.push(self.host.scene("replay", kept))

    def draw(self, surface: pygame.Surface) -> None:
        _ = self.host.gettext
        style = self.host.style(self.theme)
        title_backdrop(surface, style)
        w, h = surface.get_size()
        panel = pygame.Rect(style.px(20), style.px(14), w - style.px(40), h - style.px(28))
        title_panel(surface, style, panel)
        title = _("Statistics: {theme}").format(theme=self._theme_name(self.theme))
        heading = title_heading(surface, style, title, 32, (w // 2, style.px(26)))
        left, right = self._columns(style)
        heading_fans(surface, style, heading, surface.get_rect(), [left, right])  # above them
        y = left.y
        for key, label in FIGURES:
            value = style.blit_text(
                surface, self.figure(key), 22, (left.right, y), style.accent_rgb, "topright"
            )
            words, room = _(label), value.x - left.x - style.px(12)
            size = shrunk(style, words, 22, room)
            lines = [words] if style.text(words, size).get_width() <= room else []
            lines = lines or wrap(words, style.font(style.font_px(size)), room)  # a small window
            tall = style.text(words, size).get_height()
            top = value.centery - tall // 2
            for i, line in enumerate(lines):
                style.blit_text(surface, line, size, (left.x, top + i * tall))
            y = max(value.bottom, top + len(lines) * tall) + style.px(12)
        self._levels(surface, style, left.x, y, left.w)
        chart = pygame.Rect(right.x, right.y, right.w, style.px(self.CHART_H))
        self._chart(surface, style, chart)
        self.buttons = self._layout()
        below = chart.bottom + style.px(24)
        if len(self.buttons) > 2:
            heading = self.buttons[2].rect
            style.blit_text(
                surface,
                _("Watch a replay"),
                22,
                (right.x, heading.y - style.px(6)),
                None,
                "bottomleft",
            )
        else:
            words = _("Finished matches can be watched again here.")
            font = style.font(style.font_px(18))
            for line in wrap(words, font, right.w):
                shown = style.blit_text(surface, line, 18, (right.x, below), style.muted_rgb)
                below = shown.bottom
        for button in self.buttons:
            button.draw(surface, style, button.rect.collidepoint(self.mouse))

    def level_lines(self) -> list[str]:
        """Rounds and matches won against each level of computer in this theme (the
        title's), one line each."""
        _ = self.host.gettext
        theme = self.stats.themes.get(self.theme, user_stats.ThemeStats())
        return [
            _("{level}: rounds {won} / {played}, matches {mwon} / {mplayed}").format(
                level=_(level.capitalize()),
                won=t.rounds_won,
                played=t.rounds_played,
                mwon=t.matches_won,
                mplayed=t.matches_played,
            )
            for level, t in ((level, theme.levels.get(level)) for level in LEVELS)
            if t is not None
        ]

    def _levels(self, surface: pygame.Surface, style, x: int, y: int, width: int) -> None:  # noqa: ANN001
        lines = self.level_lines()
        if not lines:
            return
        heading = self.host.gettext("Against the computer (its strongest at the table)")
        font = style.font(style.font_px(18))
        for line in wrap(heading, font, width):
            y = style.blit_text(surface, line, 18, (x, y), style.muted_rgb).bottom
        for line in lines:
            y += style.px(4)
            for part in _wrap_at_commas(line, font, width):
                y = style.blit_text(surface, part, 18, (x, y)).bottom

    def _chart(self, surface: pygame.Surface, style, area: pygame.Rect) -> None:  # noqa: ANN001
        """Points per recent round on two labelled axes: a won round rises above the
        zero line by its points; a lost round (no points) hangs below it, so every
        round played shows. Oldest on the left."""
        _ = self.host.gettext
        title = style.blit_text(surface, _("Recent rounds"), 20, (area.x, area.y))
        recent = self.stats.themes[self.theme].recent if self.theme in self.stats.themes else []
        self._legend(surface, style, (title.right + style.px(24), title.centery))
        small = style.text("0", 16).get_height()  # the axes' words, at least 18 px high
        label_w, under = style.px(48), 2 * small + style.px(4)
        plot = pygame.Rect(
            area.x + label_w, title.bottom + small + style.px(8), area.w - label_w, 0
        )
        plot.h = area.bottom - under - plot.y
        if not recent:
            pygame.draw.rect(surface, style.muted_rgb, plot, 1)
            style.blit_text(surface, _("No rounds yet"), 18, plot.center, style.muted_rgb, "center")
            return
        top = max(max(p for p, _won in recent), 1)
        lost_h = plot.h // 5
        zero = plot.bottom - lost_h
        ink, faint = style.text_rgb, style.muted_rgb
        # The y axis: points, with 0, half and the highest round marked.
        pygame.draw.line(surface, ink, plot.topleft, plot.bottomleft, max(1, style.px(2)))
        style.blit_text(
            surface, _("points"), 16, (area.x, plot.y - small // 2), faint, "bottomleft"
        )
        for value in sorted({0, top // 2, top}):
            y = zero - round((zero - plot.y) * value / top)
            pygame.draw.line(surface, faint, (plot.x - style.px(5), y), (plot.right, y), 1)
            style.blit_text(surface, str(value), 16, (plot.x - style.px(8), y), ink, "midright")
        # The x axis: the rounds, oldest first.
        pygame.draw.line(surface, ink, (plot.x, zero), (plot.right, zero), max(1, style.px(2)))
        step = plot.w / user_stats.RECENT
        for i, (points, won) in enumerate(recent):
            x, bar_w = int(plot.x + i * step + 2), max(2, int(step) - 4)
            if won:
                bar_h = max(style.px(3), int((zero - plot.y) * max(points, 0) / top))
                bar = pygame.Rect(x, zero - bar_h, bar_w, bar_h)
            else:
                bar = pygame.Rect(x, zero + 2, bar_w, lost_h - 2)
            pygame.draw.rect(surface, style.accent_rgb if won else faint, bar)
        for i in sorted({0, len(recent) - 1}):
            x = int(plot.x + i * step + step / 2)
            style.blit_text(surface, str(i + 1), 16, (x, plot.bottom + style.px(2)), ink, "midtop")
        words = _("rounds, oldest to newest")
        size = shrunk(style, words, 16, area.w)
        style.blit_text(surface, words, size, (area.centerx, area.bottom), faint, "midbottom")

    def _legend(self, surface: pygame.Surface, style, at: tuple[int, int]) -> None:  # noqa: ANN001
        _ = self.host.gettext
        x, y = at
        for colour, words in ((style.accent_rgb, _("won")), (style.muted_rgb, _("lost"))):
            box = pygame.Rect(0, 0, style.px(14), style.px(14))
            box.midleft = (x, y)
            pygame.draw.rect(surface, colour, box)
            shown = style.blit_text(
                surface, words, 16, (box.right + style.px(6), y), None, "midleft"
            )
            x = shown.right + style.px(20)


def _wrap_at_commas(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """A level's line on as many lines as it needs, broken after a comma so that a
    figure ("matches 1 / 2") is never split; a part wider than a line is wrapped."""
    lines: list[str] = []
    for part in line.split(", "):
        joined = f"{lines[-1]}, {part}" if lines else part
        if lines and font.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            if lines:
                lines[-1] += ","
            lines += wrap(part, font, width) if font.size(part)[0] > width else [part]
    return lines
