"""A round's end, before the scoreboard: each seat's remaining cards fly from its
place into the winner's points, which count up as each hand lands.

The person who won sees it bright, with a burst when the count is done; the
person who lost sees the table darken and the count told calmly. A click or a
key goes straight to the scoreboard; at speed "instant" there is no tally.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.engine import Card
from game.ui.animation import Animator, Tween
from game.ui.round_end import RoundEnd
from game.ui.scene import Host, Scene
from game.ui.widgets.card_sprite import Flight
from game.ui.widgets.score_panel import draw_scores, score_rect

Point = tuple[float, float]
LEAD_IN = 0.2  # seconds at 1x before the first hand sets off
SPREAD = 1.0  # seconds over which the hands set off, however many seats there are
FLIGHT = 0.5
HOLD = 2.0  # seconds the final count stays before the scoreboard, at any pace
CARDS_SHOWN = 4  # of each hand: the number carries the rest
CARD_SCALE = 0.6  # one size, so each face is scaled once, not every frame
POP = 0.25  # seconds the count glows after a hand lands
BURST = 28
# The table under the count, multiplied: lighter for a win than for a loss.
VEIL = {"won": (200, 200, 200), "watch": (170, 170, 170), "lost": (120, 120, 130)}


def mood_of(you: int | None, winner: int) -> str:
    """How the tally feels: "won" or "lost" for the person at the table, "watch"
    where nobody's win is told (computers only, people sharing a computer)."""
    return "watch" if you is None else "won" if you == winner else "lost"


@dataclass
class Leaving:
    """A hand on its way: its points shown at the seat it left."""

    at: Point
    points: int
    left: float


