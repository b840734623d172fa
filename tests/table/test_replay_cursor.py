"""The replay screen's walk through a finished match: any move, every hand."""

from __future__ import annotations

from game.engine import Match, RuleSet
from game.table import setup_from_data
from game.table.replay_cursor import ReplayCursor
from tests.test_stats import finished_match


def _cursor(seed: int = 3, players: int = 2) -> tuple[ReplayCursor, tuple]:
    setup, rounds, _winners = finished_match(seed, players)
    return ReplayCursor(setup_from_data(setup), rounds), rounds


def test_every_hand_is_shown_with_the_move_that_led_there() -> None:
    cursor, _rounds = _cursor()
    moment = cursor.seek(5)
    assert len(moment.hands) == 2 and all(moment.hands)
    assert moment.position == 5 and moment.last == _rounds[0][4]


def test_the_end_is_the_match_as_it_finished() -> None:
    setup, rounds, _winners = finished_match(7, 2)
    cursor = ReplayCursor(setup_from_data(setup), rounds)
    match = Match(RuleSet.preset("classic"), 2, seed=setup["seed"], target=30)
    for i, log in enumerate(rounds):
        if i:
            match.next_round()
        for seat, action in log:
            match.round.apply(action, seat)
    end = cursor.seek(cursor.total)
    assert end.position == cursor.total == sum(len(log) for log in rounds)
    assert end.hands == tuple(tuple(match.round.hand(s)) for s in range(2))
    assert end.round_number == len(rounds) and end.last == rounds[-1][-1]


def test_going_back_is_the_same_as_coming_forward() -> None:
    cursor, rounds = _cursor(11)
    later = cursor.seek(cursor.total - 2)
    early = cursor.seek(4)
    fresh, _ = _cursor(11)
    assert early == fresh.seek(4)
    assert cursor.seek(cursor.total - 2) == later
    if len(rounds) > 1:  # the first move of the second round comes after the second deal
        second = cursor.seek(cursor.round_starts[1] + 1)
        assert second.round_number == 2 and second.last == rounds[1][0]
