"""Play online: host a table or join one, then wait in the lobby until the deal.

The game itself is the ordinary table scene with a `RemoteTable` as its link:
the host's window is a client of the server it runs, like everyone else's, and
each player's table speaks their own language, from the server's events.
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game.engine import RuleSet
from game.files.storage import Store
from game.i18n import N_
from game.limits import DEFAULT_TARGET, MAX_TARGET, SeatRequest, SlotKind
from game.online.client.addresses import server_url
from game.online.client.discovery import Found, browse
from game.online.client.hosting import LAN, THIS_COMPUTER, HostedServer
from game.online.client.remote_table import RemoteTable
from game.online.protocol import names
from game.online.protocol.checks import (
    CODE_ALPHABET,
    CODE_LENGTH,
    NAME_LENGTH,
    clean_name,
    seat_name,
)
from game.online.protocol.client_messages import Create, PlayNow, Request, Resume, Watch
from game.online.server.keeping import SAVE_KIND, SAVE_VERSION
from game.table import LEVELS, SCORINGS, setup_from_data
from game.ui.form_scene import FormScene
from game.ui.invite import copy_text, invite_text
from game.ui.online_seats import forget_table, join_table, last_table, remember_seat
from game.ui.online_words import closing, refusal
from game.ui.scene import Host
from game.ui.style import wrap
from game.ui.widgets.button import Button

SEAT_CHOICES = (SeatRequest.OPEN, *LEVELS)  # a friend, or a computer at a level
DELIBERATE = 0.4  # seconds before a click on the online menu counts
TIMERS = (30, 60, 15)  # a turn has at most this long; never "off" (PROTOCOL.md)
MAX_ONLINE_PLAYERS = 6
DEFAULT_NAME = "You"  # the settings' name before the player types one
JOIN_KEYS = ["address", "code", "join", "watch", "lobby", "play_now", "create", "back"]


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
        saved = host.settings.player_name  # the name in Settings, to keep or change
        self.name = "" if saved == DEFAULT_NAME else saved  # the default means "not chosen"
        self.last = last_table(host)
        self.problem = ""  # a name the server would refuse, said until it changes
        self.age = 0.0  # seconds open: the click that opened it must not host too
        super().__init__(host)

    def update(self, dt: float) -> None:
        self.age += dt

    def build(self) -> None:
        keys = ["name", "host", "join"] + (["rejoin"] if self.last else []) + ["back"]
        self.menu.buttons = [
            Button(k, "", pygame.Rect(0, 0, 1, 1), primary=k == "host") for k in keys
        ]
        self.menu.focus = 1

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        typing = self.menu.buttons[self.menu.focus].key == "name"
        hint = _("Type your name: the others see it at the table.") if typing else ""
        self.status = self.problem or hint
        return {
            "name": _("Your name: {name}").format(name=self.name + ("_" if typing else "")),
            "host": _("Host a table"),
            "join": _("Join a table"),
            "rejoin": _("Rejoin table {code}").format(code=self.last[1] if self.last else ""),
            "back": _("Back"),
        }

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and self.age < DELIBERATE:
            hit = next((b for b in self.menu.buttons if b.hit(event.pos)), None)
            if hit is not None and hit.key == "host":
                return  # a double click on the menu's "Play online", under it: not hosting
        if self.menu.buttons[self.menu.focus].key == "name":
            if event.type == pygame.TEXTINPUT:
                typed = "".join(c for c in event.text if c.isprintable())
                self.name, self.problem = (self.name + typed)[:NAME_LENGTH], ""
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.name, self.problem = self.name[:-1], ""
                return
        super().handle(event)

    def choose(self, key: str) -> None:
        if key == "name":  # clicked: typing goes to the field while it has the focus
            self.menu.focus = 0
            return
        if key in ("host", "join", "rejoin"):
            refused = names.refusal(clean_name(self.name, ""), [])
            if refused is not None:  # said here, before the server would refuse it
                self.problem = refusal(refused, self.host.gettext)
                return
            self._keep_name()
        if key == "host":
            self.host.stack.push(HostScene(self.host))
        elif key == "join":
            self.host.stack.push(JoinScene(self.host))
        elif key == "rejoin" and self.last:
            join_table(self.host, *self.last)
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

    def __init__(self, host: Host, server: str | None = None) -> None:
        """`server`: create the table on that server (its URL), not in this game."""
        self.server = server
        self.theme = host.theme_id if host.theme_id in RuleSet.preset_names() else "classic"
        self.rules = RuleSet.preset(self.theme)
        self.target, self.scoring = _last_target_and_scoring(host)
        self.seats = [SeatRequest.OPEN, "normal", "normal", SeatRequest.OPEN]  # seat 0 is the host
        self.timer = TIMERS[0]
        self.public = False  # private by default: only the code leads to the table
        self.watch = False  # nobody watches unless the host lets them
        self.reach = THIS_COMPUTER  # who may connect to this game's server: the player chooses
        super().__init__(host)

    def build(self) -> None:
        rows = ["theme", "players"] + [f"seat{i}" for i in range(1, len(self.seats))]
        rows += ["rules", "timer", "public", "watch"] + ([] if self.server else ["reach"])
        rows += ["start"]
        rows += (["resume"] if not self.server and saved_online(self.host) else []) + ["back"]
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
            "public": _("Listed in the lobby: yes")
            if self.public
            else _("Private: only the code leads here"),
            "watch": _("Spectators: allowed") if self.watch else _("Spectators: not allowed"),
            "reach": _("Who can join: my network")
            if self.reach == LAN
            else _("Who can join: this computer only"),
            "start": _("Create") if self.server else _("Host"),
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

    def step(self, key: str, by: int) -> bool:
        if key == "theme":
            names = RuleSet.preset_names()
            self.theme = names[(names.index(self.theme) + by) % len(names)]
            self.rules = RuleSet.preset(self.theme)  # each theme's own house defaults
        elif key == "players":
            count = (len(self.seats) - 2 + by) % (MAX_ONLINE_PLAYERS - 1) + 2
            self.seats = (self.seats + [SeatRequest.OPEN] * MAX_ONLINE_PLAYERS)[:count]
            self.build()
        elif key.startswith("seat"):
            i = int(key[4:])
            self.seats[i] = SEAT_CHOICES[
                (SEAT_CHOICES.index(self.seats[i]) + by) % len(SEAT_CHOICES)
            ]
        elif key == "timer":
            self.timer = TIMERS[(TIMERS.index(self.timer) + by) % len(TIMERS)]
        elif key in ("public", "watch"):
            setattr(self, key, not getattr(self, key))
        elif key == "reach":
            self.reach = LAN if self.reach == THIS_COMPUTER else THIS_COMPUTER
        else:
            return False
        return True

    def choose(self, key: str) -> None:
        if self.step(key, 1):
            return
        if key == "rules":
            self.host.stack.push(self.host.scene("online_rules", self))
        elif key == "start":
            self._host()
        elif key == "resume":
            self._resume()
        else:
            self.back()

    def _host(self) -> None:
        seats = tuple(
            str(s) if s == SeatRequest.OPEN else f"{SeatRequest.BOT}:{s}" for s in self.seats[1:]
        )
        seats = (str(SeatRequest.ME), *seats)
        house = {o.name: getattr(self.rules, o.name) for o in RuleSet.house_options()}
        create = Create(
            self.theme, seats, house, self.target, self.scoring, self.timer, self.public, self.watch
        )
        if self.server:
            join_table(self.host, self.server, "", request=create, replace=True)
        else:
            self._open(create)

    def _resume(self) -> None:
        """The match saved when this host last left: its code and the host's seat token."""
        saved = saved_online(self.host)
        if saved is not None:
            self._open(Resume(saved[0], saved[1]))

    def _open(self, request: Request) -> None:
        _ = self.host.gettext
        try:
            hosted = HostedServer.start(self.reach, save_dir=online_folder(self.host))
        except OSError as err:
            self.status = _("Cannot host here: {why}").format(why=err)
            return
        remote = RemoteTable.connect(
            hosted.url, self.host.settings.player_name, request, self.host.i18n.language
        )
        remote.hosted = hosted  # the server stops when the host's table closes
        self.host.stack.replace(LobbyScene(self.host, remote, hosted))


