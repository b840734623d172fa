"""Three real game windows and a dedicated server in one Xvfb display, driven by
xdotool as players would: create, join by code, watch, drop and rejoin, the host
leaving, Play again, the server stopping, and an in-app host killed with kill -9.

Every step saves a screenshot of the whole display under --shots (default
/work/shots/windows/, not in git) and prints what it did, so the pictures can be
looked at afterwards. Needs Xvfb, xdotool and ImageMagick's `import`.

    Xvfb :77 -screen 0 1920x1080x24 &
    python benchmarks/online_windows.py [--shots DIR] [--display :77] [--steps all]

Each window is its own player: its own XDG_CONFIG_HOME/XDG_DATA_HOME/XDG_STATE_HOME
under a scratch folder (their settings written first: a name, the lesson offered).
Window A (Ada) is at the top left, B (Bea) top right, C (Cy) bottom left; C's
window runs with --lang es, so the notices are seen translated too. On a loaded
machine the windows answer slowly: the waits are generous, and the shots, not
this script, say what happened.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.engine import RuleSet  # noqa: E402 - the worktree's game, run as a script

ROOT = Path(__file__).resolve().parent.parent
W, H = 640, 480
PLACES = {"A": (0, 0), "B": (660, 0), "C": (0, 520)}
NAMES = {"A": "Ada", "B": "Bea", "C": "Cy"}
LANG = {"C": ("--lang", "es")}  # the spectator's window in Spanish


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Rig:
    display: str
    shots: Path
    scratch: Path
    procs: dict[str, subprocess.Popen] = field(default_factory=dict)
    shot_number: int = 0

    def env(self, who: str = "") -> dict[str, str]:
        env = dict(os.environ, DISPLAY=self.display, SDL_AUDIODRIVER="dummy", PYTHONUTF8="1")
        env.pop("SDL_VIDEODRIVER", None)
        if who:
            home = self.scratch / who
            for part in ("config", "data", "state"):
                (home / part).mkdir(parents=True, exist_ok=True)
            x, y = PLACES[who]
            env.update(
                XDG_CONFIG_HOME=str(home / "config"),
                XDG_DATA_HOME=str(home / "data"),
                XDG_STATE_HOME=str(home / "state"),
                SDL_VIDEO_WINDOW_POS=f"{x},{y}",
            )
        return env

    def xdo(self, *args: str) -> str:
        out = subprocess.run(
            ["xdotool", *args], env=self.env(), capture_output=True, text=True, timeout=10
        )
        return out.stdout.strip()

    # The windows ---------------------------------------------------------------------------
    def start(self, who: str, *extra: str) -> None:
        cmd = [sys.executable, "-m", "game", "--size", f"{W}x{H}", *extra]
        with open(self.scratch / f"{who}.log", "a") as log:  # the child keeps its own copy
            self.procs[who] = subprocess.Popen(
                cmd, cwd=ROOT, env=self.env(who), stdout=log, stderr=subprocess.STDOUT
            )
        for _ in range(60):
            time.sleep(0.5)
            if self.window(who):
                time.sleep(1.5)  # the first frames
                return
        raise RuntimeError(f"window {who} did not open")

    def window(self, who: str) -> str:
        pid = self.procs[who].pid
        ids = self.xdo("search", "--pid", str(pid)).split()
        return ids[-1] if ids else ""

    def kill(self, who: str) -> None:
        self.procs[who].send_signal(signal.SIGKILL)
        self.procs[who].wait()

    def focus(self, who: str) -> None:
        """Keys go to this window: focused, and the pointer in a corner of it (with no
        window manager, the pointer's window may take the typing)."""
        wid = self.window(who)
        self.xdo("mousemove", "--window", wid, "3", str(H - 3))
        self.xdo("windowfocus", "--sync", wid)

    def key(self, who: str, *keys: str, pause: float = 0.25) -> None:
        self.focus(who)
        for k in keys:
            self.xdo("key", "--clearmodifiers", k)
            time.sleep(pause)

    def type(self, who: str, text: str) -> None:
        self.focus(who)
        self.xdo("type", "--delay", "60", text)
        time.sleep(0.3)

    def click(self, who: str, x: int, y: int) -> None:
        """A click at (x, y) inside the window."""
        wid = self.window(who)
        self.xdo("mousemove", "--window", wid, str(x), str(y))
        time.sleep(0.1)
        self.xdo("click", "1")
        time.sleep(0.3)

    def shot(self, label: str) -> Path:
        self.shot_number += 1
        path = self.shots / f"{self.shot_number:02d}-{label}.png"
        subprocess.run(
            ["import", "-window", "root", "-crop", f"{660 + W}x{520 + H}+0+0", str(path)],
            env=self.env(),
            check=True,
        )
        print(f"  shot {path.name}", flush=True)
        return path

    # The server ---------------------------------------------------------------------------
    def serve(self, port: int) -> subprocess.Popen:
        save = self.scratch / "tables"
        cmd = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port)]
        cmd += ["--save-dir", str(save), "--grace", "20"]
        with open(self.scratch / "server.log", "a") as log:
            out = {"stdout": log, "stderr": subprocess.STDOUT}
            proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env(), **out)
        self.procs[f"server{port}"] = proc
        time.sleep(3)
        return proc

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()


