"""Playing again at a match's end: all yes, some yes, someone gone."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace

from game.engine import IllegalAction
from game.online.client.connection import Connection
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Join
from tests.net.helpers import host, join, run, served, url
from tests.net.social_helpers import QUICK, all_until, play_until

SEATS = ["me", "open", "bot:random"]
# Where everyone says yes the countdown is never waited out: a full one, so a loaded
# machine cannot end it between the yeses (QUICK's lasts 1 s, for the tests that
# wait it out).
UNHURRIED = replace(QUICK, second=1.0)


async def _two_at_the_end(server, **create):  # type: ignore[no-untyped-def]
    ann = await host(server, SEATS, target=1, **create)
    bob = await join(server, ann.code)
    asked = await all_until([ann, bob], "rematch")
    assert [m["yes"] for m in asked] == [[], []]
    assert asked[0]["people"] == [0, 1] and asked[0]["seconds"] > 0
    return ann, bob


def test_all_yes_starts_a_new_match_with_the_same_seats_and_options() -> None:
    async def go() -> None:
        async with served(room=UNHURRIED) as server:
            ann, bob = await _two_at_the_end(server, options={"jump_in": True})
            room = server.rooms[ann.code]
            old_match, tokens = room.play.match, [ann.token, bob.token]
            await ann.send({"type": "again"})
            told = await bob.expect("rematch")
            assert told["yes"] == [0]
            await bob.send({"type": "again"})
            again = [await c.expect("joined") for c in (ann, bob)]
            assert [j["seat"] for j in again] == [0, 1]
            assert [j["token"] for j in again] == tokens  # the seats are theirs still
            assert again[0]["rules"]["jump_in"] is True
            update = await ann.expect("update")
            assert update["round"] == 1 and update["actions"] == 0 and "history" in update
            assert room.play.match is not old_match and room.play.match.scores == (0, 0, 0)
            assert [s.kind for s in room.slots] == ["person", "person", "bot"]
            for conn in (ann, bob):
                await conn.close()

    run(go())


def test_some_yes_plays_on_after_the_countdown_with_a_computer_for_the_others() -> None:
    async def go() -> None:
        async with served(room=QUICK) as server:
            ann, bob = await _two_at_the_end(server)
            room = server.rooms[ann.code]
            await ann.send({"type": "again"})
            # Bob says nothing: after the countdown Ann plays, and Bob watches.
            watching = await bob.expect("watching")
            assert watching["code"] == ann.code and "token" not in watching
            assert (await ann.expect("joined"))["seat"] == 0
            assert [s.kind for s in room.slots] == ["person", "bot", "bot"]
            seats = await bob.expect("seats")
            assert seats["watchers"] == 1
            update = await bob.expect("update")
            assert update["view"]["hand"] == [] and update["legal"] == []
            for conn in (ann, bob):
                await conn.close()

    run(go())


def test_someone_gone_is_replaced_by_a_spectator_waiting_for_a_seat() -> None:
    async def go() -> None:
        async with served(room=UNHURRIED) as server:
            ann, bob = await _two_at_the_end(server, watch=True)
            room = server.rooms[ann.code]
            cy = await Connection.open(url(server), "Cy")
            await cy.send({"type": "watch", "code": ann.code})
            await cy.expect("watching")
            await cy.send({"type": "sit"})
            await bob.send({"type": "leave"})
            await bob.close()
            await ann.send({"type": "again"})  # everyone still here said yes: at once
            joined = await cy.expect("joined")
            assert joined["seat"] == 1 and len(joined["token"]) == 48
            assert (await ann.expect("joined"))["seat"] == 0
            assert [s.name for s in room.slots[:2]] == ["Ann", "Cy"]
            assert [s.kind for s in room.slots] == ["person", "person", "bot"]
            update = await cy.expect("update")
            assert update["seat"] == 1 and len(update["view"]["hand"]) >= 7  # 9 after a Draw Two
            for conn in (ann, cy):
                await conn.close()

    run(go())


def test_nobody_saying_yes_closes_the_table() -> None:
    async def go() -> None:
        async with served(room=QUICK) as server:
            ann, bob = await _two_at_the_end(server)
            closed = await asyncio.gather(*(c.expect("table_closed") for c in (ann, bob)))
            assert {m["reason"] for m in closed} == {"match_over"}
            for conn in (ann, bob):
                await conn.close()

    run(go())


def test_a_remote_table_shows_the_new_match_from_its_deal() -> None:
    """The game's own client: after playing again its table starts afresh (round 1,
    nothing played, a new hand), with the vote cleared."""

    async def go() -> None:
        async with served(room=UNHURRIED) as server:
            ann = await host(server, SEATS, target=1)
            bob = RemoteTable.connect(url(server), "Bob", Join(ann.code))
            assert await asyncio.to_thread(bob.wait_joined, 10)
            playing = asyncio.create_task(play_until(ann, "rematch"))
            while bob.news.social.rematch is None:
                _move(bob)
                await asyncio.sleep(0.005)
            await playing
            assert bob.match_number == 1 and bob.news.social.rematch.people == (0, 1)
            bob.again()
            await ann.send({"type": "again"})
            while not (bob.started and bob.match_number == 2):  # `started` reads the inbox
                await asyncio.sleep(0.01)
            first = bob.round_start(bob.seat)
            assert (first.round_number, first.actions) == (1, 0)
            assert len(first.view.hand) >= 7  # 9 after an opening Draw Two
            assert bob.news.social.rematch is None and sum(first.view.scores) == 0
            bob.close()
            await ann.close()

    run(go())


def _move(remote: RemoteTable) -> None:
    """The remote seat's first legal move whenever it is its turn."""
    if not remote.started:
        return
    while remote.step():
        pass
    latest = remote.update(remote.seat)
    if latest.turn and latest.legal:
        with contextlib.suppress(IllegalAction):
            remote.submit(remote.seat, latest.legal[0])


