"""One round of UNO: the deal, the turns, and the end (RULES.md 3-11).

A Round owns its state and a seeded `random.Random`; `apply` takes one action,
changes the state and returns the events it caused. Nothing else mutates it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.limits import Scoring

from . import legal
from .actions import Action, Play
from .cards import Card
from .errors import IllegalAction
from .events import (
    COLOR_NAMED,
    JUMPED_IN,
    PASSED,
    PLAYED,
    SKIPPED,
    UNO_DECLARED,
    CatchMissed,
    Caught,
    HandsPassed,
    HandsSwapped,
    MatchWon,
    RoundDrawn,
    RoundWon,
)
from .keyed_random import copy_rng
from .kinds import BEFORE_UNO, EFFECT
from .legal import DRAWN, OVER, TURN
from .pile import take, take_one
from .refusal import NOT_ALLOWED, Reason, Refusal, why_illegal
from .rules import RuleSet
from .scoring import hand_points, match_winners
from .setup import deal, flip, stacked_deck
from .shuffle import shuffle
from .specials import wild_draw_four
from .validate import check_action, check_round_setup


@dataclass(frozen=True, slots=True)
class MatchContext:
    """What a round needs to know of its match: to announce the match's end."""

    scores: tuple[int, ...]
    target: int
    scoring: str = Scoring.STANDARD


_CYCLE_LIMIT = 3


