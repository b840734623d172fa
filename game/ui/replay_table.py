"""A finished match watched again: every seat plays its recorded actions."""

from __future__ import annotations

from dataclasses import replace

from game.files.replay import Replay
from game.table import Script, SeatKind, setup_from_data
from game.ui.scene import Host, Scene


def replay_scene(host: Host, kept: Replay) -> Scene | None:
    """The table replaying `kept`; None if its set-up cannot be read."""
    try:
        setup = setup_from_data(kept.setup)
    except (KeyError, TypeError, ValueError):
        return None
    # Nobody plays: every seat follows the record, and nothing is saved or counted.
    watched = replace(
        setup,
        seats=tuple(replace(s, kind=SeatKind.REPLAY) for s in setup.seats),
        speed=host.settings.speed if host.settings.speed != "instant" else "1x",
    )
    return host.scene("table", watched, threaded=False, record=False, script=Script(kept.rounds))
