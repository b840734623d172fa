"""Continue's checked match comes from the child process as small pickles, so taking
one apart never holds the app's interpreter lock for long: every long list (the
finished rounds' logs, the round's history and log) in pieces of CHUNK entries."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from game.table import default_setup, saved_game
from game.table.seats import new_match, settled


def _match_data() -> dict:
    setup = settled(default_setup("classic", "classic", 3, True, 9, 500, "instant"))
    match = new_match(setup)
    rng = random.Random(9)
    while len(match.round_logs) < 2 or len(match.round.log) < 30:
        legal = match.round.legal_actions()
        if legal:
            match.apply(legal[int(rng.random() * len(legal))])
        else:
            match.next_round()
    data = saved_game.to_data(setup, match, 1)
    data["match"] = saved_game._as_saved(data["match"])
    return data


def test_a_match_in_small_pieces_is_the_same_match(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saved_game, "CHUNK", 7)
    data = _match_data()
    pieces = saved_game._packed(copy.deepcopy(data))
    assert saved_game._unpacked_data(pieces) == data
    longest = max(len(pickle.loads(piece)) for piece in pieces[1:])
    assert longest == 7  # no long list in one piece, nor in the head
    head, _ = pickle.loads(pieces[0])
    assert "round_logs" not in head["match"] and "history" not in head["match"]["round"]


def test_the_checked_match_restored_from_its_pieces_plays_as_saved() -> None:
    data = _match_data()
    saved = saved_game._unpacked(saved_game._packed(copy.deepcopy(data)))
    assert saved_game._as_saved(saved.match.to_data()) == data["match"]
    assert saved.recorded_rounds == 1
