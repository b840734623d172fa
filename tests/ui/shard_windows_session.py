"""Two real windows at one table on two shards, for looking at a shard's death:
`tests/ui/shard_windows.sh` runs them under Xvfb with a redis-server and two
`uno-table serve --redis` shards, and kills the shard holding the table.

    ann URL OUT   creates a table at URL (shard A: Ann, Bea's open seat, a computer),
                  writes its code to OUT/code, plays
    bea URL OUT   joins by that code through URL (shard B: redirected to A), plays

Both shoot the table before the kill; once OUT/killed exists they wait until their
client is back in its seat (at shard B, by itself), play on, and shoot again.
Not a test: a tool.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app import App, Options  # noqa: E402
from game.online.protocol.client_messages import Create, Join  # noqa: E402
from game.ui.online_seats import join_table  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from tests.ui.online_drops_session import table_of  # noqa: E402
from tests.ui.online_social_session import autoplay, frames, shot  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=("ann", "bea"))
    parser.add_argument("url")
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    out: Path = args.out
    app = App(Options(size=(1280, 720), language="en", theme="classic", fps_cap=0))
    app.settings.player_name = args.role.capitalize()
    app.start(MenuScene(app))
    print("pid", os.getpid(), flush=True)
    play = autoplay(app)
    if args.role == "ann":
        seats = ("me", "open", "bot:easy")
        join_table(app, args.url, "", Create("classic", seats, {}, 500, "standard", 30))
        frames(app, lambda: bool(app.stack.top.remote.news.code), 10, lambda: None)  # type: ignore[attr-defined]
        (out / "code").write_text(app.stack.top.remote.news.code)  # type: ignore[attr-defined]
    else:
        frames(app, (out / "code").exists, 30, lambda: None)
        code = (out / "code").read_text()
        join_table(app, args.url, code, Join(code))
    table = table_of(app, 60)
    remote = table.remote
    frames(app, lambda: False, 6.0, play)
    print(f"{args.role} at the table at {remote.line.url}", flush=True)
    shot(app, out, f"{args.role}-before-the-kill")
    first = remote.line.url
    frames(app, (out / "killed").exists, 120, play)
    killed = time.monotonic()
    back = frames(app, lambda: remote.line.url != first and not remote.line.retrying, 30, play)
    took = time.monotonic() - killed
    print(f"{args.role} back: {back} at {remote.line.url} {took:.1f} s after the kill", flush=True)
    before = remote.newest.actions if remote.newest else -1
    frames(app, lambda: bool(remote.newest and remote.newest.actions > before + 2), 30, play)
    frames(app, lambda: False, 2.0, play)
    shot(app, out, f"{args.role}-after-the-takeover")
    print(f"{args.role} played on: {remote.newest.actions if remote.newest else -1}", flush=True)
    remote.close()
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
