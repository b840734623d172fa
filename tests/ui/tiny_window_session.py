"""Run under a real X server with no window manager (see test_real_window.py): each
screen squeezed by the X server itself to 1x300, 300x1, 1x1 and back (nothing keeps
the window's minimum size there). A crash ends the process."""

from __future__ import annotations

import sys
from dataclasses import replace

from game.app import START_SCENES, App, Options
from game.ui.launch import opening_scene
from tests.ui.real_window_session import steps, x_resize

SQUEEZED = ((1, 300), (300, 1), (1, 1), (200, 100))


def main() -> int:
    app = App(Options(fixed_dt=1 / 60, fps_cap=0))
    app.complete_catalog()
    app.settings.speed = "instant"
    for name in (*START_SCENES, "learn"):
        scene = app.scene("learn", "classic") if name == "learn" else None
        app.stack.reset(scene or opening_scene(app, replace(app.options, start=name)))
        steps(app, 2)
        for size in SQUEEZED:
            x_resize(size)
            steps(app, 3)
            assert app.screen.get_size() == size and app.too_small, (name, app.screen.get_size())
        x_resize((900, 600))
        steps(app, 3)
        assert app.size == (900, 600) and not app.too_small, (name, app.size)
        print(f"{name}: squeezed and back", flush=True)
    app.close()
    print("tiny window: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