def online_folder(host: Host) -> Path | None:
    """Where a hosted match is saved when the host leaves (tables are taken up from here)."""
    return host.data.path("online") if host.data.folder is not None else None


def saved_online(host: Host) -> tuple[str, str] | None:
    """The code and host's seat token of the online match saved when the host left.
    The snapshots are read as every user file is (`Store.load`: a regular file, bounded
    in size and depth); one that is not a table is set aside, as the server does."""
    folder = online_folder(host)
    if folder is None or not folder.is_dir():
        return None
    store = Store(folder, writable=host.data.writable, owner=host.data.owner)
    for path in sorted(folder.glob("*.json")):
        data: Any = store.load(path.name, SAVE_KIND, SAVE_VERSION)
        try:
            kind, _name, _level, token = data["slots"][data["host"]]
            code = data["code"]
        except (KeyError, TypeError, IndexError, ValueError):
            continue
        if kind == SlotKind.PERSON and isinstance(token, str) and token and _is_code(code):
            return code, token
    return None


def _is_code(code: object) -> bool:
    return isinstance(code, str) and len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)


def _sit(host: Host, url: str, request: Request) -> None:
    """Sit down (or watch) at `url` with a request picked in its lobby."""
    join_table(host, url, getattr(request, "code", ""), request=request)


