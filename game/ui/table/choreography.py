"""Engine events become motion: each event starts its animation and moves the
shown table along, one after another, so the screen tells the game in order.

One timeline: each event is a beat. Its cards fly (each flight is tagged with the
beat), and every word the event puts on the table (its log line, a badge over a
seat, the word that pops over the pile, a showpiece, a seat's one-card mark) is
said through `land`: when every card of that beat and of the beats before it is
down, never when the table decides. Speed only stretches the beats. A new kind of
animation joins by flying on the beat; its words wait for it by themselves."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, assert_never

from game.engine import Card
from game.engine import events as ev
from game.engine.events import EVENT_TYPES, Event
from game.engine.kinds import BY_EVENT, CardKind, kind_of
from game.i18n import N_
from game.ui.animation import Animator, Tween
from game.ui.audio import Audio
from game.ui.table.geometry import OPPONENT_CARD_SCALE, TableGeometry
from game.ui.table.mood import Mood
from game.ui.table.state import Reveal, ShownTable
from game.ui.widgets.card_sprite import Flight
from game.ui.widgets.event_log import Saying
from game.ui.widgets.hand_fan import HandCard, HandFan

PLAY = 0.25
DRAW = 0.30
# The deal, a card at a time round the table: ~1.5 s at 1x for four seats; a bigger
# table deals each card faster so ten seats take ~2 s.
DEAL_STAGGER = 0.045
DEAL_MAX = 1.8  # seconds between the first card's setting off and the last's
DEAL_FLIGHT = 0.26
DRAW_STAGGER = 0.12
SPIN = 0.45  # the direction arrows turning round
SHOWPIECE = 1.2
PAUSE = 0.25
SETTLE = 0.12  # a card landing on the pile settles: a little large, a dip, still
BADGE = 1.2
REVEAL_EVERY = 0.09  # a challenged hand's cards turn face up one after another
REVEAL_TURN = 0.22
STAMP = 0.3  # the verdict's stamp coming down on a challenged hand
BURST = 0.8  # a burst at a seat ("UNO!", a catch)
REVEAL = 6.0  # seconds a challenged hand stays open online (a local table holds until clicked)

Point = tuple[float, float]

CALLOUT = 0.9  # seconds at 1x
# Draws that settle a waiting penalty (StackGrew set it): taken, or a challenge decided.
PENALTY_PAID = ("penalty", "challenge")


class Choreographer:
    """Plays events in order; `busy` until the last card has landed."""

    def __init__(
        self,
        shown: ShownTable,
        fan: HandFan,
        geometry: Callable[[], TableGeometry],
        audio: Audio,
        log: Callable[[Saying], None],
        pace: float,
    ) -> None:
        self.shown, self.fan, self.geometry = shown, fan, geometry
        self.audio, self.log, self.pace = audio, log, pace
        self.queue: deque[tuple[Any, Saying | None]] = deque()
        self.flights: list[Flight] = []
        self.anim = Animator()
        self.hold = 0.0
        self.beat = 0  # the event shown last, counted from the round's first
        self.previous: Event | None = None  # the event shown before the one now
        self._airborne: dict[int, int] = {}  # beat -> its cards still in the air
        self._words: list[tuple[int, Callable[[], None]]] = []  # (beat, say it) waiting
        self.deal_cards: list[Card] = []  # the viewer's cards, the dealt ones first
        self.reveal_to_viewer = True  # False when the viewer is a computer (autoplay)
        self.gettext: Callable[[str], str] = str  # the table gives the player's language

    @property
    def busy(self) -> bool:
        return bool(self.queue or self.anim.busy or self.hold > 0 or self._words)

    def feed(self, events: Sequence[Any], sentences: Sequence[Saying | None]) -> None:
        self.queue.extend(zip(events, sentences, strict=True))

    def update(self, dt: float) -> None:
        self.shown.tick(dt)  # first: what lands now is shown whole from this frame on
        self.anim.update(dt)
        self.flights = [f for f in self.flights if not f.tween.finished]
        self.hold = max(0.0, self.hold - dt) if self.hold > 0 or self.queue else 0.0
        self._say_landed()
        while self.hold <= 0 and self.queue:
            event, sentence = self.queue.popleft()
            self.hold += self.start(event, sentence) * self.pace

    def finish(self) -> None:
        """Show everything at once (instant speed, or leaving the table)."""
        pace, self.pace = self.pace, 0.0
        while self.busy:
            self.update(1e6)
        self.pace = pace

    # -- one event ----------------------------------------------------------------------

    def start(self, event: Event, sentence: Saying | None = None) -> float:
        """Begin showing `event` (its log line `sentence`, said when it lands);
        seconds (at 1x) before the next one may start."""
        self.beat += 1
        if sentence:
            self.land(lambda: self.log(sentence))
        seconds = _show(self, event)
        kind = BY_EVENT.get(type(event))
        if kind is not None and kind.showpiece:  # a special card's own event takes the stage
            self.land(partial(self._showpiece, kind.name, kind.showpiece, kind.sound))
            seconds = max(seconds, SHOWPIECE)
        elif (bare := self._bare_showpiece(event)) is not None:
            self.land(partial(self._showpiece, bare.name, bare.bare_showpiece, bare.sound))
            seconds = max(seconds, SHOWPIECE)
        self.previous = event
        self._say_landed()
        return seconds

    def _bare_showpiece(self, event: Event) -> CardKind | None:
        """The kind of the card just played when its play raised none of its own events
        (an Urrrh with nothing to give): the engine names a wild's colour right after
        its play and appends the card's own events straight after that, in one batch."""
        played = self.previous
        if not isinstance(event, ev.ColorNamed) or not isinstance(played, ev.CardPlayed):
            return None
        kind = kind_of(played.card)
        if kind is None or not kind.bare_showpiece:
            return None
        following = type(self.queue[0][0]) if self.queue else None
        return None if following in kind.events else kind

    def _showpiece(self, kind: str, caption: str, sound: str) -> None:
        """The special card's moment (its effect, `moment.kind` the card's kind), its
        `caption` (a message id) and its sound, together, once it is on the table."""
        self.shown.showpiece = (kind, caption, SHOWPIECE * self.pace)
        self.shown.callout = None  # the card before it had its word: the special card is the news
        self.shown.play(kind, None, SHOWPIECE * self.pace)
        if sound:
            self.audio.play(sound)

    def moment(self, kind: str, seat: int, sound: str) -> None:
        """A burst at `seat` and its sound, when the event's cards are down."""

        def start() -> None:
            self.shown.play(kind, seat, BURST * self.pace)
            self.audio.play(sound)

        self.land(start)

    def land(self, word: Callable[[], None]) -> None:
        """Say `word` (show a line, a badge, a mark) when the cards of the event being
        shown, and of every event before it, have landed: at once if none is flying."""
        self._words.append((self.beat, word))

    def landed(self, beat: int) -> bool:
        """Every card of `beat` and of the beats before it is down."""
        return all(b > beat for b, n in self._airborne.items() if n > 0)

    def _say_landed(self) -> None:
        """The waiting words whose cards are down, in the order of their events."""
        while self._words and self.landed(self._words[0][0]):
            _, word = self._words.pop(0)
            word()

    def _landing(self, beat: int, on_land: Callable[[], None] | None) -> Callable[[], None]:
        def landed() -> None:
            if on_land is not None:
                on_land()
            self._airborne[beat] -= 1
            if not self._airborne[beat]:
                del self._airborne[beat]
            self._say_landed()

        return landed

    def fly(
        self,
        face: str | None,
        start: Point,
        end: Callable[[], Point],
        duration: float,
        delay: float = 0.0,
        on_land: Callable[[], None] | None = None,
        scale: tuple[float, float] = (1.0, 1.0),
        angle: tuple[float, float] = (0.0, 0.0),
        flip: bool = False,
    ) -> None:
        beat = self.beat
        self._airborne[beat] = self._airborne.get(beat, 0) + 1
        tween = Tween(duration * self.pace, delay * self.pace, on_done=self._landing(beat, on_land))
        self.flights.append(Flight(face, start, end, tween, scale, angle, flip, beat))
        self.anim.add(tween)

    def badge(self, seat: int, text: str, mood: Mood) -> None:
        """A short word over a seat, for as long as the game's pace allows, and the
        seat's face in `mood` (chosen by the event, not read from the words)."""

        def show() -> None:
            self.shown.badge(seat, self.gettext(text), BADGE * self.pace)
            self.shown.feel(seat, mood, BADGE * 2 * max(self.pace, 0.25))

        self.land(show)

    def _seat_point(self, seat: int) -> Point:
        return self.geometry().backs_center(seat)

    def _to_seat(self, seat: int, card: Card | None, delay: float, duration: float) -> None:
        """A card flies from the draw pile to `seat` (into the hand for the viewer)."""
        self.shown.draw_count = max(0, self.shown.draw_count - 1)
        self.to_seat_from(self.geometry().draw_center, seat, card, delay, duration)

    def to_seat_from(
        self, start: Point, seat: int, card: Card | None, delay: float, duration: float
    ) -> None:
        shown = self.shown
        if self.geometry().is_viewer(seat) and card is not None:
            slot, taken = self._hand_slot(card)

            def land_hand() -> None:
                slot()
                taken[0].visible = True
                shown.counts[seat] += 1

            # Face down off the pile (or out of another hand), turned over on the way.
            self.fly(card.text, start, slot, duration, delay, land_hand, flip=True)
            return

        def land_seat() -> None:
            shown.counts[seat] += 1

        self.fly(
            None,
            start,
            lambda: self._seat_point(seat),
            duration,
            delay,
            land_seat,
            scale=(1.0, OPPONENT_CARD_SCALE),
        )

    def _calls_uno(self, seat: int) -> bool:
        """Whether `seat`'s UNO call is among the events of this move still to show."""
        for event, _ in self.queue:
            if type(event) is ev.UnoDeclared:
                return event.seat == seat
            if type(event) is ev.CardPlayed:
                return False  # the next move: a call after it is not this one's
        return False

    def _hand_slot(self, card: Card) -> tuple[Callable[[], Point], list[HandCard]]:
        """The hand makes room for a card when its flight sets off, not before, so
        the fan grows card by card; the flight follows that place as it slides."""
        taken: list[HandCard] = []

        def slot() -> Point:
            if not taken:
                taken.append(self.fan.insert(card))
            return taken[0].x, taken[0].y

        return slot, taken

    def _from_hand(self, seat: int, card: Card | None) -> Point:
        """Where a card leaving `seat` starts: the hand card itself for the viewer."""
        shown = self.shown
        shown.counts[seat] = max(0, shown.counts[seat] - 1)
        if shown.counts[seat] != 1:
            shown.uno.discard(seat)
        else:  # the one-card mark ("1 card!", "UNO!") shows once the card is on the pile
            shown.unmarked.add(seat)
            self.land(partial(shown.unmarked.discard, seat))
            if self._calls_uno(seat):  # the call came with this card: no "1 card!" first
                shown.uno.add(seat)
        if card is not None and self.geometry().is_viewer(seat):
            where = self.fan.remove(card)
            if where is not None:
                return where
        return self._seat_point(seat)


