"""Rule 8 (the Creeper) and rule 9 (the Urrrh card)."""

import pytest

from game.engine.actions import Catch, Challenge, Draw, Pass, Play
from game.engine.events import CardsDrawn, CardsGiven, CreeperShown, RoundWon, Skipped

from .conftest import cards


def test_drawing_a_creeper_shows_it_and_draws_three_more_rule_8_2(deal):
    rnd = deal(
        "minecraft",
        hands={0: ["blue-1"]},
        flip="red-5",
        draw=["creeper", "green-1", "green-2", "green-3", "green-4"],
    )
    events = rnd.apply(Draw())
    assert events[:3] == [
        CardsDrawn(0, 1, tuple(cards("creeper")), "draw"),
        CreeperShown(0, cards("creeper")[0]),
        CardsDrawn(0, 3, tuple(cards("green-1", "green-2", "green-3")), "creeper"),
    ]
    assert len(rnd.hand(0)) == 11
    # The creeper is playable: the player may play it or pass.
    assert rnd.phase == "drawn" and Play("creeper", color="blue") in rnd.legal_actions()
    rnd.apply(Pass())
    assert rnd.current == 1


def test_a_creeper_among_the_three_is_silent(deal):
    rnd = deal(
        "minecraft",
        hands={0: ["blue-1"]},
        flip="red-5",
        draw=["creeper", "creeper", "green-2", "green-3", "green-4"],
    )
    events = rnd.apply(Draw())
    assert sum(isinstance(e, CreeperShown) for e in events) == 1
    assert len(rnd.hand(0)) == 11


def test_penalty_continues_after_the_creepers_three(deal):
    rnd = deal(
        "minecraft",
        hands={0: ["red-draw2"]},
        flip="red-5",
        draw=["creeper", "green-1", "green-2", "green-3", "green-4", "green-5"],
    )
    events = rnd.apply(Play("red-draw2"))
    assert len(rnd.hand(1)) == 7 + 2 + 3
    assert CardsDrawn(1, 1, tuple(cards("green-4")), "penalty") in events


def test_penalty_draw_of_wild_draw4_triggers_creeper(deal):
    rnd = deal(
        "minecraft",
        hands={0: ["wild-draw4"]},
        flip="red-5",
        draw=["green-1", "creeper", "green-2", "green-3", "green-4", "green-5", "green-6"],
    )
    rnd.apply(Play("wild-draw4", color="blue"))
    from game.engine.actions import Accept

    events = rnd.apply(Accept())
    assert CreeperShown(1, cards("creeper")[0]) in events and len(rnd.hand(1)) == 7 + 4 + 3


def test_a_creeper_taken_in_a_catch_brings_three_more(deal):
    rnd = deal(
        "minecraft",
        hands={0: ["red-1", "red-2"]},
        flip="red-5",
        draw=["creeper", "green-1", "green-2", "green-3", "green-4"],
    )
    rnd.hands[0] = rnd.hands[0][:2]
    rnd.apply(Play("red-1"))  # no UNO
    events = rnd.apply(Catch(0), seat=2)
    assert events[1:] == [
        CardsDrawn(0, 1, tuple(cards("creeper")), "catch"),
        CreeperShown(0, cards("creeper")[0]),
        CardsDrawn(0, 3, tuple(cards("green-1", "green-2", "green-3")), "creeper"),
        CardsDrawn(0, 1, tuple(cards("green-4")), "catch"),  # the catch's second card
    ]
    assert len(rnd.hand(0)) == 1 + 2 + 3 and rnd.current == 1


@pytest.mark.parametrize("guilty", [True, False])
def test_a_creeper_taken_in_a_challenges_draw_brings_three_more(deal, guilty):
    # Guilty: the player of the Wild Draw Four takes 4; innocent: the challenger 6.
    hand = ["wild-draw4", "red-1" if guilty else "blue-1"]
    draw = ["green-1", "creeper", *(f"yellow-{n}" for n in range(1, 9))]
    rnd = deal("minecraft", hands={0: hand}, flip="red-5", draw=draw)
    rnd.apply(Play("wild-draw4", color="green"))
    events = rnd.apply(Challenge())
    drawer, count, before = (0, 4, 6) if guilty else (1, 6, 7)
    assert CreeperShown(drawer, cards("creeper")[0]) in events
    assert len(rnd.hand(drawer)) == before + count + 3
    challenge_draws = [e for e in events if isinstance(e, CardsDrawn) and e.reason == "challenge"]
    assert sum(e.count for e in challenge_draws) == count  # the penalty goes on after the 3


def test_a_creeper_in_a_flipped_draw_twos_penalty_brings_three_more(deal):
    rnd = deal(
        "minecraft",
        flip="red-draw2",
        draw=["creeper", "green-1", "green-2", "green-3", "green-4"],
        dealer=3,
    )
    assert CreeperShown(0, cards("creeper")[0]) in rnd.start_events
    assert rnd.start_events[-1] == Skipped(0)
    assert len(rnd.hand(0)) == 7 + 2 + 3 and rnd.current == 1
    assert cards("green-4")[0] in rnd.hand(0)  # the second penalty card, after the three


def test_creeper_is_a_wild_worth_fifty_rule_8_1(deal):
    rnd = deal("minecraft", hands={0: ["creeper"]}, flip="red-5")
    rnd.apply(Play("creeper", color="yellow"))
    assert rnd.color == "yellow" and cards("creeper")[0].points == 50


def test_urrrh_gives_away_a_colour_clockwise_from_the_left_rule_9_2(deal):
    hand = ["urrrh", "blue-1", "blue-2", "blue-3", "blue-4", "green-1", "yellow-1"]
    rnd = deal("monster_high", hands={2: hand}, flip="pink-5", dealer=1)
    rnd.direction = -1  # the give-away goes clockwise whatever the direction
    events = rnd.apply(Play("urrrh", color="green", give="blue"))
    given = next(e for e in events if isinstance(e, CardsGiven))
    assert [to for to, _ in given.gifts] == [3, 0, 1, 3]
    assert [len(rnd.hand(s)) for s in range(4)] == [8, 8, 2, 9]
    assert rnd.current == 1  # rule 9.3: the next player plays normally


def test_urrrh_with_no_coloured_card_gives_nothing(deal):
    rnd = deal("monster_high", hands={0: ["urrrh", "wild", "wild"]}, flip="pink-5")
    rnd.hands[0] = rnd.hands[0][:3]
    assert all(
        a.give is None for a in rnd.legal_actions() if a[0] == "play" and a.card.text == "urrrh"
    )
    rnd.apply(Play("urrrh", color="blue"))
    assert len(rnd.hand(0)) == 2 and rnd.current == 1


def test_urrrh_give_away_can_empty_the_hand(deal):
    rnd = deal("monster_high", hands={0: ["urrrh", "blue-1", "blue-9"]}, flip="pink-5")
    rnd.hands[0] = rnd.hands[0][:3]
    events = rnd.apply(Play("urrrh", color="green", give="blue"))
    assert rnd.over and rnd.winner == 0 and isinstance(events[-1], RoundWon)


def test_urrrh_may_only_give_a_colour_in_hand(deal):
    import pytest

    from game.engine import IllegalAction

    rnd = deal("monster_high", hands={0: ["urrrh", "blue-1"]}, flip="pink-5")
    with pytest.raises(IllegalAction, match="gives away a colour held"):
        rnd.apply(Play("urrrh", color="green", give="pink"))
