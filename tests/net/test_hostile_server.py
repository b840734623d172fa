"""A hostile server: every malformed message drops the client with one clear
reason, never a crash. A small websockets server here greets the client, then
sends what the test gives it; the client is the game's own `RemoteTable`.

The good messages mutated come from a real table (a real server, recorded), so
the families the property tests draw from are the ones a client really reads."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.online.client.connection import Connection
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Create, Join
from game.online.protocol.reader import BadServerMessage, clean_text
from game.online.protocol.server_codec import TableMemory, decode, read_message
from game.online.protocol.server_messages import Joined, Seats, Update
from game.online.protocol.update_check import TableFacts
from game.online.protocol.updates import ClientState
from game.online.protocol.version import PROTOCOL_VERSION
from tests.net.helpers import run, served, url

WELCOME = json.dumps({"type": "welcome", "protocol": PROTOCOL_VERSION, "server": "hostile"})


@pytest.fixture(scope="module")
def real() -> dict[str, dict[str, Any]]:
    """One of each message a seat is sent at the start of a real table."""

    async def record() -> dict[str, dict[str, Any]]:
        async with served() as server:
            conn = await Connection.open(url(server), "Ann", record=True)
            await conn.send(Create("classic", ("me", "bot:easy", "bot:easy")))
            await conn.expect("joined")
            while conn.update is None:
                await conn.receive()
            await conn.close()
        kept: dict[str, dict[str, Any]] = {}
        for text in conn.received:
            data = json.loads(text)
            kept.setdefault(data["type"], data)
        return kept

    return run(record())  # type: ignore[no-any-return]


class Hostile:
    """A server that says hello back, reads the client's request, then sends `frames`."""

    def __init__(self, frames: list[str | bytes]) -> None:
        self.frames = frames
        self.port = 0
        self.ready = threading.Event()
        self.stop: asyncio.Future[None] | None = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)

    async def _serve(self) -> None:
        self.stop = asyncio.get_running_loop().create_future()
        async with serve(self._talk, "127.0.0.1", 0) as server:
            self.port = server.sockets[0].getsockname()[1]
            self.loop = asyncio.get_running_loop()
            self.ready.set()
            await self.stop

    async def _talk(self, ws: ServerConnection) -> None:
        await ws.recv()  # hello
        await ws.send(WELCOME)
        await ws.recv()  # create / join / resume
        for frame in self.frames:
            await ws.send(frame)
        with contextlib.suppress(ConnectionClosed):
            async for _ in ws:  # until the client leaves
                pass

    def __enter__(self) -> Hostile:
        self.thread.start()
        self.ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(lambda: self.stop and self.stop.set_result(None))
        self.thread.join(10)


def _dropped(frames: list[str | bytes]) -> RemoteTable:
    """The client's table after the hostile server sent `frames`."""
    with Hostile(frames) as hostile:
        remote = RemoteTable.connect(f"ws://127.0.0.1:{hostile.port}", "Bea", Join("K7QX2M"))
        deadline = time.monotonic() + 15
        while not remote.failure and time.monotonic() < deadline:
            time.sleep(0.01)
        assert remote._thread is not None
        remote._thread.join(10)
        assert not remote._thread.is_alive()  # the connection is over, not hanging
    return remote


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=True)  # lone surrogates travel as \\ud800


