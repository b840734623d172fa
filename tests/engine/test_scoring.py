"""Rule 10: the end of a round, points, and the match."""

import pytest

from game.engine import IllegalAction, Match, RuleSet
from game.engine.actions import Draw, Play
from game.engine.events import MatchWon, RoundDrawn, RoundWon
from game.engine.round import MatchContext
from game.engine.scoring import hand_points, match_winners, standings

from .conftest import pile_holds_only


def _last_card(deal, card, preset="minecraft", **kw):
    rnd = deal(preset, hands={0: [card]}, **kw)
    rnd.hands[0] = rnd.hands[0][:1]
    return rnd


def test_round_ends_when_a_hand_is_empty_and_scores_the_others_rule_10_3(deal):
    rnd = _last_card(deal, "red-1", flip="red-5")
    events = rnd.apply(Play("red-1"))
    others = sum(c.points for s in (1, 2, 3) for c in rnd.hand(s))
    assert rnd.over and rnd.winner == 0 and events[-1] == RoundWon(0, others, events[-1].hands)
    assert rnd.score() == [others, 0, 0, 0]
    assert rnd.legal_actions() == ()
    with pytest.raises(IllegalAction, match="over"):
        rnd.apply(Play("red-2"), seat=1)


def test_last_card_draw2_is_still_drawn_and_scored_rule_10_1(deal):
    rnd = _last_card(deal, "red-draw2", flip="red-5", draw=["wild", "wild"])
    rnd.apply(Play("red-draw2"))
    assert len(rnd.hand(1)) == 9 and rnd.over
    assert rnd.score()[0] == sum(c.points for s in (1, 2, 3) for c in rnd.hand(s))


def test_last_card_wild_draw4_with_a_creeper_in_the_draw(deal):
    rnd = _last_card(
        deal,
        "wild-draw4",
        flip="red-5",
        draw=["creeper", "green-1", "green-2", "green-3", "green-4"],
    )
    rnd.apply(Play("wild-draw4", color="blue"))
    assert rnd.over and len(rnd.hand(1)) == 7 + 4 + 3


def test_last_draw2_on_a_pending_stack_draws_the_whole_sum(deal):
    rnd = deal(
        "classic", hands={0: ["red-draw2"], 1: ["blue-draw2"]}, flip="red-5", number_finish=False
    )
    rnd.hands[1] = rnd.hands[1][:1]
    rnd.apply(Play("red-draw2"))
    rnd.apply(Play("blue-draw2"))
    assert rnd.over and rnd.winner == 1 and len(rnd.hand(2)) == 11


def _context(scores, target=100, scoring="standard"):
    return MatchContext(tuple(scores), target, scoring)


def test_match_won_when_the_target_is_reached(deal):
    rnd = _last_card(deal, "red-1", flip="red-5")
    rnd.context = _context([90, 0, 0, 0])
    events = rnd.apply(Play("red-1"))
    assert isinstance(events[-1], MatchWon) and events[-1].winners == (0,)


def test_alternative_scoring_lowest_total_wins_and_ties_share_rule_10_4():
    from game.engine.scoring import match_winners

    assert match_winners((120, 80, 80, 510), "alternative") == (1, 2)
    assert match_winners((120, 80, 90, 510), "alternative") == (1,)
    assert match_winners((520, 80, 90, 10), "standard") == (0,)


def test_alternative_scoring_adds_each_hand_to_its_own_total(deal):
    rnd = _last_card(deal, "red-1", flip="red-5")
    rnd.context = _context([0, 0, 0, 0], target=1000, scoring="alternative")
    rnd.apply(Play("red-1"))
    own = [sum(c.points for c in rnd.hand(s)) for s in range(4)]
    assert rnd.match_totals() == tuple(own) and own[0] == 0