def _dealt(c: Choreographer, e: ev.Dealt) -> float:
    n = e.players * e.hand_size
    stagger = min(DEAL_STAGGER, DEAL_MAX / n)
    mine = iter(c.deal_cards[: e.hand_size])
    c.shown.dealing = True
    for i in range(n):
        seat = (e.dealer + 1 + i) % e.players
        card = next(mine, None) if c.geometry().is_viewer(seat) else None
        c._to_seat(seat, card, i * stagger, DEAL_FLIGHT)
    c.audio.play("deal")
    return stagger * (n - 1) + DEAL_FLIGHT


def _flipped(c: Choreographer, e: ev.CardFlipped) -> float:
    g = c.geometry()
    c.shown.draw_count = max(0, c.shown.draw_count - 1)
    c.shown.dealing = False

    def land() -> None:
        c.shown.push_discard(e.card, SETTLE * c.pace)
        c.shown.color = e.card.color

    c.fly(e.card.text, g.draw_center, lambda: c.geometry().discard_center, DRAW, 0, land)
    return DRAW + PAUSE


def _returned(c: Choreographer, e: ev.StartCardReturned) -> float:
    if c.shown.discard:
        c.shown.discard.pop()
    c.shown.draw_count += 1
    g = c.geometry()
    c.fly(e.card.text, g.discard_center, lambda: c.geometry().draw_center, DRAW)
    c.audio.play("shuffle")
    return DRAW + PAUSE


