"""The fast turn tables and the slow `variants` path agree on random positions.

The tables answer "may this card be played, and how" in one lookup, built once
per rule set; `variants` works it out from the position. Both are built from the
same definitions (legal.matches, legal.barred, legal.hand_decides, the card
kinds), and this test plays random games to random points and compares them for
every card in every hand.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Round, RuleSet
from game.engine.actions import DRAW
from game.engine.legal import ASK, playable, variants

OPTIONS = tuple(option.name for option in RuleSet.house_options())
rule_sets = st.builds(
    lambda preset, flags: RuleSet.preset(preset).replace(**dict(zip(OPTIONS, flags, strict=True))),
    st.sampled_from(RuleSet.preset_names()),
    st.tuples(*[st.booleans() for _ in OPTIONS]),
)


def _fast(rnd: Round, seat: int, card) -> tuple:  # noqa: ANN001
    plays = rnd.plays[len(rnd.hands[seat])][rnd.color][rnd.top][card]
    if plays is None:
        return ()
    return variants(rnd, seat, card) if plays is ASK else plays


def _slow(rnd: Round, seat: int, card) -> tuple:  # noqa: ANN001
    return variants(rnd, seat, card) if playable(rnd, card) else ()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rule_sets,
    players=st.integers(2, 10),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
)
def test_turn_tables_agree_with_variants(rules, players, seed, steps):
    rng = random.Random(seed)
    rnd = Round.start(rules, players, dealer=seed % players, seed=seed)
    for _ in range(steps):
        legal = rnd.legal_actions()
        if not legal:
            break
        rnd.apply(legal[rng.randrange(len(legal))])
    if rnd.over:
        return
    for seat in range(players):
        for card in set(rnd.hands[seat]):
            assert _fast(rnd, seat, card) == _slow(rnd, seat, card), (seat, card, rnd)
    if rnd.phase == "turn":  # the whole turn, listed by the slow path alone
        seat, slow = rnd.current, []
        for card in dict.fromkeys(rnd.hands[rnd.current]):
            slow += _slow(rnd, seat, card)
        legal = [a for a in rnd.legal_actions() if a[0] != "catch"]
        assert legal == [*slow, DRAW]
