"""A player's data folder at its heaviest, for benchmarks/frame_stalls.py: many theme
packs (hard links to Classic under other ids, so 300 cost no disk), the kept
replays at their longest legal size, and a match in progress with a long history.
Every file is written through the game's own code, from matches the engine plays."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

from game import paths, replay
from game.engine import Match
from game.storage import Store
from game.table import default_setup, saved_game
from game.table.seats import new_match, settled, setup_to_data


def add_packs(root: Path, count: int) -> None:
    """`count` packs named pack-000..., each Classic hard-linked (copied if links fail)."""
    root.mkdir(parents=True, exist_ok=True)
    classic = paths.themes_root() / "classic"
    for i in range(count):
        folder = root / f"pack-{i:03}"
        try:
            shutil.copytree(classic, folder, copy_function=os.link)
        except OSError:
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(classic, folder)
        manifest = folder / "theme.toml"
        text = manifest.read_text(encoding="utf-8").replace('"classic"', f'"{folder.name}"', 1)
        manifest.unlink()  # a link: the shipped manifest must stay as it is
        manifest.write_text(text, encoding="utf-8")


def _play(match: Match, rng: random.Random, max_actions: int, finish: bool) -> int:
    """Random legal actions (a playable card when there is one, never a challenge, as
    benchmarks/engine_speed.py plays); the actions taken."""
    actions = 0
    while actions < max_actions:
        legal = match.round.legal_actions()
        if not legal:
            if match.over or (not finish and actions >= max_actions):
                break
            match.next_round()
            continue
        plays = [a for a in legal if a[0] == "play"] or [a for a in legal if a[0] != "challenge"]
        match.apply(plays[int(rng.random() * len(plays))])
        actions += 1
    return actions


def add_replays(store: Store, count: int, target: int) -> list[int]:
    """`count` finished matches kept as replays, each as long as a replay may be; the
    actions in each."""
    kept, sizes, seed = [], [], 0
    while len(kept) < count:
        seed += 1
        setup = settled(default_setup("classic", "classic", 4, False, seed, target, "instant"))
        match = new_match(setup)
        actions = _play(match, random.Random(seed), replay.MAX_ACTIONS + 1, finish=True)
        if not match.over or actions > replay.MAX_ACTIONS:
            continue  # over a replay's limits: not a legal replay
        logs = tuple(tuple(log) for log in match.round_logs) + (tuple(match.round.log),)
        if len(logs) > replay.MAX_ROUNDS:
            continue
        winners = tuple(setup.seats[s].name for s in match.winners)
        kept.append(replay.Replay(replay.now(), setup_to_data(setup), logs, winners))
        sizes.append(actions)
    store.save(replay.FILE, replay.KIND, replay.VERSION, [r.to_data() for r in kept])
    return sizes


def add_long_match(store: Store, actions: int) -> int:
    """A match in progress whose history holds about `actions` actions (the target
    set so high that it cannot end first); the actions written."""
    setup = settled(default_setup("classic", "classic", 4, False, 7, 1_000_000, "instant"))
    match = new_match(setup)
    done = _play(match, random.Random(7), actions, finish=False)
    saved_game.save(store, setup, match, recorded_rounds=len(match.round_logs))
    return done
