"""Whole matches driven headless through `Table`, with mixed controllers."""

from __future__ import annotations

import logging
import random
import threading
import time
from pathlib import Path

import pytest

from game.engine import IllegalAction, RuleSet, events
from game.engine.actions import Action
from game.files.storage import Store
from game.table import (
    AsyncSeat,
    BotRunner,
    BotSeat,
    GameSetup,
    LocalSeat,
    ReplaySeat,
    Script,
    SeatKind,
    SeatSetup,
    SeatUpdate,
    Table,
    make_bot,
    saved_game,
    seat_controllers,
    settled,
)
from game.table.record import MatchRecord

HUMAN, BOT = SeatKind.HUMAN, SeatKind.BOT


def _setup(kinds: tuple[SeatKind, ...], preset: str = "classic", seed: int = 3) -> GameSetup:
    seats = tuple(SeatSetup(f"P{i}", k, "easy") for i, k in enumerate(kinds))
    return settled(GameSetup(preset, RuleSet.preset(preset), seats, target=150, seed=seed))


def _person(update: SeatUpdate, rng: random.Random) -> Action | None:
    """A scripted person: plays a card when they can, else what else there is; out of
    turn, catches whoever forgot UNO."""
    legal = list(update.legal)
    if not update.turn:
        return next((a for a in legal if a[0] == "catch"), None)
    plays = [a for a in legal if a[0] == "play"]
    return rng.choice(plays or [a for a in legal if a[0] != "catch"])


def _play_out(table: Table, rng: random.Random, max_steps: int = 20000) -> None:
    """Until the match is over: the people's actions submitted, time passing."""
    for _ in range(max_steps):
        if table.match_over:
            return
        if table.over:
            table.next_round()
            continue
        for seat in table.humans:
            action = _person(table.update(seat), rng)
            if action is not None:
                table.submit(seat, action)
                break
        else:
            table.tick(0.1)
            table.step()
    raise AssertionError("the match did not end")


def test_people_and_bots_finish_a_match_and_a_replay_plays_it_again() -> None:
    setup = _setup((HUMAN, BOT, BOT, HUMAN))
    table = Table(setup, seat_controllers(setup, BotRunner(threaded=False)))
    _play_out(table, random.Random(1))
    logs = table.round_logs()
    assert table.match_over and len(logs) == table.round_number
    assert {seat for log in logs for seat, _ in log} == {0, 1, 2, 3}

    watched = settled(
        GameSetup(
            setup.theme,
            setup.rules,
            tuple(SeatSetup(s.name, SeatKind.REPLAY) for s in setup.seats),
            setup.target,
            seed=setup.seed,
        )
    )
    replay = Table(watched, seat_controllers(watched, BotRunner(False), Script(logs)), pace=0)
    assert replay.humans == []
    _play_out(replay, random.Random(2))
    assert replay.round_logs() == logs
    assert replay.match.scores == table.match.scores


def test_a_seat_is_told_only_what_it_may_see() -> None:
    """Two people at one computer (hot seat): neither update ever carries the other's cards."""
    setup = _setup((HUMAN, HUMAN, BOT), seed=8)
    table = Table(setup, seat_controllers(setup, BotRunner(threaded=False)))
    told: dict[int, list[SeatUpdate]] = {0: [], 1: []}
    for seat in told:
        table.watch(seat, told[seat].append)
    _play_out(table, random.Random(4))
    assert told[0] and told[1]
    for seat, updates in told.items():
        for update in updates:
            assert update.seat == seat and update.view.seat == seat
            for e in update.events:
                if isinstance(e, events.CardsDrawn) and e.seat != seat:
                    assert e.cards == ()
                if isinstance(e, events.CardsGiven) and e.giver != seat:
                    assert all(card is None for to, card in e.gifts if to != seat)
            assert all(card in update.view.hand for card in _own_cards(update.events, seat))
    # Every change reached both people, in order.
    tokens = [u.token for u in told[0]]
    assert tokens == sorted(tokens) and [u.token for u in told[1]] == tokens


def _own_cards(happened: tuple, seat: int) -> list:
    """Cards the seat drew in these events (the last ones it may still hold)."""
    drawn = [
        c for e in happened if isinstance(e, events.CardsDrawn) and e.seat == seat for c in e.cards
    ]
    return drawn[-1:]


