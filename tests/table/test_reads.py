"""A bot's read travels with its action to every seat, and is true to the view:
its counts are what the public history shows, and it names no card at all."""

from __future__ import annotations

import dataclasses

from game.ai.reads import Read, ReadKind
from game.engine import RuleSet
from game.engine import events as ev
from game.table import BotRunner, GameSetup, SeatKind, SeatSetup, SeatUpdate, Table, settled
from game.table.controllers import seat_controllers


def _table(levels: tuple[str, ...], seed: int) -> Table:
    seats = tuple(SeatSetup(f"P{i}", SeatKind.BOT, level) for i, level in enumerate(levels))
    rules = RuleSet.preset("classic")
    setup = settled(GameSetup("classic", rules, seats, target=500, seed=seed))
    return Table(setup, seat_controllers(setup, BotRunner(threaded=False)), pace=0)


def _drawn_on(history: tuple, seat: int, colour: str) -> int:
    """Times `seat` drew on `colour` and kept the card, counted from a view's history."""
    count, current, pending = 0, None, None
    for e in history:
        kind = type(e)
        if kind is ev.CardFlipped or kind is ev.CardPlayed:
            current = e.card.color or current
            pending = None
        elif kind is ev.ColorNamed:
            current = e.color
        elif kind is ev.CardsDrawn and e.reason == "draw":
            pending = (e.seat, current)
        elif kind is ev.Passed and pending is not None:
            count += pending == (seat, colour)
            pending = None
    return count


def _watch_reads(
    levels: tuple[str, ...], seed: int, rounds: int
) -> tuple[list[list[SeatUpdate]], list[SeatUpdate]]:
    """Every seat's updates that carried a read over `rounds` rounds of a match,
    and all of seat 0's updates."""
    table = _table(levels, seed)
    seen: list[list[SeatUpdate]] = [[] for _ in levels]
    everything: list[SeatUpdate] = []
    table.watch(0, everything.append)
    for seat in range(len(levels)):
        table.watch(seat, lambda u, seat=seat: u.reads and seen[seat].append(u))
    played = 0
    while not table.match_over and played < rounds:
        if table.over:
            table.next_round()
            played += 1
            continue
        table.tick(1.0)
        table.step()
    table.close()
    return seen, everything


def _caught_before(updates: list[SeatUpdate], until: SeatUpdate, seat: int) -> int:
    """Guilty challenge results against `seat` told before `until`."""
    told = 0
    for update in updates:
        if update is until:
            return told
        told += sum(
            1
            for e in update.events
            if type(e) is ev.ChallengeResult and e.guilty and e.challenged == seat
        )
    raise AssertionError("the update was never told")


def test_reads_reach_every_seat_and_are_true_to_the_view() -> None:
    seen, everything = _watch_reads(("expert", "hard", "expert", "hard"), seed=11, rounds=6)
    assert seen[0], "no bot showed a read in six rounds"
    # Every seat is told the same reads with the same actions.
    assert all([u.reads for u in s] == [u.reads for u in seen[0]] for s in seen)
    kinds = set()
    for update in seen[0]:
        for actor, read in update.reads:
            kinds.add(read.kind)
            assert isinstance(read, Read)
            for field in dataclasses.fields(read):  # seats, a count, a colour: no card
                assert isinstance(getattr(read, field.name), (int, str, type(None)))
            history = update.view.history
            if read.kind is ReadKind.DREW_ON:
                named = [e for e in update.events if type(e) is ev.ColorNamed]
                assert named and named[0].seat == actor and named[0].color == read.color
                assert read.count == _drawn_on(history, read.seat, read.color) >= 1
            elif read.kind is ReadKind.BLUFF_WOULD_PAY:
                result = next(e for e in update.events if type(e) is ev.ChallengeResult)
                assert result.challenger == actor and result.challenged == read.seat
                assert 1 <= read.count <= 2
            elif read.kind is ReadKind.CAUGHT_BEFORE:
                assert 1 <= read.count <= _caught_before(everything, update, read.seat)
    assert ReadKind.DREW_ON in kinds  # (challenges are rarer: tests/ai/test_challenges.py)
