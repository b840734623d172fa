"""Push / pop / replace call the scene hooks in order; overlays draw over the scene below."""

from __future__ import annotations

import pygame

from game.ui.scene import Scene
from game.ui.scene_stack import SceneStack


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], opaque: bool = True) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.name, self.log, self.opaque = name, log, opaque

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


def test_hooks_run_in_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    stack.pop()
    stack.replace(Recorder("c", log))
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume", "a.exit", "c.enter"]


def test_an_overlay_draws_over_the_scene_below_and_an_opaque_scene_hides_it() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("table", log))
    stack.push(Recorder("pause", log, opaque=False))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["table.draw", "pause.draw"]
    stack.push(Recorder("scores", log))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["scores.draw"]
