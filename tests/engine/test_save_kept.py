"""A match saved after every action keeps what it encoded before (the finished
rounds' logs, the history so far) and encodes only what is new: every save is still
the whole match, the same as a match restored from it writes."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet
from game.engine.actions import from_text, to_text


def _fresh(data: dict) -> dict:
    """What a match restored from `data` writes: nothing encoded before."""
    return Match.from_data(json.loads(json.dumps(data))).to_data()


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_every_save_is_the_whole_match(seed: int) -> None:
    match = Match(RuleSet.preset("classic"), players=3, seed=seed, target=60)
    rng = random.Random(seed)
    saves = 0
    while not match.over and saves < 400:
        legal = match.round.legal_actions()
        if not legal:
            match.next_round()
        else:
            match.apply(legal[int(rng.random() * len(legal))])
        data = match.to_data()
        assert data == _fresh(data)
        saves += 1
    # and a restored match goes on encoding from where it was restored
    restored = Match.from_data(json.loads(json.dumps(match.to_data())))
    if not restored.over:
        legal = restored.round.legal_actions()
        if legal:
            restored.apply(legal[0])
            assert restored.to_data() == _fresh(restored.to_data())


def test_an_action_and_its_text_both_ways() -> None:
    for text in ("play red-7", "play wild color=blue uno", "draw", "pass", "catch 2"):
        action = from_text(text)
        assert to_text(action) == text and from_text(text) is action
