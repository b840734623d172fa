"""Rule 6 (challenging a wild draw four) and rule 7 (UNO and the catch)."""

import pytest

from game.engine import IllegalAction
from game.engine.actions import Accept, Catch, Challenge, Draw, Play
from game.engine.events import CatchMissed, Caught, ChallengeResult, UnoDeclared

from .conftest import cards


def _draw4_on_red(deal, holding_red: bool):
    hand = ["wild-draw4", "red-1" if holding_red else "blue-1", "green-2"]
    rnd = deal("minecraft", hands={0: hand}, flip="red-5")
    rnd.apply(Play("wild-draw4", color="green"))
    return rnd


def test_guilty_challenge_the_player_draws_four_and_challenger_plays_on(deal):
    rnd = _draw4_on_red(deal, holding_red=True)
    hand_before = tuple(rnd.hand(0))
    events = rnd.apply(Challenge())
    assert events[0] == ChallengeResult(1, 0, True, hand_before)
    assert len(rnd.hand(0)) == 6 + 4 and len(rnd.hand(1)) == 7
    assert rnd.current == 1 and rnd.phase == "turn" and rnd.color == "green"


def test_innocent_challenge_the_challenger_draws_six_and_loses_turn(deal):
    rnd = _draw4_on_red(deal, holding_red=False)
    events = rnd.apply(Challenge())
    assert events[0].guilty is False
    assert len(rnd.hand(1)) == 13 and len(rnd.hand(0)) == 6 and rnd.current == 2


def test_guilt_is_about_the_colour_not_numbers_or_wilds(deal):
    rnd = deal("minecraft", hands={0: ["wild-draw4", "blue-5", "wild"]}, flip="red-5")
    rnd.apply(Play("wild-draw4", color="blue"))
    assert rnd.apply(Challenge())[0].guilty is False


def test_revealed_hand_is_only_in_the_challengers_view(deal):
    rnd = _draw4_on_red(deal, holding_red=True)
    rnd.apply(Challenge())
    seen = [e for e in rnd.view(1).history if isinstance(e, ChallengeResult)]
    hidden = [e for e in rnd.view(2).history if isinstance(e, ChallengeResult)]
    assert seen[0].hand and hidden[0].hand == () and hidden[0].guilty is True


def test_strict_draw4_forbids_the_dishonest_play(deal):
    rnd = deal("minecraft", hands={0: ["wild-draw4", "red-1"]}, flip="red-5", strict_draw4=True)
    assert not any(a[0] == "play" and a.card.text == "wild-draw4" for a in rnd.legal_actions())
    with pytest.raises(IllegalAction, match="only be played when you hold no card of the colour"):
        rnd.apply(Play("wild-draw4", color="blue"))
    honest = deal("minecraft", hands={0: ["wild-draw4", "blue-1"]}, flip="red-5", strict_draw4=True)
    assert Play("wild-draw4", color="blue") in honest.legal_actions()


def _two_cards(deal, **options):
    rnd = deal("minecraft", hands={0: ["red-1", "red-2"]}, flip="red-5", **options)
    rnd.hands[0] = rnd.hands[0][:2]
    return rnd


def test_declaring_uno_with_the_next_to_last_card_rule_7_1(deal):
    rnd = _two_cards(deal)
    assert {Play("red-1"), Play("red-1", uno=True)} <= set(rnd.legal_actions())
    assert UnoDeclared(0) in rnd.apply(Play("red-1", uno=True))
    assert Catch(0) not in rnd.legal_actions(1)
    assert rnd.apply(Catch(0), seat=2) == [CatchMissed(2, 0)]  # rule 7.3: costs nothing
    assert len(rnd.hand(0)) == 1 and len(rnd.hand(2)) == 7


def test_uno_cannot_be_declared_with_more_cards_left(deal):
    rnd = deal("minecraft", hands={0: ["red-1"]}, flip="red-5")
    with pytest.raises(IllegalAction, match="exactly one card"):
        rnd.apply(Play("red-1", uno=True))


def test_forgetting_uno_can_be_caught_by_anyone_rule_7_2(deal):
    rnd = _two_cards(deal)
    rnd.apply(Play("red-1"))
    assert Catch(0) in rnd.legal_actions(3) and Catch(0) in rnd.legal_actions(1)
    assert Catch(0) not in rnd.legal_actions(0)
    events = rnd.apply(Catch(0), seat=3)
    assert events[0] == Caught(3, 0) and len(rnd.hand(0)) == 3
    assert rnd.apply(Catch(0), seat=2) == [CatchMissed(2, 0)]  # caught once only


def test_the_catch_window_closes_when_the_next_player_acts(deal):
    rnd = _two_cards(deal)
    rnd.apply(Play("red-1"))
    rnd.apply(Draw())  # seat 1 acts: seat 0 is safe now
    assert Catch(0) not in rnd.legal_actions(2)
    assert rnd.apply(Catch(0), seat=2) == [CatchMissed(2, 0)]
    assert len(rnd.hand(0)) == 1


def test_a_catch_of_oneself_is_refused(deal):
    rnd = _two_cards(deal)
    rnd.apply(Play("red-1"))
    with pytest.raises(IllegalAction, match="itself"):
        rnd.apply(Catch(0), seat=0)


def test_urrrh_that_leaves_one_card_must_declare(deal):
    rnd = deal("monster_high", hands={0: ["urrrh", "blue-1", "blue-2", "green-3"]}, flip="pink-5")
    rnd.hands[0] = rnd.hands[0][:4]
    assert Play("urrrh", color="green", give="blue", uno=True) in rnd.legal_actions()
    rnd.apply(Play("urrrh", color="green", give="blue"))
    assert rnd.hand(0) == cards("green-3") and Catch(0) in rnd.legal_actions(2)


def test_accept_and_challenge_only_when_a_draw4_is_pending(deal):
    rnd = deal("minecraft", hands={0: ["red-1"]}, flip="red-5")
    for action in (Accept(), Challenge()):
        with pytest.raises(IllegalAction, match="not allowed now"):
            rnd.apply(action)


def test_the_next_player_may_catch_before_acting(deal):
    rnd = _two_cards(deal)
    rnd.apply(Play("red-1"))
    assert rnd.current == 1 and Catch(0) in rnd.legal_actions()
    rnd.apply(Catch(0))
    assert len(rnd.hand(0)) == 3 and rnd.current == 1  # still seat 1's turn
