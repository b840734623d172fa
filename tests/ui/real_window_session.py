"""Run under a real X server (see test_real_window.py): full screen, resizes done by
the X server itself, then random clicks and keys. A crash ends the process."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

import pygame

from game.app import App, Options
from game.ui.scenes.menu import MenuScene

FRAME = 1 / 60
TOGGLES = 20


def x_resize(size: tuple[int, int]) -> None:
    """Resize the window from outside, as a window manager or a screen change does.
    The window is found by its process: pygame.display.get_wm_info() itself crashed
    (a NULL handed to PyDict_SetItemString inside pygame-ce 2.5.8) in full screen."""
    found = subprocess.run(  # by this process: SDL names the window in _NET_WM_NAME,
        # which xdotool 3.2016's --name search does not read (it found no window)
        ["xdotool", "search", "--pid", str(os.getpid())],
        capture_output=True,
        text=True,
    ).stdout.split()
    assert found, "xdotool found no window of this process"
    for window in found:
        subprocess.run(["xdotool", "windowsize", window, *map(str, size)], check=False)
    time.sleep(0.15)  # let the X server's events reach SDL


def steps(app: App, frames: int) -> None:
    for _ in range(frames):
        app.step(FRAME)


def press_f11(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    steps(app, 2)


def toggle_and_resize(app: App, rng: random.Random, times: int) -> None:
    """F11 and a resize from outside, `times` times in a row, each frame drawn on the
    surface the window has now; back in a window, the size it had before comes back."""
    for _i in range(times):
        windowed = app.window.size
        press_f11(app)
        assert app.fullscreen and app.window.size == pygame.display.get_desktop_sizes()[0]
        x_resize((rng.randrange(640, 1280), rng.randrange(480, 720)))  # ignored in full screen
        steps(app, 2)
        press_f11(app)
        assert not app.fullscreen and app.window.size == windowed, (app.window.size, windowed)
        x_resize((rng.randrange(640, 1280), rng.randrange(480, 720)))
        steps(app, 3)
        assert app.screen.get_size() == pygame.display.get_surface().get_size() == app.window.size
    print(f"toggled and resized {times} times: {app.size}")


def main() -> int:
    app = App(Options(fixed_dt=FRAME, fps_cap=0))
    app.complete_catalog()
    app.start(MenuScene(app))
    steps(app, 3)
    for toggles in range(2):  # F11, as the player presses it
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        steps(app, 3)
        print(f"full screen: {app.fullscreen} {app.size}")
        for size in ((800, 600), (1024, 640), (640, 480), (1280, 720)):
            x_resize(size)
            steps(app, 4)
            assert app.screen.get_size() == pygame.display.get_surface().get_size()
        print(f"resized {toggles + 1}: {app.size}")
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
    toggle_and_resize(app, rng, TOGGLES)
    keys = (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_LEFT, pygame.K_F11)
    for i in range(240):
        if app.stack.top is None or not app.running:
            app.running = True
            app.stack.reset(MenuScene(app))
        w, h = app.size
        if rng.random() < 0.6:
            pos = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        else:
            key = rng.choice(keys)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        if i % 60 == 30:
            x_resize((rng.randrange(640, 1280), rng.randrange(480, 720)))
        steps(app, 2)
    app.close()
    print("real window: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
