"""A server's shape: an asyncio loop drives the Table, remote seats answer from
coroutines, bots think on their worker thread; nothing blocks the loop."""

from __future__ import annotations

import asyncio
import contextlib
import random

from game.engine import RuleSet
from game.table import (
    AsyncSeat,
    BotRunner,
    GameSetup,
    SeatKind,
    SeatSetup,
    SeatUpdate,
    Table,
    seat_controllers,
    settled,
)


class CoroutineSeat(AsyncSeat):
    """Stands in for a network connection: the answer comes from a task on the loop."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.rng = random.Random(seat)
        self.asked = 0

    def send(self, update: SeatUpdate) -> None:
        self.asked += 1
        asyncio.get_running_loop().create_task(self._reply(update))

    async def _reply(self, update: SeatUpdate) -> None:
        await asyncio.sleep(0)  # the round trip
        legal = list(update.legal)
        if update.turn:
            self.answer(update.token, self.rng.choice(legal))
        else:  # out of turn: mostly let it pass, as people do
            self.answer(update.token, None)


async def _serve(table: Table) -> None:
    loop = asyncio.get_running_loop()
    wake = asyncio.Event()
    table.on_answer = lambda: loop.call_soon_threadsafe(wake.set)  # from any thread
    while not table.match_over:
        if table.over:
            table.next_round()
        elif not table.step():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), 0.05)
            wake.clear()


def test_an_asyncio_loop_drives_a_match_with_remote_seats_and_bots() -> None:
    kinds = (SeatKind.REMOTE, SeatKind.BOT, SeatKind.REMOTE, SeatKind.BOT)
    seats = tuple(SeatSetup(f"P{i}", k, "easy") for i, k in enumerate(kinds))
    setup = settled(GameSetup("classic", RuleSet.preset("classic"), seats, target=100, seed=12))
    remotes: dict[int, CoroutineSeat] = {}

    def remote(seat: int) -> CoroutineSeat:
        return remotes.setdefault(seat, CoroutineSeat(seat))

    table = Table(setup, seat_controllers(setup, BotRunner(threaded=True), remote=remote), pace=0)
    asyncio.run(asyncio.wait_for(_serve(table), 120))
    table.close()
    assert table.match_over and table.errors == []
    played = {seat for log in table.round_logs() for seat, _ in log}
    assert played == {0, 1, 2, 3} and all(r.asked for r in remotes.values())


class _Checking(CoroutineSeat):
    """Asked as a server asks a person who also watches their seat: every question
    must be the update the table would build afresh for the seat at that moment."""

    def __init__(self, seat: int, table: list[Table]) -> None:
        super().__init__(seat)
        self.table = table
        self.checked = self.reused = 0

    def send(self, update: SeatUpdate) -> None:
        table = self.table[0]
        fresh = table.update(update.seat)
        assert update == fresh and update.events == () and update.reads == ()
        shown = table.published.get(update.seat)
        self.reused += shown is not None and shown.view is update.view  # not built again
        self.checked += 1
        super().send(update)


def test_a_watched_seat_is_asked_with_the_update_it_was_just_shown_less_its_events() -> None:
    kinds = (SeatKind.REMOTE, SeatKind.BOT, SeatKind.REMOTE, SeatKind.BOT)
    seats = tuple(SeatSetup(f"P{i}", k, "easy") for i, k in enumerate(kinds))
    setup = settled(GameSetup("classic", RuleSet.preset("classic"), seats, target=100, seed=5))
    holder: list[Table] = []
    remotes: dict[int, _Checking] = {}

    def remote(seat: int) -> _Checking:
        return remotes.setdefault(seat, _Checking(seat, holder))

    table = Table(setup, seat_controllers(setup, BotRunner(threaded=True), remote=remote), pace=0)
    holder.append(table)
    shown: list[SeatUpdate] = []
    for seat in remotes:
        table.watch(seat, shown.append)  # a person's connection watches their seat
    asyncio.run(asyncio.wait_for(_serve(table), 120))
    table.close()
    assert table.match_over and table.errors == []
    assert all(r.checked > 5 and r.reused > 5 for r in remotes.values()) and shown
