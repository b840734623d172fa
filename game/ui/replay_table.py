"""A finished match watched again: the table fed the recorded actions in order."""

from __future__ import annotations

from dataclasses import replace

from game.engine import Round
from game.engine.actions import Action
from game.replay import Replay
from game.ui.scene import Host, Scene
from game.ui.session import setup_from_data

STEP = 0.7  # seconds between actions at 1x


class ReplayDriver:
    """Stands in for the TurnDriver: the next recorded action, at a watchable pace."""

    def __init__(self, rounds: tuple[tuple[tuple[int, Action], ...], ...], pace: float,
                 round_index) -> None:  # noqa: ANN001 - a callable giving the round number
        self.rounds, self.pace, self.round_index = rounds, pace, round_index
        self.clock = 0.0
        self.ready_at = 0.0
        self.errors: list[str] = []

    def tick(self, dt: float) -> None:
        self.clock += dt

    def thinking(self, rnd: Round) -> int | None:
        return None

    def decide(self, rnd: Round) -> tuple[Action, int] | None:
        index = self.round_index()
        if rnd.over or index >= len(self.rounds) or len(rnd.log) >= len(self.rounds[index]):
            return None
        if self.clock < self.ready_at:
            return None
        self.ready_at = self.clock + STEP * self.pace
        seat, action = self.rounds[index][len(rnd.log)]
        return action, seat

    def close(self) -> None:
        pass


def replay_scene(host: Host, kept: Replay) -> Scene | None:
    """The table replaying `kept`; None if its set-up cannot be read."""
    from game.ui.scenes.table import TableScene

    try:
        setup = setup_from_data(kept.setup)
    except (KeyError, TypeError, ValueError):
        return None
    # Nobody plays: every seat is driven by the record, and nothing is saved or counted.
    watched = replace(setup, seats=tuple(replace(s, human=False) for s in setup.seats),
                      speed=host.settings.speed if host.settings.speed != "instant" else "1x")
    table = TableScene(host, watched, threaded=False, record=False)
    table.driver = ReplayDriver(kept.rounds, table.pace,  # type: ignore[assignment]
                                lambda: len(table.session.match.round_logs))
    table.replaying = True
    return table