def server_code(rig: Rig) -> str:
    """The code of the last table the server created, from its log."""
    text = (rig.scratch / "server.log").read_text(errors="replace")
    codes = re.findall(r"\b([A-Z0-9]{6})\b", text)
    return codes[-1] if codes else ""


def name(rig: Rig, who: str) -> None:
    """Menu -> Play online, the player's name typed in."""
    rig.key(who, "Down", "Down", "Return")  # New game, (Continue), Play online
    time.sleep(0.8)
    rig.key(who, "Up")  # the name field
    rig.type(who, NAMES[who])
    rig.key(who, "Down")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=Path, default=Path("/work/shots/windows"))
    parser.add_argument("--display", default=":77")
    parser.add_argument("--steps", choices=["all", "server", "in-app", "rematch"], default="all")
    args = parser.parse_args()
    if not (shutil.which("xdotool") and shutil.which("import")):
        sys.exit("needs xdotool and ImageMagick")
    args.shots.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="online-windows-"))
    rig = Rig(args.display, args.shots, scratch)
    print(f"scratch {scratch}")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the windows closed too
    try:
        if args.steps in ("all", "server"):
            walk(rig)
        if args.steps in ("all", "in-app"):
            in_app_host(rig)
        if args.steps in ("all", "rematch"):
            rematch(rig)
    finally:
        rig.stop()


def settle(rig: Rig, who: str, lang: str = "en", target: int = 0) -> None:
    """A player's own settings: their name, and the first-start lesson already offered;
    `target`: the points of their last game, which a table they host starts from."""
    folder = rig.scratch / who / "config" / "uno-table"
    folder.mkdir(parents=True, exist_ok=True)
    data: dict = {"language": lang, "player_name": NAMES[who], "lesson_offered": True}
    if target:
        seats = [[NAMES[who], True, "normal"], ["Kai", False, "normal"]]
        data["last_setup"] = {
            "seats": seats,
            "seed": None,
            "theme": "classic",
            "rules": RuleSet.preset("classic").options(),
            "target": target,
            "scoring": "standard",
            "speed": "1x",
        }
    settings = {"format": "uno-table", "kind": "settings", "version": 1, "data": data}
    (folder / "settings.json").write_text(json.dumps(settings))


def online(rig: Rig, who: str) -> None:
    """Menu -> Play online (the focus starts on New game; Continue is greyed)."""
    rig.key(who, "Down", "Return")
    time.sleep(0.8)


def join_form(rig: Rig, who: str, port: int, code: str) -> None:
    """Play online -> Join a table, the address and code typed in."""
    rig.key(who, "Down", "Return")  # from "Host a table" to "Join a table"
    time.sleep(2.5)  # the LAN search
    rig.key(who, "Home")
    rig.key(who, *["BackSpace"] * 20, pause=0.02)
    rig.type(who, f"127.0.0.1:{port}")
    rig.key(who, "Down")
    rig.key(who, *["BackSpace"] * 8, pause=0.02)
    rig.type(who, code)
    rig.key(who, "Down")  # on Join


def table_code(rig: Rig, who: str) -> str:
    """The code of the table this player's game remembers last (waits for it)."""
    path = rig.scratch / who / "data" / "uno-table" / "online_last.json"
    for _ in range(20):
        if path.exists():
            return str(json.loads(path.read_text())["data"]["code"])
        time.sleep(0.5)
    return ""


def walk(rig: Rig) -> None:
    port = free_port()
    server = rig.serve(port)
    for who in "ABC":
        settle(rig, who)
        rig.start(who, *LANG.get(who, ()))
    rig.shot("three-menus")
    seat_three(rig, port)
    play_drop_rejoin_leave(rig)
    stop_server(rig, server)


def seat_three(rig: Rig, port: int) -> None:
    """A creates a table on the server; B joins by code; C watches; A starts."""
    # A creates a table on the server, spectators allowed, two computers and an open seat.
    online(rig, "A")
    join_form(rig, "A", port, "")
    rig.shot("A-join-form")
    rig.key("A", *["Down"] * 4, "Return")  # from Join to "Create a table on this server"
    time.sleep(1)
    rig.key("A", *["Down"] * 6, "Left", "Down", "Down", "Return", "Down", "Return")
    time.sleep(2)
    code = table_code(rig, "A")
    print(f"table {code}")
    rig.shot("A-lobby")
    online(rig, "B")
    join_form(rig, "B", port, code)
    rig.key("B", "Return")
    online(rig, "C")
    join_form(rig, "C", port, code)
    rig.key("C", "Down", "Return")  # watch
    time.sleep(2)
    rig.shot("B-joined-C-watching")
    rig.key("A", "Return")  # Start now (the lobby's first button)
    time.sleep(4)
    rig.shot("dealt")


