"""Rule 11: determinism, endless-round guards, and the layering of the engine."""

import ast
import pathlib
import sys

from game.engine import Round, RuleSet
from game.engine.actions import Draw, Play
from game.engine.events import RoundDrawn


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
