"""What the table shows right now, which trails the engine while cards fly.

Events move this picture step by step; when they are all shown it is checked
against the seat's view, so a missed detail can never stay on screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import Card, View
from game.ui.table.mood import Mood

DISCARD_ANGLES = (-9.0, 6.0, -3.0, 10.0, 0.0, -6.0, 3.0)
DISCARD_SHOWN = 4


@dataclass
class Reveal:
    """A challenged hand shown to the person who challenged."""

    challenged: int
    hand: tuple[Card, ...]
    guilty: bool
    left: float  # seconds until it closes by itself
    every: float = 0.0  # seconds between one card's turning over and the next's (0: all up)
    turning: float = 0.0  # seconds one card takes to turn over
    opened: float = 0.0  # seconds it has been shown
    stamp: float = 0.0  # seconds the verdict's stamp takes to come down (0: at once)

    def turned(self, index: int) -> float:
        """How far over the hand's `index`th card is (0 back up, 1 face up): the cards
        turn one after another from the left."""
        if self.turning <= 0:
            return 1.0 if self.opened >= self.every * index else 0.0
        return min(1.0, max(0.0, (self.opened - self.every * index) / self.turning))

    def stamped(self) -> float | None:
        """How far down the verdict's stamp is (1: down), once the last card is face
        up; None before."""
        start = self.every * max(0, len(self.hand) - 1) + self.turning
        if self.opened < start:
            return None
        return 1.0 if self.stamp <= 0 else min(1.0, (self.opened - start) / self.stamp)


@dataclass
class Moment:
    """A moment's effect on the table (a burst at a seat, a Creeper's blast): it
    starts when what causes it lands and ends by itself."""

    kind: str  # "uno", "catch", or a special card's kind ("creeper", "urrrh")
    seat: int | None  # at whose seat; None: the table's centre
    left: float  # seconds
    total: float

    @property
    def done(self) -> float:
        """How far through it is, 0 to 1."""
        return 1 - self.left / self.total


@dataclass
class ShownTable:
    players: int
    viewer: int
    counts: list[int]
    draw_count: int
    discard: list[tuple[Card, float]] = field(default_factory=list)
    played: int = 0
    color: str | None = None
    direction: int = 1
    current: int = 0
    penalty: int = 0
    uno: set[int] = field(default_factory=set)
    unmarked: set[int] = field(default_factory=set)  # at one card, the card still flying
    badges: dict[int, tuple[str, float]] = field(default_factory=dict)
    moods: dict[int, tuple[Mood, float]] = field(default_factory=dict)  # a face's passing mood
    clock: float = 0.0  # seconds shown, for marks that pulse
    callout: tuple[str, float, float] | None = None  # (words, seconds left, of seconds)
    spin: float = 0.0  # seconds of arrow spin left
    spin_of: float = 0.0  # of how many seconds (the pace stretched them)
    settle: tuple[float, float] | None = None  # the top card landing: (seconds left, of)
    showpiece: tuple[str, str, float] | None = None  # (card kind, caption msgid, seconds left)
    reveal: Reveal | None = None
    moments: list[Moment] = field(default_factory=list)
    dealing: bool = False  # no UNO! badges while the hands are being dealt
    scores: tuple[int, ...] | None = None  # match totals while a round's points count in

    @classmethod
    def empty(cls, players: int, viewer: int, deck_size: int) -> ShownTable:
        return cls(players, viewer, [0] * players, deck_size, current=-1)

    def push_discard(self, card: Card, settle: float = 0.0) -> None:
        """`card` on the pile; `settle`: seconds it takes to settle (0: lies still)."""
        self.settle = (settle, settle) if settle > 0 else None
        self.discard.append((card, DISCARD_ANGLES[self.played % len(DISCARD_ANGLES)]))
        self.played += 1
        del self.discard[:-DISCARD_SHOWN]

    @property
    def settling(self) -> float:
        """How far the top card has settled (1: still)."""
        if self.settle is None:
            return 1.0
        left, total = self.settle
        return 1 - left / total

    @property
    def top(self) -> Card | None:
        return self.discard[-1][0] if self.discard else None

    def one_card(self, seat: int) -> bool:
        """The seat's one-card mark shows ("1 card!", or "UNO!" if called): its last
        but one card is on the pile, and the hands are not being dealt."""
        return self.counts[seat] == 1 and not self.dealing and seat not in self.unmarked

    def glows(self, seat: int) -> bool:
        """The seat called UNO and holds one card: it glows until that changes."""
        return seat in self.uno and self.one_card(seat)

    def badge(self, seat: int, text: str, seconds: float = 1.2) -> None:
        self.badges[seat] = (text, seconds)

    def play(self, kind: str, seat: int | None, seconds: float) -> None:
        """Start a moment (none at instant speed: nothing to watch); a seat's moment
        of the same kind starts again."""
        if seconds > 0:
            self.moments = [m for m in self.moments if (m.kind, m.seat) != (kind, seat)]
            self.moments.append(Moment(kind, seat, seconds, seconds))

    def feel(self, seat: int, mood: Mood, seconds: float) -> None:
        self.moods[seat] = (mood, seconds)

    def mood(self, seat: int) -> Mood:
        """How the seat's face looks: a passing mood, or calm; winning at one card."""
        if seat in self.moods:
            return self.moods[seat][0]
        return Mood.WINNING if self.counts[seat] == 1 else Mood.CALM

    def tick(self, dt: float) -> None:
        self.clock += dt
        self.badges = {s: (t, left - dt) for s, (t, left) in self.badges.items() if left > dt}
        self.moods = {s: (m, left - dt) for s, (m, left) in self.moods.items() if left > dt}
        if self.callout is not None:
            words, left, total = self.callout
            self.callout = (words, left - dt, total) if left > dt else None
        self.spin = max(0.0, self.spin - dt)
        for moment in self.moments:
            moment.left -= dt
        self.moments = [m for m in self.moments if m.left > 0]
        if self.settle is not None:
            left, total = self.settle
            self.settle = (left - dt, total) if left > dt else None
        if self.reveal is not None:
            self.reveal.left -= dt
            self.reveal.opened += dt
            if self.reveal.left <= 0:
                self.reveal = None
        if self.showpiece is not None:
            kind, caption, left = self.showpiece
            self.showpiece = (kind, caption, left - dt) if left > dt else None

    def sync(self, view: View) -> None:
        """Agree with the engine once every event has been shown."""
        self.counts = list(view.hand_counts)
        self.draw_count = view.draw_pile_size
        self.color, self.direction, self.current = view.color, view.direction, view.current
        self.penalty = view.penalty
        self.uno = {s for s in self.uno if view.hand_counts[s] == 1}
        self.unmarked.clear()
        shown = [card for card, _ in self.discard]
        actual = list(view.discard_pile[-DISCARD_SHOWN:])
        if shown != actual[-len(shown) :] or not shown:
            self.discard = []
            for card in actual:
                self.push_discard(card)
