"""The tables in play on this server, by code: opened, taken up again (from a
snapshot: a kept table woken by one of its people, the save folder's at start, a
dead shard's), closed (kept for their people when someone may come back), and
dropped (another shard holds them now). Each is `Held`: the room's hooks into the
server, on an object that holds the room."""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.files.storage import DAMAGED_DATA
from game.online.protocol.checks import CODE_ALPHABET, CODE_LENGTH, Json
from game.online.protocol.client_messages import Create
from game.online.server import status
from game.online.server.bot_pool import BotPool
from game.online.server.connection import CLOSE_GOING, Client
from game.online.server.keeping import DORMANT, SAVE_KIND, SAVE_VERSION, Keeping, file
from game.online.server.played_room import PlayedRoom
from game.online.server.room import RoomOptions
from game.online.server.room_data import new_room, room_from_data
from game.online.server.seats import Slot
from game.online.server.snapshots import UNSET

if TYPE_CHECKING:
    from game.online.server.room import Room

log = logging.getLogger(__name__)


class TableRegistry:
    def __init__(
        self,
        options: RoomOptions,
        pool: BotPool,
        clients: set[Client],
        keeping: Keeping,
        figures: status.Figures,
    ) -> None:
        self.options, self.pool, self.clients = options, pool, clients
        self.keeping, self.figures = keeping, figures
        self.rooms: dict[str, Room] = {}

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not self.keeping.taken(code):
                return code

    def open(self, code: str, create: Create, owner: str) -> Room:
        """A new table, made from `owner`'s address."""
        room = new_room(code, create, self.options, self.pool)
        room.owner = owner
        Held(room, self).hold()
        return room

    def take_up(self, data: Json) -> Room:
        """A table from its snapshot, held here (DAMAGED_DATA if it is not one)."""
        room = room_from_data(data, self.options, self.pool)
        Held(room, self).hold()
        return room

    def start(self) -> None:
        """Every table in the save folder waits for its players again."""
        for room in self._saved_rooms():
            Held(room, self).hold()
            room.start()

    def wake(self, code: str, token: str) -> Room | None:
        """A table kept for its people (closed while nobody was at it), taken up
        again by one of them."""
        keeping = self.keeping
        kept = keeping.dormant.get(code)
        data = json.loads(kept) if kept is not None else None
        latest = keeping.snapshots.latest(file(code))  # not on the disk yet
        if latest is not UNSET:
            data = latest
        elif data is None and keeping.saved(code):
            data = keeping.store.load(file(code), SAVE_KIND, SAVE_VERSION)
            keeping.log_notices()
        if data is None:
            return None
        try:
            room = room_from_data(data, self.options, self.pool)
        except DAMAGED_DATA as err:
            log.warning("cannot take up table %s again: %s", code, err)
            return None
        if room.seats.find(token) is None:
            return None
        keeping.dormant.pop(code, None)
        keeping.kept.pop(code, None)
        Held(room, self).hold()
        room.start()
        return room

    def _saved_rooms(self) -> list[Room]:
        """Every table in the save folder: they wait for their players again. A
        file that is not a table is set aside, with a log line."""
        keeping = self.keeping
        folder = keeping.storage.save_dir
        if folder is None or not folder.is_dir():
            return []
        rooms = []
        end = time.time() - keeping.storage.keep_for
        for path in sorted(folder.glob("*.json")):
            if path.is_file() and path.stat().st_mtime <= end:
                keeping.set_aside(path.stem)  # nobody came back while the server was down
                continue

            def build(data: Json) -> Room:
                return room_from_data(data, self.options, self.pool)

            room = keeping.store.load_checked(path.name, SAVE_KIND, SAVE_VERSION, build)
            if room is not None:
                # Snapshots are written on every change: a table nobody is at has
                # waited since its file's time.
                keeping.quiet_since[room.code] = path.stat().st_mtime
                rooms.append(room)
        keeping.log_notices()
        return rooms

    def drop(self, code: str) -> None:
        """A table another shard holds now (this one's lease ran out): it stops here
        and its people's connections close, so their clients find the new owner."""
        room = self.rooms.get(code)
        self.keeping.kept.pop(code, None)
        self.keeping.dormant.pop(code, None)
        if room is None:
            return
        for client in clients_at(room.slots, room.audience.rounds):
            client.close(CLOSE_GOING, "moved")
        room.on_changed = room.on_closed = nothing
        room.close("moved", "")
        self.rooms.pop(code, None)

    def stop(self, reason: str, text: str) -> None:
        """Every table closes, told why (kept for its people when it may be)."""
        for room in list(self.rooms.values()):
            room.close(reason, text)

    def hand_over(self) -> None:
        """Every table stops here, nothing more saved: another shard takes them."""
        for room in list(self.rooms.values()):
            room.on_changed = room.on_closed = nothing
            room.close("server_stopping", "")


@dataclass
class Held:
    """A table held here, and its hooks into the server: the room calls them with
    itself (`on_closed`, `on_changed`); this holds it, so nothing here takes a room."""

    room: Room
    tables: TableRegistry
    played: PlayedRoom = field(init=False)  # what a shard's table log reads of it

    def __post_init__(self) -> None:
        self.played = PlayedRoom(self.room)

    def hold(self) -> None:
        room = self.room
        room.on_closed = self.closed
        room.on_changed = self.changed
        self.tables.rooms[room.code] = room

    def closed(self, _: object = None) -> None:
        room, tables, keeping = self.room, self.tables, self.tables.keeping
        tables.rooms.pop(room.code, None)
        for client in tables.clients:
            if client.room is room:
                client.room = None
        since = keeping.quiet_since.pop(room.code, time.time())
        if room.keep:  # saved for its people to resume
            self.changed()
            keeping.kept[room.code] = (room.owner, since)
            if keeping.storage.save_dir is None:
                keeping.dormant[room.code] = json.dumps(room.to_data())
                while len(keeping.dormant) > DORMANT:
                    keeping.kept.pop(keeping.dormant.popitem(last=False)[0], None)
        elif keeping.shard is not None:
            keeping.shard.ended(room.code)
        else:
            keeping.snapshots.mark(file(room.code), lambda: None)

    def changed(self, _: object = None) -> None:
        """The table as it is now, written atomically (owner-only) to the save folder,
        off the loop and soon (`Snapshots`)."""
        room, keeping = self.room, self.tables.keeping
        self.tables.figures.changed()
        if keeping.shard is not None and room.started:
            clients = clients_at(room.slots, room.audience.rounds)
            keeping.shard.changed(self.played, self.kept_data, clients)
            return
        if keeping.storage.save_dir is None or not room.started:
            return
        keeping.snapshots.mark(file(room.code), self.kept_data)
        keeping.log_notices()

    def kept_data(self) -> Json | None:
        """A table's snapshot, or None when nothing of it is worth keeping (it goes)."""
        return self.room.to_data() if self.room.keep else None


def nothing(_: object) -> None:
    """A stopped table's hooks: nothing more is saved or released for it here."""


def clients_at(slots: Iterable[Slot], watchers: Iterable[object]) -> list[Client]:
    """The connections at a table: its people and its spectators."""
    people = [s.link for s in slots if isinstance(s.link, Client)]
    return people + [w for w in watchers if isinstance(w, Client)]
