"""Bluffs where they pay: a big hand against a next player close to out; never
where they cannot (a small hand, a next player far from out), never at normal."""

from __future__ import annotations

import random

from game.ai import make_bot
from game.ai.bluffing import Bluffing, Record, Reputation, bluff_pays
from game.ai.expert import ExpertBot
from game.ai.situation import read
from game.engine import Round
from game.engine.actions import CHALLENGE, Play

from .conftest import shrink, stacked

SEEDS = range(12)
BIG = ["wild-draw4", "red-3", "green-2", "blue-3", "yellow-4", "green-6", "blue-7"]


def _position(next_cards: int, my_cards: int = 7) -> Round:
    """Seat 0 to move on red with a Wild Draw Four and a red 3 (so the wild would
    be a bluff) among `my_cards`; seat 1, next, holds `next_cards`."""
    rnd = stacked("classic", {0: BIG}, flip="red-5")
    shrink(rnd, 0, my_cards)
    shrink(rnd, 1, next_cards)
    return rnd


def _shown_honest() -> Round:
    """An earlier round of the match: seat 0's Wild Draw Four was challenged (by
    seat 3, after a Reverse: not seat 1, which would have shown it challenges),
    and it held no card of the colour."""
    rnd = stacked(
        "classic",
        {
            0: ["red-reverse", "wild-draw4", "green-2", "blue-3"],
            1: ["red-9"],
            2: ["red-8"],
            3: ["red-7"],
        },
        flip="red-6",
    )
    for card in ("red-reverse", "red-7", "red-8", "red-9"):
        rnd.apply(Play(card))
    rnd.apply(Play("wild-draw4", color="green"))
    rnd.apply(CHALLENGE)
    assert len(rnd.hands[3]) == 6 + 6
    return rnd


def _bluffs(level: str, rnd: Round, seen: Round | None = None) -> int:
    """In how many of the seeds `level` bluffs at seat 0 (having watched `seen`)."""
    view, legal = rnd.view(0), rnd.legal_actions()
    count = 0
    for seed in SEEDS:
        bot = make_bot(level, random.Random(seed), worlds=2)
        if seen is not None:
            watcher = bot.hard if isinstance(bot, ExpertBot) else bot
            watcher.watch(seen.view(0))  # type: ignore[attr-defined]
        act = bot.choose(view, legal)
        count += act[0] == "play" and act.card.kind == "wild-draw4"
    return count


def test_hard_and_expert_bluff_where_it_pays() -> None:
    rnd = _position(next_cards=1)
    hard = _bluffs("hard", rnd)
    assert 0 < hard < len(SEEDS)  # one chance in two: a rate a player can learn
    assert _bluffs("normal", rnd) == 0  # normal never bluffs
    # The expert waits until its own Wild Draw Fours have been shown honest: before
    # that, a player close to out would suspect the bluff (as hard does).
    assert _bluffs("expert", rnd) == 0
    assert _bluffs("expert", rnd, seen=_shown_honest()) >= len(SEEDS) // 2


def test_no_bluff_where_it_cannot_pay() -> None:
    far = _position(next_cards=5)  # the next player is far from out
    for level in ("easy", "normal", "hard", "expert"):
        assert _bluffs(level, far) == 0, level
    small = _position(next_cards=1, my_cards=3)  # four more cards would cost too much
    for level in ("normal", "hard", "expert"):  # (easy is loose with a small hand)
        assert _bluffs(level, small) == 0, level


def test_the_expert_does_not_bluff_a_player_who_challenges() -> None:
    sit = read(_position(next_cards=1).view(0))
    wary = Bluffing(chance=1.0, wary=True)
    reputation = Reputation(4)
    assert bluff_pays(sit, reputation, wary, random.Random(0))
    reputation.before[1] = Record(faced=2, challenged=2)
    assert not bluff_pays(sit, reputation, wary, random.Random(0))
    reputation.before[1] = Record(faced=4, challenged=0)
    assert bluff_pays(sit, reputation, wary, random.Random(0))


def test_a_bluff_is_judged_by_the_hand_that_plays_it() -> None:
    # Nothing to bluff with (no card of the colour held): no bluff, however it pays.
    rnd = stacked("classic", {0: ["wild-draw4", "green-2", "blue-3", "yellow-4"]}, flip="red-5")
    shrink(rnd, 1, 1)
    sit = read(rnd.view(0))
    assert not bluff_pays(sit, Reputation(4), Bluffing(chance=1.0), random.Random(0))