@pytest.mark.parametrize("scoring", ["standard", "alternative"])
def test_a_drawn_round_scores_each_hand_only_under_alternative_scoring(deal, scoring):
    # Every card in hand, nothing to draw: two empty turns end the round with no
    # winner. Seat 1 holds the rest of the deck, enough to pass the target.
    rnd = deal("minecraft", hands={0: ["blue-1"]}, flip="red-5", players=2, dealer=1)
    pile_holds_only(rnd, 0, into=1)
    rnd.context = _context([40, 10], target=500, scoring=scoring)
    events = rnd.apply(Draw()) + rnd.apply(Draw())
    own = [hand_points(rnd.hand(s)) for s in range(2)]
    assert rnd.over and rnd.winner is None and rnd.score() == [0, 0]
    if scoring == "standard":
        assert isinstance(events[-1], RoundDrawn) and rnd.match_totals() == (40, 10)
    else:
        totals = (40 + own[0], 10 + own[1])
        assert own[1] > 500 and rnd.match_totals() == totals
        assert isinstance(events[-2], RoundDrawn) and events[-1] == MatchWon((0,), totals)


def test_a_tie_for_the_lowest_total_shares_the_match_rule_10_4(deal):
    # Seat 0 goes out; its total then equals seat 2's total plus seat 2's hand,
    # and seat 3 passes the target with its hand: seats 0 and 2 share the win.
    rnd = deal(
        "classic",
        hands={0: ["red-1"], 2: ["blue-1", "blue-2", "green-3"], 3: ["wild", "wild"]},
        flip="red-5",
    )
    rnd.hands[0] = rnd.hands[0][:1]
    held = [hand_points(rnd.hand(s)) for s in range(4)]
    rnd.context = _context([50 + held[2], 200, 50, 450], target=500, scoring="alternative")
    events = rnd.apply(Play("red-1"))
    totals = (50 + held[2], 200 + held[1], 50 + held[2], 450 + held[3])
    assert rnd.match_totals() == totals and totals[3] >= 500 and totals[1] > totals[0]
    assert events[-1] == MatchWon((0, 2), totals)


def _play_out(match):
    rnd = match.round
    while not rnd.over:
        legal = rnd.legal_actions()
        plays = [a for a in legal if a[0] == "play"]
        rnd.apply(plays[-1] if plays else next(a for a in legal if a[0] != "challenge"))


@pytest.mark.parametrize("scoring", ["standard", "alternative"])
def test_a_match_reaches_its_target(scoring):
    match = Match(RuleSet.preset("monster_high"), players=3, seed=5, target=200, scoring=scoring)
    rounds = 0
    while True:
        _play_out(match)
        rounds += 1
        if match.over:
            break
        banked = match.scores
        match.next_round()
        assert match.scores == banked
    assert max(match.scores) >= 200 and match.winners
    if scoring == "alternative":
        assert all(match.scores[w] == min(match.scores) for w in match.winners)
    else:
        assert match.winner == match.scores.index(max(match.scores))
    with pytest.raises(IllegalAction, match="over"):
        match.next_round()


def test_each_round_deals_the_whole_deck_again_rule_10_5():
    match = Match(RuleSet.preset("classic"), players=4, seed=9, target=10_000)
    _play_out(match)
    rnd = match.next_round()
    total = len(rnd.draw_pile) + len(rnd.discard_pile) + sum(len(rnd.hand(s)) for s in range(4))
    assert total == 108 and all(len(rnd.hand(s)) >= 7 for s in range(4))


@pytest.mark.parametrize("scoring", ["standard", "alternative"])
def test_standings_place_every_seat_and_ties_share_a_place(scoring):
    totals = (40, 120, 40, 7, 120)
    placed = standings(totals, scoring)
    assert sorted(seat for _, seat in placed) == list(range(5))
    firsts = tuple(seat for place, seat in placed if place == 1)
    assert firsts == match_winners(totals, scoring)  # first place is the match's winners
    if scoring == "standard":
        assert placed == ((1, 1), (1, 4), (3, 0), (3, 2), (5, 3))
    else:
        assert placed == ((1, 3), (2, 0), (2, 2), (4, 1), (4, 4))