def test_continue_mid_turn_resumes_the_same_match(tmp_path: Path) -> None:
    setup = _setup((HUMAN, BOT, BOT), preset="monster_high", seed=11)
    store = Store(tmp_path)
    first = Table(setup, seat_controllers(setup, BotRunner(False)), pace=0)
    first.recorder = MatchRecord(store, setup, first.match)
    for _ in range(400):  # the person always draws, until a drawn card may be played
        if first.update(0).phase == "drawn":
            break
        seat = first.match.round.current
        if first.kind(seat) is HUMAN:
            legal = first.update(seat).legal
            first.submit(seat, next((a for a in legal if a[0] == "draw"), legal[0]))
        else:
            first.step()
    assert first.update(0).phase == "drawn"  # mid-turn: the person has drawn, not decided
    first.flush(wait=True)

    saved = saved_game.load(store)
    assert saved is not None and saved.setup == setup
    second = Table(saved.setup, seat_controllers(saved.setup, BotRunner(False)), saved.match)
    for seat in range(setup.players):
        a, b = first.update(seat), second.update(seat)
        assert (a.view, a.legal, a.round_number, a.actions) == (b.view, b.legal, 1, b.actions)
    # From here both go on identically, action for action.
    for _ in range(30):
        if first.over:
            break
        seat = first.match.round.current
        action = random.Random(len(first.match.round.log)).choice(first.update(seat).legal)
        assert first.match.round.apply(action, seat) == second.match.round.apply(action, seat)
    assert first.match.round.log == second.match.round.log


class RaisingBot:
    """Fails on every decision, as a buggy bot would."""

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        raise RuntimeError("boom")

    def react(self, view, legal):  # noqa: ANN001, ANN201
        raise RuntimeError("boom out of turn")


class IllegalBot:
    def choose(self, view, legal):  # noqa: ANN001, ANN201
        return ("play", "nonsense")

    def react(self, view, legal):  # noqa: ANN001, ANN201
        return ("catch", 99)


@pytest.mark.parametrize("broken", [RaisingBot, IllegalBot])
def test_a_failing_bot_does_not_stop_the_table(broken, caplog) -> None:  # noqa: ANN001
    setup = _setup((BOT, BOT, BOT), seed=6)
    runner = BotRunner(False)
    seats = seat_controllers(setup, runner)
    seats[1] = BotSeat(broken(), runner, random.Random(1))
    table = Table(setup, seats, pace=0)
    with caplog.at_level(logging.ERROR, logger="game.table"):
        _play_out(table, random.Random(3))
    assert table.match_over
    assert table.errors and all(e.startswith("seat 1:") for e in table.errors)
    assert any("seat 1" in r.getMessage() for r in caplog.records)
    # Seat 1 still played its turns: with safe actions only, never a challenge or catch.
    mine = [a for log in table.round_logs() for s, a in log if s == 1]
    assert mine and all(a[0] not in ("challenge", "catch") for a in mine)


def test_bots_think_for_a_while_in_virtual_time() -> None:
    setup = _setup((BOT, BOT), seed=2)
    table = Table(setup, seat_controllers(setup, BotRunner(False)), pace=1.0)
    before = len(table.match.round.log)
    table.step()  # asked now; the answer waits for the pause
    assert table.thinking() == table.match.round.current
    due = table.next_due()
    assert due is not None and 0.6 <= due <= 0.9
    table.tick(0.59)
    assert not table.step() and len(table.match.round.log) == before
    table.tick(0.31)  # THINK is 0.6 to 0.9 s at 1x
    assert table.step() and len(table.match.round.log) == before + 1


def test_bots_on_a_worker_thread_finish_a_match() -> None:
    setup = _setup((BOT, BOT, BOT), seed=4)
    table = Table(setup, seat_controllers(setup, BotRunner(threaded=True)), pace=0)
    deadline = time.monotonic() + 60
    while not table.match_over and time.monotonic() < deadline:
        if table.over:
            table.next_round()
        elif not table.step():
            time.sleep(0.001)  # the worker is deciding
    table.close()
    assert table.match_over and table.errors == []


class ThreadedRemote(AsyncSeat):
    """Answers from another thread, as a network connection would."""

    def __init__(self, answers_seen: list[int]) -> None:
        super().__init__()
        self.seen = answers_seen

    def send(self, update: SeatUpdate) -> None:
        def reply() -> None:
            time.sleep(0.001)
            self.seen.append(update.token)
            self.answer(update.token, _person(update, random.Random(update.token)))

        threading.Thread(target=reply).start()


