"""Rule 3: dealer, deal, and the start card."""

from collections import Counter

import pytest

from game.engine import DeckError, Match, Round, RuleSet
from game.engine.actions import ChooseColor, Play
from game.engine.events import (
    CardFlipped,
    CardsDrawn,
    ColorNamed,
    CreeperShown,
    DealerCard,
    DealerChosen,
    Reversed,
    Skipped,
    StartCardReturned,
)

from .conftest import build_deck, cards


def test_deal_is_one_at_a_time_from_the_dealers_left():
    deck = (
        [f"blue-{n}" for n in range(1, 10)]
        + [f"green-{n}" for n in range(1, 10)]
        + [f"yellow-{n}" for n in range(1, 10)]
        + ["red-1"]
        + ["red-2"]
    )
    rnd = Round.start(RuleSet.preset("classic"), players=4, dealer=2, deck=deck, seed=0)
    # Seat 3 (left of dealer 2) gets deck[0], deck[4], ...; seat 2 (the dealer) deck[3], ...
    assert rnd.hand(3)[:2] == cards("blue-1", "blue-5")
    assert rnd.hand(0)[0] == cards("blue-2")[0]
    assert rnd.hand(2)[0] == cards("blue-4")[0]
    assert all(len(rnd.hand(s)) == 7 for s in range(4))
    assert rnd.top == cards("red-2")[0]  # the 29th card is flipped


def test_number_start_card_left_of_dealer_starts_clockwise(deal):
    rnd = deal(flip="red-5", dealer=1)
    assert rnd.current == 2 and rnd.direction == 1 and rnd.color == "red"


def test_draw2_start_card_left_player_draws_two_and_is_skipped_even_with_stacking(deal):
    rnd = deal("classic", flip="red-draw2", draw=["blue-1", "blue-2"], dealer=3)
    assert rnd.rules.stack_draw2
    assert len(rnd.hand(0)) == 9 and rnd.current == 1 and rnd.phase == "turn"
    assert CardsDrawn(0, 2, tuple(cards("blue-1", "blue-2")), "penalty") in rnd.start_events
    assert Skipped(0) in rnd.start_events


def test_reverse_start_card_dealer_starts_counterclockwise(deal):
    rnd = deal(flip="red-reverse", dealer=2)
    assert rnd.current == 2 and rnd.direction == -1
    assert Reversed(2, -1) in rnd.start_events


def test_reverse_start_card_with_two_players_is_a_skip(deal):
    rnd = deal(flip="red-reverse", players=2, dealer=0)
    assert rnd.current == 0  # the left player (1) is effectively skipped


def test_skip_start_card_skips_the_left_player(deal):
    rnd = deal(flip="green-skip", dealer=0)
    assert rnd.current == 2 and Skipped(1) in rnd.start_events


@pytest.mark.parametrize(
    "preset, flip", [("classic", "wild"), ("minecraft", "creeper"), ("monster_high", "urrrh")]
)
def test_wild_start_card_left_player_names_colour_then_plays(deal, preset, flip):
    rnd = deal(preset, flip=flip, dealer=0, hands={1: ["green-3", "blue-7"]})
    assert rnd.current == 1 and rnd.phase == "color"
    colors = rnd.rules.colors
    assert rnd.legal_actions() == tuple(ChooseColor(c) for c in colors)
    assert rnd.apply(ChooseColor("green")) == [ColorNamed(1, "green")]
    assert rnd.current == 1 and rnd.color == "green"
    assert Play("green-3") in rnd.legal_actions()
    # No creeper draw, no give-away at the flip.
    assert all(len(rnd.hand(s)) == 7 for s in range(4))
    assert not any(isinstance(e, CreeperShown) for e in rnd.start_events)


def test_wild_draw4_start_card_goes_back_and_another_is_flipped():
    rules = RuleSet.preset("classic")
    deck = (
        ["blue-1"] * 2
        + ["blue-2"] * 2
        + ["green-1"] * 2
        + ["green-2"] * 2
        + ["yellow-1"] * 2
        + ["yellow-2"] * 2
        + ["blue-3"] * 2
        + ["green-3"] * 2
        + ["yellow-3"] * 2
        + ["blue-4"] * 2
        + ["green-4"] * 2
        + ["yellow-4"] * 2
        + ["blue-5"] * 2
        + ["green-5"] * 2
        + ["wild-draw4"]
    )
    rnd = Round.start(rules, players=4, dealer=0, deck=deck, seed=3)
    assert rnd.top.kind != "wild-draw4"
    assert rnd.start_events[1:3] == [
        CardFlipped(cards("wild-draw4")[0]),
        StartCardReturned(cards("wild-draw4")[0]),
    ]
    assert Counter(rnd.draw_pile + rnd.discard_pile)[cards("wild-draw4")[0]] == 4


def test_a_wild_draw4_turned_up_again_goes_back_again():
    # Rule 3.3, "repeat as needed": the stacked deck turns up a Wild Draw Four, and
    # with this seed the reshuffled pile brings up another one, twice.
    rules = RuleSet.preset("classic")
    deck = build_deck(rules, 4, 3, {}, "wild-draw4", [])
    rnd = Round.start(rules, players=4, dealer=3, deck=deck, seed=105)
    draw4 = cards("wild-draw4")[0]
    flips = [e.card for e in rnd.start_events if isinstance(e, CardFlipped)]
    returned = [e.card for e in rnd.start_events if isinstance(e, StartCardReturned)]
    assert flips[:-1] == returned == [draw4] * 3  # the seed still gives three
    assert rnd.top == flips[-1] and rnd.top.kind == "number" and rnd.discard_pile == (rnd.top,)
    assert rnd.current == 0 and rnd.direction == 1 and rnd.phase == "turn"
    assert Counter(rnd.draw_pile)[draw4] == 4


