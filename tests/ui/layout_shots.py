"""Save the frames the layout test looks at, to look at them (a tool, not a test).

    SDL_VIDEODRIVER=dummy python -m tests.ui.layout_shots OUT_DIR 1280x720 menu lesson
        [--theme minecraft] [--lang es] [--only "lesson step"]

Each journey of tests/ui/test_layout_matrix.py is walked at the size given, and
every look whose place contains `--only` (all, if not given) is saved as
OUT_DIR/<journey>-<theme>-<n>-<place>.png, drawn in `--lang`.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("size")
    parser.add_argument("journeys", nargs="+")
    parser.add_argument("--theme", action="append")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--only", default="")
    parser.add_argument("--most", type=int, default=40, help="frames saved per journey at most")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="layout-shots-")  # never the player's own folders
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        os.environ[name] = os.path.join(home, name)
    os.environ["LANGUAGE"] = "en"

    import pygame

    from game.app import App, Options
    from game.i18n import Translator
    from tests.ui.test_layout_matrix import FRAME, JOURNEYS, THEMES

    w, h = (int(n) for n in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=(w, h), language=args.lang))
    app.complete_catalog()
    try:
        for journey in args.journeys:
            for theme in args.theme or THEMES:
                saved = 0

                def look(where: str, journey: str = journey, theme: str = theme) -> None:
                    nonlocal saved
                    if args.only not in where or saved >= args.most:
                        return
                    app.i18n = Translator(args.lang)
                    app.stack.drawn_over()
                    app.stack.draw(app.screen)
                    app.input.draw(app.screen, app.style(), app.gettext)
                    place = re.sub(r"[^\w]+", "_", where)
                    name = f"{journey.replace(' ', '_')}-{theme}-{saved:02d}-{place}.png"
                    pygame.image.save(app.screen, str(args.out / name))
                    saved += 1

                JOURNEYS[journey](app, look, theme)  # type: ignore[arg-type]
                while len(app.stack):
                    app.stack.pop()
    finally:
        app.close()


if __name__ == "__main__":
    main()
