"""A round's end, before the scoreboard: the other hands are turned face up where
they are, then each seat's remaining cards fly from its place into the winner's
points, which count up as each hand lands.

The person who won sees it bright, with a burst when the count is done; the
person who lost sees the table darken and the count told calmly. A click or a
key first finishes the motion (every hand in, the count at its total), and only
a second one goes on to the scoreboard: a key never skips the result. At speed
"instant" there is no tally.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine import Card
from game.ui.animation import Animator, Tween
from game.ui.round_end import RoundEnd
from game.ui.scene import Host, Scene
from game.ui.style import fitted
from game.ui.widgets.avatar import draw_avatar
from game.ui.widgets.card_sprite import Flight, card_image
from game.ui.widgets.score_panel import draw_scores, score_rect
from game.ui.widgets.title_style import title_panel

Point = tuple[float, float]
LEAD_IN = 0.2  # seconds at 1x before the first hand turns over
REVEAL = 0.45  # seconds a hand takes to turn face up
REVEAL_STAGGER = 0.08  # between one seat's hand turning and the next's
READ = 0.5  # seconds the turned hands are looked at before they fly
SPREAD = 1.0  # seconds over which the hands set off, however many seats there are
FLIGHT = 0.5
HOLD = 2.0  # seconds the final count stays before the scoreboard, at any pace
CARDS_SHOWN = 5  # of each hand: the number carries the rest
CARD_SCALE = 0.6  # one size, so each face is drawn once, not every frame
POP = 0.25  # seconds the count glows after a hand lands
BURST = 28
# The table under the count, multiplied: lighter for a win than for a loss.
VEIL = {"won": (200, 200, 200), "watch": (170, 170, 170), "lost": (120, 120, 130)}


def mood_of(you: int | None, winner: int) -> str:
    """How the tally feels: "won" or "lost" for the person at the table, "watch"
    where nobody's win is told (computers only, people sharing a computer)."""
    return "watch" if you is None else "won" if you == winner else "lost"


