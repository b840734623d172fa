"""The longest frame on every screen with a heavy user folder, and how long a hostile
pack takes to be listed unavailable.

    python benchmarks/frame_stalls.py [--packs 300] [--replays 10] [--history 200000]
                                      [--frames 30] [--skip-scan] [--only-hostile]

The user folder (a temporary one) holds `--packs` theme packs, `--replays` kept
replays as long as a replay may be, and a match in progress with `--history`
actions. A frame's time is its work (events, update, draw, flip), measured as in
frame_time.py; opening a screen counts in the frame that opens it. Target: every
frame <= 100 ms. The replays and the saved match are checked in a child process
(game/files/file_worker.py): Continue's row counts the menu's frames while the long match
is checked, and the frame that opens the table with it; the match's end keeping a
replay is not measured (an autoplay match keeps none). A long legal match is at most
200,000 actions (game/files/replay.py): a larger --history is cut to it. The hostile
packs (a tileset whose negative spacing makes pytmx walk 67 million positions, and
an effect that decodes to an hour of silence) are timed alone: each one's own
check, then from the app's start to its listing. Beside the screens' figures, in
brackets, the frame thread's own CPU time in the same frames and the most of it any
one of a screen's frames took: on a loaded machine a frame also waits for a core,
which that leaves out.
Runs headless (SDL dummy drivers); any figure over a minute is cut there.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

CUT = 60.0  # seconds: past this a figure is reported as "> 60 s"
TARGET_MS = 100


def _use_folder(folder: Path) -> None:
    """platformdirs reads XDG_* when asked, so the app's user files live here."""
    os.environ["XDG_DATA_HOME"] = str(folder / "data")
    os.environ["XDG_CONFIG_HOME"] = str(folder / "config")
    os.environ["XDG_STATE_HOME"] = str(folder / "state")


def _fill(args: argparse.Namespace) -> None:
    """In a child process: the matches it plays to write the files would otherwise stay
    in this one's heap, and the garbage collector's passes over them would show as
    frame stalls that the game itself never has."""
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "heavy_folder.py"),
            f"--packs={args.packs}",
            f"--replays={args.replays}",
            f"--history={args.history}",
        ],
        check=True,
    )


def _app():  # noqa: ANN202 - game.app is imported late, after the folder is set
    from game.app import App, Options

    return App(Options(fixed_dt=1 / 60, fps_cap=0))


def frame(app) -> Work:  # noqa: ANN001
    """One frame's whole work in seconds (all of app.step, whatever it does after its
    own timer stops), then the rest of a 60 fps period asleep, as the capped clock
    would: a worker thread gets that time."""
    began, cpu = time.perf_counter(), time.thread_time()
    app.step(1 / 60)
    work = Work(time.perf_counter() - began, time.thread_time() - cpu)
    time.sleep(max(0.0, 1 / 60 - work))
    return work


class Work(float):
    """A frame's time in seconds, and the frame thread's own CPU time in it: on a loaded
    machine a frame also waits for a core (or for a worker thread's lock), which its
    CPU time leaves out."""

    cpu: float

    def __new__(cls, wall: float, cpu: float) -> Work:
        work = super().__new__(cls, wall)
        work.cpu = cpu
        return work

    def plus(self, wall: float, cpu: float) -> Work:
        return Work(self + wall, self.cpu + cpu)


def cpu_ms(work: float) -> str:
    return f"{getattr(work, 'cpu', work) * 1000:,.0f}"


def _pending(app) -> int:  # noqa: ANN001
    return getattr(app.catalog, "pending", 0)