def _broken(real: dict[str, dict[str, Any]]) -> Iterator[tuple[str, list[str | bytes]]]:
    """(what, frames) for each way a server can be wrong that a test names."""
    joined, update = real["joined"], real["update"]
    good = [_text(joined)]

    def with_update(change: Any) -> list[str | bytes]:
        bad = copy.deepcopy(update)
        change(bad)
        return [*good, _text(bad)]

    yield "binary frame", [b"\x00\x01"]
    yield "not JSON", ["{nope"]
    yield "NaN", ['{"type": "error", "code": "x", "message": NaN}']
    yield "not an object", ["[1, 2]"]
    yield "unknown type", [_text({"type": "surprise"})]
    yield "unknown field", [_text({**joined, "extra": 1})]
    yield "update before joined", [_text(update)]
    yield "seat that does not exist", [_text({**joined, "seat": 7})]
    yield "rules not the theme's", [_text({**joined, "theme": "minecraft"})]
    yield "a code that is not one", [_text({**joined, "code": "AB\u0000DEF"})]
    yield "event seat", with_update(lambda u: u["events"].append(["Skipped", 9]))
    yield "event name", with_update(lambda u: u["events"].append(["Exploded", 0]))
    yield "event arity", with_update(lambda u: u["events"].append(["Skipped", 0, 1]))
    yield "card", with_update(lambda u: u["view"]["hand"].append("red-99"))
    yield "card not in deck", with_update(lambda u: u["view"]["hand"].append("pink-3"))
    yield "hand count", with_update(lambda u: u["view"]["hand_counts"].__setitem__(0, 3))
    yield "current seat", with_update(lambda u: u["view"].__setitem__("current", 3))
    yield "legal catch", with_update(lambda u: u["legal"].append("catch 5"))
    yield "legal colour", with_update(lambda u: u["legal"].append("choose purple"))
    yield "bool as number", with_update(lambda u: u["view"].__setitem__("penalty", True))
    yield "scores per seat", with_update(lambda u: u["view"]["scores"].pop())
    yield "presence seat", [*good, _text({"type": "presence", "seat": 3, "state": "away"})]
    yield "clock", [*good, _text({"type": "clock", "seat": 0, "seconds": -1})]
    yield "error code", [_text({"type": "error", "code": "X Y", "message": "m"})]


def test_every_malformed_message_drops_the_client_with_one_reason(
    real: dict[str, dict[str, Any]],
) -> None:
    for what, frames in _broken(real):
        remote = _dropped(frames)
        assert remote.failure_code == "bad_server", (what, remote.failure)
        assert not remote.started, what


def test_a_lone_surrogate_or_control_in_text_is_cleaned_not_a_crash(
    real: dict[str, dict[str, Any]],
) -> None:
    """A name and an error with a lone surrogate: UnicodeEncodeError in the scene once."""
    joined = {**real["joined"], "names": ["An\ud800n\u202e", "Bea\x1b[31m", "Carlos"]}
    error = {"type": "error", "code": "illegal", "message": "bad\udfff\x07 " * 100}
    remote = _dropped([_text(joined), _text(error), "{nope"])
    assert list(remote.setup.names[:2]) == ["Ann", "Bea [31m"]
    for name in remote.setup.names:
        name.encode("utf-8")  # no lone surrogate is left to fail on
    notice = remote.notices[0]
    assert notice.message.encode("utf-8") and len(notice.message) <= 300  # type: ignore[union-attr]


def test_a_good_table_reads_whole(real: dict[str, dict[str, Any]]) -> None:
    """The control: the real messages pass, so the cases above fail for their one fault."""
    memory: TableMemory | None = None
    for kind in ("joined", "seats", "update"):
        message = read_message(real[kind], memory)
        if isinstance(message, Joined):
            facts = TableFacts(message.seat, len(message.names), message.rules)
            memory = TableMemory(facts, ClientState(message.rules))
    assert isinstance(read_message(real["seats"], memory), Seats)
    assert isinstance(read_message(real["update"], memory), Update)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


def _paths(data: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*path, i))


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    data = copy.deepcopy(data)
    at = data
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return data


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_field_of_any_message_replaced_never_crashes(
    real: dict[str, dict[str, Any]], data: st.DataObject
) -> None:
    """Each family (joined, seats, update: the view, events, legal, result) with one
    value anywhere in it replaced by any JSON: read, or refused; nothing else."""
    joined = read_message(real["joined"], None)
    assert isinstance(joined, Joined)
    facts = TableFacts(joined.seat, len(joined.names), joined.rules)
    kind = data.draw(st.sampled_from(sorted(real)))
    paths = [p for p in _paths(real[kind]) if p and p != ("type",)]
    path = data.draw(st.sampled_from(paths))
    value = data.draw(JSON)
    broken = _set(real[kind], path, value)
    memory = TableMemory(facts, ClientState(joined.rules))
    with contextlib.suppress(BadServerMessage):  # refused is fine; any other error is not
        decode(json.dumps(broken), memory)


@given(st.text())
def test_clean_text_always_encodes(raw: str) -> None:
    text = clean_text(raw, 50)
    text.encode("utf-8")
    assert len(text) <= 50 and not any(ord(c) < 32 for c in text)
