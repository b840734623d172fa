"""Drive a whole autoplay match through the real app, frame by frame, as the
self-test and the frame-time and memory benchmarks do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.scene_registry import scene_class

if TYPE_CHECKING:
    from game.app import App
    from game.ui.scene import Scene


def play_match(app: App, first: Scene, max_frames: int) -> int | None:
    """Start at `first`, step until the match is over, pressing Next round on every
    scoreboard; the rounds played, or None when it did not end within `max_frames`."""
    dt = app.options.fixed_dt or 1 / 60
    app.start(first)
    rounds = 1
    for _ in range(max_frames):
        app.step(dt)
        top = app.stack.top
        if isinstance(top, scene_class("scoreboard")):
            if top.match_over:
                return rounds
            top._choose("next")
            rounds += 1
    return None