class JoinScene(FormScene):
    """Tables found on the LAN, or an address and a code typed in; or a table
    created on a server at that address."""

    title = N_("Join a table")

    def __init__(self, host: Host) -> None:
        last = last_table(host)
        self.address = last[0] if last else ""
        self.code = last[1] if last else ""
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
        if len(self.menu.buttons) != len(self.found) + len(JOIN_KEYS):
            self.build()

    def build(self) -> None:
        keys = [f"lan{i}" for i in range(len(self.found))]
        keys += JOIN_KEYS
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
            "watch": _("Watch this table"),
            "lobby": _("Public tables on this server"),
            "play_now": _("Play now"),
            "create": _("Create a table on this server"),
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
        typed = "".join(c for c in text if c.isprintable() and not c.isspace())
        if field == "code":
            self.code = (self.code + typed.upper())[:6]
        else:
            self.address = (self.address + typed)[:120]

    def choose(self, key: str) -> None:
        if key in ("address", "code"):  # clicked: typing goes to the field it names
            self.menu.focus = [b.key for b in self.menu.buttons].index(key)
        elif key.startswith("lan"):
            table = self.found[int(key[3:])]
            self._join(table.url, table.code)
        elif key == "join":
            url = self._url()
            if url is not None:
                self._join(url, self.code)
        elif key == "create":
            url = self._url()
            if url is not None:
                self.host.stack.push(HostScene(self.host, server=url))
        elif key in ("watch", "lobby", "play_now"):
            self._lobby(key)
        elif key == "back":
            self.back()

    def _url(self) -> str | None:
        try:
            return server_url(self.address)
        except ValueError:
            _ = self.host.gettext
            self.status = self.problem = _(
                "That is not an address: try 192.168.1.20 or wss://host/path."
            )
            return None

    def _lobby(self, key: str) -> None:
        url = self._url()
        if url is None:
            return
        if key == "lobby":
            self.host.stack.push(
                self.host.scene("public_tables", url, partial(_sit, self.host, url))
            )
        elif key == "play_now":
            join_table(self.host, url, "", request=PlayNow())
        elif len(self.code) == 6:
            join_table(self.host, url, self.code, request=Watch(self.code))
        else:
            self.status = self.problem = self.host.gettext(
                "A table code has six letters and digits."
            )

    def _join(self, url: str, code: str) -> None:
        _ = self.host.gettext
        if len(code) != 6:
            self.status = self.problem = _("A table code has six letters and digits.")
            return
        join_table(self.host, url, code)


COULD_NOT_JOIN = N_("Could not join")
GONE = ("bad_token", "not_found", "no_table", "started")  # codes of a table not to rejoin


def _row_step(style: Any, size: float) -> int:
    """From one of the lobby's rows to the next: never less than the font's own line,
    which the smallest text keeps in a small window (at 640x480 the rows overlapped)."""
    return max(style.px(size * 1.5), style.font(style.font_px(size)).get_linesize())


