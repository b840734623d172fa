"""Drops as the client handles them: it tries again by itself with a growing wait
and takes its seat back; what it missed meanwhile comes back as events, so the
table's log is whole; the others' presence notices are kept for the screen."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from game.online.client.hosting import HostedServer
from game.online.client.remote_table import FIRST_WAIT, LONGEST_WAIT, RemoteTable, retry_wait
from game.online.protocol.client_messages import Create
from game.online.protocol.server_messages import Clock, Presence
from game.online.server.room import RoomOptions
from game.table import SeatUpdate


def _wait(done, seconds: float = 20) -> bool:  # noqa: ANN001 - a predicate
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.02)
    return done()


def test_the_wait_between_tries_doubles_up_to_a_ceiling_with_jitter() -> None:
    rng = random.Random(1)
    waits = [retry_wait(attempt, rng) for attempt in range(1, 10)]
    assert FIRST_WAIT * 0.75 <= waits[0] <= FIRST_WAIT
    assert all(w <= LONGEST_WAIT for w in waits) and waits[-1] >= LONGEST_WAIT * 0.75
    assert waits[3] > waits[1] > waits[0]
    assert len({round(w, 6) for w in waits}) == len(waits)  # clients do not retry in step


def test_a_dropped_connection_is_made_again_and_the_seat_taken_back() -> None:
    hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    try:
        create = Create("classic", ("me", "bot:easy"), timer=600)
        remote = RemoteTable.connect(hosted.url, "Ann", create)
        assert remote.wait_joined(10) and not remote.failure
        assert _wait(lambda: remote.started)
        token, first = remote.token, remote.update(0).token
        (client,) = [c for c in hosted.server.clients if c.room is not None]
        hosted.loop.call_soon_threadsafe(client.ws.transport.abort)  # the network fails
        assert _wait(lambda: remote.retrying > 0, 10)  # trying again, said to the screen
        assert _wait(lambda: remote.retrying == 0 and len(hosted.server.clients) == 1, 20)
        assert not remote.failure and remote.token == token  # the same seat, taken back
        (room,) = hosted.server.rooms.values()
        assert room.slots[0].link is not None  # here again, as the server sees it
        assert _wait(lambda: remote.step() or remote.update(0).token >= first)
    finally:
        hosted.stop()


def test_what_was_missed_while_away_comes_back_as_events() -> None:
    """The full update after a resume carries the round's whole history; the table is
    given the part it had not seen as that update's events, to animate and log."""
    hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    try:
        remote = RemoteTable.connect(hosted.url, "Ann", Create("classic", ("me", "bot:easy")))
        assert _wait(lambda: remote.started)
        start = remote.round_start(0)
        while remote.update(0).view.history == start.view.history:
            assert _wait(remote.step, 10) or remote.update(0).turn
            if remote.update(0).turn:  # our move, so the round goes on
                remote.submit(0, remote.update(0).legal[0])
        later = remote.update(0)
    finally:
        hosted.stop()
    missed = later.view.history[len(start.view.history) :]
    assert missed and later.view.history[: len(start.view.history)] == start.view.history
    back = RemoteTable()
    back._received_update(start, True)
    back._received_update(replace(later, events=()), True)  # as a resume sends it
    back._drain()
    assert back._pending[-1].events == missed


def test_presence_notices_are_kept_for_the_screen() -> None:
    remote = RemoteTable()
    remote._presence(Presence(1, "away", 60.0))
    away = remote.away[1]
    assert away.until is not None and 59 < away.until - time.monotonic() <= 60
    assert not away.computer
    remote._presence(Presence(1, "computer"))
    assert remote.away[1].computer and remote.away[1].since == away.since
    remote._presence(Presence(1, "back"))
    assert 1 not in remote.away
    assert [n.state for n in remote.notices] == ["away", "computer", "back"]  # type: ignore[union-attr]


def test_the_turn_clock_counts_down_for_the_seat_it_names() -> None:
    remote = RemoteTable()
    remote._take(Clock(1, 30.0), None)  # type: ignore[arg-type]
    assert remote.turn_left() is None  # no table yet
    remote.clock = (1, time.monotonic() + 12)
    remote._latest = _fake_update(current=1)
    seat, left = remote.turn_left()  # type: ignore[misc]
    assert seat == 1 and 11 < left <= 12
    remote._latest = _fake_update(current=0)
    assert remote.turn_left() is None  # the clock ended with the turn


def _fake_update(current: int) -> SeatUpdate:
    from game.engine import Match, RuleSet
    from game.table.updates import SeatUpdate as Update

    match = Match(RuleSet.preset("classic"), 2, seed=1)
    view = replace(match.round.view(0), current=current)
    return Update(0, 1, 1, 0, view, (), ())


def test_the_client_checks_each_deal_against_its_commitment() -> None:
    from types import SimpleNamespace

    from game.engine import RuleSet
    from game.online.client.deal_secrets import DealSecrets
    from game.online.protocol import fairness
    from game.online.protocol.deal_chain import Chain, seat_commitment, server_commitment
    from game.online.protocol.server_messages import Deal, Reveal
    from game.table.updates import SeatUpdate as Update

    rules = RuleSet.preset("classic")
    server, mine = bytes(range(32)), bytes(range(1, 33))
    chain = Chain(
        1, server_commitment(server), (None, None, seat_commitment(mine)), (None, None, mine.hex())
    )
    key = chain.key(server)
    dealt = fairness.deal_again(rules, 3, 1, key)
    promise = fairness.commitment(key, fairness.deck_text(dealt))

    def told(reveal_key: bytes, commitment: str = promise, secret: bytes = server) -> bool | None:
        remote = RemoteTable()
        conn = SimpleNamespace(draw=DealSecrets())
        remote.seat, remote.setup = 2, replace(remote.setup, rules=rules)
        remote._take(Deal.drawn(1, 1, promise, chain), conn)  # type: ignore[arg-type]
        remote._received_update(Update(2, 0, 1, 0, dealt.view(2), (), ()), True)
        reveal = Reveal(1, reveal_key.hex(), commitment, secret.hex())
        remote._take(reveal, conn)  # type: ignore[arg-type]
        return remote.fair.get(1)

    assert told(key) is True
    assert told(bytes(32)) is False  # another key: not the committed deal
    assert told(key, secret=bytes(32)) is False  # the server's secret is not the one committed
    assert told(key, "0" * 64) is False  # the commitment revealed is not the one promised
