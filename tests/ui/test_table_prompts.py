"""Prompts on stacked decks: draw then play or keep, the starting colour, a Wild
Draw Four challenge with the revealed hand, a Draw Two stack, the pass screen."""

from __future__ import annotations

import json

import pygame
import pytest

from game.engine import Match, MatchContext, Round, RuleSet
from game.engine.actions import PASS
from game.table import NAMES, GameSetup, SeatKind, SeatSetup
from game.ui.scenes.pass_device import PassScene
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME, run_until

# Two players, dealer 1: seat 0 gets deck[0], deck[2] ... and plays first; deck[14] is
# flipped and deck[15] is the next card drawn.
NO_MATCH = ["green-1", "blue-2", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
OTHER = ["blue-7", "blue-8", "green-8", "yellow-8", "yellow-9", "green-9", "blue-9"]


def _deal(seat0: list[str], seat1: list[str]) -> list[str]:
    return [card for pair in zip(seat0, seat1, strict=True) for card in pair]


def stacked(
    app,
    deck: list[str],
    humans: tuple[int, ...] = (0,),
    players: int = 2,  # noqa: ANN001
    theme: str = "classic",
    speed: str = "instant",
    **options,
) -> TableScene:
    """A table whose round is dealt from `deck`, the dealer on seat 0's right."""
    rules = RuleSet.preset(app.catalog.choose(theme).manifest.preset).replace(**options)
    kinds = [SeatKind.HUMAN if i in humans else SeatKind.BOT for i in range(players)]
    seats = tuple(SeatSetup(NAMES[i], kinds[i]) for i in range(players))
    setup = GameSetup(theme, rules, seats, seed=1, speed=speed)
    table = TableScene(app, setup)
    table.table.match.round = Round.start(  # before the deal is shown
        rules, players, dealer=players - 1, deck=deck, context=MatchContext((0,) * players, 500)
    )
    app.start(table)
    return table


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _press(app, key: int) -> None:  # noqa: ANN001
    """A key, then frames until the table is still again."""
    _key(key)
    app.step(FRAME)
    table = app.stack.scenes[0]
    run_until(app, lambda: not table.picture.choreo.busy)


def _ready(app, table: TableScene, seat: int) -> None:  # noqa: ANN001
    """Get past the pass screen (if any) to `seat`'s turn, table still."""
    assert run_until(app, lambda: isinstance(app.stack.top, PassScene) or table.human_turn())
    if isinstance(app.stack.top, PassScene):
        _press(app, pygame.K_RETURN)
    assert run_until(app, lambda: table.human_turn() and table.seat.viewer == seat)


def _keys(table: TableScene) -> set[str]:

    return {b.key for b in table.buttons()}


def test_a_drawn_card_that_fits_can_be_played_at_once(app) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "red-9"])
    _ready(app, table, 0)
    _press(app, pygame.K_d)
    assert table.table.match.round.phase == "drawn"
    assert {"play:red-9", "keep"} <= _keys(table)
    _press(app, pygame.K_RETURN)
    assert any(
        seat == 0 and a[0] == "play" and str(a.card) == "red-9"
        for seat, a in table.table.match.round.log
    )


def test_keep_ends_the_turn(app) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "red-9"])
    _ready(app, table, 0)
    _press(app, pygame.K_d)
    _press(app, pygame.K_k)
    assert (0, PASS) in table.table.match.round.log


def test_a_wild_flipped_first_asks_for_the_colour_with_keys(app) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["wild"])
    _ready(app, table, 0)
    assert table.table.match.round.phase == "color"
    _press(app, pygame.K_3)  # the third colour of the classic deck
    assert table.table.match.round.color == "green"


def test_challenge_prompt_and_the_revealed_hand(app) -> None:  # noqa: ANN001
    seat0 = ["wild-draw4", "red-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["red-5"], humans=(0, 1))
    _ready(app, table, 0)
    table.picture.focus = 0

    table.card_chosen(table.table.match.round.hand(0)[0])  # the wild draw four
    assert table.seat.choice is not None and table.seat.choice.question == "color"
    _press(app, pygame.K_4)  # blue
    _ready(app, table, 1)
    assert {"challenge", "take"} <= _keys(table)
    before = len(table.table.match.round.hand(0))
    _press(app, pygame.K_c)
    assert len(table.table.match.round.hand(0)) == before + 4  # guilty: seat 0 held red
    run_until(app, lambda: not table.picture.choreo.busy)
    assert table.picture.shown.reveal is not None and table.picture.shown.reveal.guilty


def test_a_draw_two_stack_offers_take_n(app) -> None:  # noqa: ANN001
    seat0 = ["red-draw2", "green-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["red-5"], humans=(0, 1))
    _ready(app, table, 0)

    table.card_chosen(table.table.match.round.hand(0)[0])
    _ready(app, table, 1)
    assert "take" in _keys(table)
    before = len(table.table.match.round.hand(1))
    _press(app, pygame.K_t)
    assert len(table.table.match.round.hand(1)) == before + 2


def test_a_player_who_forgot_uno_can_be_caught_with_the_button(app) -> None:  # noqa: ANN001
    seat0 = ["red-1", "red-2"]
    seat1 = ["blue-7", "blue-8"]
    table = stacked(app, _deal(seat0 + NO_MATCH[2:], seat1 + OTHER[2:]) + ["red-5"], humans=(0, 1))
    _ready(app, table, 0)

    for card in [c for c in table.table.match.round.hand(0) if c.color != "red"]:
        table.table.match.round.hands[0].remove(
            card
        )  # test set-up only: leave seat 0 with two reds
        table.table.match.round.discard.insert(0, card)
    table.seat.latest = table.table.update(table.seat.viewer)
    table.picture.sync(table.seat.latest.view)
    table.card_chosen(table.table.match.round.hand(0)[0])  # down to one card, UNO not pressed
    _ready(app, table, 1)
    catch = next(b for b in table.buttons() if b.key == "catch:0")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=catch.rect.center, button=1))
    app.step(FRAME)
    assert len(table.table.match.round.hand(0)) == 3


