"""Property tests over random games: every preset, random house options, 2-10 players."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Match, Round, RuleSet
from game.engine.events import for_seat

OPTIONS = tuple(option.name for option in RuleSet.house_options())

rule_sets = st.builds(
    lambda preset, flags: RuleSet.preset(preset).replace(**dict(zip(OPTIONS, flags, strict=True))),
    st.sampled_from(RuleSet.preset_names()),
    st.tuples(*[st.booleans() for _ in OPTIONS]),
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _conserved(rnd: Round) -> bool:
    seen = Counter(rnd.draw_pile) + Counter(rnd.discard_pile)
    for seat in range(rnd.players):
        seen.update(rnd.hand(seat))
    return seen == rnd.rules.deck_counts()


def _step(rnd: Round, choose) -> None:
    """One action: sometimes an out-of-turn seat's, else the current seat's; plays
    are preferred (as a sensible player would) so rounds stay a normal length."""
    seat = choose(range(rnd.players))
    legal = rnd.legal_actions(seat) if seat != rnd.current else []
    if not legal:
        seat = rnd.current
        legal = rnd.legal_actions()
        plays = [a for a in legal if a[0] == "play"]
        legal = plays or legal
    rnd.apply(choose(legal), seat)


@SETTINGS
@given(rules=rule_sets, players=st.integers(2, 10), data=st.data())
def test_random_rounds_conserve_cards_never_leak_and_end(rules, players, data):
    seed = data.draw(st.integers(0, 2**32))
    rnd = Round.start(rules, players, dealer=seed % players, seed=seed)
    import random

    rng = random.Random(seed)
    steps = 0
    while not rnd.over:
        _step(rnd, rng.choice)
        steps += 1
        assert _conserved(rnd)
        assert steps < 5000, "round did not end"
        if steps % 7 == 0:
            _check_view(rnd, rng.randrange(players))
    assert rnd.winner is None or rnd.hand(rnd.winner) == []


def _check_view(rnd: Round, seat: int) -> None:
    view = rnd.view(seat)
    assert view.hand == tuple(rnd.hand(seat))
    assert view.hand_counts == tuple(len(rnd.hand(s)) for s in range(rnd.players))
    assert view.history == tuple(for_seat(e, seat) for e in rnd.history)
    for event in view.history:  # no other seat's drawn cards in the public record
        if type(event).__name__ == "CardsDrawn" and event.seat != seat:
            assert event.cards == ()
    assert sorted(view.unseen()) == sorted(
        [c for s in range(rnd.players) if s != seat for c in rnd.hand(s)] + list(rnd.draw_pile)
    )


@SETTINGS
@given(
    rules=rule_sets,
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
)
def test_save_and_load_mid_round_round_trips(rules, players, seed, steps):
    import random

    match = Match(rules, players, seed=seed, target=500)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.round.over:
            break
        _step(match.round, rng.choice)
    loaded = Match.from_json(match.to_json())
    assert loaded.to_json() == match.to_json()
    assert loaded.round.legal_actions() == match.round.legal_actions()
    if not match.round.over:
        action = match.round.legal_actions()[0]
        assert loaded.round.apply(action) == match.round.apply(action)


@settings(max_examples=8, deadline=None)
@given(
    preset=st.sampled_from(RuleSet.preset_names()),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
)
def test_a_match_reaches_its_target(preset, players, seed):
    import random

    match = Match(RuleSet.preset(preset), players, seed=seed, target=250)
    rng = random.Random(seed)
    for _ in range(200):
        while not match.round.over:
            _step(match.round, rng.choice)
        if match.over:
            break
        match.next_round()
    assert match.over and max(match.scores) >= 250 and match.winners