def _played(c: Choreographer, e: ev.CardPlayed) -> float:
    start = c._from_hand(e.seat, e.card)
    shown = c.shown
    angle = (0.0, -8.0 if e.seat % 2 else 8.0)

    def land() -> None:
        shown.push_discard(e.card, SETTLE * c.pace)
        if e.card.color is not None:
            shown.color = e.card.color

    c.fly(e.card.text, start, lambda: c.geometry().discard_center, PLAY, 0, land, angle=angle)
    c.audio.play("play")
    # Big action cards land with their kind's short word over the pile (the Creeper's
    # and the Urrrh's moments are their showpieces instead).
    kind = kind_of(e.card)
    words = kind.callout if kind is not None and kind.callout else None
    if words is not None and c.pace > 0:  # a big card lands with a word that pops
        callout = (c.gettext(words), CALLOUT * c.pace, CALLOUT * c.pace)
        c.land(partial(setattr, c.shown, "callout", callout))
    if e.jump_in:
        c.badge(e.seat, N_("Jump in!"), Mood.HAPPY)
    return PLAY


def _color(c: Choreographer, e: ev.ColorNamed) -> float:
    c.shown.color = e.color
    c.audio.play("wild")
    return PAUSE


def _drawn(c: Choreographer, e: ev.CardsDrawn) -> float:
    cards = list(e.cards) if e.cards else [None] * e.count
    for i, card in enumerate(cards):
        c._to_seat(e.seat, card, i * DRAW_STAGGER, DRAW)
    c.audio.play("draw" if e.reason == "draw" else "draw_penalty")
    if e.reason in PENALTY_PAID:  # the engine's event says the waiting cards were taken
        c.shown.penalty = 0
    if e.reason != "draw":
        c.badge(e.seat, f"+{e.count}", Mood.ANNOYED)
    return DRAW_STAGGER * (e.count - 1) + DRAW


