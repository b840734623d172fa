"""The guided round's match, dealt from a stacked deck: every hand, the flip and
the draws as the lesson names them, the computer dealing so the player starts."""

from __future__ import annotations

from game.engine import Match, RuleSet
from game.engine.round import Round
from game.engine.rules import HAND_SIZE
from game.tutorial.lesson import Lesson

PLAYERS = 2
DEALER = 1  # the computer deals: the player, on its left, starts
TARGET = 1  # the round won is the match won: nothing follows it


def deck_order(lesson: Lesson) -> list[str]:
    """The stacked deck, top first: the hands as they are dealt (one card a seat
    in turn, from the dealer's left), the flip, then the draws."""
    seats = [(DEALER + 1 + i) % PLAYERS for i in range(PLAYERS)]
    dealt = [lesson.hands[seat][lap] for lap in range(HAND_SIZE) for seat in seats]
    return [*dealt, lesson.flip, *lesson.draws]


def lesson_match(lesson: Lesson) -> Match:
    """The match of one round, dealt as the lesson says."""
    rules = RuleSet.preset(lesson.preset)
    # The dealer draw is stacked too: the computer turns up the higher card.
    match = Match(rules, PLAYERS, seed=0, target=TARGET, dealer_deck=("blue-1", "blue-9"))
    assert match.dealer == DEALER
    context = match.round.context
    match.round = Round.start(
        rules, PLAYERS, dealer=DEALER, seed=0, deck=deck_order(lesson), context=context
    )
    return match
