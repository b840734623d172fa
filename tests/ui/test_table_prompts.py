"""Prompts on stacked decks: draw then play or keep, the starting colour, a Wild
Draw Four challenge with the revealed hand, a Draw Two stack, the pass screen."""

from __future__ import annotations

import pygame

from game.engine import MatchContext, Round, RuleSet
from game.engine.actions import PASS
from game.ui.scenes.pass_device import PassScene
from game.ui.scenes.table import TableScene
from game.ui.session import NAMES, GameSetup, SeatSetup, Session
from tests.ui.conftest import FRAME, run_until

# Two players, dealer 1: seat 0 gets deck[0], deck[2] ... and plays first; deck[14] is
# flipped and deck[15] is the next card drawn.
NO_MATCH = ["green-1", "blue-2", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
OTHER = ["blue-7", "blue-8", "green-8", "yellow-8", "yellow-9", "green-9", "blue-9"]


def _deal(seat0: list[str], seat1: list[str]) -> list[str]:
    return [card for pair in zip(seat0, seat1, strict=True) for card in pair]


def stacked(app, deck: list[str], humans: tuple[int, ...] = (0,), **options) -> TableScene:  # noqa: ANN001
    rules = RuleSet.preset("classic").replace(**options)
    seats = tuple(SeatSetup(NAMES[i], human=i in humans) for i in range(2))
    setup = GameSetup("classic", rules, seats, seed=1, speed="instant")
    session = Session(setup)
    session.match.round = Round.start(rules, 2, dealer=1, deck=deck,
                                      context=MatchContext((0, 0), 500))
    table = TableScene(app, setup, session=session)
    app.start(table)
    return table


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _press(app, key: int) -> None:  # noqa: ANN001
    """A key, then frames until the table is still again."""
    _key(key)
    app.step(FRAME)
    table = app.stack.scenes[0]
    run_until(app, lambda: not table.choreo.busy)


def _ready(app, table: TableScene, seat: int) -> None:  # noqa: ANN001
    """Get past the pass screen (if any) to `seat`'s turn, table still."""
    assert run_until(app, lambda: isinstance(app.stack.top, PassScene) or table.human_turn())
    if isinstance(app.stack.top, PassScene):
        _press(app, pygame.K_RETURN)
    assert run_until(app, lambda: table.human_turn() and table.viewer == seat)


def _keys(table: TableScene) -> set[str]:
    from game.ui.scenes.table_input import controls

    return {b.key for b in controls(table)}


def test_a_drawn_card_that_fits_can_be_played_at_once(app) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "red-9"])
    _ready(app, table, 0)
    _press(app, pygame.K_d)
    assert table.round.phase == "drawn"
    assert {"play_drawn", "keep"} <= _keys(table)
    _press(app, pygame.K_RETURN)
    assert any(seat == 0 and a[0] == "play" and str(a.card) == "red-9"
               for seat, a in table.round.log)


def test_keep_ends_the_turn(app) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "red-9"])
    _ready(app, table, 0)
    _press(app, pygame.K_d)
    _press(app, pygame.K_k)
    assert (0, PASS) in table.round.log


def test_a_wild_flipped_first_asks_for_the_colour_with_keys(app) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["wild"])
    _ready(app, table, 0)
    assert table.round.phase == "color"
    _press(app, pygame.K_3)  # the third colour of the classic deck
    assert table.round.color == "green"


def test_challenge_prompt_and_the_revealed_hand(app) -> None:  # noqa: ANN001
    seat0 = ["wild-draw4", "red-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["red-5"], humans=(0, 1))
    _ready(app, table, 0)
    table.focus = 0
    from game.ui.scenes.table_input import card_chosen

    card_chosen(table, table.round.hand(0)[0])  # the wild draw four
    assert table.choice is not None and table.choice.question == "color"
    _press(app, pygame.K_4)  # blue
    _ready(app, table, 1)
    assert {"challenge", "accept"} <= _keys(table)
    before = len(table.round.hand(0))
    _press(app, pygame.K_c)
    assert len(table.round.hand(0)) == before + 4  # guilty: seat 0 held red
    run_until(app, lambda: not table.choreo.busy)
    assert table.shown.reveal is not None and table.shown.reveal.guilty


def test_a_draw_two_stack_offers_take_n(app) -> None:  # noqa: ANN001
    seat0 = ["red-draw2", "green-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["red-5"], humans=(0, 1))
    _ready(app, table, 0)
    from game.ui.scenes.table_input import card_chosen

    card_chosen(table, table.round.hand(0)[0])
    _ready(app, table, 1)
    assert "accept" in _keys(table)
    before = len(table.round.hand(1))
    _press(app, pygame.K_t)
    assert len(table.round.hand(1)) == before + 2