def test_dealt_creeper_is_just_a_card(deal):
    rnd = deal("minecraft", hands={0: ["creeper", "creeper"]})
    assert rnd.hand(0).count(cards("creeper")[0]) == 2 and len(rnd.hand(0)) == 7
    assert not any(isinstance(e, CreeperShown) for e in rnd.start_events)


def test_dealer_is_the_highest_number_and_ties_draw_again():
    for seed in range(60):
        match = Match(RuleSet.preset("classic"), players=5, seed=seed)
        events = match.opening_events
        chosen = events[-1]
        assert isinstance(chosen, DealerChosen) and chosen.seat == match.dealer
        draws = [e for e in events if isinstance(e, DealerCard)]
        # Split the draws into laps: each lap is among the seats tied in the previous one.
        lap, laps = [], []
        for e in draws:
            if lap and e.seat <= lap[-1].seat:
                laps.append(lap)
                lap = []
            lap.append(e)
        laps.append(lap)
        for before, after in zip(laps, laps[1:], strict=False):
            best = max(e.card.number or 0 for e in before)
            assert [e.seat for e in after] == [
                e.seat for e in before if (e.card.number or 0) == best
            ]
        last_best = max(e.card.number or 0 for e in laps[-1])
        winners = [e.seat for e in laps[-1] if (e.card.number or 0) == last_best]
        assert winners == [match.dealer]


def test_symbol_cards_count_zero_for_the_dealer_draw():
    seen_symbol_lose = False
    for seed in range(200):
        match = Match(RuleSet.preset("classic"), players=3, seed=seed)
        first = [e for e in match.opening_events if isinstance(e, DealerCard)][:3]
        symbols = [e for e in first if e.card.number is None]
        numbers = [e for e in first if e.card.number]
        if symbols and numbers:
            assert match.dealer not in {e.seat for e in symbols}
            seen_symbol_lose = True
    assert seen_symbol_lose


def test_a_stacked_dealer_draw_ties_draw_again_and_symbols_count_zero():
    # Seats 1 and 3 tie on 9 (seat 2's Skip counts 0, seat 0's Wild Draw Four too);
    # only they draw again: seat 1 turns up a 2, seat 3 a 5 and deals.
    lap_one = ["wild-draw4", "blue-9", "green-skip", "yellow-9"]
    match = Match(
        RuleSet.preset("classic"), players=4, seed=1, dealer_deck=[*lap_one, "red-2", "blue-5"]
    )
    assert match.opening_events == [
        *(DealerCard(seat, card) for seat, card in enumerate(cards(*lap_one))),
        DealerCard(1, cards("red-2")[0]),
        DealerCard(3, cards("blue-5")[0]),
        DealerChosen(3),
    ]
    assert match.dealer == 3 and match.round.dealer == 3


def test_a_stacked_dealer_draw_goes_on_seeded_once_it_runs_out():
    # Both seats tie on 7; the tie-break lap is left to the seed.
    match = Match(RuleSet.preset("classic"), players=2, seed=3, dealer_deck=["red-7", "blue-7"])
    draws = [e for e in match.opening_events if isinstance(e, DealerCard)]
    assert [e.card for e in draws[:2]] == cards("red-7", "blue-7") and len(draws) >= 4
    assert match.dealer == match.opening_events[-1].seat


def test_a_dealer_draw_that_is_not_in_the_deck_is_refused():
    with pytest.raises(DeckError, match="not in the classic deck"):
        Match(RuleSet.preset("classic"), players=2, dealer_deck=["creeper"])
    with pytest.raises(DeckError, match="has 1 red-0"):
        Match(RuleSet.preset("classic"), players=2, dealer_deck=["red-0", "red-0"])


def test_the_deal_passes_left_each_round():
    match = Match(RuleSet.preset("classic"), players=3, seed=4, target=10_000)
    first = match.dealer
    _finish_round(match)
    match.next_round()
    assert match.dealer == (first + 1) % 3 and match.round.dealer == match.dealer
    assert sorted(len(match.round.hand(s)) for s in range(3)) == [7, 7, 7]


def _finish_round(match: Match) -> None:
    rnd = match.round
    while not rnd.over:
        legal = rnd.legal_actions()
        plays = [a for a in legal if a[0] == "play"]
        rnd.apply(plays[0] if plays else next(a for a in legal if a[0] != "challenge"))


@pytest.mark.parametrize(
    "deck, message",
    [
        (["red-7", "red-7", "red-7"], "has 2 red-7"),
        (["pink-3"], "not in the classic deck"),
        (["wild"] * 5, "has 4 wild"),
    ],
)
def test_impossible_stacked_deck_is_refused(deck, message):
    with pytest.raises(DeckError, match=message):
        Round.start(RuleSet.preset("classic"), players=4, deck=deck)


def test_a_short_deck_is_topped_up_to_the_whole_preset():
    rnd = Round.start(RuleSet.preset("minecraft"), players=3, deck=["creeper"], seed=2)
    every = rnd.draw_pile + rnd.discard_pile + tuple(c for s in range(3) for c in rnd.hand(s))
    assert Counter(every) == RuleSet.preset("minecraft").deck_counts()
