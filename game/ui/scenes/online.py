"""Play online: host a table or join one, then wait in the lobby until the deal.

The game itself is the ordinary table scene with a `RemoteTable` as its link:
the host's window is a client of the server it runs, like everyone else's, and
each player's table speaks their own language, from the server's events.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pygame

from game.engine import RuleSet
from game.i18n import N_
from game.limits import DEFAULT_TARGET, MAX_TARGET, SCORINGS, SeatRequest, SlotKind
from game.net.discovery import Found, browse
from game.net.hosting import HostedServer
from game.net.messages import NAME_LENGTH, clean_name, seat_name
from game.net.remote_table import RemoteTable
from game.table import LEVELS, setup_from_data
from game.ui.form_scene import FormScene
from game.ui.scene import Host
from game.ui.widgets.button import Button

SEAT_CHOICES = (SeatRequest.OPEN, *LEVELS)  # a friend, or a computer at a level
TIMERS = (30, 60, 15, 0)
MAX_ONLINE_PLAYERS = 6
DEFAULT_NAME = "You"  # the settings' name before the player types one


def _last_target_and_scoring(host: Host) -> tuple[int, str]:
    """The target and scoring of the player's last local game: their habit. The
    settings checked the set-up when they were read."""
    try:
        last = setup_from_data(host.settings.last_setup) if host.settings.last_setup else None
    except (KeyError, TypeError, ValueError):
        last = None  # an old or odd set-up, as the set-up screen treats it
    if last is None:
        return DEFAULT_TARGET, SCORINGS[0]
    target = last.target if last.target <= MAX_TARGET else DEFAULT_TARGET  # as a server takes
    return target, last.scoring


def _house_count(rules: RuleSet) -> int:
    return sum(bool(getattr(rules, o.name)) for o in RuleSet.house_options())


class OnlineScene(FormScene):
    """Play online: the name the others will see, then host or join."""

    title = N_("Play online")

    def __init__(self, host: Host) -> None:
        saved = host.settings.player_name
        self.name = "" if saved == DEFAULT_NAME else saved  # the default means "not chosen"
        super().__init__(host)

    def build(self) -> None:
        self.menu.buttons = [
            Button("name", "", pygame.Rect(0, 0, 1, 1)),
            Button("host", "", pygame.Rect(0, 0, 1, 1), primary=True),
            Button("join", "", pygame.Rect(0, 0, 1, 1)),
            Button("back", "", pygame.Rect(0, 0, 1, 1)),
        ]
        self.menu.focus = 1

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        typing = self.menu.buttons[self.menu.focus].key == "name"
        self.status = _("Type your name: the others see it at the table.") if typing else ""
        return {
            "name": _("Your name: {name}").format(name=self.name + ("_" if typing else "")),
            "host": _("Host a table"),
            "join": _("Join a table"),
            "back": _("Back"),
        }

    def handle(self, event: pygame.event.Event) -> None:
        if self.menu.buttons[self.menu.focus].key == "name":
            if event.type == pygame.TEXTINPUT:
                typed = "".join(c for c in event.text if c.isprintable())
                self.name = (self.name + typed)[:NAME_LENGTH]
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.name = self.name[:-1]
                return
        super().handle(event)

    def choose(self, key: str) -> None:
        if key == "name":  # clicked: typing goes to the field while it has the focus
            self.menu.focus = 0
            return
        if key in ("host", "join"):
            self._keep_name()
        if key == "host":
            self.host.stack.push(HostScene(self.host))
        elif key == "join":
            self.host.stack.push(JoinScene(self.host))
        else:
            self.back()

    def _keep_name(self) -> None:
        name = clean_name(self.name, "")
        if name and name != self.host.settings.player_name:
            self.host.settings.player_name = name
            self.host.save_settings()


class HostScene(FormScene):
    """The table to host: theme (and so rules), seats, turn timer."""

    title = N_("Host a table")

    def __init__(self, host: Host) -> None:
        self.theme = host.theme_id if host.theme_id in RuleSet.preset_names() else "classic"
        self.rules = RuleSet.preset(self.theme)
        self.target, self.scoring = _last_target_and_scoring(host)
        self.seats = [SeatRequest.OPEN, "normal", "normal", SeatRequest.OPEN]  # seat 0 is the host
        self.timer = TIMERS[0]
        super().__init__(host)

    def build(self) -> None:
        rows = ["theme", "players"] + [f"seat{i}" for i in range(1, len(self.seats))]
        rows += ["rules", "timer", "start"]
        rows += (["resume"] if saved_online(self.host) else []) + ["back"]
        focus = self.menu.focus if self.menu.buttons else 0
        self.menu.buttons = [
            Button(key, "", pygame.Rect(0, 0, 1, 1), primary=key == "start", text_size=19)
            for key in rows
        ]
        self.menu.focus = min(focus, len(rows) - 1)

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        style = self.host.style(self.theme)
        out = {
            "theme": _("Theme: {name}").format(name=style.manifest.name(self.host.i18n.language)),
            "players": _("Players: {n}").format(n=len(self.seats)),
            "timer": _("Turn timer: {s} s").format(s=self.timer)
            if self.timer
            else _("Turn timer: off"),
            "rules": _("Rules: {options} · {scoring} scoring · to {target}").format(
                options=self.host.i18n.ngettext(
                    "{n} house option", "{n} house options", _house_count(self.rules)
                ).format(n=_house_count(self.rules)),
                scoring=_(self.scoring),
                target=self.target,
            ),
            "start": _("Host"),
            "resume": _("Resume the online match you hosted"),
            "back": _("Back"),
        }
        for i, choice in enumerate(self.seats[1:], start=1):
            what = (
                _("a friend")
                if choice == SeatRequest.OPEN
                else _("computer, {level}").format(level=_(choice.title()))
            )
            out[f"seat{i}"] = _("Seat {n}: {what}").format(n=i + 1, what=what)
        return out

    def choose(self, key: str) -> None:
        if key == "theme":
            names = RuleSet.preset_names()
            self.theme = names[(names.index(self.theme) + 1) % len(names)]
            self.rules = RuleSet.preset(self.theme)  # each theme's own house defaults
        elif key == "players":
            count = len(self.seats) % MAX_ONLINE_PLAYERS + 1
            count = max(2, count)
            self.seats = (self.seats + [SeatRequest.OPEN] * MAX_ONLINE_PLAYERS)[:count]
            self.build()
        elif key.startswith("seat"):
            i = int(key[4:])
            self.seats[i] = SEAT_CHOICES[
                (SEAT_CHOICES.index(self.seats[i]) + 1) % len(SEAT_CHOICES)
            ]
        elif key == "rules":
            self.host.stack.push(self.host.scene("online_rules", self))
        elif key == "timer":
            self.timer = TIMERS[(TIMERS.index(self.timer) + 1) % len(TIMERS)]
        elif key == "start":
            self._host()
        elif key == "resume":
            self._resume()
        else:
            self.back()

    def _host(self) -> None:
        seats = [SeatRequest.ME] + [
            s if s == SeatRequest.OPEN else f"{SeatRequest.BOT}:{s}" for s in self.seats[1:]
        ]
        house = {o.name: getattr(self.rules, o.name) for o in RuleSet.house_options()}
        self._open(
            {
                "type": "create",
                "theme": self.theme,
                "seats": seats,
                "timer": self.timer,
                "options": house,
                "target": self.target,
                "scoring": self.scoring,
            }
        )

    def _resume(self) -> None:
        """The match saved when this host last left: its code and the host's seat token."""
        saved = saved_online(self.host)
        if saved is not None:
            self._open({"type": "resume", "code": saved[0], "token": saved[1]})

    def _open(self, request: dict[str, Any]) -> None:
        _ = self.host.gettext
        try:
            hosted = HostedServer.start(save_dir=online_folder(self.host))
        except OSError as err:
            self.status = _("Cannot host here: {why}").format(why=err)
            return
        remote = RemoteTable.connect(hosted.url, self.host.settings.player_name, request)
        remote.hosted = hosted  # the server stops when the host's table closes
        self.host.stack.replace(LobbyScene(self.host, remote, hosted))


