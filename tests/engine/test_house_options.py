"""House options beyond the sheets: seven_zero, jump_in, draw_to_match, force_play.
(stack_draw4 and strict_draw4 are in test_action_cards and test_challenge_uno.)"""

import pytest

from game.engine import IllegalAction
from game.engine.actions import Draw, Pass, Play
from game.engine.events import CardPlayed, HandsPassed, HandsSwapped

from .conftest import cards


def test_seven_swaps_hands_with_a_chosen_player(deal):
    rnd = deal(
        "minecraft",
        hands={0: ["red-7", "blue-1"], 2: ["green-3", "green-4"]},
        flip="red-5",
        seven_zero=True,
    )
    rnd.hands[2] = rnd.hands[2][:2]
    mine, theirs = rnd.hand(0), rnd.hand(2)
    assert {a.swap for a in rnd.legal_actions() if a[0] == "play" and a.card.text == "red-7"} == {
        1,
        2,
        3,
    }
    with pytest.raises(IllegalAction, match="swap"):
        rnd.apply(Play("red-7"))
    events = rnd.apply(Play("red-7", swap=2))
    assert HandsSwapped(0, 2) in events
    assert rnd.hand(0) == theirs and rnd.hand(2) == [c for c in mine if c.text != "red-7"]


def test_seven_swap_into_a_single_card_needs_uno(deal):
    rnd = deal("minecraft", hands={0: ["red-7"], 1: ["blue-1"]}, flip="red-5", seven_zero=True)
    rnd.hands[1] = rnd.hands[1][:1]
    assert Play("red-7", swap=1, uno=True) in rnd.legal_actions()
    assert Play("red-7", swap=2, uno=True) not in rnd.legal_actions()


def test_zero_passes_every_hand_on_in_the_direction_of_play(deal):
    rnd = deal("minecraft", hands={0: ["red-0"]}, flip="red-5", seven_zero=True)
    before = [rnd.hand(s) for s in range(4)]
    before[0] = [c for c in before[0] if c.text != "red-0"]
    assert HandsPassed(0, 1) in rnd.apply(Play("red-0"))
    assert [rnd.hand(s) for s in range(4)] == [before[3], before[0], before[1], before[2]]


def test_seven_and_zero_are_plain_without_the_option(deal):
    rnd = deal("minecraft", hands={0: ["red-7"]}, flip="red-5")
    hand1 = rnd.hand(1)
    rnd.apply(Play("red-7"))
    assert rnd.hand(1) == hand1


def test_jump_in_with_the_identical_card_play_continues_from_them(deal):
    rnd = deal(
        "minecraft", hands={0: ["red-5"], 2: ["green-5", "blue-5"]}, flip="blue-5", jump_in=True
    )
    assert Play("blue-5") in rnd.legal_actions(2)
    assert Play("green-5") not in rnd.legal_actions(2)  # same number, other colour: no
    events = rnd.apply(Play("blue-5"), seat=2)
    assert events[0] == CardPlayed(2, cards("blue-5")[0], True)
    assert rnd.current == 3


def test_jump_in_is_off_by_default(deal):
    rnd = deal("minecraft", hands={2: ["blue-5"]}, flip="blue-5")
    assert rnd.legal_actions(2) == ()
    with pytest.raises(IllegalAction):
        rnd.apply(Play("blue-5"), seat=2)


def test_draw_to_match_keeps_drawing_until_playable(deal):
    rnd = deal(
        "minecraft",
        hands={0: ["blue-1"]},
        flip="red-5",
        draw=["green-1", "yellow-2", "red-9", "green-3"],
        draw_to_match=True,
    )
    rnd.apply(Draw())
    assert len(rnd.hand(0)) == 10 and rnd.drawn.text == "red-9" and rnd.phase == "drawn"
    assert set(rnd.legal_actions()) == {Play("red-9"), Pass()}


@pytest.mark.parametrize(
    "held, draw, drawn",
    [
        # Holding red on red, the seat may not play a Wild Draw Four: it does not
        # stop the draw, which goes on "until you find a card you can play".
        ("red-1", ["wild-draw4", "blue-2", "red-9"], "red-9"),
        ("blue-1", ["wild-draw4", "red-9"], "wild-draw4"),  # holding no red, it may
    ],
)
def test_draw_to_match_under_strict_draw4_stops_at_a_card_the_seat_may_play(
    deal, held, draw, drawn
):
    rules = dict(draw_to_match=True, strict_draw4=True)
    rnd = deal("classic", hands={0: [held]}, flip="red-5", draw=draw, **rules)
    rnd.apply(Draw())
    assert len(rnd.hand(0)) == 7 + draw.index(drawn) + 1
    assert rnd.drawn.text == drawn and rnd.phase == "drawn"
    assert {a.card.text for a in rnd.legal_actions() if a[0] == "play"} == {drawn}


def test_force_play_a_playable_drawn_card_must_be_played(deal):
    rnd = deal("minecraft", hands={0: ["blue-1"]}, flip="red-5", draw=["red-9"], force_play=True)
    rnd.apply(Draw())
    assert rnd.legal_actions() == (Play("red-9"),)
    with pytest.raises(IllegalAction):
        rnd.apply(Pass())