def _skipped(c: Choreographer, e: ev.Skipped) -> float:
    c.badge(e.seat, N_("Skipped"), Mood.ANNOYED)
    c.audio.play("skip")
    return PAUSE


def _reversed(c: Choreographer, e: ev.Reversed) -> float:
    """The arrows turn round once the Reverse is on the pile."""

    def turn() -> None:
        c.shown.direction = e.direction
        c.shown.spin = c.shown.spin_of = SPIN * c.pace
        c.audio.play("reverse")

    c.land(turn)
    return SPIN


def _stack(c: Choreographer, e: ev.StackGrew) -> float:
    c.shown.penalty = e.total
    c.badge(e.target, f"+{e.total}?", Mood.ANNOYED)
    return PAUSE


def _challenge(c: Choreographer, e: ev.ChallengeResult) -> float:
    if e.hand and c.geometry().is_viewer(e.challenger) and c.reveal_to_viewer:
        # The challenged hand opens once the cards before it are down, its cards
        # turning face up one after another.
        # The verdict's stamp comes down on it once its last card is face up.
        pace = c.pace
        reveal = Reveal(
            e.challenged,
            e.hand,
            e.guilty,
            REVEAL,
            REVEAL_EVERY * pace,
            REVEAL_TURN * pace,
            stamp=STAMP * pace,
        )
        c.land(partial(setattr, c.shown, "reveal", reveal))
    if e.guilty:
        c.badge(e.challenged, N_("Guilty!"), Mood.CAUGHT)
    else:
        c.badge(e.challenged, N_("Honest"), Mood.HAPPY)
    return SHOWPIECE


def _uno(c: Choreographer, e: ev.UnoDeclared) -> float:
    c.shown.uno.add(e.seat)
    c.badge(e.seat, "UNO!", Mood.HAPPY)
    c.moment("uno", e.seat, "uno_call")
    return PAUSE


def _caught(c: Choreographer, e: ev.Caught) -> float:
    c.badge(e.target, N_("Caught!"), Mood.CAUGHT)
    c.moment("catch", e.target, "catch")
    return PAUSE


def _given(c: Choreographer, e: ev.CardsGiven) -> float:
    """The Urrrh give-away: the cards deal out one by one from the giver (its
    showpiece is the card kind's, see Choreographer.start)."""
    stagger = min(DRAW_STAGGER, 1.0 / max(1, len(e.gifts)))
    for i, (to, card) in enumerate(e.gifts):
        c.to_seat_from(c._from_hand(e.giver, card), to, card, i * stagger, DRAW)
    return stagger * max(0, len(e.gifts) - 1) + DRAW


