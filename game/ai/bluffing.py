"""Bluffing and challenging a Wild Draw Four as decisions a player can learn.

A bot keeps a `Reputation` of the match: for every player, the Wild Draw Fours
a challenge showed honest or guilty, and how often the player challenged the
ones it faced. A level's `Doubt` turns that record into an estimate of the
player's bluff rate (pseudo-counts per level for what it believes before it
has seen anything) and challenges where the estimate beats the break-even of
drawing 6 against 4. A level's `Bluffing` says when a bluff pays it: a big
hand (four more cards cost it little) against a next player close to out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import islice

from game.engine import View
from game.engine.events import CardPlayed, CardsDrawn, ChallengeResult

from .reads import Read, ReadKind
from .situation import Situation, holds_color_chance

# A wrong challenge draws 6 where taking the card draws 4; a right one draws
# nothing: the challenge pays when the bluff is likelier than one in three.
BREAK_EVEN = 1 / 3
# How likely a player who plays a Wild Draw Four held the old colour, in a
# typical hand: a hand memory shows short of the colour is less suspect.
HELD_TYPICAL = 0.75


@dataclass
class Record:
    """One player's Wild Draw Fours and challenges, as the table saw them."""

    caught: int = 0  # its Wild Draw Fours a challenge found dishonest
    honest: int = 0  # ... and found honest
    faced: int = 0  # Wild Draw Fours played on it
    challenged: int = 0  # ... that it challenged

    def add(self, other: Record) -> None:
        self.caught += other.caught
        self.honest += other.honest
        self.faced += other.faced
        self.challenged += other.challenged


@dataclass
class Reputation:
    """Every player's Record over the match: the rounds before, plus this one read
    from the public history as far as the bot has seen it. A bot that plays a
    whole match keeps one (a bot made for a single round, or for a saved match
    continued, knows only from then on)."""

    players: int
    before: list[Record] = field(default_factory=list)
    now: list[Record] = field(default_factory=list)
    _round: tuple = ()
    _seen: int = 0  # history events of this round already counted
    _pending: bool = False  # a Wild Draw Four awaits its answer

    def __post_init__(self) -> None:
        self.before = [Record() for _ in range(self.players)]
        self.now = [Record() for _ in range(self.players)]

    def of(self, seat: int) -> Record:
        total = Record()
        total.add(self.before[seat])
        total.add(self.now[seat])
        return total

    def watch(self, view: View) -> None:
        """Count what the view's history shows since the last look."""
        key = (view.scores, view.dealer, view.history[:2])
        if key != self._round:  # a new round: this one's record joins the match's
            for seat in range(self.players):
                self.before[seat].add(self.now[seat])
            self.now = [Record() for _ in range(self.players)]
            self._round, self._seen, self._pending = key, 0, False
        history = view.history
        if len(history) > self._seen:
            self._pending = _count(self.now, history, self._seen, self._pending)
            self._seen = len(history)


def _count(now: list[Record], history: tuple, start: int, pending: bool) -> bool:
    """`now` counts the events of `history` from `start`; whether a Wild Draw Four
    still awaits its answer after them (`pending`: before them). One loop with no call
    per event: a bot's first look at a long round Continued reads tens of thousands
    of events, in a frame where the bot decides at once (virtual time, tests)."""
    for event in islice(history, start, None):
        kind = type(event)
        if kind is CardPlayed:
            pending = event.card.kind == "wild-draw4"
        elif kind is CardsDrawn:
            if pending and event.reason == "penalty":
                now[event.seat].faced += 1
                pending = False
        elif kind is ChallengeResult:
            played = now[event.challenged]
            played.caught += event.guilty
            played.honest += not event.guilty
            now[event.challenger].faced += 1
            now[event.challenger].challenged += 1
            pending = False
    return pending


