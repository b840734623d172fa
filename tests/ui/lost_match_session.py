"""The path of the lost match (issue 38): a one-point match played to its end, a new
Monster High match begun from the match-end screen, a few moves. `walk` plays it and
yields the name of each point as it is reached (test_lost_match.py checks the files
there, in its own process); run as a script, it goes to one point, prints READY and
runs as the game does until it is killed (a read-only copy, opened while another
holds the files, prints OWNER once it has taken them over)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import replace

from game.app import App, Options
from game.table import default_setup
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.scenes.table import TableScene

POINTS = ("end", "setup", "table", "0", "3")
BEGUN = ("table", "0", "3")  # a new match is on the table: Continue must find it


def turn(table: TableScene) -> None:
    """The person's first choice: a card if one fits, else what is asked."""
    choices = table.seat.prompt.choices
    choice = next((c for c in choices if c.card is not None), choices[0] if choices else None)
    if choice is None:
        return
    table.press(choice.key)
    for _ in range(3):  # a wild's colour; an Urrrh asks a second question (what to give)
        if table.seat.choice is None:
            return
        question = table.seat.choice.question or "color"
        table.press(f"{question}:{table.seat.choice.options(question)[0]}")


def frames(app: App, step: Callable[[], None], done: Callable[[], bool]) -> None:
    for _ in range(60_000):
        if done():
            return
        top = app.stack.top
        if isinstance(top, TableScene):
            top.picture.shown.reveal = None
            if top.human_turn():
                turn(top)
        elif type(top).__name__ == "RoundTallyScene":
            top._done()  # type: ignore[attr-defined] - the tally skipped to the scoreboard
        step()
    raise SystemExit("the path stalled")


def walk(app: App, step: Callable[[], None], speed: str) -> Iterator[str]:
    """The path, from the menu: each point's name once it is reached."""
    app.start(app.scene("menu"))
    app.stack.push(app.scene("table", default_setup("classic", "classic", 2, False, 3, 1)))
    frames(app, step, lambda: isinstance(app.stack.top, ScoreboardScene))
    board = app.stack.top
    assert isinstance(board, ScoreboardScene) and board.match_over
    yield "end"
    board._choose("new")  # the match-end screen's New game
    setup = app.stack.top
    setup._set_theme("monster_high")  # type: ignore[attr-defined]
    setup.setup = replace(setup.setup, target=500, speed=speed)  # type: ignore[attr-defined]
    yield "setup"
    setup._start()  # type: ignore[attr-defined]
    table = app.stack.top
    assert isinstance(table, TableScene)
    step()  # its first frame
    yield "table"
    log = table.table.match.round.log
    for moves in (0, 3):
        frames(app, step, lambda moves=moves: len(log) >= moves and not table.picture.busy)
        yield str(moves)


def written(app: App) -> None:
    """Until the saves handed to the tables' writers are on disk (a kill a moment
    later finds what the game wrote, not what it was writing)."""
    for scene in app.stack.scenes:
        if isinstance(scene, TableScene):
            scene.table.recorder.writer.wait()  # type: ignore[attr-defined]


def main(stop: str) -> None:
    # In virtual time, as fast as frames go: the saves, their writer, the take-over
    # of the files and the quit that SDL makes of SIGTERM are the game's own.
    app = App(Options(fixed_dt=1 / 60, fps_cap=0, speed="instant"))
    try:
        app.complete_catalog()
        print("OWNER" if app.data.owner else "READ-ONLY", flush=True)
        for point in walk(app, app.step, "1x"):
            if point == stop:
                break
        written(app)
        print("READY", flush=True)
        owner = app.data.owner
        while app.running and app.stack.top is not None:  # App.run, saying the take-over
            app.step()
            if app.data.owner and not owner:
                owner = True
                written(app)
                print("OWNER", flush=True)
    finally:
        app.close()


if __name__ == "__main__":
    main(sys.argv[1])
