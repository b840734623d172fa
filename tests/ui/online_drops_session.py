"""One real window at an online table, for looking at drops and the host leaving:
run several under Xvfb (each with its own HOME, so each has its own user files).

On a dedicated server (`python -m game serve --pace 1.5 --grace 8 ...`):

    ann URL OUT      creates a table (Ann, an open seat, a computer), writes its code
                     to OUT/code, plays; shoots Bea away (the countdown), played by a
                     computer, back; then leaves (the host leaving a dedicated table)
    bea URL OUT      joins by the code and plays until the shell kills it (kill -9)
    bea-back URL OUT the same HOME as `bea`, started again: the menu's Online offers
                     "Rejoin table CODE" (clicked from outside with xdotool: the
                     window prints where); shoots the log it came back to, then Ann
                     leaving (the host role passes to Bea, the table goes on)

With an in-app host (no server: the host's game is the server):

    host - OUT       hosts from the game (an open seat, a computer), writes the
                     address and code to OUT/hosted; plays; asks to quit (shot) and quits
    guest - OUT      joins by that address and code; shoots being sent to the menu

Every role accepts --theme and --lang. Not a test: a tool.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from game.app import App, Options  # noqa: E402
from game.online.protocol.client_messages import Create, Join  # noqa: E402
from game.ui.online_seats import join_table  # noqa: E402
from game.ui.scenes.confirm import ConfirmScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.online import HostScene, LobbyScene, OnlineScene  # noqa: E402
from game.ui.scenes.online_table import OnlineTableScene, TableClosedScene  # noqa: E402
from tests.ui.online_social_session import autoplay, frames, shot  # noqa: E402

THEME = ["classic"]  # the table's, as --theme says
NAMES = {"ann": "Ann", "bea": "Bea", "bea-back": "Bea", "host": "Ann", "guest": "Bea"}


def table_of(app: App, seconds: float = 30) -> OnlineTableScene:
    frames(app, lambda: isinstance(app.stack.top, OnlineTableScene), seconds, lambda: None)
    table = app.stack.top
    assert isinstance(table, OnlineTableScene), table
    return table


def ann(app: App, url: str, out: Path, tag: str) -> None:
    play = autoplay(app)
    seats = ("me", "open", "bot:easy")
    join_table(app, url, "", Create(THEME[0], seats, {}, 500, "standard", 30))
    frames(app, lambda: bool(app.stack.top.remote.news.code), 10, lambda: None)  # type: ignore[attr-defined]
    (out / "code").write_text(app.stack.top.remote.news.code)  # type: ignore[attr-defined]
    table = table_of(app, 60)
    remote = table.remote
    frames(app, lambda: 1 in remote.news.people.away, 120, play)
    frames(app, lambda: False, 2.0, play)
    shot(app, out, f"{tag}-bea-away-countdown")
    frames(
        app, lambda: 1 in remote.news.people.away and remote.news.people.away[1].computer, 60, play
    )
    frames(app, lambda: False, 1.0, play)
    shot(app, out, f"{tag}-computer-plays-for-bea")
    frames(app, lambda: 1 in remote.news.people.back_at, 120, play)
    frames(app, lambda: False, 0.7, play)
    shot(app, out, f"{tag}-bea-is-back")
    frames(app, lambda: False, 6.0, play)
    print("ann leaves", flush=True)
    remote.close()


def bea(app: App, url: str, out: Path, tag: str) -> None:
    play = autoplay(app)
    frames(app, (out / "code").exists, 30, lambda: None)
    code = (out / "code").read_text()
    join_table(app, url, code, Join(code))
    table_of(app, 60)
    print("bea at the table", flush=True)
    frames(app, lambda: False, 600, play)  # until killed


def bea_back(app: App, url: str, out: Path, tag: str) -> None:
    play = autoplay(app)
    online = OnlineScene(app)
    app.stack.push(online)
    frames(app, lambda: False, 1.0, lambda: None)
    shot(app, out, f"{tag}-rejoin-offered")
    button = next(b for b in online.menu.buttons if b.key == "rejoin")
    print(f"click {button.rect.centerx} {button.rect.centery}", flush=True)
    if not frames(app, lambda: app.stack.top is not online, 20, lambda: None):
        print("no click came: choosing Rejoin here", flush=True)
        online.choose("rejoin")
    table = table_of(app, 60)
    frames(app, lambda: table.picture.synced and not table.picture.busy, 10, play)
    frames(app, lambda: False, 1.5, play)
    shot(app, out, f"{tag}-rejoined-log-restored")
    remote = table.remote
    frames(app, lambda: remote.is_host, 60, play)
    frames(app, lambda: False, 1.0, play)
    shot(app, out, f"{tag}-host-left-dedicated-table-goes-on")
    print(f"bea is host: {remote.is_host}; started: {remote.started}", flush=True)
    frames(app, lambda: False, 5.0, play)
    shot(app, out, f"{tag}-host-left-dedicated-later")


def host(app: App, url: str, out: Path, tag: str) -> None:
    play = autoplay(app)
    app.stack.push(OnlineScene(app))
    hosting = HostScene(app)
    app.stack.push(hosting)
    hosting.seats = ["open", "open", "easy"]
    hosting.build()
    hosting.choose("start")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
    frames(app, lambda: bool(lobby.remote.news.code), 10, lambda: None)
    (out / "hosted").write_text(f"ws://127.0.0.1:{lobby.hosted.port} {lobby.remote.news.code}")
    table = table_of(app, 60)
    frames(app, lambda: False, 8.0, play)
    table.holds_quit()  # closing the window, as a player does
    frames(app, lambda: False, 0.5, lambda: None)
    shot(app, out, f"{tag}-host-asked-before-quitting")
    question = app.stack.top
    assert isinstance(question, ConfirmScene), question
    question.answer("yes")
    print("host quits", flush=True)


def guest(app: App, url: str, out: Path, tag: str) -> None:
    play = autoplay(app)
    frames(app, (out / "hosted").exists, 30, lambda: None)
    address, code = (out / "hosted").read_text().split()
    join_table(app, address, code, Join(code))
    table_of(app, 60)
    frames(app, lambda: isinstance(app.stack.top, TableClosedScene), 120, play)
    frames(app, lambda: False, 0.5, lambda: None)
    shot(app, out, f"{tag}-guest-told-host-left")


ROLES = {"ann": ann, "bea": bea, "bea-back": bea_back, "host": host, "guest": guest}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=sorted(ROLES))
    parser.add_argument("url")
    parser.add_argument("out", type=Path)
    parser.add_argument("--theme", default="classic")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    THEME[0] = args.theme
    app = App(Options(size=(1280, 720), language=args.lang, theme=args.theme, fps_cap=0))
    app.settings.player_name = NAMES[args.role]
    app.start(MenuScene(app))
    print("pid", os.getpid(), flush=True)
    ROLES[args.role](app, args.url, args.out, f"{args.role}-{args.theme}-{args.lang}")
    app.close()  # the host's: stops its server, and its guests are told
    return 0


if __name__ == "__main__":
    sys.exit(main())
