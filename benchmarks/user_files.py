"""What long but legal user files cost, and where: replays at Statistics and at a
match's end, and the longest legal saved match (200,000 actions) at Continue.

    python benchmarks/user_files.py [--replays 10] [--target 3000] [--events 200000]
                                    [--copies]

Builds the files in a temporary data folder (never the player's): `--replays`
finished 10-player matches to `--target` points (all legal: about 10,000 actions
each at 3,000 points; `--copies`: one such match kept `--replays` times, as a
player who kept the same seed's match may have them), and a match in progress of
`--events` actions (as benchmarks/heavy_folder.py writes it). Prints, for each, the
check's own time (what the frame thread once paid) and the frames of a real window
(SDL dummy driver) while it happens in a child process (game/files/file_worker.py):
opening Statistics, its frames once the replays are listed, then the menu while
Continue checks the save (median, p99, longest).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

from game.engine import Match  # noqa: E402
from game.files import paths, replay  # noqa: E402
from game.files.storage import Store  # noqa: E402
from game.table import saved_game  # noqa: E402
from game.table.seats import default_setup, new_match, settled, setup_to_data  # noqa: E402

FRAME = 1 / 60


def long_replay(seed: int, target: int) -> replay.Replay:
    setup = settled(
        default_setup("classic", "classic", 10, autoplay=True, seed=seed, target=target)
    )
    match, rng = new_match(setup), random.Random(seed)
    while not match.over:  # random legal actions, each round to its end
        rnd = match.round if not match.round.over else match.next_round()
        rnd.apply(rng.choice(rnd.legal_actions()))
    logs = tuple(tuple(log) for log in match.round_logs) + (tuple(match.round.log),)
    names = tuple(setup.seats[s].name for s in match.winners)
    return replay.Replay("2026-01-01 10:00", setup_to_data(setup), logs, names)


def write_replays(folder: Path, count: int, target: int, copies: bool) -> int:
    kept = (
        [long_replay(0, target)] * count
        if copies
        else [long_replay(s, target) for s in range(count)]
    )
    Store(folder).save(replay.FILE, replay.KIND, replay.VERSION, [r.to_data() for r in kept])
    return sum(len(log) for r in kept for log in r.rounds)


def write_long_history(folder: Path, events: int) -> str:
    """The longest legal match in progress (benchmarks/heavy_folder.py): `events` actions,
    at most 200,000; what it holds."""
    from heavy_folder import add_long_match

    actions, rounds, history = add_long_match(Store(folder), events)
    return f"{actions:,} actions in {rounds} rounds, {history:,} events in the round in play"


def timed(work) -> float:  # noqa: ANN001
    """Seconds `work()` takes; a refusal (ValueError) counts as done."""
    started = time.perf_counter()
    with contextlib.suppress(ValueError):
        work()
    return time.perf_counter() - started


def frames_until(app, until, most: int = 100_000) -> str:  # noqa: ANN001
    """Frames stepped until `until()`: how many, and their median, 99th percentile and
    longest work times."""
    times = []
    for _ in range(most):
        started = time.perf_counter()
        app.step(FRAME)
        times.append(time.perf_counter() - started)
        time.sleep(max(0.0, FRAME - times[-1]))  # as the capped clock would: 60 a second
        if until():
            break
    last = times[-1]
    times.sort()
    p99 = times[min(len(times) - 1, len(times) * 99 // 100)]
    return (
        f"{len(times)} frames, median {times[len(times) // 2] * 1000:.0f} ms, p99 "
        f"{p99 * 1000:.0f} ms, longest {times[-1] * 1000:.0f} ms (the last {last * 1000:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replays", type=int, default=10)
    parser.add_argument("--target", type=int, default=3000)
    parser.add_argument("--events", type=int, default=200_000, help="at most 200,000")
    parser.add_argument("--copies", action="store_true", help="one match kept --replays times")
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    root = Path(tempfile.mkdtemp(prefix="uno-bench-"))
    data = root / "data"
    paths.user_data_dir = lambda name: str(data)  # type: ignore[assignment]
    paths.user_config_dir = lambda name: str(root / "config")  # type: ignore[assignment]
    started = time.perf_counter()
    actions = write_replays(data, args.replays, args.target, args.copies)
    print(
        f"{args.replays} replays, {actions:,} legal actions in all, made in "
        f"{time.perf_counter() - started:.1f} s"
    )

    whole = timed(lambda: replay._read(Store(data)))
    print(
        f"checking every kept replay (before: at each Statistics opening and each match's "
        f"end, on the frame thread): {whole:.2f} s"
    )

    from game.app import App, Options
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.statistics import StatisticsScene

    app = App(Options(fixed_dt=FRAME, fps_cap=0))
    app.start(MenuScene(app))
    app.step(FRAME)  # the first frame starts the replays' check on its worker
    started = time.perf_counter()
    app.stack.push(StatisticsScene(app))
    app.step(FRAME)
    opening = time.perf_counter() - started
    shelf = replay.shelf(app.data)
    frames = frames_until(app, lambda: shelf.ready() is not None)
    listed = time.perf_counter() - started
    print(
        f"now: Statistics opens in {opening * 1000:.0f} ms while the check runs (started at "
        f"the first frame); it lists the replays {listed:.2f} s after opening; meanwhile {frames}"
    )
    print(f"now: Statistics with the replays listed: {frames_until(app, lambda: False, 120)}")
    app.stack.pop()
    started = time.perf_counter()
    app.stack.push(StatisticsScene(app))
    app.step(FRAME)
    print(
        f"now: Statistics opens again in {(time.perf_counter() - started) * 1000:.0f} ms "
        f"(checked once a session)"
    )
    app.stack.pop()

    held = write_long_history(data, args.events)
    text = (data / saved_game.FILE).read_text(encoding="utf-8")
    decode = timed(lambda: Match.from_data(json.loads(text)["data"]["match"]))
    check = timed(lambda: saved_game.load(Store(data)))
    print(
        f"a long match in progress ({held}; {len(text) / 1e6:.1f} MB): decoding it "
        f"{decode:.2f} s; the whole check {check:.2f} s, in a child process"
    )
    (data / saved_game.FILE).write_text(text, encoding="utf-8")  # it was set aside
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.choose("continue")
    frames = frames_until(app, lambda: not menu.checking)
    print(f"now: the menu while Continue checks it (the last opens the table): {frames}")
    app.close()
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
