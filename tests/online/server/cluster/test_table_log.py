"""A table stored as its whole snapshot now and then and the actions since
(table_log): what the store holds, read and replayed, is at every moment the
table as it is in memory, for every rule set, through rounds, out-of-turn
catches and jump-ins; and a shard killed with SIGKILL after many actions with
no whole snapshot since comes back on another with every action it wrote."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game.engine import Match, RuleSet
from game.engine.legal import out_of_turn
from game.online.protocol.fairness import Seal
from game.online.server.cluster import membership, table_log
from game.online.server.cluster.snapshots import dump, read
from game.online.server.cluster.table_log import Actions, TableLog, replayed
from tests.online.server.cluster.helpers import Node, RedisProcess, run

ROOT = Path(__file__).resolve().parents[4]


def table(theme: str, seed: int) -> Any:
    """What the log reads of a server's Room, about a real match of four."""
    match = Match(RuleSet.preset(theme), 4, seed=seed, target=10_000)
    slots = [
        SimpleNamespace(kind="person", name=f"P{s}", level="", token=f"t{s}") for s in range(4)
    ]
    return SimpleNamespace(
        code="ABCD",
        closed=False,
        match=match,
        host=0,
        owner="",
        public=False,
        watchable=False,
        timer=30,
        slots=slots,
        deals=SimpleNamespace(seal=Seal()),
    )


def whole(room: Any) -> dict[str, Any]:
    """The table's snapshot data (the server's is room_data.room_to_data)."""
    names = [[s.kind, s.name, s.level, s.token] for s in room.slots]
    return {"code": room.code, "slots": names, "match": room.match.to_data()}


def act(room: Any, rng: random.Random) -> None:
    """One move: the current seat's, now and then another seat's catch or jump-in;
    the next round once one is over."""
    match = room.match
    if match.round.over:
        match.next_round()
        return
    others = [
        (s, a) for s in range(4) if s != match.round.current for a in out_of_turn(match.round, s)
    ]
    if others and rng.random() < 0.5:
        seat, action = rng.choice(others)
        match.round.apply(action, seat)
        return
    legal = match.round.legal_actions()
    plays = [a for a in legal if a.tag == "play"]  # as people do: a round ends now and then
    match.round.apply(rng.choice(plays if plays and rng.random() < 0.9 else legal))


def stored_after(text: str, write: object) -> str:
    """What Redis holds after the write (snapshots.WRITE: set, or append)."""
    if isinstance(write, Actions):
        assert text, "actions appended to no snapshot"
        return text + write.line()
    return dump("online-table", 1, write)


def taken_up(text: str) -> dict[str, Any]:
    return replayed(read(text, "online-table", 1), text)  # as JSON: room_from_data reads it


@pytest.mark.parametrize("theme", RuleSet.preset_names())
def test_the_stored_text_replayed_is_always_the_table_in_memory(theme: str) -> None:
    rng = random.Random(theme)
    room, log, text = table(theme, rng.randrange(2**31)), TableLog(), ""
    appended = wholes = rounds = 0
    for move in range(600):
        for _ in range(rng.choice((1, 1, 1, 3))):  # now and then several moves a write
            act(room, rng)
        if move % 97 == 13:  # a seat changes hands: written whole
            room.slots[1].token = f"t{move}"
        write = log.take(room, lambda: whole(room))
        appended += isinstance(write, Actions)
        wholes += not isinstance(write, Actions)
        rounds = len(room.match.round_logs)
        text = stored_after(text, write)
        assert taken_up(text) == json.loads(json.dumps(whole(room))), move
    assert rounds >= 2 and appended > 10 * wholes  # rounds played; mostly appended