SEATS_FILE = "online_seats.json"  # code -> the seat token this player last had there


def online_folder(host: Host) -> Path | None:
    """Where a hosted match is saved when the host leaves (tables are taken up from here)."""
    return host.data.path("online") if host.data.folder is not None else None


def saved_online(host: Host) -> tuple[str, str] | None:
    """The code and host's seat token of the online match saved when the host left."""
    folder = online_folder(host)
    if folder is None:
        return None
    try:
        for path in sorted(folder.glob("*.json")):
            data = json.loads(path.read_text("utf-8"))
            kind, _name, _level, token = data["slots"][data["host"]]
            if kind == SlotKind.PERSON and token:
                return str(data["code"]), str(token)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
    return None


class JoinScene(FormScene):
    """Tables found on the LAN, or an address and a code typed in."""

    title = N_("Join a table")

    def __init__(self, host: Host) -> None:
        self.address = ""
        self.code = ""
        self.found: list[Found] = []
        self.searching = True
        self.problem = ""  # shown in place of the hint until the next try
        super().__init__(host)
        threading.Thread(target=self._browse, daemon=True).start()

    def _browse(self) -> None:
        try:
            self.found = browse(2.0)[:4]
        except Exception:  # no multicast here: the address and code still work
            self.found = []
        self.searching = False  # the frame loop rebuilds the list (update), not this thread

    def update(self, dt: float) -> None:
        if len(self.menu.buttons) != len(self.found) + 4:
            self.build()

    def build(self) -> None:
        keys = [f"lan{i}" for i in range(len(self.found))] + ["address", "code", "join", "back"]
        self.menu.buttons = [
            Button(k, "", pygame.Rect(0, 0, 1, 1), primary=k == "join", text_size=19) for k in keys
        ]
        self.menu.focus = min(self.menu.focus, len(keys) - 1)

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        out = {
            "address": _("Address: {text}").format(text=self.address + self._caret("address")),
            "code": _("Code: {text}").format(text=self.code + self._caret("code")),
            "join": _("Join"),
            "back": _("Back"),
        }
        for i, table in enumerate(self.found):
            out[f"lan{i}"] = f"{table.name}: {table.code} ({table.address})"
        if self.searching:
            self.status = _("Looking for tables on this network...")
        elif not self.problem:
            self.status = _("Type the address and code the host shows, or pick a table found here.")
        return out

    def _caret(self, key: str) -> str:
        focused = self.menu.buttons[self.menu.focus].key if self.menu.buttons else ""
        return "_" if focused == key else ""

    def handle(self, event: pygame.event.Event) -> None:
        field = self.menu.buttons[self.menu.focus].key if self.menu.buttons else ""
        if field in ("address", "code"):
            if event.type == pygame.TEXTINPUT:
                self._type(field, event.text)
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                setattr(self, field, getattr(self, field)[:-1])
                return
        super().handle(event)

    def _type(self, field: str, text: str) -> None:
        if field == "code":
            self.code = (self.code + text.upper().strip())[:6]
        else:
            self.address = (self.address + text.strip())[:60]

    def choose(self, key: str) -> None:
        if key.startswith("lan"):
            table = self.found[int(key[3:])]
            self._join(table.url, table.code)
        elif key == "join":
            self._join(self._url(), self.code)
        elif key == "back":
            self.back()

    def _url(self) -> str:
        address = self.address.strip() or "127.0.0.1"
        if "://" not in address:
            address = "ws://" + address
        if address.count(":") < 2:
            address += ":8765"
        return address

    def _join(self, url: str, code: str) -> None:
        _ = self.host.gettext
        if len(code) != 6:
            self.status = self.problem = _("A table code has six letters and digits.")
            return
        # A seat this player had at that table is taken back (after a drop, or
        # when a host resumes a saved match); otherwise the first open seat.
        token = (self.host.data.load(SEATS_FILE, "online-seats", 1) or {}).get(code)
        if isinstance(token, str):
            request = {"type": "resume", "code": code, "token": token}
        else:
            request = {"type": "join", "code": code}
        remote = RemoteTable.connect(url, self.host.settings.player_name, request)
        self.host.stack.push(LobbyScene(self.host, remote, None))