class RoundTallyScene(Scene):
    opaque = False

    @staticmethod
    def wanted(end: RoundEnd) -> bool:
        """A tally to show: a winner who gained points (the others' hands: where each
        seat keeps its own points the winner gains none), and a pace to show it at."""
        winner = end.result.winner
        return end.pace > 0 and winner is not None and end.result.gained[winner] > 0

    def __init__(self, host: Host, end: RoundEnd) -> None:
        super().__init__(host)
        result = end.result
        assert result.winner is not None
        self.end, self.winner = end, result.winner
        self.mood = mood_of(end.you, self.winner)
        self.before = result.before
        self.counted = 0  # points of the hands landed so far
        self.on_screen = 0.0  # the number shown, which runs up to `counted`
        self.to_land = 0
        self.anim = Animator()
        self.flights: list[Flight] = []
        self.faces: dict[str, pygame.Surface] = {}
        self.leaving: dict[int, Leaving] = {}
        self.pop = 0.0
        self.burst: list[tuple[float, float, int]] = []  # angle, speed, colour index
        self.clock = 0.0
        # The flights run at the table's pace; the final count stays long enough to
        # read at any pace.
        self.left = self._plan(result.hands, result.hand_points) * end.pace + HOLD
        self._show_scores()

    # -- the plan -------------------------------------------------------------------------

    def _plan(self, hands: tuple[tuple[Card, ...], ...], points: tuple[int, ...]) -> float:
        """Every hand's flight, clockwise from the winner; seconds (at 1x) to the end."""
        n = len(hands)
        order = [(self.winner + k) % n for k in range(1, n)]
        losers = [s for s in order if points[s]]
        step = min(0.35, SPREAD / len(losers))
        self.to_land = len(losers)
        for i, seat in enumerate(losers):
            self._send(seat, hands[seat], points[seat], LEAD_IN + i * step)
        return LEAD_IN + (len(losers) - 1) * step + FLIGHT

    def _send(self, seat: int, hand: tuple[Card, ...], points: int, delay: float) -> None:
        pace, style = self.end.pace, self.style
        starts = self._starts(seat, hand)
        leave = Tween(0.0, delay * pace, on_done=lambda: self._leave(seat, points, starts[0][0]))
        self.anim.add(leave)
        fan = style.px(16)  # a seat's cards set off side by side, not stacked
        for k, ((x, y), card) in enumerate(starts[:CARDS_SHOWN]):
            at = (x + (k - 1.5) * fan, y) if not self.end.geometry.is_viewer(seat) else (x, y)
            self._small(card.text)  # scaled now, not mid-flight
            last = k == min(len(starts), CARDS_SHOWN) - 1
            tween = Tween(
                FLIGHT * pace,
                (delay + k * 0.05) * pace,
                on_done=(lambda: self._land(points)) if last else None,
            )
            self.flights.append(
                Flight(card.text, at, self._target, tween, (CARD_SCALE, CARD_SCALE))
            )
            self.anim.add(tween)

    def _small(self, face: str) -> pygame.Surface:
        """The face at flight size, scaled from the one the table has ready (rendering
        the art afresh at a new size takes ~1 ms a card: a hitch at ten seats)."""
        image = self.faces.get(face)
        if image is None:
            full = self.style.card(face)
            size = (round(full.get_width() * CARD_SCALE), round(full.get_height() * CARD_SCALE))
            image = self.faces[face] = pygame.transform.smoothscale(full, size)
        return image

    def _starts(self, seat: int, hand: tuple[Card, ...]) -> list[tuple[Point, Card]]:
        """Where each card sets off: the card itself in the person's fan, else the seat."""
        fan, g = self.end.picture.fan, self.end.geometry
        if g.is_viewer(seat) and fan.cards:
            return [((e.x, e.y), e.card) for e in fan.cards]
        return [(g.backs_center(seat), card) for card in hand]

    # -- as it happens ----------------------------------------------------------------------

    def _leave(self, seat: int, points: int, at: Point) -> None:
        picture = self.end.picture
        self.leaving[seat] = Leaving(at, points, FLIGHT * self.end.pace)
        picture.shown.counts[seat] = 0
        if self.end.geometry.is_viewer(seat):
            for entry in picture.fan.cards:
                entry.visible = False

    def _land(self, points: int) -> None:
        self.counted += points
        self.pop = POP * self.end.pace
        self.host.audio.play("draw")
        self.to_land -= 1
        if self.to_land == 0:
            self._finale()

    def _finale(self) -> None:
        """The last hand is in: a burst for the person who won."""
        if self.mood == "won":
            rng = random.Random(7)
            self.burst = [
                (rng.uniform(0, math.tau), rng.uniform(0.6, 1.0), rng.randrange(4))
                for _ in range(BURST)
            ]
            self.clock = 0.0

    def _show_scores(self) -> None:
        """The score panel counts up with the winner's points."""
        scores = list(self.before)
        scores[self.winner] += round(self.on_screen)
        self.end.picture.shown.scores = tuple(scores)

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        # The number runs up to the new total while the count glows after a landing.
        if self.pop > dt:
            self.on_screen += (self.counted - self.on_screen) * dt / self.pop
        else:
            self.on_screen = self.counted
        self.pop = max(0.0, self.pop - dt)
        self._show_scores()
        self.clock += dt
        for leaving in self.leaving.values():
            leaving.left -= dt
        self.left -= dt
        if self.left <= 0:
            self._done()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._done()  # the scoreboard at once; the points are the same

    def _done(self) -> None:
        self.end.picture.shown.scores = None
        self.host.stack.replace(self.host.scene("scoreboard", self.end, counted=True))

    # -- drawing ------------------------------------------------------------------------------

    def _target(self) -> Point:
        return self._box().center

    def _box(self) -> pygame.Rect:
        s = self.style
        box = pygame.Rect(0, 0, s.px(300), s.px(130))
        box.center = self.end.geometry.place("direction").center
        return box

    @property
    def style(self):  # noqa: ANN201 - the theme's Style
        return self.host.style(self.end.setup.theme)

    def draw(self, surface: pygame.Surface) -> None:
        s, end = self.style, self.end
        surface.fill(VEIL[self.mood], special_flags=pygame.BLEND_MULT)
        # The score panel stays bright: the winner's total counts up in it too.
        rect = score_rect(s, end.geometry)
        s.panel(surface, rect, 235)
        scores = end.picture.shown.scores or end.result.before
        draw_scores(surface, s, rect, end.heading(self.host.gettext), scores, end.names)
        for leaving in self.leaving.values():
            if leaving.left > 0:
                x, y = leaving.at
                rise = s.px(30) * (1 - leaving.left / max(FLIGHT * self.end.pace, 1e-6))
                s.label(
                    surface, f"+{leaving.points}", 26, (round(x), round(y - rise)), None, "center"
                )
        for flight in self.flights:
            if flight.tween.started and not flight.tween.finished and flight.face:
                image = self.faces[flight.face]
                surface.blit(image, image.get_rect(center=flight.where()))
        self._draw_burst(surface)  # from behind the count, outwards
        self._draw_count(surface)

    def _draw_count(self, surface: pygame.Surface) -> None:
        s, box = self.style, self._box()
        bright = self.mood != "lost"
        edge = s.accent_rgb if bright else s.muted_rgb
        if self.pop > 0:  # a hand just landed: the count glows
            glow = round(s.px(14) * self.pop / max(POP * self.end.pace, 1e-6))
            pygame.draw.rect(surface, edge, box.inflate(glow, glow), border_radius=s.px(18))
        s.panel(surface, box, 255, border=edge)
        name = self.end.names[self.winner]
        s.blit_text(surface, name, 24, (box.centerx, box.y + s.px(10)), s.muted_rgb, "midtop")
        colour = s.accent_rgb if bright else s.text_rgb
        number = f"+{round(self.on_screen)}"
        s.blit_text(surface, number, 54, (box.centerx, box.bottom - s.px(8)), colour, "midbottom")

    def _draw_burst(self, surface: pygame.Surface) -> None:
        if not self.burst:
            return
        s, box = self.style, self._box()
        reach = s.px(200) * min(1.0, self.clock / 0.6) ** 0.5
        colours = [c.rgb for c in s.manifest.colours]
        size = s.px(9)
        for angle, speed, c in self.burst:
            out = reach * speed
            x = box.centerx + math.cos(angle) * (box.w / 2 + out)
            y = box.centery + math.sin(angle) * (box.h / 2 + out * 0.7) + s.px(60) * self.clock**2
            pygame.draw.rect(surface, colours[c % len(colours)], (round(x), round(y), size, size))