def test_a_remote_seat_answers_asynchronously() -> None:
    setup = _setup((BOT, BOT, SeatKind.REMOTE), seed=9)
    woken = threading.Event()
    seen: list[int] = []
    seats = seat_controllers(setup, BotRunner(False), remote=lambda seat: ThreadedRemote(seen))
    table = Table(setup, seats, pace=0, on_answer=woken.set)
    assert table.kind(2) is SeatKind.REMOTE and table.humans == []
    deadline = time.monotonic() + 60
    while not table.match_over and time.monotonic() < deadline:
        if table.over:
            table.next_round()
        elif not table.step():
            woken.wait(0.05)
            woken.clear()
    assert table.match_over
    assert any(s == 2 for log in table.round_logs() for s, _ in log)
    remote = seats[2]
    assert isinstance(remote, AsyncSeat) and not remote.answer(
        -1, None
    )  # an answer to a question nobody asked is dropped


def test_submit_refuses_what_is_not_allowed_and_changes_nothing() -> None:
    setup = _setup((HUMAN, BOT), seed=5)
    table = Table(setup, seat_controllers(setup, BotRunner(False)))
    assert isinstance(table.controllers[0], LocalSeat)
    bot_seat = 1
    legal = table.update(bot_seat).legal
    with pytest.raises(IllegalAction):
        table.submit(bot_seat, legal[0] if legal else ("draw",))  # type: ignore[arg-type]
    token = table.token
    with pytest.raises(IllegalAction):
        table.submit(0, ("catch", 1))  # type: ignore[arg-type]
    assert table.token == token and table.match.round.log == []


def test_a_replay_seat_answers_only_its_own_recorded_actions() -> None:
    setup = _setup((BOT, BOT), seed=1)
    table = Table(setup, seat_controllers(setup, BotRunner(False)), pace=0)
    for _ in range(5):
        table.step()
    script = Script(table.round_logs())
    seat, action = table.round_logs()[0][0]
    fresh = Table(setup, [ReplaySeat(script), ReplaySeat(script)], pace=0)
    first = fresh.update(seat)
    assert ReplaySeat(script).decide(first).result() == action
    assert ReplaySeat(script).decide(fresh.update(1 - seat)).result() is None


def test_make_bot_is_the_ai_one() -> None:
    from game.ai import make_bot as ai_make_bot

    assert make_bot is ai_make_bot


def test_a_remote_player_may_answer_what_it_watches_before_being_asked() -> None:
    """A connection that watches its seat answers each update at once, inside the
    table's publishing; the answer waits for the table's question."""
    setup = _setup((BOT, SeatKind.REMOTE), seed=13)
    seats = seat_controllers(setup, BotRunner(False), remote=lambda seat: AsyncSeat())
    remote = seats[1]
    assert isinstance(remote, AsyncSeat)
    table = Table(setup, seats, pace=0)
    rng = random.Random(7)

    def respond(update: SeatUpdate) -> None:
        if update.legal:
            remote.answer(update.token, _person(update, rng))

    table.watch(1, respond)
    respond(table.round_start(1))
    for _ in range(3000):
        if table.over:
            break
        table.step()
    assert table.over
    assert any(s == 1 for s, _ in table.match.round.log)
    assert not remote.answer(0, None)  # long gone: the table has moved on from token 0


def test_a_seat_whose_player_left_is_played_on_by_a_bot() -> None:
    setup = _setup((BOT, SeatKind.REMOTE), seed=14)
    silent = AsyncSeat()  # asked, never answers: the player has gone
    table = Table(setup, seat_controllers(setup, BotRunner(False), remote=lambda s: silent), pace=0)
    for _ in range(50):
        table.step()
    assert table.match.round.current == 1 and not table.over  # waiting for the player
    asked = table.token
    table.seat(1, BotSeat(make_bot("easy", random.Random(2)), BotRunner(False)))
    _play_out(table, random.Random(1))
    assert table.match_over
    assert not silent.answer(asked, None)  # the question was withdrawn


def test_a_replay_keeps_a_steady_beat_from_move_to_move() -> None:
    """0.7 s a move at 1x counted from the last move, so a move whose animation
    took longer is followed at once (the client calls step when it is still)."""
    setup = _setup((BOT, BOT), seed=1)
    played = Table(setup, seat_controllers(setup, BotRunner(False)), pace=0)
    for _ in range(6):
        played.step()
    script = Script(played.round_logs())
    table = Table(setup, [ReplaySeat(script), ReplaySeat(script)], pace=1.0)
    assert table.step()  # the first move goes at once
    table.tick(0.5)  # say the move's animation ended here
    assert not table.step()
    table.tick(0.2)
    assert table.step()  # 0.7 s after the first move
    table.tick(1.5)  # a long animation: the beat has passed
    assert table.step()
    assert table.round_logs()[0] == played.round_logs()[0][:3]
