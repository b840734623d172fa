"""A table in the store: its whole snapshot now and then, and the actions since.

Writing a table's whole snapshot after every action (4 kB and more of JSON made
on the shard's loop: a round's history and log grow with every move) was most of
what a shard costs beyond a server alone. Between whole snapshots the store is
sent only the round's new actions, appended to the stored text as one line. The
engine is deterministic: a round taken up from its snapshot and given the same
actions again is the round that played them (the round's generator is in the
snapshot), so a shard that takes the table over replays them (`replayed`) and
no action written is lost.

A whole snapshot is written first, then whenever anything but the round's
actions changed (a seat, the seal, the next round, the table closing), and at
least every `WHOLE_EVERY` writes, so the text and its replay stay short; and
again after any write that may not have landed (`forget`).

The stored text: the snapshot (`snapshots.dump`), then a line per write of
actions, `[first, [[seat, action], ...]]`, `first` the round log's index of its
first action (a line that does not follow on from the round is not replayed).

    log = TableLog()                     # one per table, kept by the shard
    snapshots.mark(code, Next(log, room, data))   # data: the whole snapshot, when due
    replayed(data, text)                 # a stored table's data with its actions played
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.engine import Match
from game.engine.actions import from_text, to_text
from game.engine.errors import EngineError, SaveError

if TYPE_CHECKING:
    from game.engine.round import Round
    from game.online.server.deal_draw import Deals
    from game.online.server.seats import Slot

log = logging.getLogger(__name__)

WHOLE_EVERY = 32  # writes of actions at most between two whole snapshots


class Played(Protocol):
    """What the log reads of a table played on the shard (a server's `Room`): the
    fields its snapshot holds beside the match, and the match."""

    @property
    def code(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    @property
    def match(self) -> Match | None: ...
    @property
    def host(self) -> int: ...
    @property
    def owner(self) -> str: ...
    @property
    def public(self) -> bool: ...
    @property
    def watchable(self) -> bool: ...
    @property
    def timer(self) -> int: ...
    @property
    def slots(self) -> list[Slot]: ...
    @property
    def deals(self) -> Deals: ...


@dataclass(frozen=True)
class Actions:
    """The round's actions since the table's last write, to be appended to it."""

    first: int  # the round log's index of the first
    entries: list[list[object]]  # [seat, action as text]

    def line(self) -> str:
        return "\n" + json.dumps([self.first, self.entries], separators=(",", ":"))


class TableLog:
    """What the store holds of one table, and so what its next write is."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """The next write is whole (the last one may not have landed)."""
        self.head: tuple[object, ...] | None = None
        self.round: Round | None = None
        self.logged = 0  # the round's actions in the store
        self.appended = 0  # writes of actions since the whole snapshot

    def take(self, room: Played, data: Callable[[], object]) -> object:
        """The table's next write: its new actions (`Actions`), or `data()`, the whole
        snapshot (None: the table's snapshot goes)."""
        head = _head(room)
        round_ = room.match.round if room.match is not None else None
        actions = round_.log if round_ is not None else []
        if (
            head is not None
            and head == self.head
            and round_ is self.round
            and self.appended < WHOLE_EVERY
            and len(actions) >= self.logged
        ):
            first, self.logged = self.logged, len(actions)
            self.appended += 1
            return Actions(first, [[seat, to_text(a)] for seat, a in actions[first:]])
        whole = data()
        if whole is None or head is None:
            self.forget()
        else:
            self.head, self.round, self.logged, self.appended = head, round_, len(actions), 0
        return whole


class Next:
    """A table's next write, taken when its batch goes (what `Snapshots.mark` takes)."""

    def __init__(self, log: TableLog, room: Played, data: Callable[[], object]) -> None:
        self.log, self.room, self.data = log, room, data

    def __call__(self) -> object:
        return self.log.take(self.room, self.data)

    def forget(self) -> None:
        self.log.forget()


class TableLogs:
    """The log of each table a shard plays, by code (a table closed, or another
    one with its code, starts afresh)."""

    def __init__(self) -> None:
        self.held: dict[str, tuple[Played, TableLog]] = {}

    def next(self, room: Played, data: Callable[[], object]) -> Callable[[], object]:
        """What `Snapshots.mark` takes for the table's change: its next write."""
        if room.closed:  # its last write: whole, and nothing more appended to it
            self.forget(room.code)
            return data
        played, log = self.held.get(room.code, (None, None))
        if played is not room or log is None:
            log = TableLog()
            self.held[room.code] = room, log
        return Next(log, room, data)

    def forget(self, code: str) -> None:
        """The table's next write is whole (Redis may hold none of it), if it has one."""
        self.held.pop(code, None)


def _head(room: Played) -> tuple[object, ...] | None:
    """Everything of the table's snapshot but its round's actions (None: no table
    to append to). Compared, not stored: cheap beside the snapshot itself."""
    if room.closed or room.match is None:
        return None
    seal = room.deals.seal
    return (
        room.host,
        room.owner,
        room.public,
        room.watchable,
        room.timer,
        tuple((s.kind, s.name, s.level, s.token) for s in room.slots),
        (seal.round, seal.commitment, seal.revealed, seal.chain, seal.server_secret),
    )


def replayed(data: object, text: str) -> object:
    """A stored table's data (the first line of `text`, read) with the actions of the
    lines after it played on its round. A line that does not follow on, or does not
    play, ends the replay there (logged): what came before it stands."""
    lines = text.split("\n")[1:]
    if not lines or not isinstance(data, dict) or not isinstance(data.get("match"), dict):
        return data
    try:
        match = Match.from_data(data["match"])
    except SaveError:
        return data  # the snapshot itself is damaged: room_from_data says so
    try:
        for line in lines:
            _play(match.round, line)
    except (ValueError, TypeError, IndexError, EngineError) as error:
        log.warning(
            "table %s: its actions replayed up to one that does not play: %s",
            data.get("code"),
            error,
        )
    return {**data, "match": json.loads(match.to_json())}  # as JSON gives it, as read


def _play(round_: Round, line: str) -> None:
    first, entries = json.loads(line)
    if not isinstance(first, int) or first > len(round_.log):
        raise ValueError(f"actions from {first!r} do not follow on from {len(round_.log)}")
    for seat, action in entries[len(round_.log) - first :]:
        if not isinstance(seat, int) or not isinstance(action, str):
            raise ValueError("an action is not [seat, text]")
        round_.apply(from_text(action), seat)
