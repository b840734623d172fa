"""Rule 5: skip, reverse, draw two, wild draw four, stacking, going out on a number."""

import pytest

from game.engine import IllegalAction
from game.engine.actions import Accept, Challenge, Draw, Play
from game.engine.events import CardsDrawn, Reversed, Skipped, StackGrew


def test_skip_rule_5_1(deal):
    rnd = deal(hands={0: ["red-skip"]}, flip="red-5")
    assert Skipped(1) in rnd.apply(Play("red-skip"))
    assert rnd.current == 2


def test_reverse_flips_direction_rule_5_2(deal):
    rnd = deal(hands={0: ["red-reverse"]}, flip="red-5")
    assert Reversed(0, -1) in rnd.apply(Play("red-reverse"))
    assert rnd.direction == -1 and rnd.current == 3


def test_reverse_with_two_players_acts_as_skip_and_still_flips_direction(deal):
    rnd = deal(hands={0: ["red-reverse", "blue-reverse", "red-1"]}, flip="red-5", players=2)
    assert Reversed(0, -1) in rnd.apply(Play("red-reverse"))
    assert rnd.current == 0 and rnd.direction == -1 and rnd.view(1).direction == -1
    assert Reversed(0, 1) in rnd.apply(Play("blue-reverse"))
    assert rnd.current == 0 and rnd.direction == 1


def test_draw2_next_draws_two_and_loses_turn_rule_5_3(deal):
    rnd = deal("minecraft", hands={0: ["red-draw2"]}, flip="red-5", draw=["blue-1", "blue-2"])
    events = rnd.apply(Play("red-draw2"))
    assert CardsDrawn(1, 2, rnd.hand(1)[-2:] and tuple(rnd.hand(1)[-2:]), "penalty") in events
    assert Skipped(1) in events and rnd.current == 2 and len(rnd.hand(1)) == 9


def test_wild_draw4_accepted_next_draws_four_and_loses_turn_rule_5_4(deal):
    rnd = deal("minecraft", hands={0: ["wild-draw4"]}, flip="red-5")
    events = rnd.apply(Play("wild-draw4", color="blue"))
    assert StackGrew(1, 4) in events and rnd.current == 1 and rnd.phase == "draw4"
    assert set(rnd.legal_actions()) == {Accept(), Challenge()}
    rnd.apply(Accept())
    assert len(rnd.hand(1)) == 11 and rnd.current == 2 and rnd.color == "blue"


def test_draw2_stacking_adds_up_in_classic_rule_5_5(deal):
    rnd = deal("classic", hands={0: ["red-draw2"], 1: ["blue-draw2"], 2: ["blue-1"]}, flip="red-5")
    rnd.apply(Play("red-draw2"))
    assert rnd.phase == "stack" and rnd.current == 1
    assert set(rnd.legal_actions()) == {Play("blue-draw2"), Accept()}
    assert StackGrew(2, 4) in rnd.apply(Play("blue-draw2"))
    assert rnd.legal_actions() == (Accept(),)  # seat 2 cannot answer: take 4
    with pytest.raises(IllegalAction):
        rnd.apply(Draw())
    rnd.apply(Accept())
    assert len(rnd.hand(2)) == 11 and rnd.current == 3 and rnd.phase == "turn"


def test_no_stacking_where_the_preset_has_it_off(deal):
    rnd = deal("minecraft", hands={0: ["red-draw2"], 1: ["blue-draw2"]}, flip="red-5")
    rnd.apply(Play("red-draw2"))
    assert len(rnd.hand(1)) == 9 and rnd.current == 2


def test_stack_draw4_option(deal):
    rnd = deal(
        "minecraft", hands={0: ["wild-draw4"], 1: ["wild-draw4"]}, flip="red-5", stack_draw4=True
    )
    rnd.apply(Play("wild-draw4", color="blue"))
    assert Play("wild-draw4", color="green") in rnd.legal_actions()
    assert StackGrew(2, 8) in rnd.apply(Play("wild-draw4", color="green"))
    assert set(rnd.legal_actions()) == {Accept()}  # no challenge on a stacked draw4
    rnd.apply(Accept())
    assert len(rnd.hand(2)) == 15 and rnd.current == 3


def test_draw4_does_not_stack_without_the_option(deal):
    rnd = deal("minecraft", hands={0: ["wild-draw4"], 1: ["wild-draw4"]}, flip="red-5")
    rnd.apply(Play("wild-draw4", color="blue"))
    assert not any(a[0] == "play" for a in rnd.legal_actions())


def test_going_out_only_on_a_number_in_classic_rule_5_6(deal):
    rnd = deal("classic", hands={0: ["red-skip"]}, flip="red-5")
    rnd.hands[0] = rnd.hands[0][:1]  # the skip is the last card
    assert not any(a[0] == "play" for a in rnd.legal_actions())
    with pytest.raises(IllegalAction, match="number"):
        rnd.apply(Play("red-skip"))


def test_going_out_on_an_action_card_elsewhere(deal):
    rnd = deal("minecraft", hands={0: ["red-skip"]}, flip="red-5")
    rnd.hands[0] = rnd.hands[0][:1]
    rnd.apply(Play("red-skip"))
    assert rnd.over and rnd.winner == 0
