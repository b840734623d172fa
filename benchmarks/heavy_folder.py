"""A player's data folder at its heaviest, for benchmarks/frame_stalls.py: many theme
packs (hard links to Classic under other ids, so 300 cost no disk), the kept
replays at their longest legal size, and a match in progress with a long history.
Every file is written through the game's own code, from matches the engine plays.

    XDG_DATA_HOME=... python benchmarks/heavy_folder.py [--packs 300] [--replays 10]
                                                        [--history 200000]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Match  # noqa: E402
from game.files import paths, replay  # noqa: E402
from game.files.storage import Store  # noqa: E402
from game.table import default_setup, saved_game  # noqa: E402
from game.table.seats import new_match, settled, setup_to_data  # noqa: E402


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


HAND = 15  # in a long round, the cards a player keeps before playing again


def add_long_match(store: Store, actions: int) -> tuple[int, int, int]:
    """A match in progress as long as a saved match may be (game/files/replay.py's limits:
    `actions` at most MAX_MATCH_ACTIONS, each round's log under MAX_ACTIONS): the
    players draw rather than play until a round is near its limit, so the rounds, and
    the history of the round in play, are as long as they may be. The actions
    written, the rounds begun, and the events in the round in play's history."""
    setup = settled(default_setup("classic", "classic", 4, False, 7, 1_000_000, "instant"))
    match, rng = new_match(setup), random.Random(7)
    actions = min(actions, replay.MAX_MATCH_ACTIONS)
    long_round = replay.MAX_ACTIONS - 2_000  # the rest to finish it with plays
    done = 0
    while done < actions and not match.over:
        legal = match.round.legal_actions()
        if not legal:
            match.next_round()
            continue
        # Drawing while a hand is small, playing while it is large: the cards go round
        # (a round where everyone only draws ends drawn once the pile is empty).
        rnd = match.round
        waiting = len(rnd.log) < long_round and len(rnd.hands[rnd.current]) < HAND
        drawn = [a for a in legal if a[0] in ("draw", "pass")] if waiting else []
        plays = drawn or [a for a in legal if a[0] == "play"] or legal
        plays = [a for a in plays if a[0] != "challenge"] or plays
        match.apply(plays[int(rng.random() * len(plays))])
        done += 1
    saved_game.save(store, setup, match, recorded_rounds=len(match.round_logs))
    return done, len(match.round_logs) + 1, len(match.round.history)


def main() -> None:
    """Fill the player's data folder (as XDG_DATA_HOME and platformdirs place it)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packs", type=int, default=300)
    parser.add_argument("--replays", type=int, default=10)
    parser.add_argument(
        "--history", type=int, default=replay.MAX_MATCH_ACTIONS, help="actions (at most 200,000)"
    )
    args = parser.parse_args()
    began = time.perf_counter()
    add_packs(paths.user_themes_root(), args.packs)
    store = Store(paths.user_data_folder())
    sizes = add_replays(store, args.replays, target=6000)
    history, rounds, events = add_long_match(store, args.history)
    print(
        f"user folder: {args.packs} packs, {len(sizes)} replays of "
        f"{min(sizes, default=0):,}-{max(sizes, default=0):,} actions, a match in progress "
        f"with {history:,} actions in {rounds} rounds ({events:,} events in the round in "
        f"play's history; {(store.path(saved_game.FILE).stat().st_size) / 1e6:.1f} MB) "
        f"(made in {time.perf_counter() - began:.0f} s)"
    )


if __name__ == "__main__":
    main()
