"""A shard killed (SIGKILL) or stopped, and Redis restarted, with real shard
processes and the game's own client (RemoteTable): every table and every seat
comes back on the other shard by itself, and play goes on from the last move."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
import redis

from game.online.client.connection import Connection, ServerError
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Create
from game.online.server.cluster import membership
from tests.online.server.cluster.helpers import RedisProcess, ShardProcess, run

TABLES = 6
OPTIONS = ("--pace", "0", "--grace", "120", "--tables-per-address", "20", "--per-address", "20")


@pytest.fixture
def shards(redis_server: RedisProcess) -> Iterator[list[ShardProcess]]:
    started = [ShardProcess(redis_server.url, *OPTIONS) for _ in range(2)]
    time.sleep(membership.BEAT * 1.5)  # each shard knows the other's address
    try:
        yield started
    finally:
        for shard in started:
            shard.stop()


def wait_until(ok: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not ok():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def seated(url: str, count: int) -> list[RemoteTable]:
    """`count` people, each at a table of their own (with a computer) made at `url`."""
    remotes = [
        RemoteTable.connect(url, f"P{i}", Create("classic", ("me", "bot:easy")))
        for i in range(count)
    ]
    for remote in remotes:
        assert wait_until(lambda r=remote: r.newest is not None, 10), remote.line.failure
    return remotes


def move_on(remote: RemoteTable) -> None:
    """The person plays a move at their table, and the table answers it."""

    def my_turn() -> bool:
        while remote.step():
            pass
        latest = remote.update(remote.seat)
        return latest.turn and bool(latest.legal) and not remote._pending

    assert wait_until(my_turn, 10), "the person's turn never came"
    before = remote.update(remote.seat)
    remote.submit(remote.seat, before.legal[0])
    answered = wait_until(lambda: remote.newest.actions > before.actions, 5)  # type: ignore[union-attr]
    assert answered, (remote.news.notices, remote.newest, before.token)


def test_every_table_and_seat_of_a_killed_shard_comes_back_on_the_other(
    shards: list[ShardProcess],
) -> None:
    a, b = shards
    remotes = seated(a.url, TABLES)
    for remote in remotes:
        move_on(remote)
    last = {r.news.code: r.newest.actions for r in remotes}  # type: ignore[union-attr]
    a.kill()
    killed = time.monotonic()

    def all_back() -> bool:
        return all(
            r.line.url == b.url and not r.line.retrying and r.line.joined.is_set() for r in remotes
        )

    assert wait_until(all_back, 15), [
        (r.line.url, r.line.retrying, r.line.failure) for r in remotes
    ]
    took = time.monotonic() - killed
    print(f"{TABLES} tables back on the other shard {took:.1f} s after the kill")
    assert took < 10.0
    for remote in remotes:
        assert not remote.line.failure
        assert remote.newest.actions >= last[remote.news.code]  # type: ignore[union-attr]
        move_on(remote)  # and play goes on
        remote.close()


def test_a_shard_stopped_cleanly_hands_its_tables_over_at_once(
    shards: list[ShardProcess],
) -> None:
    a, b = shards
    remotes = seated(a.url, 2)
    a.stop()
    stopped = time.monotonic()
    assert wait_until(lambda: all(r.line.url == b.url and not r.line.retrying for r in remotes), 10)
    took = time.monotonic() - stopped
    print(f"tables back {took:.1f} s after the clean stop")
    assert took < 5.0  # no lease to wait out
    for remote in remotes:
        move_on(remote)
        remote.close()


def test_redis_restarted_mid_round_loses_nothing(
    redis_server: RedisProcess, shards: list[ShardProcess]
) -> None:
    a, b = shards
    [remote] = seated(a.url, 1)
    move_on(remote)
    redis_server.stop()  # no persistence: it comes back empty

    async def create_at(url: str) -> None:
        conn = await Connection.at_table(url, "New", Create("classic", ("me", "open")))
        await conn.close()

    with pytest.raises(ServerError, match="store is away") as refused:
        run(create_at(b.url))
    assert refused.value.code == "store_away"
    move_on(remote)  # the table plays on meanwhile
    redis_server.start()

    def creates() -> bool:
        try:
            run(create_at(b.url))
        except ServerError:
            return False
        return True

    assert wait_until(creates, 15)
    # The shard claimed its table again: it is found through the other shard.
    store = redis.Redis.from_url(redis_server.url, decode_responses=True)
    assert wait_until(lambda: store.get(f"uno:table:{remote.news.code}") is not None, 5)
    assert str(store.get(f"uno:table:{remote.news.code}")).endswith(a.url)
    assert wait_until(lambda: store.exists(f"uno:snapshot:{remote.news.code}") == 1, 5)
    store.close()
    move_on(remote)
    assert not remote.line.failure and remote.line.url == a.url
    remote.close()
