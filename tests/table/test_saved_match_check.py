"""A saved match is checked whole before anything uses it: its set-up against the
match, its actions played through to the saved position, every event's seats and
cards, its counters in range. Anything else is set aside with one message naming
the field; the damaged files are made here, from a real save."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Match, SaveError
from game.files.storage import Store
from game.table import saved_game
from game.table.seats import default_setup, new_match, settled

FILE = saved_game.FILE


def saved_data(rounds: int = 2, actions: int = 20, seed: int = 9) -> dict[str, Any]:
    """A real save, as on disk: `rounds` rounds begun, `actions` played in the last."""
    setup = settled(default_setup("minecraft", "minecraft", 3, seed=seed, target=10_000))
    match = new_match(setup)
    rng = random.Random(seed)
    for number in range(rounds):
        if number:
            match.next_round()
        limit = actions if number == rounds - 1 else 10**6
        for _ in range(limit):
            if match.round.over:
                break
            match.apply(rng.choice(match.round.legal_actions()))
    recorded = len(match.round_logs)
    return json.loads(json.dumps(saved_game.to_data(setup, match, recorded)))


def write(store: Store, data: dict[str, Any]) -> None:
    assert saved_game.write(store, data)


def set_aside_naming(tmp_path: Path, data: dict[str, Any], field: str) -> str:
    store = Store(tmp_path)
    write(store, data)
    assert saved_game.load(store) is None
    assert not (tmp_path / FILE).exists()
    assert len(list(tmp_path.glob(f"{FILE}.bad-*"))) == 1
    (notice,) = store.notices
    text = notice.render()
    assert field in text, text
    return text


def test_a_real_save_loads_as_the_match_it_was(tmp_path: Path) -> None:
    store = Store(tmp_path)
    data = saved_data()
    write(store, data)
    loaded = saved_game.load(store)
    assert loaded is not None and not store.notices
    assert json.loads(json.dumps(loaded.match.to_data())) == data["match"]
    assert loaded.recorded_rounds == 1


def test_a_history_naming_a_seat_that_does_not_exist_is_set_aside(tmp_path: Path) -> None:
    data = saved_data()
    data["match"]["round"]["history"][-1] = ["Passed", 99]
    set_aside_naming(tmp_path, data, "match.round.history[")


def test_a_history_naming_a_card_of_another_deck_is_set_aside(tmp_path: Path) -> None:
    data = saved_data()
    history = data["match"]["round"]["history"]
    history.append(["CardPlayed", 1, "pink-7", False])
    set_aside_naming(tmp_path, data, "match.round.history")


def test_the_engine_itself_refuses_an_event_with_a_seat_off_the_table() -> None:
    data = saved_data()["match"]
    bad = copy.deepcopy(data)
    bad["round"]["history"].append(["Caught", 0, 7])
    with pytest.raises(SaveError, match="history"):
        Match.from_data(bad)
    bad = copy.deepcopy(data)
    bad["opening_events"].append(["DealerCard", 5, "red-3"])
    with pytest.raises(SaveError, match="opening_events"):
        Match.from_data(bad)
    Match.from_data(data)  # the real one loads


@pytest.mark.parametrize(
    ("key", "value"),
    [("seed", 12345), ("target", 500), ("scoring", "alternative"), ("players", 4)],
)
def test_a_match_that_does_not_fit_its_set_up_is_set_aside(
    tmp_path: Path, key: str, value: Any
) -> None:
    data = saved_data()
    data["match"][key] = value
    set_aside_naming(tmp_path, data, f"match.{key}")


def test_a_set_up_seed_that_is_not_the_match_s_is_set_aside(tmp_path: Path) -> None:
    data = saved_data()
    data["setup"]["seed"] += 1
    set_aside_naming(tmp_path, data, "match.seed")


def test_logs_that_do_not_lead_to_the_position_are_set_aside(tmp_path: Path) -> None:
    data = saved_data()
    log = data["match"]["round_logs"][0]
    log[0], log[1] = log[1], log[0]  # the same actions in another order
    set_aside_naming(tmp_path, data, "match.round_logs[0]")


def test_a_position_the_actions_do_not_give_is_set_aside(tmp_path: Path) -> None:
    data = saved_data()
    hands = data["match"]["round"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # a legal-looking swap
    set_aside_naming(tmp_path, data, "match.round.hands")


@pytest.mark.parametrize("recorded", [-1, 3, 10**6, "1", True, 1.5])
def test_recorded_rounds_out_of_range_is_set_aside(tmp_path: Path, recorded: Any) -> None:
    data = saved_data()  # two rounds begun, the first counted
    data["recorded_rounds"] = recorded
    set_aside_naming(tmp_path, data, "recorded_rounds")


def test_recorded_rounds_may_count_the_current_round_once_it_is_over(tmp_path: Path) -> None:
    data = saved_data(rounds=1, actions=10**6)  # the first round played out
    assert data["match"]["round"]["phase"] == "over"
    data["recorded_rounds"] = 1
    store = Store(tmp_path)
    write(store, data)
    assert saved_game.load(store) is not None


def test_a_huge_history_is_refused_without_playing_it(tmp_path: Path) -> None:
    data = saved_data()
    data["match"]["round"]["history"] *= 3000  # some 100,000 events the actions never gave
    set_aside_naming(tmp_path, data, "match.round.history")


PATHS = st.sampled_from(
    [
        ("match", "round", "current"),
        ("match", "round", "color"),
        ("match", "round", "direction"),
        ("match", "round", "penalty"),
        ("match", "dealer"),
        ("match", "banked"),
        ("match", "round", "draw_pile"),
        ("match", "round", "cycles"),
        ("match", "round", "uno_open"),
        ("match", "round", "log"),
    ]
)
VALUES = st.one_of(
    st.integers(-3, 12),
    st.sampled_from(["red", "pink", "wild", "red-3", "", None, True]),
    st.lists(st.integers(0, 3), max_size=3),
    st.just({}),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(PATHS, VALUES)
def test_any_changed_value_loads_the_same_match_or_is_set_aside_by_name(
    tmp_path_factory: pytest.TempPathFactory, path: tuple[str, ...], value: Any
) -> None:
    folder = tmp_path_factory.mktemp("save")
    data = saved_data()
    place = data
    for key in path[:-1]:
        place = place[key]
    changed = place[path[-1]] != value or type(place[path[-1]]) is not type(value)
    place[path[-1]] = value
    store = Store(folder)
    write(store, data)
    loaded = saved_game.load(store)
    if changed:
        assert loaded is None
        # Other actions are played as saved: the first value they do not give is named.
        named = "match." if path[-1] == "log" else ".".join(path)
        assert named in store.notices[0].render()
    else:
        assert loaded is not None
