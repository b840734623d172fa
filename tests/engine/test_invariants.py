"""Rule 11: determinism, endless-round guards, and the layering of the engine."""

import ast
import json
import pathlib
import sys

from game.engine import Round, RuleSet
from game.engine.actions import Catch, Challenge, Draw, Play
from game.engine.events import Caught, RoundDrawn
from game.engine.position_check import check_round
from game.engine.serialise import round_from_data, round_to_data

from .conftest import pile_holds_only


def _play(rnd, pick):
    events = []
    while not rnd.over:
        legal = rnd.legal_actions()
        action = pick(legal)
        events += rnd.apply(action)
    return events


def _first_play(legal):
    plays = [a for a in legal if a[0] == "play"]
    return plays[0] if plays else next(a for a in legal if a[0] != "challenge")


def test_same_seed_same_actions_same_events():
    for preset in RuleSet.preset_names():
        rules = RuleSet.preset(preset)
        a = Round.start(rules, 5, dealer=2, seed=42)
        b = Round.start(rules, 5, dealer=2, seed=42)
        assert a.start_events == b.start_events
        events_a = _play(a, _first_play)
        events_b = []
        for seat, action in a.log:
            events_b += b.apply(action, seat)
        assert events_a == events_b and a.score() == b.score()


def test_everything_in_hands_ends_the_round_with_no_winner(deal):
    rnd = deal("minecraft", hands={0: ["blue-1"]}, flip="red-5", players=2)
    rnd._draw.clear()  # nothing left to draw, nothing to reshuffle
    rnd.hands = [
        [c for c in h if c.color not in ("red",) and c.kind == "number" and c.number != 5]
        for h in rnd.hands
    ]
    events = []
    for _ in range(2):
        events += rnd.apply(Draw())
    assert rnd.over and rnd.winner is None and isinstance(events[-1], RoundDrawn)
    assert rnd.score() == [0, 0]


def test_a_draw_that_empties_the_pile_is_not_an_idle_turn(deal):
    # draw_to_match: seat 0 holds a red-1 that fits, draws anyway, and takes the
    # last two cards of the pile without a fit. Cards moved, so its turn was not
    # idle: the two empty turns after it must not end the round.
    rnd = deal(
        "classic",
        hands={0: ["red-1"]},
        flip="red-5",
        draw=["blue-2", "green-3"],
        players=3,
        dealer=2,
        draw_to_match=True,
    )
    pile_holds_only(rnd, 2, into=1)  # one discard: nothing to reshuffle after
    rnd.apply(Draw())
    assert len(rnd.hand(0)) == 9 and not rnd.draw_pile and rnd.current == 1
    rnd.apply(Draw())
    rnd.apply(Draw())  # seats 1 and 2 find nothing to draw
    assert not rnd.over and rnd.current == 0
    assert Play("red-1") in rnd.legal_actions()


def test_cards_drawn_for_a_catch_count_as_moving(deal):
    # Seat 0 forgets UNO; seat 1 catches it, and the two cards are the pile's last
    # (the second one reshuffled from under the top). The catch moved cards during
    # seat 1's turn, so that turn was not idle even though seat 1 then found
    # nothing to draw: after it and seat 0's empty turn, seat 1 plays again.
    rnd = deal("classic", hands={0: ["red-1", "red-2"]}, flip="red-5", draw=["blue-2"], players=2)
    rnd.hands[1] += rnd.hands[0][2:]  # seat 0 keeps its two named cards
    del rnd.hands[0][2:]
    pile_holds_only(rnd, 1, into=1)
    rnd.apply(Play("red-1"))  # no UNO
    assert rnd.apply(Catch(0))[0] == Caught(1, 0)
    assert len(rnd.hand(0)) == 3 and not rnd.draw_pile and rnd.discard_pile == (rnd.top,)
    rnd = _saved_and_loaded(rnd)  # a save keeps what the catch did to the count
    rnd.apply(Draw())  # seat 1: nothing to draw
    rnd.apply(Draw())  # seat 0: nothing to draw
    assert not rnd.over and rnd.current == 1
    assert any(a[0] == "play" for a in rnd.legal_actions())


def _saved_and_loaded(rnd):
    restored = round_from_data(json.loads(json.dumps(round_to_data(rnd))))
    check_round(restored)
    return restored


def test_a_guilty_players_four_count_as_moving_in_the_challengers_turn(deal):
    # Seat 0 bluffs a Wild Draw Four; seat 1 challenges and seat 0 takes the
    # pile's last cards (the last one reshuffled from under the top). That moved
    # cards in seat 1's turn, which goes on: its empty draw does not make it idle.
    rnd = deal(
        "classic",
        hands={0: ["wild-draw4", "red-1", "red-2"]},
        flip="red-5",
        draw=["blue-2", "blue-3", "blue-4"],
        players=2,
    )
    pile_holds_only(rnd, 3, into=1)
    rnd.apply(Play("wild-draw4", color="green"))
    assert rnd.apply(Challenge())[0].guilty and rnd.current == 1
    assert not rnd.draw_pile and rnd.discard_pile == (rnd.top,)
    rnd.apply(Draw())  # seat 1: nothing to draw
    rnd.apply(Draw())  # seat 0: nothing to draw
    assert not rnd.over and rnd.current == 1


def test_a_forced_cycle_ends_the_round(deal):
    # Two skips ping-pong through a one-card pile under force_play + draw_to_match.
    rnd = deal(
        "minecraft",
        hands={0: ["blue-1"], 2: ["blue-2"]},
        flip="green-skip",
        draw=["yellow-skip"],
        players=3,
        dealer=2,
        force_play=True,
        draw_to_match=True,
    )
    rnd.hands = [[c for c in h if c.kind == "number" and c.color == "blue"] for h in rnd.hands]
    rnd._draw = [rnd._draw[-1]]
    for _ in range(200):
        if rnd.over:
            break
        legal = rnd.legal_actions()
        rnd.apply(legal[0] if legal[0][0] == "play" else Draw())
    assert rnd.over and rnd.winner is None


def test_engine_imports_only_the_standard_library():
    root = pathlib.Path(__file__).resolve().parents[2] / "game" / "engine"
    stdlib = set(sys.stdlib_module_names)
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:  # game.limits is as pure (tests/test_layering.py)
                assert name.split(".")[0] in stdlib or name == "game.limits", (
                    f"{path.name} imports {name}"
                )


def test_importing_the_engine_loads_no_pygame():
    import subprocess

    code = "import sys, game.engine; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_play_actions_compare_by_value():
    assert Play("red-7") == Play("red-7") and Play("red-7") != Play("red-7", uno=True)
    assert Draw() != Play("red-7")


def test_the_legal_list_cannot_be_changed_by_its_reader(deal):
    rnd = deal("classic", hands={0: ["red-1"]}, flip="red-5")
    legal = rnd.legal_actions()
    assert isinstance(legal, tuple)  # the round checks actions against this very object
    assert rnd.legal_actions(1) == () and isinstance(rnd.legal_actions(1), tuple)