class LobbyScene(FormScene):
    """Waiting for the deal: the code and address to give friends, who is here."""

    title = N_("Waiting for players")

    def __init__(self, host: Host, remote: RemoteTable, hosted: HostedServer | None) -> None:
        self.remote, self.hosted = remote, hosted
        self.advertised: bool | None = None
        self.remembered = False
        super().__init__(host)

    def build(self) -> None:
        keys = (["start"] if self.hosted else []) + ["back"]
        self.menu.buttons = [
            Button(k, "", pygame.Rect(0, 0, 1, 1), primary=k == "start") for k in keys
        ]

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        return {"start": _("Start now (computers take the open seats)"), "back": _("Leave")}

    def update(self, dt: float) -> None:
        remote = self.remote
        if remote.token and not self.remembered and self.hosted is None:
            self.remembered = True
            seats = self.host.data.load(SEATS_FILE, "online-seats", 1) or {}
            seats = {**dict(list(seats.items())[-9:]), remote.code: remote.token}
            self.host.data.save(SEATS_FILE, "online-seats", 1, seats)
        if self.hosted is not None and remote.code and self.advertised is None:
            name = seat_name(self.host.settings.player_name, 0, [])  # as the table shows it
            self.advertised = self.hosted.advertise(name, remote.code)
        if remote.started:
            self.host.stack.replace(self.host.scene("online_table", remote.setup, link=remote))

    def choose(self, key: str) -> None:
        if key == "start":
            self.remote.send({"type": "start"})
        else:
            self.back()

    def back(self) -> None:
        self.remote.close()
        self.host.stack.pop()

    def draw_body(self, surface: pygame.Surface, style: Any, top: int) -> None:
        _ = self.host.gettext
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, style.px(640), style.px(300))
        box.midtop = (w // 2, top + style.px(16))
        style.panel(surface, box, 230)
        y = box.y + style.px(16)
        for text, size in self._lines():
            style.blit_text(surface, text, size, (box.x + style.px(24), y))
            y += style.px(size * 1.5)
        self.draw_menu(surface, style, box.bottom, h - style.px(40))

    def _lines(self) -> list[tuple[str, float]]:
        _ = self.host.gettext
        remote = self.remote
        if remote.failure:
            return [(_("Could not join: {why}").format(why=remote.failure), 20)]
        if remote.closed is not None:
            return [(remote.closed.get("message", ""), 20)]
        if not remote.code:
            return [(_("Connecting..."), 22)]
        lines: list[tuple[str, float]] = [(_("Table code: {code}").format(code=remote.code), 28)]
        if self.hosted is not None:
            address = f"{self.hosted.address}:{self.hosted.port}"
            lines.append((_("Address: {address}").format(address=address), 22))
            if self.advertised is False:
                lines.append((_("(not visible on the LAN here: give the address and code)"), 16))
        for i, seat in enumerate(remote.seats):
            if seat["kind"] == SlotKind.OPEN:
                who = _("waiting for a friend...")
            elif seat["kind"] == SlotKind.BOT:
                who = _("{name} (computer)").format(name=seat["name"])
            elif i == remote.seat:
                who = _("{name} (you)").format(name=seat["name"])
            else:
                who = seat["name"] + ("" if seat["here"] else _(" (away)"))
            lines.append((_("Seat {n}: {who}").format(n=i + 1, who=who), 20))
        return lines