def test_seven_asks_whom_to_swap_with(app) -> None:  # noqa: ANN001
    seat0 = ["red-7", "green-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    others = (
        [f"blue-{n}" for n in (1, 2, 3, 4, 5, 6, 7)],
        [f"yellow-{n}" for n in (3, 4, 5, 6, 7, 8, 9)],
    )
    deck = [c for trio in zip(seat0, *others, strict=True) for c in trio] + ["red-5"]
    table = stacked(app, deck, players=3, seven_zero=True)
    _ready(app, table, 0)

    table.card_chosen(next(c for c in table.table.match.round.hand(0) if str(c) == "red-7"))
    assert table.seat.choice is not None and table.seat.choice.question == "swap"
    swap = next(b for b in table.buttons() if b.key == "swap:2")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=swap.rect.center, button=1))
    app.step(FRAME)
    assert all(c.color == "yellow" for c in table.table.match.round.hand(0))


def test_urrrh_asks_which_colour_to_give_away(app) -> None:  # noqa: ANN001
    seat0 = ["urrrh", "pink-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["pink-5"], theme="monster_high")
    _ready(app, table, 0)

    table.card_chosen(table.table.match.round.hand(0)[0])
    _press(app, pygame.K_2)  # the new colour: yellow
    assert table.seat.choice is not None and table.seat.choice.question == "give"
    p = table.picker()
    assert p is not None and {s.colour for s in p.segments if s.enabled} == {
        "pink",
        "green",
        "blue",
        "yellow",
    }
    _press(app, pygame.K_3)  # give away the greens
    assert not any(c.color == "green" for c in table.table.match.round.hand(0))


def test_while_handing_over_no_hand_is_drawn_face_up(app, monkeypatch) -> None:  # noqa: ANN001
    """Two people at one computer: from the moment one has played until the next
    says they are ready, neither hand shows; then only the new person's does."""
    from game.ui.table import renderer as table_draw

    table = stacked(app, _deal(NO_MATCH, OTHER) + ["green-5"], humans=(0, 1))
    _ready(app, table, 0)
    faces: list[str] = []
    real_card = table_draw._card
    monkeypatch.setattr(
        table_draw,
        "_card",
        lambda s, fan, face, dim: faces.append(face) or real_card(s, fan, face, dim),
    )
    app.stack.drawn_over()  # a whole frame: cards left on the window are not drawn again
    app.step(FRAME)
    assert sorted(faces) == sorted(NO_MATCH)  # the spy sees the person's own hand
    faces.clear()

    table.card_chosen(next(c for c in table.table.match.round.hand(0) if str(c) == "green-1"))
    assert run_until(app, lambda: isinstance(app.stack.top, PassScene))
    for _ in range(30):  # the pass screen stays up for as long as nobody presses
        app.step(FRAME)
    assert faces == []
    _press(app, pygame.K_RETURN)
    assert table.seat.viewer == 1 and set(faces) <= set(OTHER) and faces


def test_continue_after_drawing_offers_the_drawn_card_again(app) -> None:  # noqa: ANN001
    """Mid-turn: the person drew a card that fits, the game was left, then Continued.
    A stacked deal is not what the seed deals, so the save file would be refused:
    the table is resumed from the match as saved, without the file."""
    from game.table.saved_game import SavedMatch

    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "red-9"])
    _ready(app, table, 0)
    _press(app, pygame.K_d)
    assert table.seat.latest.phase == "drawn"
    match = Match.from_data(json.loads(json.dumps(table.table.match.to_data())))
    app.stack.reset(TableScene(app, table.setup, saved=SavedMatch(table.setup, match, 0)))
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed is not table
    assert run_until(app, lambda: resumed.human_turn())
    assert resumed.seat.latest.phase == "drawn" and {"play:red-9", "keep"} <= _keys(resumed)
    _key(pygame.K_RETURN)  # play it
    app.step(FRAME)
    log = resumed.table.match.round.log
    assert log[-1][0] == 0 and log[-1][1][0] == "play" and str(log[-1][1].card) == "red-9"


@pytest.mark.parametrize("how", ["d", "space", "click"])
def test_the_draw_pile_takes_a_pending_draw_two(app, how: str) -> None:  # noqa: ANN001
    seat0 = ["red-draw2", "green-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["red-5"], humans=(0, 1))
    _ready(app, table, 0)

    table.card_chosen(table.table.match.round.hand(0)[0])
    _ready(app, table, 1)
    before = len(table.table.match.round.hand(1))
    if how == "click":
        pile = table.geometry.place("draw_pile").center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pile))
        app.step(FRAME)
        run_until(app, lambda: not table.picture.choreo.busy)
    else:
        _press(app, pygame.K_d if how == "d" else pygame.K_SPACE)
    assert len(table.table.match.round.hand(1)) == before + 2


def test_after_drawing_the_pile_says_what_is_asked(app) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "red-9"])
    _ready(app, table, 0)
    _press(app, pygame.K_d)
    hand = len(table.table.match.round.hand(0))
    _press(app, pygame.K_d)
    assert len(table.table.match.round.hand(0)) == hand  # no second card
    assert (
        table.picture.toast is not None
        and table.picture.toast[0] == "Play the card you drew, or keep it"
    )
