"""The store's connection: commands counted, scripts reloaded after Redis forgot
them, and a Redis that stalls refused as fast as one that is gone."""

from __future__ import annotations

import socket
import time

import pytest

from game.online.server.cluster.store import Script, Store, StoreUnavailable
from tests.online.server.cluster.helpers import RedisProcess, run

ADD = Script("return redis.call('INCRBY', KEYS[1], ARGV[1])")


def test_commands_and_round_trips_are_counted(redis_server: RedisProcess) -> None:
    async def go() -> None:
        store = redis_server.store()
        await store.run(("SET", store.key("a"), 1), ("GET", store.key("a")), ("DEL", "x"))
        await store.one("PING")
        assert (store.operations.commands, store.operations.round_trips) == (4, 2)
        assert store.operations.per(2) == 2.0
        assert await store.run() == []  # nothing to send: no round trip
        assert store.operations.round_trips == 2
        await store.close()

    run(go())


def test_scripts_forgotten_by_redis_are_loaded_again(redis_server: RedisProcess) -> None:
    async def go() -> None:
        store = redis_server.store()
        store.know(ADD)
        await store.one("SCRIPT", "LOAD", ADD.lua)
        assert await store.one(*ADD.call((store.key("n"),), (2,))) == 2
        await store.one("SCRIPT", "FLUSH")  # as after a restart
        assert await store.run(ADD.call((store.key("n"),), (3,)), ("GET", store.key("n"))) == [
            5,
            "5",
        ]
        await store.close()

    run(go())


def test_a_redis_that_stops_answering_is_unavailable_within_the_timeout() -> None:
    with socket.socket() as silent:  # takes connections, never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]

        async def go() -> None:
            store = Store.connect(f"redis://127.0.0.1:{port}/0", timeout=0.3)
            started = time.monotonic()
            with pytest.raises(StoreUnavailable, match="not reachable"):
                await store.one("GET", "x")
            assert time.monotonic() - started < 1.5

        run(go())


def test_a_redis_that_is_gone_is_unavailable_at_once() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again below: nothing listens there

    async def go() -> None:
        store = Store.connect(f"redis://127.0.0.1:{port}/0")
        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="not reachable"):
            await store.run(("GET", "x"), ("GET", "y"))
        assert time.monotonic() - started < 0.5

    run(go())
