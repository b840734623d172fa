"""The scene stack: push / pop / replace with enter / pause / resume / exit.

Only the top scene gets input and time; drawing starts at the highest opaque
scene so an overlay (pause, prompt) shows the table under it. The stack also
knows whether the window still holds what one scene alone drew last frame, so
that scene may redraw only what changed.
"""

from __future__ import annotations

import pygame

from game.ui import layout_record
from game.ui.scene import Scene


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._alone: tuple[Scene, pygame.Surface] | None = None  # drew the last frame alone

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another without resuming the one below."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from `scene` (e.g. back to the menu)."""
        while self._scenes:
            self._scenes.pop().exit()
        self.push(scene)

    def handle(self, event: pygame.event.Event) -> None:
        if self._scenes:
            self._scenes[-1].handle(event)

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i, scene in enumerate(self._scenes):
            if scene.opaque:
                start = i
        drawn = self._scenes[start:]
        for scene in drawn:
            layout_record.next_layer()
            scene.draw(surface)
        self._alone = (drawn[0], surface) if len(drawn) == 1 else None

    def kept(self, scene: Scene, surface: pygame.Surface) -> bool:
        """Whether `surface` still holds the frame `scene` drew last, alone, with
        nothing drawn over it since (asked while drawing)."""
        return self._alone is not None and self._alone[0] is scene and self._alone[1] is surface

    def drawn_over(self) -> None:
        """Something besides the scenes drew on the window, or the window changed."""
        self._alone = None

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.resize(size)
