"""New game set-up (filled in below)."""

from __future__ import annotations

from game.ui.scene import Host, Scene
from game.ui.session import GameSetup


class SetupScene(Scene):
    def __init__(self, host: Host, setup: GameSetup | None = None) -> None:
        super().__init__(host)
        self.setup = setup