def test_a_whole_snapshot_at_least_every_whole_every_writes() -> None:
    rng = random.Random(1)
    room, log = table("classic", 7), TableLog()
    kinds = []
    for _ in range(table_log.WHOLE_EVERY + 2):
        room.match.round.apply(rng.choice(room.match.round.legal_actions()))  # a long round
        kinds.append(isinstance(log.take(room, lambda: whole(room)), Actions))
    assert not room.match.round.over
    assert not kinds[0]  # the first write is whole
    assert all(kinds[1 : table_log.WHOLE_EVERY + 1])
    assert not kinds[table_log.WHOLE_EVERY + 1]
    log.forget()  # a write that may not have landed: the next is whole
    room.match.round.apply(rng.choice(room.match.round.legal_actions()))
    assert not isinstance(log.take(room, lambda: whole(room)), Actions)


def test_a_line_that_does_not_follow_on_is_not_replayed() -> None:
    rng = random.Random(2)
    room, log = table("classic", 3), TableLog()
    text = stored_after("", log.take(room, lambda: whole(room)))
    kept = len(room.match.round.log)
    for _ in range(3):
        act(room, rng)
    first = log.take(room, lambda: whole(room))
    assert isinstance(first, Actions) and first.entries
    for _ in range(3):
        act(room, rng)
    second = log.take(room, lambda: whole(room))
    gap = text + second.line()  # the first line missing (Redis lost it)
    assert len(taken_up(gap)["match"]["round"]["log"]) == kept


# The shard that dies: plays one table (its players told only once stored), a whole
# snapshot first and then only actions, and says how many actions are stored.
SHARD = """
import asyncio, sys
from game.online.server.cluster.table_log import Next, TableLog
from tests.online.server.cluster.helpers import Node
from tests.online.server.cluster.test_table_log import act, table, whole
import random

async def nothing(*_):
    pass

async def main(url):
    node = Node(url, "ws://doomed:1", lease=5.0, beat=1.0)
    node.snapshots.delay = 0
    await node.members.join()
    assert await node.directory.claim("ABCD")
    beat = asyncio.create_task(node.members.run(nothing, nothing, set))
    room, log, rng = table("classic", 11), TableLog(), random.Random(5)
    while log.appended < 25:
        act(room, rng)
        node.snapshots.mark("ABCD", Next(log, room, lambda: whole(room)))
        assert await node.snapshots.stored("ABCD")
    print(len(room.match.round_logs), len(room.match.round.log), flush=True)
    await asyncio.sleep(3600)  # its lease renewed until it is killed

asyncio.run(main(sys.argv[1]))
"""


def test_a_shard_killed_after_actions_with_no_whole_snapshot_comes_back_with_each(
    redis_server: RedisProcess,
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    doomed = subprocess.Popen(
        [sys.executable, "-c", SHARD, redis_server.url],
        stdout=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    try:
        assert doomed.stdout is not None
        # killed once 25 writes of actions were stored since its whole snapshot
        rounds, actions = (int(x) for x in doomed.stdout.readline().split())
        os.kill(doomed.pid, signal.SIGKILL)
        killed = time.monotonic()
    finally:
        doomed.kill()
        doomed.wait(10)

    async def go() -> dict[str, Any]:
        survivor = Node(redis_server.url, "ws://survivor:2", lease=5.0, beat=membership.BEAT)
        await survivor.members.join()
        resumed: dict[str, Any] = {}

        async def load(code: str, snapshot: str | None) -> None:
            assert snapshot is not None and snapshot.count("\n") == 25  # actions after it
            resumed[code] = replayed(read(snapshot, "table", 1), snapshot)

        loop = asyncio.create_task(survivor.members.run(load, nothing, set))
        while not resumed and time.monotonic() - killed < 15:
            await asyncio.sleep(0.05)
        survivor.members.stop()
        loop.cancel()
        return resumed

    resumed = run(go())
    match = Match.from_data(resumed["ABCD"]["match"])
    assert (len(match.round_logs), len(match.round.log)) == (rounds, actions)
    # the very table the dead shard played, every action of it
    again, rng = table("classic", 11), random.Random(5)
    while (len(again.match.round_logs), len(again.match.round.log)) != (rounds, actions):
        act(again, rng)
    assert resumed["ABCD"] == json.loads(json.dumps(whole(again)))


async def nothing(*_: object) -> None:
    pass