class Round:
    """The state of one round. Build it with `Round.start`."""

    rules: RuleSet
    players: int
    dealer: int
    hands: list[list[Card]]
    discard: list[Card]
    color: str | None
    direction: int
    current: int
    phase: str  # a Phase value (legal.TURN...)
    penalty: int
    drawn: Card | None
    draw4_by: int
    draw4_prev: str | None
    draw4_guilty: bool
    uno_open: int
    idle: int  # turns in a row that ended with no card moving (rule 11); -1: _moved_mid_turn
    cycles: dict[str, int]  # positions seen at reshuffles: the endless-round guard
    plays: tuple  # plays[len(hand)][colour][top][card]: legal.round_tables, once per round
    quiet: tuple[str | None, ...]  # legal.quiet_colors(rules): plays that only set a colour
    draw_hooked: frozenset[Card]  # cards of this deck that do something when drawn
    winner: int | None
    history: list
    seen: dict[int, list]  # per seat, the history as it sees it (view.py keeps it)
    log: list[tuple[int, Action]]
    start_events: list
    context: MatchContext | None
    _draw: list[Card]  # the draw pile, top card last (engine modules only)
    _rng: random.Random
    _legal: tuple[Action, ...] | None  # the current seat's legal actions, until the next change

    # -- construction -----------------------------------------------------------------

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        players: int = 4,
        dealer: int = 0,
        seed: int | None = None,
        deck: Sequence[str | Card] | None = None,
        rng: random.Random | None = None,
        context: MatchContext | None = None,
    ) -> Round:
        """Deal a new round. `deck[0]` is the top of the draw pile; a short deck is
        topped up from the rest of the preset in a seeded order."""
        check_round_setup(rules, players, dealer, seed)
        rnd = cls._blank(rules, players, dealer, rng or random.Random(seed), context)
        named, rest = stacked_deck(rules, deck) if deck is not None else ([], rules.deck())
        shuffle(rnd._rng, rest)
        rnd._draw = rest + named[::-1]  # the top of the pile at the end: a draw is a pop()
        deal(rnd)
        flip(rnd)
        rnd.history = list(rnd.start_events)
        return rnd

    @classmethod
    def _blank(
        cls,
        rules: RuleSet,
        players: int,
        dealer: int,
        rng: random.Random,
        context: MatchContext | None,
    ) -> Round:
        rnd = object.__new__(cls)
        rnd.rules, rnd.players, rnd.dealer = rules, players, dealer
        rnd._rng, rnd.context = rng, context
        rnd.hands = [[] for _ in range(players)]
        rnd.discard, rnd._draw = [], []
        rnd.color, rnd.direction, rnd.current, rnd.phase = None, 1, (dealer + 1) % players, TURN
        rnd.penalty, rnd.drawn = 0, None
        rnd.draw4_by, rnd.draw4_prev, rnd.draw4_guilty = -1, None, False
        rnd.uno_open, rnd.idle, rnd.winner = -1, 0, None
        rnd.history, rnd.log, rnd.start_events = [], [], []
        rnd.seen = {}
        rnd.cycles = {}
        rnd.plays, rnd.quiet, rnd.draw_hooked = legal.round_tables(rules)
        rnd._legal = None
        return rnd

    # -- reading ----------------------------------------------------------------------

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, next card to be drawn first."""
        return tuple(reversed(self._draw))

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first: the last card is `top`."""
        return tuple(self.discard)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    legal_actions = legal.legal_actions  # what a seat may do now: see legal.py

    def score(self) -> list[int]:
        """The round's points per seat under standard scoring (rule 10.3)."""
        points = [0] * self.players
        if self.winner is not None:
            points[self.winner] = sum(hand_points(h) for h in self.hands)
        return points

    # -- acting -----------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> list:
        """Apply one action by `seat` (the current seat by default); return its events.
        An illegal action raises IllegalAction and changes nothing."""
        by = -1
        if seat is None and self._legal is not None:
            # The common call: one of the actions this round listed for the current
            # seat, found by identity (no other object's code runs): legal now, and
            # well-formed, as the round built it. Anything else is checked in full.
            for listed in self._legal:
                if listed is action:
                    by = self.current
                    break
        if by < 0:
            by, missed = self._admit(action, seat)
            if missed is not None:
                return missed
        seat = by
        ev: list = []
        tag = action[0]
        if tag == "play":  # the common case first
            self.uno_open = -1  # rule 7.2: the next action closes the window
            self._play(seat, action, ev)  # type: ignore[arg-type]
        elif tag == "catch":
            self._catch(seat, action.target, ev)  # type: ignore[union-attr]
        else:
            self.uno_open = -1
            if tag == "draw":
                self._draw_turn(seat, ev)
            elif tag == "pass":
                ev.append(PASSED[seat])
                self._next_turn(seat)
            elif tag == "choose":
                color: str = action.color  # type: ignore[union-attr,assignment]
                self.color = color
                ev.append(COLOR_NAMED[seat][color])
                self.phase = TURN
            elif tag == "accept":
                self._accept(seat, ev)
            else:
                wild_draw_four.challenge(self, seat, ev)
        if self.cycles and self.phase != OVER and max(self.cycles.values()) >= _CYCLE_LIMIT:
            self._finish(None, ev)
        self._legal = None
        self.log.append((seat, action))
        self.history += ev
        return ev

    def _admit(self, action: object, seat: int | None) -> tuple[int, list | None]:
        """The seat acting, once `action` is found well-formed and legal for it; else
        IllegalAction, or the events of a missed catch (rule 7.3) as the second item."""
        check_action(action, seat, self.players)  # the engine's own types only
        current = self.current
        if seat is None or seat == current:
            seat = current
            allowed: Sequence[Action] | None = self._legal
            if allowed is None:
                allowed = self.legal_actions()
        else:
            allowed = legal.out_of_turn(self, seat)
        if action not in allowed:
            return seat, self._refuse(action, seat)
        return seat, None

    def _refuse(self, action: object, seat: int) -> list:
        if self.phase == OVER:
            over = Refusal(Reason.OVER, "the round is over", NOT_ALLOWED, {})
            raise IllegalAction(over.text, over)
        target = getattr(action, "target", None)
        if (
            getattr(action, "tag", None) == "catch"
            and isinstance(target, int)
            and 0 <= target < self.players
            and target != seat
            and 0 <= seat < self.players
        ):
            ev = [CatchMissed(seat, target)]  # rule 7.3: a wrong catch costs nothing
            self.log.append((seat, action))  # type: ignore[arg-type]
            self.history += ev
            return ev
        refusal = why_illegal(self, action, seat)
        raise IllegalAction(refusal.text, refusal)

    def _play(self, seat: int, act: Play, ev: list) -> None:
        card = act[1]
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        self.idle = 0
        self.drawn = None
        ev.append(PLAYED[seat][card] if seat == self.current else JUMPED_IN[seat][card])
        color = self.quiet[card]
        if color is not None and len(hand) > 1:  # no effect, no UNO: the common case
            self.color = color
            self.phase = TURN
            self.current = (seat + self.direction) % self.players
            return
        prev_color = self.color
        color = card.color
        if color is None:  # a wild-type card: the play names the colour (legal, so it does)
            color = self.color = act[2]
            ev.append(COLOR_NAMED[seat][color])  # type: ignore[index]
            before_uno = BEFORE_UNO[card]
            if before_uno is not None:  # e.g. an Urrrh's give-away
                before_uno(self, seat, act, ev)
                hand = self.hands[seat]
        else:
            self.color = color
            if hand and self.rules.seven_zero and card.number in (0, 7):
                self._seven_zero(seat, card, act[5], ev)
                hand = self.hands[seat]
        if act[4]:
            ev.append(UNO_DECLARED[seat])
        elif len(hand) == 1:
            self.uno_open = seat
        effect = EFFECT[card]
        self.phase = TURN
        if effect is not None:  # the card's kind says what follows (specials/)
            effect(self, seat, card, prev_color, not hand, ev)
        elif hand:
            self.current = (seat + self.direction) % self.players
        else:
            self._finish(seat, ev)

    def _seven_zero(self, seat: int, card: Card, swap: int | None, ev: list) -> None:
        if card.number == 7:
            other = swap if swap is not None else seat
            self.hands[seat], self.hands[other] = self.hands[other], self.hands[seat]
            ev.append(HandsSwapped(seat, other))
        else:
            d, n = self.direction, self.players
            self.hands = [self.hands[(s - d) % n] for s in range(n)]
            ev.append(HandsPassed(seat, d))

    def _draw_turn(self, seat: int, ev: list) -> None:
        card = take_one(self, seat, ev)
        if card is None:
            self._nothing_drawn(seat, False, ev)
            return
        self.idle = 0
        while True:
            # The turn table answers "playable, and how" in one lookup (legal.legal_actions).
            plays = self.plays[len(self.hands[seat])][self.color][self.discard[-1]][card]
            if plays is legal.ASK:
                plays = legal.variants(self, seat, card)
            # draw_to_match draws on until a card the seat may play, not one that
            # merely matches: under strict_draw4 a Wild Draw Four it may not play
            # does not stop it.
            if plays or not self.rules.draw_to_match:
                break
            card = take_one(self, seat, ev)
            if card is None:
                self._nothing_drawn(seat, True, ev)
                return
        if plays:
            self.phase = DRAWN
            self.drawn = card
        else:  # still the turn phase: only the seat moves on
            ev.append(PASSED[seat])
            self.current = (seat + self.direction) % self.players

    def _nothing_drawn(self, seat: int, moved: bool, ev: list) -> None:
        """A draw found nothing (more) to take (rule 4.4): the turn passes. It is not
        idle if it took cards first, even the pile's last ones (rule 11)."""
        ev.append(PASSED[seat])
        self._next_turn(seat)
        self._count_idle(moved, ev)

    def _next_turn(self, seat: int) -> None:
        self.phase = TURN
        self.drawn = None
        self.current = (seat + self.direction) % self.players

    def _accept(self, seat: int, ev: list) -> None:
        total, self.penalty = self.penalty, 0
        got = take(self, seat, total, "penalty", ev)
        ev.append(SKIPPED[seat])
        self._next_turn(seat)
        self._count_idle(bool(got), ev)

    def _count_idle(self, moved: bool, ev: list) -> None:
        """A turn has ended: rule 11's count of turns in a row that moved no card."""
        self.idle = 0 if moved else self.idle + 1
        if self.idle >= self.players:
            self._finish(None, ev)

    def _moved_mid_turn(self) -> None:
        """Cards moved in the turn in progress, which goes on (a catch, or a guilty
        player's four at a challenge): that turn is not idle however it ends. Both
        come right after a play set the count to 0: one below zero, the turn's end
        counts it back up to 0."""
        self.idle = -1

    def _catch(self, seat: int, target: int, ev: list) -> None:
        ev.append(Caught(seat, target))
        self.uno_open = -1
        if take(self, target, 2, "catch", ev):
            self._moved_mid_turn()

    # -- the end ----------------------------------------------------------------------

    def _finish(self, winner: int | None, ev: list) -> None:
        self.phase = OVER
        self.winner = winner
        self.uno_open = -1
        hands = tuple(map(tuple, self.hands))
        if winner is None:
            ev.append(RoundDrawn(hands))
        else:
            ev.append(RoundWon(winner, self.score()[winner], hands))
        ctx = self.context
        if ctx is not None:
            totals = self.match_totals()
            if max(totals) >= ctx.target:
                ev.append(MatchWon(match_winners(totals, ctx.scoring), totals))

    def match_totals(self) -> tuple[int, ...]:
        """The match scores with this round added (only meaningful once it is over)."""
        ctx = self.context
        if ctx is None:
            return tuple(self.score())
        if ctx.scoring == Scoring.ALTERNATIVE:
            gained = [hand_points(h) for h in self.hands]
        else:
            gained = self.score()
        return tuple(a + b for a, b in zip(ctx.scores, gained, strict=True))

    # -- copies -----------------------------------------------------------------------

    def copy(self) -> Round:
        """An independent copy, cheap enough for a bot to simulate with."""
        new = object.__new__(Round)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.discard = list(self.discard)
        new._draw = list(self._draw)
        new.history = list(self.history)
        new.seen = {}  # rebuilt on the copy's first view
        new.log = list(self.log)
        new.cycles = dict(self.cycles)
        new._rng = copy_rng(self._rng)
        new._legal = None
        return new

    def view(self, seat: int):  # noqa: ANN201 - View lives in view.py
        """What `seat` may know, and nothing more."""
        from .view import make_view

        return make_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Round {self.rules.name} {self.players}p current={self.current} "
            f"phase={self.phase} top={self.discard[-1] if self.discard else None} "
            f"color={self.color}>"
        )
