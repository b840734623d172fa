"""Refusals say why as data: a reason, a player's message and its fields."""

import pytest

from game.engine import Card, IllegalAction
from game.engine.actions import Draw, Play
from game.engine.refusal import Reason
from game.ui.refusals import refusal_text


def _refused(rnd, action, seat=None):
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(action, seat)
    return caught.value


def test_the_last_card_rule_and_a_cards_own_rule_are_named(deal):
    rnd = deal("classic", hands={0: ["red-1"]}, flip="red-5")
    rnd.hands[0] = [Card.parse("red-skip")]  # one card left, not a number
    rnd._legal = None
    error = _refused(rnd, Play("red-skip"))
    assert error.refusal.reason is Reason.NUMBER_FINISH
    assert "number card" in error.refusal.message and "rule 5.6" in str(error)
    strict = deal("minecraft", hands={0: ["wild-draw4", "red-1"]}, flip="red-5", strict_draw4=True)
    error = _refused(strict, Play("wild-draw4", color="blue"))
    assert error.refusal.reason is Reason.CARD_RULE
    assert error.refusal.message.startswith("A Wild Draw Four may only be played")


def test_the_ui_says_the_engines_reason_in_the_players_words(deal):
    rnd = deal("classic", hands={0: ["blue-1", "red-2"]}, flip="red-5")
    names = ["Ann", "Bo", "Cy", "Di"]
    turn = _refused(rnd, Draw(), seat=2)
    assert turn.refusal.reason is Reason.NOT_YOUR_TURN and turn.refusal.fields == {"seat": 0}
    assert refusal_text(turn, str, names, str.title) == "Wait for your turn: it is Ann's turn."
    match = _refused(rnd, Play("blue-1"))
    assert match.refusal.reason is Reason.NO_MATCH
    said = refusal_text(match, str, names, {"red": "Scarlet"}.__getitem__)
    assert said == "That card does not match: play a scarlet card, any 5, or a wild card."
    rnd.hands[0].remove(Card.parse("red-2"))  # now nothing fits: only a draw is offered
    rnd._legal = None
    said = refusal_text(_refused(rnd, Play("blue-1")), str, names, str.lower)
    assert said == "Nothing in your hand is red or matches the 5: draw a card."


@pytest.mark.parametrize(
    ("top", "said"),
    [
        ("red-8", "That card does not match: play a red card, any 8, or a wild card."),
        ("red-skip", "That card does not match: play a red card, any Skip, or a wild card."),
    ],
)
def test_a_refused_card_names_each_alternative_once(deal, top, said):  # noqa: ANN001
    from game.i18n import Translator

    # Two seats: a Skip played comes back to its player, whose next card is refused
    # while the red 3 could be played (so the refusal offers the play).
    rnd = deal("classic", hands={0: [top, "blue-1", "red-3"]}, flip="red-5", players=2)
    rnd.apply(Play(top), 0)
    if rnd.current != 0:
        rnd.apply(Draw(), rnd.current)
        rnd.apply(rnd.legal_actions()[-1], rnd.current)  # keep what was drawn, if asked
    match = _refused(rnd, Play("blue-1"), seat=0)
    assert refusal_text(match, str, ["Ann", "Bo"], str) == said
    spanish = Translator("es").gettext
    assert "cualquier" in refusal_text(match, spanish, ["Ann", "Bo"], str)


def test_on_a_wild_only_the_colour_and_a_wild_card_are_offered(deal):  # noqa: ANN001
    rnd = deal("classic", hands={0: ["wild", "red-2"], 1: ["blue-1"]}, flip="red-5", players=2)
    rnd.apply(Play("wild", color="green"), 0)
    match = _refused(rnd, Play("blue-1"), seat=1)
    said = refusal_text(match, str, ["Ann"], str)
    assert said == "That card does not match: play a green card or a wild card."
