"""What a client of a table uses: the table scene holds one of these.

`Table` is one (the match is here). A client of a match played elsewhere (an
online game) can be another: it keeps the same promises and the scene works
unchanged.

- `update(seat)`: the seat's update now; `round_start(seat)`: the same with the
  round's deal as events. `watch(seat, fn)` / `unwatch`: every later update.
- `submit(seat, action)`: a person's action; raises IllegalAction (a ValueError
  with the reason) and changes nothing if it may not be done now.
- `tick(dt)`, `step()`: time passes; the client calls `step` when its picture
  has caught up, so at most one more move arrives at a time.
- `next_round()`: the client has shown the round's end and wants the next deal.
- `thinking()`: the seat visibly thinking, if any. `errors`: failures so far.
- `flush(wait)`: once a frame, write what needs writing. `close()`: leaving.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.engine import RuleSet
from game.engine.actions import Action
from game.table.seats import GameSetup
from game.table.updates import SeatUpdate


class TableLink(Protocol):
    setup: GameSetup
    pace: float

    @property
    def rules(self) -> RuleSet: ...

    @property
    def errors(self) -> list[str]: ...

    def update(self, seat: int) -> SeatUpdate: ...

    def round_start(self, seat: int) -> SeatUpdate: ...

    def watch(self, seat: int, watcher: Callable[[SeatUpdate], None]) -> None: ...

    def unwatch(self, seat: int, watcher: Callable[[SeatUpdate], None]) -> None: ...

    def submit(self, seat: int, action: Action) -> list: ...

    def tick(self, dt: float) -> None: ...

    def step(self) -> bool: ...

    def next_round(self) -> None: ...

    def thinking(self) -> int | None: ...

    def flush(self, wait: bool = False) -> None: ...

    def close(self) -> None: ...
