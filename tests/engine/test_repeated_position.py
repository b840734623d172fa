"""Rule 11: what a repeated position is, and the guilty challenge that empties the piles.

A position that comes back exactly a third time at a reshuffle ends the round with
no winner. "Exactly" compares each hand and each pile as cards with their counts
(order does not count, except which card tops the discard pile), and a penalty
waiting is part of the position.
"""

from game.engine import Card
from game.engine.actions import Catch, Challenge, Draw, Play
from game.engine.events import ChallengeResult, RoundDrawn

from .conftest import cards, pile_holds_only


def _stack_waiting_on_seat_1(deal):
    """Classic (stack_draw2 on), 3 seats: seat 0 plays its red-draw2 without calling
    UNO and keeps one card; seat 1 faces 2. The draw pile holds one card, so a catch
    of seat 0 takes it and one more reshuffled from under the top: a position is
    noted while the 2 wait on seat 1."""
    rnd = deal(
        "classic", hands={0: ["red-draw2", "red-1"]}, flip="red-5", draw=["blue-2"], players=3
    )
    rnd.hands[1] += rnd.hands[0][2:]
    del rnd.hands[0][2:]
    pile_holds_only(rnd, 1, into=1)
    rnd._legal = None
    rnd.apply(Play("red-draw2"))
    assert rnd.phase == "stack" and rnd.penalty == 2 and rnd.current == 1
    return rnd


def test_a_penalty_waiting_makes_a_position_of_its_own(deal):
    waiting = _stack_waiting_on_seat_1(deal)
    twin = waiting.copy()  # the same round, the same shuffle to come
    taken = waiting.copy()
    taken.penalty = 0  # the same hands, piles, colour, seat and direction: no penalty
    for rnd in (waiting, twin, taken):
        assert not rnd.cycles
        rnd.apply(Catch(0), 2)
        assert len(rnd.hand(0)) == 3 and rnd.discard_pile == (rnd.top,)
    assert waiting.hand(0) == taken.hand(0) and waiting.draw_pile == taken.draw_pile
    assert waiting.cycles == twin.cycles and list(waiting.cycles.values()) == [1]
    assert waiting.cycles.keys() != taken.cycles.keys()


def test_only_the_same_position_counts_towards_the_third_time(deal):
    # Seen twice before with nothing waiting, the position comes back a third time
    # with nothing waiting: the round ends. With the 2 waiting it is a new position.
    for penalty, ends in ((0, True), (2, False)):
        rnd = _stack_waiting_on_seat_1(deal)
        earlier = rnd.copy()
        earlier.penalty = 0
        earlier.apply(Catch(0), 2)
        rnd.cycles = dict.fromkeys(earlier.cycles, 2)
        rnd.penalty = penalty
        events = rnd.apply(Catch(0), 2)
        assert rnd.over is ends and isinstance(events[-1], RoundDrawn) is ends


def _empty_pile_turn(deal, order):
    """2 seats; all the draw pile is in seat 1's hand but for two cards put under the
    top discard. Seat 0 draws, which reshuffles them: a position is noted. `order`
    puts seat 1's hand in some order first."""
    rnd = deal("classic", hands={0: ["blue-1"], 1: ["green-2", "yellow-3", "blue-4"]}, players=2)
    rnd.hands[1] += rnd._draw
    rnd._draw = []
    under = cards("green-7", "yellow-8")
    for card in under:
        rnd.hands[1].remove(card)
    rnd.discard[:0] = under
    rnd.hands[1] = order(rnd.hands[1])
    rnd._legal = None
    rnd.apply(Draw())
    return rnd


def test_the_order_of_cards_in_a_hand_does_not_make_a_new_position(deal):
    as_dealt = _empty_pile_turn(deal, list)
    reversed_hand = _empty_pile_turn(deal, lambda hand: hand[::-1])
    assert as_dealt.hand(1) == reversed_hand.hand(1)[::-1] != reversed_hand.hand(1)
    assert list(as_dealt.cycles.values()) == [1]
    assert as_dealt.cycles == reversed_hand.cycles


def test_a_guilty_challenge_that_empties_both_piles_lets_the_challenger_play(deal):
    # Rule 11, resolved 2026-11-29: seat 0 bluffs a Wild Draw Four (it holds red);
    # seat 1 challenges, and seat 0's four cards are the draw pile's last three and
    # the red-5 reshuffled from under the top. Both piles are then empty but for the
    # top card; the round goes on, and seat 1, in the same turn, plays on green.
    rnd = deal(
        "classic",
        hands={0: ["wild-draw4", "red-1", "red-2"], 1: ["green-4", "blue-6"]},
        flip="red-5",
        draw=["blue-2", "blue-3", "yellow-4"],
        players=2,
    )
    pile_holds_only(rnd, 3, into=0)
    rnd.apply(Play("wild-draw4", color="green"))
    events = rnd.apply(Challenge())
    assert events[0] == ChallengeResult(1, 0, True, tuple(events[0].hand))
    assert rnd.draw_pile == () and rnd.discard_pile == (Card.parse("wild-draw4"),)
    assert not rnd.over and rnd.current == 1 and rnd.phase == "turn" and rnd.color == "green"
    assert Play("green-4") in rnd.legal_actions()
    rnd.apply(Play("green-4"))
    assert not rnd.over and rnd.top == Card.parse("green-4") and rnd.current == 0
