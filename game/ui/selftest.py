"""--selftest: check the install is complete, then play a short autoplay match in
every theme, headless, and a round online over 127.0.0.1.

Prints `selftest <theme>: ok` (or the problem) per theme and `selftest online: ok`,
then a FAILED line per problem, and returns 0 only when nothing is missing, every
theme finished a match and the online round was scored.
"""

from __future__ import annotations

import os
import traceback
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import Options

MAX_FRAMES = 60_000
SELFTEST_TARGET = 100
SELFTEST_PLAYERS = 3


def run_selftest(options: Options) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.online.check import online_problem
    from game.themes import discover
    from game.ui.install_check import missing_parts

    catalog = discover()
    failures = missing_parts(catalog)
    failures += [f"theme '{p.id}' is unavailable: {p.reason}" for p in catalog.unavailable()]
    for pack in catalog.available():
        quick = replace(
            options,
            theme=pack.id,
            autoplay=True,
            start="table",
            speed="instant",
            players=SELFTEST_PLAYERS,
            target=SELFTEST_TARGET,
            fixed_dt=1 / 60,
            fps_cap=0,
            seed=options.seed or 1,
            selftest=True,
            size=(800, 600),
        )
        problem = _play(App, quick)
        print(f"selftest {pack.id}: {problem or 'ok'}", flush=True)
        if problem:
            failures.append(f"{pack.id}: {problem}")
    if catalog.available():  # an install with no theme has nothing to play online
        online = online_problem()
        print(f"selftest online: {online or 'ok'}", flush=True)
        if online:
            failures.append(f"online play: {online}")
    for failure in failures:
        print(f"FAILED {failure}")
    return 1 if failures else 0


def _play(app_class: type, options: Options) -> str | None:
    """Play until the match is over; the scoreboard's Next round is pressed by hand."""
    from game.ui.autoplay import play_match
    from game.ui.launch import opening_scene

    app = app_class(options)
    try:
        table = opening_scene(app, options)
        if play_match(app, table, MAX_FRAMES) is None:
            return f"no match result within {MAX_FRAMES} frames"
        errors = table.table.errors  # type: ignore[attr-defined]
        return f"bot errors: {errors}" if errors else None
    except Exception:
        return traceback.format_exc(limit=6)
    finally:
        app.close()