def _still(at: Point) -> Callable[[], Point]:
    """Where a card turned over in place goes: nowhere."""
    return lambda: at


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
        self.revealed: dict[int, list[Flight]] = {}  # each seat's hand, turned in place
        self.leaving: dict[int, Leaving] = {}
        self.pop = 0.0
        self.burst: list[tuple[float, float, int]] = []  # angle, speed, colour index
        self.clock = 0.0
        self.quiet = False  # a key finished the motion: no sound for each hand at once
        # The motion runs at the table's pace; the final count stays long enough to
        # read at any pace.
        self.left = self._plan(result.hands, result.hand_points) * end.pace + HOLD
        self._show_scores()

    # -- the plan -------------------------------------------------------------------------

    def _plan(self, hands: tuple[tuple[Card, ...], ...], points: tuple[int, ...]) -> float:
        """Every hand turned over, then flown in, clockwise from the winner; seconds
        (at 1x) to the end."""
        n = len(hands)
        losers = [s for s in ((self.winner + k) % n for k in range(1, n)) if hands[s]]
        for i, seat in enumerate(losers):
            self._reveal(seat, hands[seat], LEAD_IN + i * REVEAL_STAGGER)
        flying = LEAD_IN + (len(losers) - 1) * REVEAL_STAGGER + REVEAL + READ
        step = min(0.35, SPREAD / len(losers))
        self.to_land = len(losers)
        for i, seat in enumerate(losers):
            self._send(seat, points[seat], flying + i * step)
        return flying + (len(losers) - 1) * step + FLIGHT

    def _reveal(self, seat: int, hand: tuple[Card, ...], delay: float) -> None:
        """The hand turned face up where it is (the person's own is face up already)."""
        pace = self.end.pace
        turned: list[Flight] = []
        for at, card in self._starts(seat, hand)[:CARDS_SHOWN]:
            card_image(self.style, card.text, CARD_SCALE)  # drawn now, not mid-flip
            tween = self.anim.add(Tween(REVEAL * pace, delay * pace))
            flip = not self.end.geometry.is_viewer(seat)
            scale = (CARD_SCALE, CARD_SCALE)
            turned.append(Flight(card.text, at, _still(at), tween, scale, flip=flip))
        self.revealed[seat] = turned

    def _send(self, seat: int, points: int, delay: float) -> None:
        pace = self.end.pace
        turned = self.revealed[seat]
        at = turned[0].start
        self.anim.add(Tween(0.0, delay * pace, on_done=lambda: self._leave(seat, points, at)))
        for k, card in enumerate(turned):
            last = k == len(turned) - 1
            tween = Tween(
                FLIGHT * pace,
                (delay + k * 0.05) * pace,
                on_done=(lambda: self._land(points)) if last else None,
            )
            scale = (CARD_SCALE, CARD_SCALE)
            self.flights.append(Flight(card.face, card.start, self._target, tween, scale))
            self.anim.add(tween)

    def _starts(self, seat: int, hand: tuple[Card, ...]) -> list[tuple[Point, Card]]:
        """Where each card lies turned up: the card itself in the person's fan, else a
        short row at the seat, kept inside the window."""
        fan, g = self.end.picture.fan, self.end.geometry
        if g.is_viewer(seat) and fan.cards:
            return [((e.x, e.y), e.card) for e in fan.cards]
        shown = min(len(hand), CARDS_SHOWN)
        card_w = card_image(self.style, None, CARD_SCALE).get_width()
        # Closer together where a neighbour sits near (a crowded table): a row no
        # wider than the way to the next seat.
        near = min((d for _, d in g.beside(seat)), default=self.host.size[0])
        step = min(self.style.px(22), (near - card_w) / max(1, shown - 1))
        step = max(self.style.px(6), step)
        x, y = g.backs_center(seat)
        half = (shown - 1) * step / 2 + card_w / 2
        x = min(max(x, half), self.host.size[0] - half)
        return [((x + (k - (shown - 1) / 2) * step, y), card) for k, card in enumerate(hand)]

    # -- as it happens ----------------------------------------------------------------------

    def _leave(self, seat: int, points: int, at: Point) -> None:
        picture = self.end.picture
        self.leaving[seat] = Leaving(at, points, FLIGHT * self.end.pace)
        self.revealed.pop(seat, None)  # its cards are the flights now
        picture.shown.counts[seat] = 0
        if self.end.geometry.is_viewer(seat):
            for entry in picture.fan.cards:
                entry.visible = False

    def _land(self, points: int) -> None:
        self.counted += points
        self.pop = POP * self.end.pace
        if not self.quiet:
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

    @property
    def moving(self) -> bool:
        """Hands still turning or flying (a key finishes them first)."""
        return self.anim.busy

    def finish(self) -> None:
        """Every hand in at once and the count at its total, which then stays to be read."""
        self.quiet = True
        self.anim.finish_all()
        self.quiet = False
        self.on_screen, self.pop = float(self.counted), 0.0
        self.leaving.clear()
        self.left = HOLD
        self._show_scores()

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
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return
        if self.moving:
            self.finish()  # the result first, however hasty the key
        else:
            self._done()  # the scoreboard; the points are the same

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
        for seat, turned in self.revealed.items():
            if not end.geometry.is_viewer(seat):  # the person's own lie face up in the fan
                for card in turned:
                    card.draw(surface, s)
        for leaving in self.leaving.values():
            if leaving.left > 0:
                x, y = leaving.at
                rise = s.px(30) * (1 - leaving.left / max(FLIGHT * self.end.pace, 1e-6))
                s.label(
                    surface, f"+{leaving.points}", 26, (round(x), round(y - rise)), None, "center"
                )
        for flight in self.flights:
            if flight.tween.started and not flight.tween.finished:
                flight.draw(surface, s)
        self._draw_burst(surface)  # from behind the count, outwards
        self._draw_count(surface)

    def _draw_count(self, surface: pygame.Surface) -> None:
        s, box = self.style, self._box()
        bright = self.mood != "lost"
        edge = s.accent_rgb if bright else s.muted_rgb
        if self.pop > 0:  # a hand just landed: the count glows
            glow = round(s.px(14) * self.pop / max(POP * self.end.pace, 1e-6))
            pygame.draw.rect(surface, edge, box.inflate(glow, glow), border_radius=s.px(18))
        title_panel(surface, s, box, edge, alpha=255)
        # The winner's face beside the count, pleased.
        size = s.px(52)
        face = (box.x + s.px(12) + size // 2, box.centery)
        draw_avatar(surface, s.manifest.id, self.winner, "happy", face, size)
        left, right = box.x + s.px(24) + size, box.right - s.px(10)
        middle = (left + right) // 2
        name = fitted(s, self.end.names[self.winner], 24, right - left)
        s.blit_text(surface, name, 24, (middle, box.y + s.px(10)), s.muted_rgb, "midtop")
        colour = s.accent_rgb if bright else s.text_rgb
        number = f"+{round(self.on_screen)}"
        s.blit_text(surface, number, 54, (middle, box.bottom - s.px(8)), colour, "midbottom")

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
