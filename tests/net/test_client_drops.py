"""Drops as the client handles them: it tries again by itself with a growing wait
and takes its seat back; what it missed meanwhile comes back as events, so the
table's log is whole; the others' presence notices are kept for the screen."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from game.online.client.connection import FIRST_WAIT, LONGEST_WAIT, retry_wait
from game.online.client.hosting import HostedServer
from game.online.client.remote_table import RemoteTable
from game.online.client.table_news import TableNews
from game.online.protocol.client_messages import Create
from game.online.protocol.server_messages import Clock, Presence
from game.online.protocol.server_messages import Update as UpdateMessage
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
        assert remote.wait_joined(10) and not remote.line.failure
        assert _wait(lambda: remote.started)
        token, first = remote.news.token, remote.update(0).token
        (client,) = [c for c in hosted.server.clients if c.room is not None]
        hosted.loop.call_soon_threadsafe(client.ws.transport.abort)  # the network fails
        assert _wait(lambda: remote.line.retrying > 0, 10)  # trying again, said to the screen
        assert _wait(lambda: remote.line.retrying == 0 and len(hosted.server.clients) == 1, 20)
        assert not remote.line.failure and remote.news.token == token  # the same seat, taken back
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
    fed: list[SeatUpdate | None] = []
    back = TableNews(fed.append)
    back.take(UpdateMessage(start, True))
    back.take(UpdateMessage(replace(later, events=()), True))  # as a resume sends it
    assert fed[-1] is not None and fed[-1].events == missed
    assert back.catch_up == later.token


def test_presence_notices_are_kept_for_the_screen() -> None:
    news = TableNews(lambda update: None)
    news.take(Presence(1, "away", 60.0))
    away = news.people.away[1]
    assert away.until is not None and 59 < away.until - time.monotonic() <= 60
    assert not away.computer
    news.take(Presence(1, "computer"))
    assert news.people.away[1].computer and news.people.away[1].since == away.since
    news.take(Presence(1, "back"))
    assert 1 not in news.people.away
    assert [n.state for n in news.notices] == ["away", "computer", "back"]  # type: ignore[union-attr]


def test_the_turn_clock_counts_down_for_the_seat_it_names() -> None:
    remote = RemoteTable()
    remote.news.take(Clock(1, 30.0))
    assert remote.turn_left() is None  # no table yet
    remote.news.people.clock = (1, time.monotonic() + 12)
    remote.news.take(UpdateMessage(_fake_update(current=1), True))
    assert remote.started  # the update shown: seat 1's turn
    seat, left = remote.turn_left()  # type: ignore[misc]
    assert seat == 1 and 11 < left <= 12
    remote.news.take(UpdateMessage(_fake_update(current=0), True))
    assert remote.step()
    assert remote.turn_left() is None  # the clock ended with the turn


def _fake_update(current: int) -> SeatUpdate:
    from game.engine import Match, RuleSet
    from game.table.updates import SeatUpdate as Update

    match = Match(RuleSet.preset("classic"), 2, seed=1)
    view = replace(match.round.view(0), current=current)
    return Update(0, 1, 1, 0, view, (), ())


def test_the_client_checks_each_deal_against_its_commitment() -> None:

    from game.engine import RuleSet
    from game.online.protocol import fairness
    from game.online.protocol.deal_chain import Chain, seat_commitment, server_commitment
    from game.online.protocol.server_messages import Deal, Joined, Reveal
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
        news = TableNews(lambda update: None)
        names = ("Ann", "Bea", "Cy")
        news.take(Joined("K7QX2M", 2, "t" * 16, "classic", rules, 500, "standard", 30, 0.5, names))
        news.take(Deal.drawn(1, 1, promise, chain))
        news.take(UpdateMessage(Update(2, 0, 1, 0, dealt.view(2), (), ()), True))
        news.take(Reveal(1, reveal_key.hex(), commitment, secret.hex()))
        return news.deals.fair.get(1)

    assert told(key) is True
    assert told(bytes(32)) is False  # another key: not the committed deal
    assert told(key, secret=bytes(32)) is False  # the server's secret is not the one committed
    assert told(key, "0" * 64) is False  # the commitment revealed is not the one promised
