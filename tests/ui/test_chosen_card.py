"""One mark for the chosen card: the keyboard's focus, the mouse, a click, the hint
and the coach's pointer all move the same mark, and Enter plays exactly the card
that looks chosen (the one raised and ringed)."""

from __future__ import annotations

import pygame

from game.ai.coach import Advice
from tests.ui.conftest import FRAME, table_where
from tests.ui.test_table_hint import _wait_for_coach
from tests.ui.test_table_input import _click, _key


def _playable(table) -> list[int]:  # noqa: ANN001
    plays = {a.card for a in table.seat.legal() if a[0] == "play" and a.card.color is not None}
    return [i for i, h in enumerate(table.picture.fan.cards) if h.card in plays]


def _raised(app, table) -> list[int]:  # noqa: ANN001
    for _ in range(30):  # the fan eases the chosen card up
        app.step(FRAME)
    return [i for i, h in enumerate(table.picture.fan.cards) if h.lift > 1]


def _played(table) -> object:  # noqa: ANN001
    log = [a for seat, a in table.table.match.round.log if seat == 0]
    return log[-1].card if log and log[-1][0] == "play" else None


def _move(pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )


def test_the_pointer_chooses_one_card_and_enter_plays_it(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: len(_playable(t)) >= 2)
    first, second = _playable(table)[:2]
    for _ in range(first + 1):  # the keyboard chooses the first
        _key(pygame.K_RIGHT)
    app.step(FRAME)
    assert table.picture.focus == first
    card = table.picture.fan.cards[second].card
    _move(table.picture.fan.rect_of(second).center)  # the mouse goes to the second
    assert _raised(app, table) == [second]  # one card raised: the one under the pointer
    assert table.picture.focus == second
    _move((5, 5))  # away from the hand: the mark stays where it was
    app.step(FRAME)
    _key(pygame.K_RETURN)
    app.step(FRAME)
    assert _played(table) is card


def test_a_click_moves_the_mark_and_a_played_card_leaves_none_behind(app) -> None:  # noqa: ANN001
    table = table_where(
        app, lambda t: 0 < len(_playable(t)) < len(t.picture.fan.cards) and t.seat.legal()
    )
    playable = _playable(table)
    other = next(i for i in range(len(table.picture.fan.cards)) if i not in playable)
    table.picture.focus = playable[0]
    _click(table.picture.fan.rect_of(other).center)  # a card that does not fit: refused
    app.step(FRAME)
    assert table.picture.focus == other  # but the mark is on it, not on the old slot
    target = playable[-1]
    card = table.picture.fan.cards[target].card
    _click(table.picture.fan.rect_of(target).center)
    app.step(FRAME)
    assert _played(table) is card
    # The card left the hand: the mark does not slide onto its neighbour.
    assert table.picture.chosen is None or table.picture.chosen is card
    assert table.picture.focus is None


def test_enter_after_a_hint_plays_the_card_chosen_since(app, monkeypatch) -> None:  # noqa: ANN001
    import game.ui.table.hint as hint

    table = table_where(app, lambda t: len(_playable(t)) >= 2)
    first, second = _playable(table)[:2]
    fan = table.picture.fan
    hinted = next(
        a for a in table.seat.legal() if a[0] == "play" and a.card is fan.cards[first].card
    )
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(hinted, "save"))
    _key(pygame.K_h)
    app.step(FRAME)
    _wait_for_coach(app, table)
    assert table.picture.focus == first  # the hint chose its card
    _key(pygame.K_RIGHT if second > first else pygame.K_LEFT)
    for _ in range(abs(second - first) - 1):
        _key(pygame.K_RIGHT if second > first else pygame.K_LEFT)
    app.step(FRAME)
    assert table.picture.focus == second
    card = fan.cards[second].card
    _key(pygame.K_RETURN)
    app.step(FRAME)
    assert _played(table) is card  # what looks chosen, not what the hint said


def test_the_coachs_pointer_is_the_chosen_card(app) -> None:  # noqa: ANN001
    from tests.ui.test_lesson_agrees import _answerable, _do_step, _hinted

    app.settings.speed = "instant"
    scene = app.scene("learn", "classic")
    app.start(scene)
    seen: list[str] = []
    pointed = 0
    while _answerable(scene, seen):
        step, picture = scene.guide.asked, scene.body.picture
        assert step is not None
        if step.point.startswith("card:"):
            assert picture.focus is not None
            assert picture.fan.cards[picture.focus].card.text == step.want.card
            assert scene.target(step.point) == picture.fan.rect_of(picture.focus)
            pointed += 1
            _do_step(scene)  # Enter, with no hint asked: the card the coach points at
        else:
            _hinted(scene)
            _do_step(scene)
    assert pointed >= 7


def test_arrows_step_through_equal_cards_and_enter_plays_the_one_chosen(app) -> None:  # noqa: ANN001
    from tests.ui.test_table_prompts import OTHER, _deal, _ready, stacked

    hand = ["red-8", "red-8", "green-1", "blue-2", "green-3", "yellow-1", "yellow-2"]
    table = stacked(app, _deal(hand, OTHER) + ["red-5", "blue-9"])
    _ready(app, table, 0)
    fan = table.picture.fan
    eights = [i for i, h in enumerate(fan.cards) if h.card.text == "red-8"]
    assert len(eights) == 2
    table.picture.focus = eights[0]
    seen = [table.picture.focus]
    for _ in range(1):
        _key(pygame.K_RIGHT)
        app.step(FRAME)
        seen.append(table.picture.focus)
    assert seen == eights  # not stuck on the first of them
    _key(pygame.K_RETURN)
    app.step(FRAME)
    assert str(_played(table)) == "red-8"
    assert table.picture.focus is None  # no other red 8 looks chosen after it
