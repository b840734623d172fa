"""An online table without a network, for tests that look at what a player sees:
a `RemoteTable` fed what a client is sent (joined, seats, each update as the
server would publish it), from a match played here by the table the game uses
offline. The person's moves go to that table instead of a socket.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Act, ClientMessage, Next
from game.online.protocol.server_messages import Joined, Seats, SeatState, Update
from game.table import GameSetup, default_setup
from game.table.bots import BotRunner
from game.table.controllers import seat_controllers
from game.table.seats import settled
from game.table.table import Table
from game.table.updates import SeatUpdate

if TYPE_CHECKING:
    from game.app import App
    from game.ui.scene import Scene

CODE = "K7Q2"


class StagedRemote(RemoteTable):
    """Seat 0 is this player's; `people` are the other seats' people (friends
    elsewhere, played here by bots); the rest are the table's computers."""

    def __init__(self, setup: GameSetup, people: tuple[int, ...] = (1,)) -> None:
        super().__init__()
        setup = settled(setup)
        self.local = Table(setup, seat_controllers(setup, BotRunner(False)), pace=0.0)
        self.held: int | None = None  # a person slow to move: their turn waits (for a vote)
        self.line.url = "ws://127.0.0.1:8765"
        names = tuple(self.local.names)
        self.news.take(
            Joined(
                CODE,
                0,
                "token",
                setup.theme,
                setup.rules,
                setup.target,
                setup.scoring,
                timer=30,
                catch_window=2.0,
                names=names,
            )
        )
        kinds = ["person" if seat == 0 or seat in people else "bot" for seat in range(len(names))]
        states = tuple(
            SeatState(name, kind, True, kind == "bot")
            for name, kind in zip(names, kinds, strict=True)
        )
        self.news.take(Seats(True, states))
        self.local.watch(0, self._published)
        self.news.take(Update(self.local.round_start(0), True))

    def _published(self, update: SeatUpdate) -> None:
        self.news.take(Update(update, False))

    def send(self, message: ClientMessage) -> None:
        """What the server would do with the player's message, done here."""
        if isinstance(message, Act) and message.action in self.local.update(0).legal:
            self.local.submit(0, message.action)
        elif isinstance(message, Next):
            self.local.next_round()

    def tick(self, dt: float) -> None:
        if self.held is None or self.local.match.round.current != self.held:
            self.local.tick(dt)
            self.local.step()
        super().tick(dt)


def staged_table(app: App, theme: str) -> tuple[StagedRemote, Scene]:
    """The online table scene over the menu, four seats in `theme` (friends at 1
    and 3, computers elsewhere), at 4x (a table online starts at 1x)."""
    pack = app.catalog.choose(theme)
    setup = default_setup(pack.id, pack.manifest.preset, 4, False, 7, 1, "4x")
    remote = StagedRemote(setup, people=(1, 3))
    app.start(app.scene("menu"))
    app.stack.push(app.scene("online_table", remote.setup, link=remote))
    table = app.stack.top
    table.set_speed("4x")  # type: ignore[attr-defined]
    return remote, table