def play_drop_rejoin_leave(rig: Rig) -> None:
    time.sleep(20)
    rig.shot("a-few-turns")
    # B drops.
    rig.kill("B")
    time.sleep(3)
    rig.shot("B-dropped-3s")
    time.sleep(5)
    rig.start("B")
    rig.shot("B-restarted")
    online(rig, "B")
    rig.shot("B-play-online")
    rig.key("B", "Down", "Down", "Return")  # Rejoin table CODE
    time.sleep(1.0)
    rig.shot("B-rejoined-1s")
    time.sleep(3)
    rig.shot("B-rejoined-4s")
    time.sleep(10)
    # A (the table's maker) leaves mid-match: asked first, then gone.
    rig.key("A", "Escape", "Up", "Return")
    rig.shot("A-leave-asked")
    rig.key("A", "Return")
    time.sleep(3)
    rig.shot("A-left-3s")
    time.sleep(10)
    rig.shot("A-left-13s")


def stop_server(rig: Rig, server: subprocess.Popen) -> None:
    # The server stops (a clean stop), then is killed.
    server.send_signal(signal.SIGTERM)
    server.wait(20)
    time.sleep(3)
    rig.shot("server-stopped-3s")
    log = (rig.scratch / "server.log").read_text(errors="replace")
    errors = [line for line in log.splitlines() if "ERROR" in line or "Traceback" in line]
    print(f"server log on a clean stop: {len(errors)} error lines")
    for line in errors[:20]:
        print("   ", line)


def play(rig: Rig, who: str, seconds: float, every: float = 30) -> None:
    """The player takes the hint's move whenever they can (H, then Enter)."""
    start = last = time.monotonic()
    while time.monotonic() - start < seconds:
        rig.key(who, "h", pause=0.8)
        rig.key(who, "Return", pause=0.5)
        if time.monotonic() - last > every:
            last = time.monotonic()
            rig.shot(f"{who}-playing")


def rematch(rig: Rig) -> None:
    """A match to 1 point: A (the host) leaves mid-match, B plays it out and chooses
    Play again, then A comes back (Rejoin) and the server stops."""
    port = free_port()
    server = rig.serve(port)
    for who in "ABC":
        if who in rig.procs:
            rig.kill(who)
        shutil.rmtree(rig.scratch / who, ignore_errors=True)
        settle(rig, who, target=1)
        rig.start(who, *LANG.get(who, ()))
    seat_three(rig, port)
    time.sleep(5)
    rig.key("A", "Escape", "Up", "Return", "Return")  # Quit to menu, asked, again
    time.sleep(2)
    rig.shot("host-left")
    play(rig, "B", 150)
    for s in (1, 3, 5):
        rig.shot(f"after-play-{s}")
        time.sleep(2)
    online(rig, "A")
    rig.key("A", "Down", "Down", "Return")  # Rejoin table CODE
    time.sleep(2)
    rig.shot("A-rejoins-after-rematch")
    time.sleep(30)
    rig.shot("30s-later")
    stop_server(rig, server)


def in_app_host(rig: Rig) -> None:
    """A hosts a table in its own game; B joins from the LAN list; A's process is killed."""
    for who in "AB":
        if who in rig.procs:
            rig.kill(who)
        shutil.rmtree(rig.scratch / who / "data", ignore_errors=True)  # no match to rejoin
        settle(rig, who)
        rig.start(who)
    online(rig, "A")
    rig.key("A", "Return")  # Host a table
    time.sleep(1)
    rig.key("A", *["Down"] * 9)
    rig.shot("A-host-form-this-computer-only")  # the default: who can join
    rig.key("A", "Right", "Down", "Return")  # my network; Host
    time.sleep(3)
    rig.shot("A-hosting")
    online(rig, "B")
    rig.key("B", "Down", "Return")
    time.sleep(3)
    rig.shot("B-join-list")
    rig.key("B", "Return")  # the first table found on this network
    time.sleep(2)
    rig.key("A", "Return")  # Start now
    time.sleep(8)
    rig.shot("in-app-dealt")
    rig.click("B", 60, 12)  # Say...
    time.sleep(1)
    rig.shot("B-say-menu-open")
    rig.click("B", 60, 12)  # closed again
    rig.kill("A")
    waited = 0
    for s in (1, 3, 5):
        time.sleep(s - waited)
        waited = s
        rig.shot(f"host-killed-{s}s")


if __name__ == "__main__":
    main()
