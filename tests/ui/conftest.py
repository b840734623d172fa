"""Headless UI tests: the dummy video and audio drivers, and an app per test."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from game.app import App, Options  # noqa: E402
from game.table import default_setup  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402

FRAME = 1 / 60


@pytest.fixture
def app() -> Iterator[App]:
    application = App(Options(fixed_dt=FRAME, fps_cap=0))
    application.complete_catalog()  # the app reads the other packs after its first frame
    yield application
    application.close()


def app_in_spanish(size: tuple[int, int]) -> Iterator[App]:
    """For a fixture to `yield from`: a Spanish app of `size`, closed afterwards."""
    application = App(Options(fixed_dt=FRAME, fps_cap=0, size=size, language="es"))
    application.complete_catalog()
    yield application
    application.close()


def table_for(
    app: App,
    seed: int = 4,
    players: int = 3,
    speed: str = "instant",
    theme: str = "classic",
    autoplay: bool = False,
    target: int = 500,
) -> TableScene:
    pack = app.catalog.choose(theme)
    setup = default_setup(pack.id, pack.manifest.preset, players, autoplay, seed, target, speed)
    table = TableScene(app, setup, threaded=False)
    app.start(table)
    return table


def recorded(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    *owners: object,
    keep: Callable[[tuple, Any], Any] = lambda args, result: result,
) -> list:
    """Wrap `name` on each of `owners` (the first holds the original) so every call
    still happens and `keep(args, result)` of it is added to the returned list."""
    calls: list = []
    original = getattr(owners[0], name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        result = original(*args, **kwargs)
        calls.append(keep(args, result))
        return result

    for owner in owners:
        monkeypatch.setattr(owner, name, wrapper)
    return calls


def run_until(app: App, done, frames: int = 3000) -> bool:  # noqa: ANN001 - a predicate
    for _ in range(frames):
        if done():
            return True
        app.step(FRAME)
    return done()


def play_round_by(app: App, table: TableScene, turn: Callable, frames: int) -> list:
    """The round played to its end with `turn(app, table)` taking each of the person's
    turns (one input device alone): the person's actions in it."""
    start = len(table.table.match.round.log)
    for _ in range(frames):
        if app.stack.top is not table:
            break
        if table.human_turn() and not table.picture.choreo.busy:
            turn(app, table)
        else:
            app.step(FRAME)
    assert app.stack.top is not table, "the round did not end"
    return [a for seat, a in table.table.match.round.log[start:] if seat == 0]


def settle_on_my_turn(app: App, table: TableScene, frames: int = 3000) -> bool:
    """Frames until it is the person's turn and the hand has slid into place."""
    if not run_until(app, lambda: table.human_turn() and app.stack.top is table, frames):
        return False
    for _ in range(60):  # nothing moves in the game while it waits for the person
        app.step(FRAME)
    return True


def table_where(app: App, wanted, speed: str = "instant") -> TableScene:  # noqa: ANN001
    """A table settled on the person's turn where `wanted(table)` holds; seeds are
    tried in order, so the test does not hang on how one seed happens to deal."""
    for seed in range(1, 60):
        table = table_for(app, seed=seed, speed=speed)
        if settle_on_my_turn(app, table) and wanted(table):
            return table
        app.stack.pop()
    raise AssertionError("no seed from 1 to 59 gives the situation")
