"""Rule 4: legal plays, drawing, the empty pile, the named colour."""

import pytest

from game.engine import IllegalAction
from game.engine.actions import Draw, Pass, Play
from game.engine.events import CardPlayed, CardsDrawn, Passed, PileReshuffled

from .conftest import cards


def test_play_by_colour_number_or_wild_any_time(deal):
    rnd = deal(
        hands={0: ["red-1", "blue-5", "green-skip", "wild", "yellow-2", "wild-draw4"]}, flip="red-5"
    )
    plays = {a.card.text for a in rnd.legal_actions() if a[0] == "play"}
    assert plays == {"red-1", "blue-5", "wild", "wild-draw4"}
    assert Draw() in rnd.legal_actions()


def test_play_by_symbol(deal):
    rnd = deal(hands={0: ["red-skip"], 2: ["green-skip", "green-1", "blue-draw2"]}, flip="red-5")
    rnd.apply(Play("red-skip"))
    plays = {a.card.text for a in rnd.legal_actions() if a[0] == "play"}
    assert "green-skip" in plays and "green-1" not in plays and "blue-draw2" not in plays


def test_an_illegal_play_raises_and_changes_nothing(deal):
    rnd = deal(hands={0: ["blue-3"]}, flip="red-5")
    before = (rnd.hand(0), rnd.discard_pile, rnd.current, rnd.color, len(rnd.history))
    with pytest.raises(IllegalAction, match="matches neither"):
        rnd.apply(Play("blue-3"))
    with pytest.raises(IllegalAction, match="holds no"):
        rnd.apply(Play("red-9"))
    with pytest.raises(IllegalAction, match="turn"):
        rnd.apply(Draw(), seat=2)
    with pytest.raises(ValueError):
        rnd.apply(Pass())
    assert (rnd.hand(0), rnd.discard_pile, rnd.current, rnd.color, len(rnd.history)) == before


def test_wild_needs_a_colour_and_may_name_the_current_one(deal):
    rnd = deal(hands={0: ["wild", "blue-1"]}, flip="red-5")
    with pytest.raises(IllegalAction, match="needs a colour"):
        rnd.apply(Play("wild"))
    rnd.apply(Play("wild", color="red"))
    assert rnd.color == "red" and rnd.top.text == "wild" and rnd.current == 1


def test_named_colour_sets_what_can_follow_rule_4_5(deal):
    rnd = deal(hands={0: ["wild"], 1: ["green-2", "red-7"]}, flip="red-5")
    rnd.apply(Play("wild", color="green"))
    plays = {a.card.text for a in rnd.legal_actions() if a[0] == "play"}
    assert "green-2" in plays and "red-7" not in plays


def test_dishonest_wild_draw4_is_allowed_rule_4_2(deal):
    rnd = deal(hands={0: ["wild-draw4", "red-1"]}, flip="red-5")
    assert Play("wild-draw4", color="blue") in rnd.legal_actions()


def test_drawn_playable_card_may_be_played_at_once_but_only_it(deal):
    rnd = deal(hands={0: ["red-1", "blue-2"]}, flip="red-5", draw=["red-9"])
    events = rnd.apply(Draw())
    assert events == [CardsDrawn(0, 1, tuple(cards("red-9")), "draw")]
    assert rnd.phase == "drawn" and rnd.current == 0
    assert set(rnd.legal_actions()) == {Play("red-9"), Pass()}
    with pytest.raises(IllegalAction, match="only the drawn card"):
        rnd.apply(Play("red-1"))
    rnd.apply(Play("red-9"))
    assert rnd.top.text == "red-9" and rnd.current == 1


def test_drawn_playable_card_may_be_kept(deal):
    rnd = deal(hands={0: ["blue-2"]}, flip="red-5", draw=["red-9"])
    rnd.apply(Draw())
    assert rnd.apply(Pass()) == [Passed(0)]
    assert rnd.current == 1 and "red-9" in [c.text for c in rnd.hand(0)]


def test_unplayable_drawn_card_ends_the_turn(deal):
    rnd = deal(hands={0: ["blue-2"]}, flip="red-5", draw=["green-9"])
    events = rnd.apply(Draw())
    assert events[-1] == Passed(0) and rnd.current == 1 and len(rnd.hand(0)) == 8


def test_a_player_may_draw_while_holding_a_playable_card(deal):
    rnd = deal(hands={0: ["red-1"]}, flip="red-5", draw=["blue-9"])
    rnd.apply(Draw())
    assert rnd.current == 1


def test_empty_pile_reshuffles_all_but_the_top_discard_rule_4_4(deal):
    rnd = deal(hands={0: ["red-1"], 1: ["red-3"]}, flip="red-5")
    rnd._draw.clear()  # the pile is used up
    rnd.apply(Play("red-1"))
    rnd.apply(Play("red-3"))
    top = rnd.top
    events = rnd.apply(Draw())  # seat 2 draws from the reshuffled red-5 and red-1
    assert events[0] == PileReshuffled(2)
    assert rnd.top is top and rnd.discard_pile == (top,)
    assert len(rnd.draw_pile) == 1 and len(rnd.hand(2)) == 8
    assert set(rnd.draw_pile + tuple(rnd.hand(2)[-1:])) == set(cards("red-5", "red-1"))


def test_nothing_to_draw_passes_the_turn(deal):
    rnd = deal(hands={0: ["blue-2"]}, flip="red-5")
    rnd._draw.clear()
    events = rnd.apply(Draw())
    assert rnd.current == 1 and len(rnd.hand(0)) == 7
    assert events == [Passed(0)]


def test_penalty_takes_as_many_as_there_are(deal):
    rnd = deal("minecraft", hands={0: ["red-draw2"]}, flip="red-5")
    rnd._draw.clear()  # only the red-5 under the draw2 can be reshuffled
    rnd.apply(Play("red-draw2"))
    assert len(rnd.hand(1)) == 8 and rnd.current == 2


def test_jumping_out_of_turn_is_refused_without_jump_in(deal):
    rnd = deal(hands={2: ["red-5"]}, flip="red-5")
    assert rnd.legal_actions(2) == ()
    with pytest.raises(IllegalAction, match="turn"):
        rnd.apply(Play("red-5"), seat=2)
    assert CardPlayed not in map(type, rnd.history)