class LobbyScene(FormScene):
    """Waiting for the deal: the code and address to give friends, who is here."""

    title = N_("Waiting for players")

    def __init__(self, host: Host, remote: RemoteTable, hosted: HostedServer | None) -> None:
        self.remote, self.hosted = remote, hosted
        self.advertised: bool | None = None
        self.remembered = False
        super().__init__(host)

    def _keys(self) -> list[str]:
        if self.remote.line.failure or self.remote.news.closed is not None:
            return ["back"]  # nothing here to invite anyone to
        host = self._may_start()
        return (["start", "public", "watch"] if host else []) + ["invite", "back"]

    def build(self) -> None:
        keys = self._keys()
        self.menu.buttons = [
            Button(k, "", pygame.Rect(0, 0, 1, 1), primary=k == "start") for k in keys
        ]

    def _may_start(self) -> bool:
        return self.hosted is not None or (bool(self.remote.news.code) and self.remote.is_host)

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        remote = self.remote
        return {
            "start": _("Start now (computers take the open seats)"),
            "public": _("Listed in the lobby: yes")
            if remote.news.public
            else _("Private: only the code leads here"),
            "watch": _("Spectators: allowed")
            if remote.news.watch_allowed
            else _("Spectators: not allowed"),
            "invite": _("Copy the invitation"),
            "back": _("Leave"),
        }

    def update(self, dt: float) -> None:
        remote = self.remote
        if remote.line.failure and self.title != COULD_NOT_JOIN:
            self.title = COULD_NOT_JOIN  # not "Waiting for players": nobody will come
            if remote.line.failure_code in GONE:
                forget_table(self.host, remote.news.code)  # Rejoin is offered no more
        if remote.news.token and not self.remembered and self.hosted is None:
            self.remembered = True
            remember_seat(self.host, remote.line.url, remote.news.code, remote.news.token)
        if self.hosted is not None and remote.news.code and self.advertised is None:
            name = seat_name(self.host.settings.player_name, 0, [])  # as the table shows it
            self.advertised = self.hosted.advertise(name, remote.news.code)
        if [b.key for b in self.menu.buttons] != self._keys():
            self.build()
        if remote.started:
            self.host.stack.replace(self.host.scene("online_table", remote.setup, link=remote))

    def choose(self, key: str) -> None:
        if key == "start":
            self.remote.start()
        elif key == "public":
            self.remote.show(not self.remote.news.public, self.remote.news.watch_allowed)
        elif key == "watch":
            self.remote.show(self.remote.news.public, not self.remote.news.watch_allowed)
        elif key == "invite":
            self.status = copy_text(self.invitation(), self.host.gettext)
        else:
            self.back()

    def address(self) -> str:
        """Where friends connect: the hosting game's LAN address, or the server's."""
        if self.hosted is not None:
            return f"{self.hosted.address}:{self.hosted.port}"
        return self.remote.line.url

    def invitation(self) -> str:
        return invite_text(self.address(), self.remote.news.code, self.host.gettext)

    def back(self) -> None:
        self.remote.close()
        self.host.stack.pop()

    def draw_body(self, surface: pygame.Surface, style: Any, top: int) -> None:
        w, h = surface.get_size()
        width = style.px(640) - style.px(48)
        # Each line wrapped to the panel (the invitation is long; a name may be too).
        rows = [
            (part, size)
            for text, size in self._lines()
            for part in wrap(text, style.font(style.font_px(size)), width) or [""]
        ]
        tall = style.px(32) + sum(_row_step(style, size) for _, size in rows)
        box = pygame.Rect(0, 0, style.px(640), max(style.px(300), tall))
        box.midtop = (w // 2, top + style.px(16))
        style.panel(surface, box, 230)
        y = box.y + style.px(16)
        for text, size in rows:
            style.blit_text(surface, text, size, (box.x + style.px(24), y))
            y += _row_step(style, size)
        self.draw_menu(surface, style, box.bottom, h - style.px(40))

    def _lines(self) -> list[tuple[str, float]]:
        _ = self.host.gettext
        remote = self.remote
        if remote.line.failure:
            why = refusal(remote.line.failure_code, _, remote.line.failure)
            return [(_("Could not join: {why}").format(why=why), 18)]
        if remote.news.closed is not None:
            return [(closing(remote.news.closed.reason, _), 20)]
        if not remote.news.code:
            return [(_("Connecting..."), 22)]
        lines: list[tuple[str, float]] = [
            (_("Table code: {code}").format(code=remote.news.code), 28)
        ]
        if self.hosted is not None or remote.is_host:
            lines.append((_("Address: {address}").format(address=self.address()), 22))
            if self.hosted is not None and self.hosted.reach == THIS_COMPUTER:
                lines.append((_("Only games on this computer can join this table."), 16))
            elif self.advertised is False:
                lines.append((_("(not visible on the LAN here: give the address and code)"), 16))
        if remote.is_host and not remote.news.watching:
            lines.append((self.invitation(), 15))
        if remote.news.watching:
            lines.append((_("You are watching: the game starts when the seats are taken."), 18))
        elif remote.news.public:
            lines.append((_("Listed in the lobby: anyone may join."), 16))
        else:
            lines.append((_("Private: only the code leads here."), 16))
        setup = remote.setup
        lines.append(
            (
                _("{scoring} scoring · to {target}").format(
                    scoring=_(setup.scoring), target=setup.target
                ),
                18,
            )
        )
        for i, seat in enumerate(remote.news.seats):
            if seat.kind == "open":
                who = _("waiting for a friend...")
            elif seat.kind == "bot":
                who = _("{name} (computer)").format(name=seat.name)
            elif i == remote.seat:
                who = _("{name} (you)").format(name=seat.name)
            else:
                who = seat.name + ("" if seat.here else _(" (away)"))
            lines.append((_("Seat {n}: {who}").format(n=i + 1, who=who), 20))
        return lines