def start_and_scan(args: argparse.Namespace):  # noqa: ANN201 - an App
    """Start-up to the first frame, then the menu at 60 fps until every pack is listed."""
    from game.ui.scenes.menu import MenuScene

    began = time.perf_counter()
    app = _app()
    app.start(MenuScene(app))
    works = [frame(app)]
    first = time.perf_counter() - began
    while _pending(app) and time.perf_counter() - began < CUT * 5:
        works.append(frame(app))
    listed = time.perf_counter() - began
    control = [frame(app) for _ in range(min(len(works), 600))]
    print(f"start-up to the end of the first frame: {first:.2f} s")
    print(
        f"menu while {args.packs} packs are checked: {len(app.catalog.packs)} listed after "
        f"{listed:.1f} s, {len(works)} frames, longest {max(works) * 1000:,.0f} ms "
        f"(the first {works[0] * 1000:,.0f}; the next longest "
        f"{max(works[1:], default=0.0) * 1000:,.0f})"
    )
    print(
        f"menu after the scan, the machine's own noise: {len(control)} frames, longest "
        f"{max(control) * 1000:,.0f} ms"
    )
    return app


def _screens() -> tuple[dict[str, Callable], list[Work]]:
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.statistics import StatisticsScene
    from game.ui.scenes.theme_packs import ThemePacksScene

    def cont(app) -> None:  # noqa: ANN001 - Continue, as the menu does it
        menu = MenuScene(app)
        app.stack.reset(menu)
        began, cpu = time.perf_counter(), time.thread_time()
        menu.choose("continue")  # checked in the background: the menu's frames go on
        chosen, chosen_cpu = time.perf_counter() - began, time.thread_time() - cpu
        while menu.checking is not None:
            checking.append(frame(app))
        checking[0] = checking[0].plus(chosen, chosen_cpu)  # made in the frame before

    checking: list[Work] = []

    return {
        "menu": lambda app: app.stack.reset(MenuScene(app)),
        "settings": lambda app: app.stack.reset(SettingsScene(app)),
        "theme packs": lambda app: app.stack.reset(ThemePacksScene(app)),
        "rules": lambda app: app.stack.reset(RulesScene(app, "classic")),
        "set-up": lambda app: app.stack.reset(SetupScene(app)),
        "statistics": lambda app: app.stack.reset(StatisticsScene(app)),
        "continue (the long match)": cont,
    }, checking


def every_screen(app, frames: int) -> float:  # noqa: ANN001
    """The frame that opens each screen and the longest of the `frames` after it."""
    app.complete_catalog()
    worst = 0.0
    print(
        f"{'screen':<28}{'opening frame':>15}{'longest after':>15}   (ms; cpu: those frames' "
        "own CPU time, and the most CPU time of any of them)"
    )
    screens, checking = _screens()
    for name, open_screen in screens.items():
        began, cpu = time.perf_counter(), time.thread_time()
        open_screen(app)
        if checking:  # Continue: its frames while the match is checked, then the table's
            opened = [*checking, frame(app)]
        else:
            took, took_cpu = time.perf_counter() - began, time.thread_time() - cpu
            opened = [frame(app).plus(took, took_cpu)]
        later = [frame(app) for _ in range(frames)]
        longest, after = max(opened), max(later)
        worst = max(worst, longest, after)
        most = max(work.cpu for work in (*opened, *later))
        print(
            f"{name:<28}{longest * 1000:>15,.0f}{after * 1000:>15,.0f}"
            f"   (cpu {cpu_ms(longest)}, {cpu_ms(after)}; most {most * 1000:,.0f})"
        )
        if checking:
            print(f"  (the menu drew {len(checking)} frames while the match was checked)")
            checking.clear()
    return max(worst, match_end(app)) * 1000


def match_end(app) -> float:  # noqa: ANN001
    """A short autoplay match to its end. Nobody is seated, so the table neither saves
    it nor keeps its replay (game/table/record.py): the stall of keeping a replay
    beside ten long ones is not in this figure."""
    from game.table import default_setup
    from game.ui.scenes.scoreboard import ScoreboardScene
    from game.ui.scenes.table import TableScene

    setup = default_setup("classic", "classic", 4, True, 3, 50, "instant")
    app.stack.reset(TableScene(app, setup))
    works: list[Work] = []
    began = time.perf_counter()
    while len(works) < 20_000:
        works.append(frame(app))
        top = app.stack.top
        if isinstance(top, ScoreboardScene):
            if top.match_over:
                break
            top._choose("next")
    print(
        f"{'autoplay match (no replay)':<28}{'':>15}{max(works) * 1000:>15,.0f}"
        f"   (cpu {cpu_ms(max(works))}; {len(works)} frames, {time.perf_counter() - began:.1f} s)"
    )
    return max(works)