@dataclass(frozen=True)
class Doubt:
    """How a level judges a Wild Draw Four played on it."""

    # What it believes before any reveal: as if it had seen this many bluffs
    # caught and this many honest plays shown (a bluff rate of 15%, weighed
    # like six reveals).
    bluffs: float = 0.9
    honest: float = 5.1
    # Its odds times this when it holds CLOSE cards or fewer: a bluff on a
    # player about to go out is the one that pays.
    close: float = 1.0


CLOSE = 2


def bluff_chance(sit: Situation, reputation: Reputation, doubt: Doubt) -> float:
    """How likely the pending Wild Draw Four is a bluff, to this level."""
    view = sit.view
    odds = _odds(reputation.of(view.draw4_by), doubt)
    held = holds_color_chance(sit, view.draw4_by, view.draw4_prev)
    odds *= min(1.0, held / HELD_TYPICAL)
    if sit.count(sit.me) <= CLOSE:
        odds *= doubt.close
    return odds / (1.0 + odds)


def challenge(sit: Situation, reputation: Reputation, doubt: Doubt) -> Read | None:
    """The read a challenge rests on, or None where taking the card is better."""
    if bluff_chance(sit, reputation, doubt) <= BREAK_EVEN:
        return None
    by = sit.view.draw4_by
    caught = reputation.of(by).caught
    if caught:
        return Read(ReadKind.CAUGHT_BEFORE, by, count=caught)
    return Read(ReadKind.BLUFF_WOULD_PAY, by, count=sit.count(sit.me))


@dataclass(frozen=True)
class Bluffing:
    """When a level plays a Wild Draw Four while it holds the colour."""

    hand_from: int = 5  # its hand is this big or bigger: four more cards cost it little
    next_within: int = 2  # the next player holds this many cards or fewer
    chance: float = 0.5  # how often it takes such a chance
    # Only against a next player who let most Wild Draw Fours it faced go by ...
    wary: bool = False
    # ... and who, judging as this Doubt does, would not challenge it now: a bluff
    # on a player close to out is the one such a player suspects, until this
    # bot's own Wild Draw Fours have been shown honest.
    fears: Doubt | None = None


WARY_ABOVE = 0.4  # a challenge rate above this (from a prior of 1 in 4) puts it off


def bluff_pays(
    sit: Situation, reputation: Reputation, bluffing: Bluffing | None, rng: random.Random
) -> bool:
    """Whether a Wild Draw Four bluff is on for this decision. The generator is
    drawn on only where such a bluff is possible."""
    view = sit.view
    if bluffing is None or not _can_bluff(view):
        return False
    if len(sit.hand) < bluffing.hand_from or sit.count(sit.nxt) > bluffing.next_within:
        return False
    if bluffing.wary:
        record = reputation.of(sit.nxt)
        if (0.5 + record.challenged) / (2.0 + record.faced) > WARY_ABOVE:
            return False
    if bluffing.fears is not None and _suspected(sit, reputation, bluffing.fears):
        return False
    return bluffing.chance >= 1.0 or rng.random() < bluffing.chance


def _suspected(sit: Situation, reputation: Reputation, doubt: Doubt) -> bool:
    """Whether the next player, judging as `doubt` does, would challenge a Wild
    Draw Four from this bot now (from a big hand, so likely holding the colour)."""
    odds = _odds(reputation.of(sit.me), doubt)
    if sit.count(sit.nxt) <= CLOSE:
        odds *= doubt.close
    return odds / (1.0 + odds) > BREAK_EVEN


def _odds(record: Record, doubt: Doubt) -> float:
    """The odds that a Wild Draw Four from a player with this record is a bluff."""
    rate = (doubt.bluffs + record.caught) / (
        doubt.bluffs + doubt.honest + record.caught + record.honest
    )
    return rate / (1.0 - rate) if rate < 1.0 else 1e9


def _can_bluff(view: View) -> bool:
    hand = view.hand
    return (
        view.current == view.seat
        and view.phase in ("turn", "drawn")
        and any(c.kind == "wild-draw4" for c in hand)
        and any(c.color == view.color for c in hand)
    )