def test_in_the_hosts_own_game_the_table_plays_again_only_with_the_host() -> None:
    """The host's computer holds the match: without the host's yes the table
    closes for everyone, and the guest is never left playing at a table whose
    host only watches."""

    async def go() -> None:
        async with served(room=replace(QUICK, dedicated=False)) as server:
            ann, bob = await _two_at_the_end(server)
            room = server.rooms[ann.code]
            await bob.send({"type": "again"})  # the guest says yes, the host does not
            closed = await asyncio.gather(*(c.expect("table_closed") for c in (ann, bob)))
            assert {m["reason"] for m in closed} == {"match_over"}
            assert room.closed and room.slots[0].kind == "person"
            for conn in (ann, bob):
                await conn.close()

    run(go())


def test_in_the_hosts_own_game_the_hosts_yes_plays_on_with_those_who_agreed() -> None:
    async def go() -> None:
        async with served(room=replace(QUICK, dedicated=False)) as server:
            ann, bob = await _two_at_the_end(server)
            room = server.rooms[ann.code]
            await ann.send({"type": "again"})
            assert (await bob.expect("watching"))["code"] == ann.code
            assert (await ann.expect("joined"))["seat"] == 0
            assert room.host == 0 and [s.kind for s in room.slots] == ["person", "bot", "bot"]
            for conn in (ann, bob):
                await conn.close()

    run(go())


def test_on_a_dedicated_server_a_host_who_does_not_play_again_passes_the_role() -> None:
    async def go() -> None:
        async with served(room=QUICK) as server:
            ann, bob = await _two_at_the_end(server)
            room = server.rooms[ann.code]
            await bob.send({"type": "again"})
            assert (await ann.expect("watching"))["host"] == 1
            assert (await bob.expect("joined"))["seat"] == 1
            assert room.host == 1 and [s.kind for s in room.slots] == ["bot", "person", "bot"]
            for conn in (ann, bob):
                await conn.close()

    run(go())


def test_a_person_who_dropped_keeps_the_seat_into_the_new_match_and_comes_back() -> None:
    """The host quit to the menu mid-vote; the others played again: the host's seat
    is played by a computer, and their token takes it back (it said "the table
    has ended" before)."""

    async def go() -> None:
        async with served(room=UNHURRIED) as server:
            ann, bob = await _two_at_the_end(server)
            room = server.rooms[ann.code]
            token = ann.token
            await ann.close()
            while room.slots[0].link is not None:
                await asyncio.sleep(0.01)
            await bob.send({"type": "again"})
            assert (await bob.expect("joined"))["seat"] == 1
            while room.table is None or not room.slots[0].stand_in:
                await asyncio.sleep(0.01)
            assert room.slots[0].kind == "person" and room.slots[0].token == token
            back = await Connection.open(url(server), "Ann")
            await back.send({"type": "resume", "code": ann.code, "token": token})
            joined = await back.expect("joined")
            assert joined["seat"] == 0 and joined["token"] == token
            await back.expect("update")
            assert not room.slots[0].stand_in and room.slots[0].link is not None
            for conn in (back, bob):
                await conn.close()

    run(go())