def _check_alone(folder: str, out: multiprocessing.Queue) -> None:
    from game.themes.loader import load_pack

    began = time.perf_counter()
    pack = load_pack(Path(folder))
    out.put((time.perf_counter() - began, pack.available, pack.reason[-90:]))


def hostile_packs(listing: bool) -> None:
    """Each hostile pack's own check (in a child process, cut at CUT), then the time from
    the app's start to its listing, and the start-up beside them."""
    sys.path.insert(0, str(ROOT))
    from game.files import paths
    from tests.themes.hostile import decode_bomb_pack, tileset_loop_pack

    root = paths.user_themes_root()
    made = [tileset_loop_pack(root), decode_bomb_pack(root)]
    for folder in made:
        out: multiprocessing.Queue = multiprocessing.Queue()
        child = multiprocessing.Process(target=_check_alone, args=(str(folder), out))
        child.start()
        child.join(CUT)
        if child.is_alive():
            child.kill()
            child.join()
            print(f"hostile pack {folder.name}: its check ran > {CUT:.0f} s (cut)")
            continue
        seconds, available, reason = out.get()
        state = "AVAILABLE" if available else "unavailable"
        print(f"hostile pack {folder.name}: checked in {seconds:.2f} s, {state}: ...{reason}")
    _bomb_decode(made[1])
    if listing:
        _listing_time(made)


def _bomb_decode(folder: Path) -> None:
    """What the mixer does with the bomb if it gets it: the cost of its first play."""
    import pygame

    pygame.mixer.init(44100, -16, 2)
    began = time.perf_counter()
    sound = pygame.mixer.Sound(str(folder / "sounds" / "deal.ogg"))
    size = sound.get_length() * 44100 * 4 / 2**20
    print(
        f"  the decode bomb, if decoded: {time.perf_counter() - began:.1f} s, "
        f"{sound.get_length():,.0f} s of audio, {size:,.0f} MB"
    )
    del sound
    pygame.mixer.quit()


def _listing_time(made: list[Path]) -> None:
    from game.ui.scenes.menu import MenuScene

    began = time.perf_counter()
    app = _app()
    app.start(MenuScene(app))
    works = [frame(app)]
    first = time.perf_counter() - began
    ids = {folder.name for folder in made}
    listed: set[str] = set()
    while time.perf_counter() - began < CUT:
        listed = {p.id for p in app.catalog.unavailable()} & ids
        if listed == ids:
            break
        works.append(frame(app))
    listed_in = time.perf_counter() - began
    done = "both listed unavailable" if listed == ids else f"not all listed in {CUT:.0f} s"
    later = max(works[1:], default=0.0) * 1000
    print(
        f"app with only the hostile packs: first frame {works[0] * 1000:,.0f} ms (start-up "
        f"{first:.2f} s), {done} after {listed_in:.1f} s, longest frame after it {later:,.0f} ms"
    )
    app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packs", type=int, default=300)
    parser.add_argument("--replays", type=int, default=10)
    parser.add_argument("--history", type=int, default=200_000)
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--skip-scan", action="store_true", help="not the start-up scan")
    parser.add_argument(
        "--skip-listing", action="store_true", help="not the app with the hostile packs"
    )
    parser.add_argument("--only-hostile", action="store_true", help="the hostile packs only")
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as hostile_home:
        _use_folder(Path(hostile_home))
        hostile_packs(not args.skip_listing)
    if args.only_hostile:
        return
    with tempfile.TemporaryDirectory() as home:
        _use_folder(Path(home))
        _fill(args)
        app = _app() if args.skip_scan else start_and_scan(args)
        try:
            worst = every_screen(app, args.frames)
        finally:
            app.close()
    print(f"longest frame on any screen: {worst:,.0f} ms   (target <= {TARGET_MS})")
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
