"""A valid file of every kind the game keeps for a player, as the game writes it."""

from __future__ import annotations

import json
import random
from typing import Any

from game.engine import Match
from game.files import replay
from game.files.settings import Settings
from game.files.stats import Stats
from game.table import saved_game
from game.table.seats import default_setup, new_match, settled, setup_to_data


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))  # tuples become lists, as on disk


def settings_data() -> Any:
    setup = setup_to_data(settled(default_setup("minecraft", "minecraft", 3, seed=5)))
    return _plain(
        Settings(language="es", speed="2x", player_name="Ana", last_setup=setup).to_data()
    )


def stats_data() -> Any:
    record = Stats()
    for points, won in ((40, True), (0, False), (120, True)):
        record.round_played("classic", points, won)
    record.match_played("classic", True)
    record.catch("minecraft", made=True)
    record.challenge("minecraft", won=False)
    return _plain(record.to_data())


def finished(seed: int) -> tuple[dict[str, Any], Match]:
    setup = settled(default_setup("classic", "classic", 2, autoplay=True, seed=seed, target=30))
    match = new_match(setup)
    rng = random.Random(seed)
    while not match.over:
        if match.round.over:
            match.next_round()
        match.apply(rng.choice(match.round.legal_actions()))
    return setup_to_data(setup), match


def replays_data() -> Any:
    setup, match = finished(4)
    logs = tuple(tuple(log) for log in match.round_logs) + (tuple(match.round.log),)
    names = [seat[0] for seat in setup["seats"]]
    kept = replay.Replay("2026-01-02 10:00", setup, logs, tuple(names[s] for s in match.winners))
    return _plain([kept.to_data()])


def match_data() -> Any:
    setup = settled(default_setup("monster_high", "monster_high", 3, seed=9, target=200))
    match = new_match(setup)
    rng = random.Random(9)
    for _ in range(25):
        match.apply(rng.choice(match.round.legal_actions()))
    return _plain(saved_game.to_data(setup, match, 0))
