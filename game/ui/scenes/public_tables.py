"""The lobby of a server: its public tables (theme, house options, seats free,
playing or waiting, spectators), each to join or to watch, and "Play now".
Private tables are never listed: their code is the only way in.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import N_
from game.online.client.connection import Connection
from game.online.protocol.client_messages import Join, ListTables, PlayNow, Request, Watch
from game.online.protocol.server_messages import TableInfo, Tables
from game.ui.form_scene import FormScene
from game.ui.online_words import refusal
from game.ui.scene import Host
from game.ui.widgets.button import Button

SHOWN = 6  # tables listed at once (the ones with room come first)


def fetch_tables(url: str, name: str) -> list[TableInfo]:
    """The server's public tables (a short connection of its own)."""

    async def ask() -> list[TableInfo]:
        conn = await Connection.open(url, name)
        try:
            await conn.send(ListTables())
            while True:
                message = await conn.read()
                if isinstance(message, Tables):
                    return list(message.tables)
        finally:
            await conn.close()

    return asyncio.run(asyncio.wait_for(ask(), 10))


def table_line(table: TableInfo, gettext: Any, ngettext: Any) -> str:
    _ = gettext
    state = _("playing") if table.started else _("waiting")
    free = ngettext("{n} seat free", "{n} seats free", table.open).format(n=table.open)
    house = ngettext("{n} house option", "{n} house options", len(table.house))
    house = house.format(n=len(table.house)) if table.house else _("standard rules")
    parts = [table.theme.replace("_", " ").title(), f"{table.players - table.open}/{table.players}"]
    parts += [free, house, state]
    if table.watchers:
        parts.append(
            ngettext("{n} watching", "{n} watching", table.watchers).format(n=table.watchers)
        )
    return " · ".join(parts)


class PublicTablesScene(FormScene):
    """`pick` sits the player down with the request chosen here (the join screen
    that opened this one does it: scenes do not import each other)."""

    title = N_("Public tables")

    def __init__(self, host: Host, url: str, pick: Callable[[Request], None]) -> None:
        self.url, self.pick = url, pick
        self.tables: list[TableInfo] | None = None  # None: still asking
        self.problem = ""
        super().__init__(host)
        self.refresh()

    def refresh(self) -> None:
        self.tables, self.problem = None, ""

        def run() -> None:
            try:
                self.tables = fetch_tables(self.url, self.host.settings.player_name)
            except Exception as err:  # unreachable, refused: said on the screen
                self.problem = refusal(getattr(err, "code", "unreachable"), self.host.gettext)
                self.tables = []

        threading.Thread(target=run, daemon=True).start()

    def update(self, dt: float) -> None:
        wanted = 3 + 2 * len((self.tables or [])[:SHOWN])
        if len(self.menu.buttons) != wanted:
            self.build()

    def build(self) -> None:
        keys = []
        for i, table in enumerate((self.tables or [])[:SHOWN]):
            keys.append(f"join:{i}" if table.open and not table.started else f"full:{i}")
            keys.append(f"watch:{i}")
        keys += ["play_now", "refresh", "back"]
        self.menu.buttons = [
            Button(k, "", pygame.Rect(0, 0, 1, 1), primary=k == "play_now", text_size=17)
            for k in keys
        ]
        for button in self.menu.buttons:
            index = int(button.key.partition(":")[2] or -1)
            if button.key.startswith(("full", "watch")) and self.tables:
                table = self.tables[index]
                button.enabled = button.key.startswith("watch") and table.watch
        self.menu.focus = min(self.menu.focus, len(keys) - 1)

    def labels(self) -> dict[str, str]:
        _, ngettext = self.host.gettext, self.host.i18n.ngettext
        out = {"play_now": _("Play now"), "refresh": _("Refresh"), "back": _("Back")}
        for i, table in enumerate((self.tables or [])[:SHOWN]):
            line = table_line(table, _, ngettext)
            out[f"join:{i}"] = _("Join: {table}").format(table=line)
            out[f"full:{i}"] = line
            out[f"watch:{i}"] = _("Watch {code}").format(code=table.code)
        if self.tables is None:
            self.status = _("Asking the server for its tables...")
        elif self.problem:
            self.status = self.problem
        elif not self.tables:
            self.status = _("No public table here yet: Play now opens one.")
        else:
            self.status = ""
        return out

    def choose(self, key: str) -> None:
        name, _, arg = key.partition(":")
        tables = self.tables or []
        chosen: Request | None = None
        if name == "join":
            chosen = Join(tables[int(arg)].code)
        elif name == "watch":
            chosen = Watch(tables[int(arg)].code)
        elif name == "play_now":
            chosen = PlayNow()
        if chosen is not None:
            self.host.stack.pop()
            self.pick(chosen)
        elif name == "refresh":
            self.refresh()
        elif name == "back":
            self.back()
