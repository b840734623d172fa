"""Run by test_lost_match.py in a process of its own: a one-point match played to its
end, a new Monster High match begun from the match-end screen, and `stop` of that
path reached ("end", "setup", "table" or a number of moves); then it prints READY and
runs as the game does until it is killed."""

from __future__ import annotations

import sys
from dataclasses import replace

from game.app import App, Options
from game.table import default_setup
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.scenes.table import TableScene


def turn(table: TableScene) -> None:
    """The person's first choice: a card if one fits, else what is asked."""
    choices = table.seat.prompt.choices
    choice = next((c for c in choices if c.card is not None), choices[0] if choices else None)
    if choice is None:
        return
    table.press(choice.key)
    if table.seat.choice is not None:  # a wild: its first colour
        question = table.seat.choice.question or "color"
        table.press(f"{question}:{table.seat.choice.options(question)[0]}")


def frames(app: App, done) -> None:  # noqa: ANN001 - a predicate
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
        app.step()
    raise SystemExit("the path stalled")


def main(stop: str) -> None:
    app = App(Options(fps_cap=120, speed="instant"))
    try:
        app.complete_catalog()
        app.start(app.scene("menu"))
        app.stack.push(app.scene("table", default_setup("classic", "classic", 2, False, 3, 1)))
        frames(app, lambda: isinstance(app.stack.top, ScoreboardScene))
        board = app.stack.top
        assert isinstance(board, ScoreboardScene) and board.match_over
        if stop != "end":
            board._choose("new")  # the match-end screen's New game
            setup = app.stack.top
            setup._set_theme("monster_high")  # type: ignore[attr-defined]
            setup.setup = replace(setup.setup, target=500, speed="1x")  # type: ignore[attr-defined]
            if stop != "setup":
                setup._start()  # type: ignore[attr-defined]
                table = app.stack.top
                assert isinstance(table, TableScene)
                if stop != "table":
                    moves = int(stop)
                    log = table.table.match.round.log
                    frames(app, lambda: len(log) >= moves and not table.picture.busy)
        print("READY", flush=True)
        app.run()
    finally:
        app.close()


if __name__ == "__main__":
    main(sys.argv[1])
