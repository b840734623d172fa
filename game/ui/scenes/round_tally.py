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
from functools import partial

import pygame

from game.engine import Card
from game.ui import layout_record
from game.ui.animation import Animator, Tween
from game.ui.layout_record import Kind
from game.ui.round_end import POINTS, RoundEnd
from game.ui.scene import Host, Scene
from game.ui.style import fitted
from game.ui.widgets.avatar import draw_avatar
from game.ui.widgets.card_sprite import Flight, card_image
from game.ui.widgets.card_warmer import CardWarmer
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
# Each frame renders the turned faces for this long at most, ahead of their turn: all
# of a ten-seat table's at once made the frame that opened the tally ~30 ms long.
WARM_SHARE = 0.004
SMALLEST = 0.3  # where a crowded table has less room over a seat's name
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
        self.warmer = CardWarmer()  # the turned faces, a few a frame before they turn
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
        faces: list[Callable[[], object]] = []
        for i, seat in enumerate(losers):
            faces += self._reveal(seat, hands[seat], LEAD_IN + i * REVEAL_STAGGER)
        self.warmer.start(faces)  # in the order they turn
        flying = LEAD_IN + (len(losers) - 1) * REVEAL_STAGGER + REVEAL + READ
        step = min(0.35, SPREAD / len(losers))
        self.to_land = len(losers)
        for i, seat in enumerate(losers):
            self._send(seat, points[seat], flying + i * step)
        return flying + (len(losers) - 1) * step + FLIGHT

    def _reveal(
        self, seat: int, hand: tuple[Card, ...], delay: float
    ) -> list[Callable[[], object]]:
        """The hand turned face up where it is (the person's own is face up already);
        the rendering of its faces, to do before they turn (not mid-flip)."""
        pace = self.end.pace
        turned: list[Flight] = []
        faces: list[Callable[[], object]] = []
        size, starts = self._starts(seat, hand)
        for at, card in starts[:CARDS_SHOWN]:
            faces.append(partial(card_image, self.style, card.text, size))
            tween = self.anim.add(Tween(REVEAL * pace, delay * pace))
            flip = not self.end.geometry.is_viewer(seat)
            scale = (size, size)
            turned.append(Flight(card.text, at, _still(at), tween, scale, flip=flip))
        self.revealed[seat] = turned
        return faces

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
            self.flights.append(Flight(card.face, card.start, self._target, tween, card.scale))
            self.anim.add(tween)

    def _starts(self, seat: int, hand: tuple[Card, ...]) -> tuple[float, list[tuple[Point, Card]]]:
        """The cards' size, and where each lies turned up: the card itself in the
        person's fan, else a short row over the seat's name plate."""
        fan, g = self.end.picture.fan, self.end.geometry
        if g.is_viewer(seat) and fan.cards:
            return CARD_SCALE, [((e.x, e.y), e.card) for e in fan.cards]
        shown = min(len(hand), CARDS_SHOWN)
        scale, (x, y), step = self._row(seat, shown)
        return scale, [((x + (k - (shown - 1) / 2) * step, y), card) for k, card in enumerate(hand)]

    def _row(self, seat: int, shown: int) -> tuple[float, Point, float]:
        """A seat's turned row: its cards' size (CARD_SCALE, smaller where the room
        between the seat's name and the seat above is less: ten seats, a small
        window), its centre, inside the window, and the step from card to card."""
        g, s = self.end.geometry, self.style
        # Closer together where a neighbour sits near (a crowded table): a row no
        # wider than the way to the next seat.
        near = min((d for _, d in g.beside(seat)), default=self.host.size[0])
        scale = CARD_SCALE
        while True:
            card_w, card_h = card_image(s, None, scale).get_size()
            step = max(s.px(6), min(s.px(22), (near - card_w) / max(1, shown - 1)))
            x, y = g.backs_center(seat)
            half = (shown - 1) * step / 2 + card_w / 2
            x = min(max(x, half), self.host.size[0] - half)
            if seat not in self.end.plates:  # the table was never drawn: as it lies
                return scale, (x, y), step
            top, bottom = self._band(seat, x - half, x + half)
            if bottom - top >= card_h or scale <= SMALLEST:
                return scale, (x, max(top + card_h / 2, min(y, bottom - card_h / 2))), step
            fits = math.floor(scale * (bottom - top) / card_h * 100) / 100
            scale = max(SMALLEST, min(scale - 0.01, fits))

    def _band(self, seat: int, left: float, right: float) -> tuple[float, float]:
        """The heights a row at `seat` from `left` to `right` may take: over its own
        name plate, under every other seat's name and face above it, in the window."""
        plates, gap = self.end.plates, self.style.px(4)
        bottom = plates[seat].top - gap
        above = [
            plate.bottom + gap
            for other, plate in plates.items()
            if other != seat
            and plate.bottom <= bottom
            and plate.left < right
            and plate.right > left
        ]
        return max([0, *above]), bottom

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
        self.end.words.say(POINTS)

    def update(self, dt: float) -> None:
        self.warmer.run(WARM_SHARE)
        self.anim.update(dt)
        # The number runs up to the new total while the count glows after a landing.
        if self.pop > dt:
            self.on_screen += (self.counted - self.on_screen) * dt / self.pop
        else:
            self.on_screen = self.counted
        self.pop = max(0.0, self.pop - dt)
        self._show_scores()
        if self.to_land == 0 and self.on_screen == self.counted:
            self.end.words.say(POINTS)  # the count shows the points: the log says them
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
                self._draw_turned(surface, seat, turned)
        for leaving in self.leaving.values():
            if leaving.left > 0:
                x, y = leaving.at
                rise = s.px(30) * (1 - leaving.left / max(FLIGHT * self.end.pace, 1e-6))
                words = f"+{leaving.points}"
                half = (s.text(words, 26).get_height() + s.px(6)) / 2 + s.px(2)
                at = (round(x), round(max(half, y - rise)))  # a row at the top: in the window
                s.label(surface, words, 26, at, None, "center")
        for flight in self.flights:
            if flight.tween.started and not flight.tween.finished:
                flight.draw(surface, s)
        self._draw_burst(surface)  # from behind the count, outwards
        self._draw_count(surface)

    def _draw_turned(self, surface: pygame.Surface, seat: int, turned: list[Flight]) -> None:
        """A seat's hand turned over where it lies: on its own backs, off every name."""
        s, name = self.style, self.end.names[seat]
        with layout_record.widget():
            for card in turned:
                if card.draw(surface, s) is not None:  # turning (or still to, at its seat)
                    rect = card.image(s).get_rect(center=card.where())
                    mine = (f"{name}'s cards",)
                    note = layout_record.note
                    note(f"{name}'s turned hand", Kind.PICTURE, rect, None, mine, True)

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
