"""One real window at a table on `uno-table serve`, for looking at the social
side: run three (a host, a friend, a spectator) under Xvfb against one server.

    python -m game serve --host 127.0.0.1 --port 8799 --pace 0 --round-break 3 &
    xvfb-run -a -s "-screen 0 1280x720x24" python tests/ui/online_social_session.py \
        host ws://127.0.0.1:8799 OUT_DIR [--theme minecraft] [--lang es]
    ... friend ...   ... spectator ...

The host creates a public, watchable table (the host, a friend, a computer;
target 1) and writes its code to OUT_DIR/code; the friend joins it by code, the
spectator finds it in the lobby's list and watches. The players play their
first legal card, react, and say yes to another match; each window saves
screenshots (lobby, reactions, rematch) to OUT_DIR. Not a test: a tool.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app import App, Options  # noqa: E402
from game.engine.actions import to_text  # noqa: E402
from game.online.protocol.client_messages import Create, Join  # noqa: E402
from game.ui.online_seats import join_table  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.online_table import OnlineTableScene  # noqa: E402
from game.ui.scenes.public_tables import PublicTablesScene  # noqa: E402
from game.ui.scenes.rematch import RematchScene  # noqa: E402

FRAME = 1 / 60


def frames(app: App, done: Callable[[], bool], seconds: float, each: Callable[[], None]) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        each()
        app.step(FRAME)
        time.sleep(0.005)
    return done()


def shot(app: App, out: Path, name: str) -> None:
    app.step(FRAME)
    pygame.image.save(app.screen, str(out / f"{name}.png"))
    print("saved", name, flush=True)


def autoplay(app: App) -> Callable[[], None]:
    """Each frame: on the window's turn, play a card if it can (else what it may)."""

    def each() -> None:
        table = app.stack.top
        if isinstance(table, OnlineTableScene) and table.human_turn() and table.seat.legal():
            legal = table.seat.legal()
            plays = [a for a in legal if to_text(a).startswith("play")]
            table.submit((plays or list(legal))[0])

    return each


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=("host", "friend", "spectator"))
    parser.add_argument("url")
    parser.add_argument("out", type=Path)
    parser.add_argument("--theme", default="classic")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    out: Path = args.out
    app = App(Options(size=(1280, 720), language=args.lang, theme=args.theme, fps_cap=0))
    app.settings.player_name = {"host": "Ann", "friend": "Bea", "spectator": "Cy"}[args.role]
    app.start(MenuScene(app))
    play = autoplay(app)
    idle = lambda: None  # noqa: E731
    code_file = out / "code"
    tag = f"{args.role}-{args.theme}-{args.lang}"
    if args.role == "host":
        seats = ("me", "open", "bot:easy")
        join_table(app, args.url, "", Create(args.theme, seats, {}, 1, "standard", 30, True, True))
        frames(app, lambda: bool(app.stack.top.remote.news.code), 10, idle)  # type: ignore[attr-defined]
        code_file.write_text(app.stack.top.remote.news.code)  # type: ignore[attr-defined]
        frames(app, lambda: False, 1.0, idle)
        shot(app, out, f"{tag}-waiting")
    elif args.role == "friend":
        frames(app, code_file.exists, 20, idle)
        frames(app, lambda: False, 2.5, idle)  # the spectator looks at the lobby first
        join_table(app, args.url, code_file.read_text(), Join(code_file.read_text()))
    else:
        frames(app, code_file.exists, 20, idle)
        lobby = PublicTablesScene(
            app, args.url, lambda r: join_table(app, args.url, code_file.read_text(), r)
        )
        app.stack.push(lobby)
        frames(app, lambda: bool(lobby.tables), 10, idle)
        frames(app, lambda: False, 0.5, idle)
        shot(app, out, f"{tag}-lobby")
        lobby.choose("watch:0")
    frames(app, lambda: isinstance(app.stack.top, OnlineTableScene), 30, idle)
    table = app.stack.top
    assert isinstance(table, OnlineTableScene), app.stack.top
    table.set_speed("instant")  # the match to its end in a minute or two
    frames(app, lambda: False, 3.0, play)
    table.remote.react({"host": "thumbs_up", "friend": "laugh", "spectator": "wow"}[args.role])
    if args.role == "spectator":
        table.saying = True
    frames(app, lambda: False, 0.6, play)
    shot(app, out, f"{tag}-reactions")
    table.saying = False
    frames(app, lambda: isinstance(app.stack.top, RematchScene), 400, play)
    rematch = app.stack.top
    if isinstance(rematch, RematchScene):
        frames(app, lambda: rematch.remote.news.social.rematch is not None, 10, idle)
        if args.role == "host":
            rematch.choose("again")
        if args.role == "friend":
            frames(app, lambda: False, 1.5, idle)
        frames(app, lambda: False, 0.5, idle)
        shot(app, out, f"{tag}-rematch")
        if args.role == "friend":
            rematch.choose("again")
        frames(app, lambda: isinstance(app.stack.top, OnlineTableScene), 30, idle)
        if isinstance(app.stack.top, OnlineTableScene):
            app.stack.top.set_speed("instant")
        frames(app, lambda: False, 1.5, play)
        shot(app, out, f"{tag}-again")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
