"""Signals a player can trust: the UNO button lights only when it matters, the
UNO note goes once the card is played, a catch with nobody to catch says so."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.app import App
from game.engine import Card, Phase
from game.engine.actions import DRAW, Play
from game.table.prompt import prompt_for
from game.ui.table.controls import UNO_NOTE, ControlsModel, _Layout
from tests.ui.conftest import settle_on_my_turn, table_for

RED7 = Card.parse("red-7")


def _controls(my_turn: bool, legal: list, app: App) -> _Layout:  # noqa: ANN001
    view = SimpleNamespace(phase=Phase.TURN, penalty=0, drawn=None)
    update = SimpleNamespace(seat=0, turn=my_turn, view=view, legal=tuple(legal))
    prompt = prompt_for(update)  # type: ignore[arg-type]
    model = ControlsModel(
        (1280, 720), "classic", "en", 0, prompt, my_turn, None, my_turn, True, False, "1x", 0, ()
    )
    # Players too: the UNO button keeps under the score panel, which the style measures.
    geometry = SimpleNamespace(place=lambda _: pygame.Rect(0, 0, 100, 50), touch_px=40, players=4)
    return _Layout(model, app.style(), geometry, str, str)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("my_turn", "legal", "lit"),
    [
        # The engine offers the call with a play that leaves one card.
        (True, [Play(RED7), Play(RED7, uno=True), DRAW], True),
        (True, [DRAW], False),  # nothing playable: no call to make
        (False, [], False),  # someone else's turn
        (True, [Play(RED7), DRAW], False),  # not yet: the play leaves more cards
    ],
)
def test_the_uno_button_lights_only_when_the_prompt_says_a_play_leaves_one_card(
    my_turn: bool, legal: list, lit: bool, app: App
) -> None:
    assert _controls(my_turn, legal, app)._uno_button().glow is lit


def test_the_uno_note_goes_when_the_card_is_played(app: App) -> None:
    table = table_for(app, seed=4, players=3, speed="instant")
    assert settle_on_my_turn(app, table)
    table.say(app.gettext(UNO_NOTE))
    action = next(a for a in table.seat.legal() if a[0] == "play")
    assert table.submit(action)
    assert table.picture.toast is None


def test_a_catch_with_nobody_to_catch_says_so(app: App) -> None:
    table = table_for(app, seed=4, players=3, speed="instant")
    assert settle_on_my_turn(app, table)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    app.step(1 / 60)
    assert table.picture.toast is not None and "Nobody to catch" in table.picture.toast[0]


def test_a_challenge_reveal_holds_the_game_until_it_is_closed(app: App) -> None:
    from game.ui.table.state import Reveal

    table = table_for(app, seed=4, players=3, speed="1x")
    assert settle_on_my_turn(app, table)
    table.submit(next(a for a in table.seat.legal() if a[0] in ("play", "draw")))
    table.picture.shown.reveal = Reveal(1, (RED7,), False, 6.0)
    moves = len(table.table.match.round.log)
    for _ in range(600):  # ten seconds: the bots would have played by now
        app.step(1 / 60)
    assert table.picture.shown.reveal is not None
    assert len(table.table.match.round.log) == moves
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    for _ in range(600):
        app.step(1 / 60)
    assert table.picture.shown.reveal is None
    assert len(table.table.match.round.log) > moves


@pytest.mark.parametrize(("face", "words"), [("red-draw2", "+2"), ("blue-skip", "Skip!")])
def test_a_big_card_lands_with_a_call_out_that_fades(app: App, face: str, words: str) -> None:
    from game.engine import events as ev

    table = table_for(app, seed=4, players=3, speed="1x")
    choreo = table.picture.choreo
    choreo.finish()  # the deal shown
    choreo.start(ev.CardPlayed(1, Card.parse(face), False))
    assert table.picture.shown.callout is None  # the card is in the air: no word yet
    for _ in range(20):
        choreo.update(1 / 60)
    assert table.picture.shown.top == Card.parse(face)  # landed, and its word pops
    assert table.picture.shown.callout is not None and table.picture.shown.callout[0] == words
    for _ in range(120):
        table.picture.shown.tick(1 / 60)
    assert table.picture.shown.callout is None


def test_a_stack_of_draw_twos_shows_its_total_at_the_pile(app: App) -> None:
    table = table_for(app, seed=4, players=3, speed="instant")
    assert settle_on_my_turn(app, table)
    pile = table.geometry.place("discard_pile")
    corner = (pile.right, pile.top)
    before = app.screen.get_at(corner)
    table.picture.shown.penalty = 4
    app.step(1 / 60)
    r, g, b, _ = app.screen.get_at(corner)
    assert (r, g, b) != tuple(before)[:3] and r > 150 and g < 80  # the red "+4" disc


def test_a_seat_that_calls_uno_never_shows_one_card_uncalled(app: App) -> None:
    from game.engine.actions import Play as PlayCard
    from tests.ui.test_table_prompts import NO_MATCH, OTHER, _deal, _ready, stacked

    table = stacked(app, _deal(["red-1", "red-2", *NO_MATCH[2:]], OTHER) + ["red-5"])
    _ready(app, table, 0)
    round_ = table.table.match.round
    round_.hands[0] = round_.hands[0][:2]
    round_._legal = None
    table.seat.latest = table.table.update(0)
    table.picture.sync(table.seat.latest.view)
    table.set_speed("1x")  # the card flies: the call must show from its first frame
    assert table.submit(PlayCard("red-1", uno=True))
    seen = []
    for _ in range(90):
        app.step(1 / 60)
        if table.picture.shown.counts[0] == 1:
            seen.append(0 in table.picture.shown.uno)
    assert seen and all(seen)


def test_a_card_drawn_is_marked_in_the_hand_until_the_player_acts(app: App) -> None:
    from tests.ui.test_table_prompts import NO_MATCH, OTHER, _deal, _press, _ready, stacked

    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "blue-9"])
    _ready(app, table, 0)
    _press(app, pygame.K_d)  # the blue 9 does not fit: the turn passes on
    drawn = Card.parse("blue-9")
    assert table.seat.fresh == drawn and table.picture.fan.index_of(table.seat.fresh) is not None
    index = table.picture.fan.index_of(table.seat.fresh)
    assert index is not None
    rect = table.picture.fan.rect_of(index)
    table.draw(app.screen)
    above = app.screen.get_at((rect.centerx, rect.y - table.style.px(9)))[:3]
    assert tuple(above) == tuple(table.style.accent_rgb)


def test_the_side_panel_keeps_the_old_totals_until_the_tally_counts(app: App) -> None:

    from game.ui.scenes.round_tally import RoundTallyScene
    from game.ui.scenes.scoreboard import ScoreboardScene
    from tests.ui.conftest import run_until

    table = table_for(app, seed=4, players=4, speed="4x", autoplay=True)
    seen: list[tuple[int, ...]] = []

    def watch() -> bool:
        if table.seat.latest.over:
            seen.append(table._panel_scores())
        return isinstance(app.stack.top, (RoundTallyScene, ScoreboardScene))

    assert run_until(app, watch, 100_000)
    result = table.seat.latest.result
    assert result is not None and seen
    winner = result.winner or 0
    shown = [scores[winner] for scores in seen]
    assert shown[0] == result.before[winner] and shown == sorted(shown)  # never drops


@pytest.mark.parametrize("players", [3, 4, 6, 10])
def test_a_long_note_covers_no_seat(app: App, players: int) -> None:
    table = table_for(app, seed=4, players=players, speed="instant")
    assert settle_on_my_turn(app, table)
    text = "Play your green 7: it did better than your red Skip when I played the next turns out."
    _, box = table.renderer.toast_layout(text, table.frame())
    seats = [table.geometry.seat_rect(s) for s in range(players) if s != table.seat.viewer]
    assert not any(box.colliderect(seat) for seat in seats)
    assert app.screen.get_rect().contains(box)


def test_the_pile_total_follows_the_engines_events_not_the_card_kind(app: App) -> None:
    """The "+2" at the pile goes when the engine says the cards were taken (a penalty
    draw), not when the screen judges a landing card to carry no penalty."""
    from game.engine import events as ev

    table = table_for(app, seed=4, players=3, speed="1x")
    assert settle_on_my_turn(app, table)
    choreo, shown = table.picture.choreo, table.picture.shown
    choreo.feed([ev.StackGrew(1, 2)], [None])
    choreo.finish()
    assert shown.penalty == 2
    choreo.feed([ev.CardPlayed(2, RED7, False)], [None])  # no rule is judged from its kind
    choreo.finish()
    assert shown.penalty == 2
    choreo.feed([ev.CardsDrawn(1, 2, (), "penalty")], [None])
    choreo.finish()
    assert shown.penalty == 0
