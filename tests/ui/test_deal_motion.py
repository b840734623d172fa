"""A round starts with its deal: one card at a time round the table from the draw
pile (backs to the others, the person's own turning face up as they arrive),
~1.5 s at 1x for four seats, faster per card at ten, stretched by the speed
setting; the first turn's words wait for the last card."""

from __future__ import annotations

import pytest

from game.app import App
from tests.ui.conftest import FRAME, table_for


class Deal:
    """A round's first frames, watched until the first card is turned up."""

    def __init__(self, app: App, players: int, speed: str) -> None:
        table = table_for(app, seed=7, players=players, speed=speed)
        self.table, self.players = table, players
        shown, g = table.picture.shown, table.geometry
        self.order: list[int] = []  # seats in the order their cards arrived
        self.faces: dict[bool, set[tuple[str | None, bool]]] = {True: set(), False: set()}
        self.done: float | None = None  # when the last card landed
        self.words_in_deal: list[str] = []
        seats = [g.backs_center(seat) for seat in range(players)]
        counts = list(shown.counts)
        lines = len(table.log.entries)
        for n in range(1, 3000):
            table.update(FRAME)
            grew = [s for s in range(players) if shown.counts[s] > counts[s]]
            assert len(grew) <= 1 or self.done is not None, "two cards arrived together"
            self.order += grew
            counts = list(shown.counts)
            if self.done is None and sum(counts) == players * 7:
                self.done = n * FRAME
            flights = table.picture.choreo.flights
            beat = min((f.beat for f in flights), default=0)  # the deal's, none after it
            for f in (f for f in flights if f.beat == beat and self.done is None):
                to_me = f.end() not in seats  # into the person's hand, not to a seat
                self.faces[to_me].add((None if f.face is None else "face", f.flip))
            if self.done is None and len(table.log.entries) > lines + 1:
                self.words_in_deal.append(table.log.entries[-1].text)
            if shown.discard:
                break


def test_four_seats_are_dealt_card_by_card_in_about_a_second_and_a_half(app: App) -> None:
    deal = Deal(app, 4, "1x")
    assert deal.done is not None and 1.3 <= deal.done <= 1.7
    first = deal.order[0]
    assert deal.order == [(first + i) % 4 for i in range(28)]  # round the table
    assert deal.faces[True] == {("face", True)}  # the person's: face down, turned over
    assert deal.faces[False] == {(None, False)}  # the others': backs
    assert deal.words_in_deal == []  # no turn is told while the cards fly


def test_ten_seats_deal_faster_per_card_and_the_speed_stretches_it(app: App) -> None:
    ten = Deal(app, 10, "1x").done
    assert ten is not None and 1.6 <= ten <= 2.3  # 70 cards, still short
    fast = Deal(app, 4, "2x").done
    assert fast is not None and 0.6 <= fast <= 0.9
    instant = Deal(app, 4, "instant")
    assert instant.done is not None and instant.done <= 2 * FRAME


@pytest.mark.parametrize("players", [4])
def test_the_first_turn_waits_for_the_deal(app: App, players: int) -> None:
    table = table_for(app, seed=7, players=players, speed="1x")
    shown = table.picture.shown
    for _ in range(3000):
        table.update(FRAME)
        if sum(shown.counts) < players * 7:
            assert not table.human_turn()  # the person cannot play into a deal
        if shown.discard:
            break
    assert sum(shown.counts) >= players * 7
