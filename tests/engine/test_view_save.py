"""Views (what a seat may know), rebuilding a round from a view, and saves."""

import json

import pytest

from game.engine import Match, Round, RuleSet, SaveError, round_from_view
from game.engine.actions import Draw, Play
from game.engine.events import CardsDrawn


def test_view_holds_own_hand_and_only_counts_of_others(deal):
    rnd = deal("minecraft", hands={0: ["red-1"]}, flip="red-5", draw=["green-9"])
    rnd.apply(Play("red-1"))
    rnd.apply(Draw())  # seat 1 draws green-9: only seat 1 sees which card
    view = rnd.view(2)
    assert view.hand == tuple(rnd.hand(2)) and view.hand_counts == (6, 8, 7, 7)
    drawn = [e for e in view.history if isinstance(e, CardsDrawn)]
    assert drawn[-1].count == 1 and drawn[-1].cards == ()
    own = [e for e in rnd.view(1).history if isinstance(e, CardsDrawn)]
    assert own[-1].cards[0].text == "green-9"
    assert view.top.text == "red-1" and view.draw_pile_size == len(rnd.draw_pile)
    assert not hasattr(view, "hands") and not hasattr(view, "draw_pile")


def test_unseen_cards_are_the_deck_less_what_the_seat_sees(deal):
    rnd = deal("classic")
    view = rnd.view(0)
    unseen = view.unseen()
    assert len(unseen) == 108 - 7 - 1
    hidden = sorted(c for s in (1, 2, 3) for c in rnd.hand(s)) + list(rnd.draw_pile)
    assert sorted(unseen) == sorted(hidden)


def test_round_from_view_plays_like_the_real_round_when_the_guess_is_right(deal):
    rnd = Round.start(RuleSet.preset("monster_high"), 4, dealer=1, seed=11)
    for _ in range(6):
        legal = rnd.legal_actions()
        rnd.apply(next((a for a in legal if a[0] == "play"), legal[-1]))
    view = rnd.view(rnd.current)
    hands = {s: rnd.hand(s) for s in range(4) if s != view.seat}
    copy = round_from_view(view, hands, list(rnd.draw_pile), seed=1)
    assert copy.legal_actions() == rnd.legal_actions()
    assert copy.view(view.seat).hand == view.hand
    action = copy.legal_actions()[0]
    assert [type(e) for e in copy.apply(action)] == [type(e) for e in rnd.apply(action)]


def test_round_from_view_refuses_a_guess_that_breaks_the_deck(deal):
    rnd = deal("classic")
    view = rnd.view(0)
    hands = {s: rnd.hand(0) for s in (1, 2, 3)}  # copies of our own hand
    with pytest.raises(ValueError):
        round_from_view(view, hands, list(rnd.draw_pile))


def test_copy_is_independent(deal):
    rnd = deal("classic", hands={0: ["red-1"]})
    twin = rnd.copy()
    twin.apply(Play("red-1"))
    assert rnd.current == 0 and len(rnd.hand(0)) == 7 and rnd.top.text == "red-5"
    assert twin.legal_actions() != rnd.legal_actions()


def _advance(match, steps):
    rnd = match.round
    for _ in range(steps):
        if rnd.over:
            break
        legal = rnd.legal_actions()
        rnd.apply(next((a for a in legal if a[0] == "play"), legal[-1]))


def test_match_save_and_load_mid_round_gives_the_same_future():
    match = Match(
        RuleSet.preset("minecraft").replace(jump_in=True),
        players=5,
        seed=3,
        target=300,
        scoring="alternative",
    )
    _advance(match, 17)
    loaded = Match.from_json(match.to_json())
    assert loaded.to_json() == match.to_json()
    assert loaded.round.legal_actions() == match.round.legal_actions()
    assert loaded.round.view(2) == match.round.view(2)
    for _ in range(30):
        if match.round.over:
            break
        action = match.round.legal_actions()[-1]
        assert loaded.round.apply(action) == match.round.apply(action)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[1, 2]", "not a saved"),
        ('{"format": "uno-table-match", "version": 99}', "version 99"),
        ('{"format": "uno-table-match", "version": 1}', "damaged"),
    ],
)
def test_damaged_saves_raise_a_clear_error(text, message):
    with pytest.raises(SaveError, match=message):
        Match.from_json(text)


def test_a_truncated_or_altered_save_is_refused():
    match = Match(RuleSet.preset("classic"), seed=1)
    text = match.to_json()
    with pytest.raises(SaveError):
        Match.from_json(text[: len(text) // 2])
    data = json.loads(text)
    data["round"]["hands"][0][0] = "purple-11"
    with pytest.raises(SaveError, match="purple-11"):
        Match.from_data(data)


def test_round_from_view_judges_a_pending_draw4_by_the_guessed_hand(deal):
    rnd = deal("minecraft", hands={0: ["wild-draw4", "red-1", "green-2"]}, flip="red-5")
    rnd.apply(Play("wild-draw4", color="blue"))
    view = rnd.view(1)
    assert view.phase == "draw4" and view.draw4_prev == "red" and view.draw4_by == 0
    hidden = {s: rnd.hand(s) for s in (0, 2, 3)}
    guilty = round_from_view(view, hidden, list(rnd.draw_pile))
    from game.engine.actions import Challenge

    assert guilty.apply(Challenge())[0].guilty is True
    # The same view with a guess in which seat 0 holds no red: innocent.
    red = next(c for c in hidden[0] if c.color == "red")
    swap = next(c for c in hidden[2] if c.color != "red")
    hidden[0] = [swap if c is red else c for c in hidden[0]]
    hidden[2] = [red if c is swap else c for c in hidden[2]]
    innocent = round_from_view(view, hidden, list(rnd.draw_pile))
    assert innocent.apply(Challenge())[0].guilty is False