def _swapped(c: Choreographer, e: ev.HandsSwapped) -> float:
    a, b = c.geometry().backs_center(e.seat), c.geometry().backs_center(e.other)
    c.fly(None, a, lambda: b, DRAW * 2)
    c.fly(None, b, lambda: a, DRAW * 2)
    c.shown.counts[e.seat], c.shown.counts[e.other] = (
        c.shown.counts[e.other],
        c.shown.counts[e.seat],
    )
    return DRAW * 2


def _fixed(point: Point) -> Callable[[], Point]:
    """An end point that does not follow the layout (bound now, not at the loop's end)."""
    return lambda: point


def _passed_on(c: Choreographer, e: ev.HandsPassed) -> float:
    n = c.shown.players
    for seat in range(n):
        a = c.geometry().backs_center(seat)
        b = c.geometry().backs_center((seat + e.direction) % n)
        c.fly(None, a, _fixed(b), DRAW * 2)
    c.shown.counts = [c.shown.counts[(s - e.direction) % n] for s in range(n)]
    return DRAW * 2


def _reshuffled(c: Choreographer, e: ev.PileReshuffled) -> float:
    c.shown.discard = c.shown.discard[-1:]
    c.shown.draw_count = e.count
    g = c.geometry()
    for i in range(3):
        c.fly(None, g.discard_center, lambda: c.geometry().draw_center, DRAW, i * 0.08)
    c.audio.play("shuffle")
    return DRAW + 0.16


def _round_over(c: Choreographer, e: ev.RoundWon | ev.RoundDrawn) -> float:
    """A cheer when the person at the table wins (or nobody plays), a gentler
    sound when someone else does."""
    seat = getattr(e, "seat", None)
    won = not c.reveal_to_viewer or (seat is not None and c.geometry().is_viewer(seat))
    c.audio.play("round_won" if won else "round_lost", fallback="round_won")
    return 0.8


def _match_won(c: Choreographer, e: ev.MatchWon) -> float:
    won = not c.reveal_to_viewer or any(c.geometry().is_viewer(s) for s in e.winners)
    c.audio.play("match_won" if won else "match_lost", fallback="match_won")
    return 0.4


def _passed(c: Choreographer, e: ev.Passed) -> float:
    return 0.15


def _show(c: Choreographer, e: Event) -> float:  # noqa: C901, PLR0911 - one case per event
    """Start showing `e`: seconds (at 1x) before the next event may start. Every
    kind of event has its case; a kind a card registers at run time has none."""
    if type(e) not in EVENT_TYPES:
        return 0.0  # its showpiece, if any, is the card kind's (Choreographer.start)
    match e:
        case ev.Dealt():
            return _dealt(c, e)
        case ev.CardFlipped():
            return _flipped(c, e)
        case ev.StartCardReturned():
            return _returned(c, e)
        case ev.CardPlayed():
            return _played(c, e)
        case ev.ColorNamed():
            return _color(c, e)
        case ev.CardsDrawn():
            return _drawn(c, e)
        case ev.Skipped():
            return _skipped(c, e)
        case ev.Reversed():
            return _reversed(c, e)
        case ev.StackGrew():
            return _stack(c, e)
        case ev.ChallengeResult():
            return _challenge(c, e)
        case ev.UnoDeclared():
            return _uno(c, e)
        case ev.Caught():
            return _caught(c, e)
        case ev.CardsGiven():
            return _given(c, e)
        case ev.HandsSwapped():
            return _swapped(c, e)
        case ev.HandsPassed():
            return _passed_on(c, e)
        case ev.PileReshuffled():
            return _reshuffled(c, e)
        case ev.RoundWon() | ev.RoundDrawn():
            return _round_over(c, e)
        case ev.MatchWon():
            return _match_won(c, e)
        case ev.Passed():
            return _passed(c, e)
        case ev.DealerCard() | ev.DealerChosen() | ev.CatchMissed() | ev.CreeperShown():
            return 0.0  # told in the log; the Creeper's moment is its kind's showpiece
        case _:
            assert_never(e)
