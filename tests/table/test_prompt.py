"""The Prompt a seat is told, from stacked decks: which plays call UNO, who is
catchable, what the draw pile does with a penalty pending."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Card, Phase, Round, RuleSet
from game.engine.actions import ACCEPT, DRAW, Catch, Play
from game.table.prompt import ChoiceKind, Prompt, prompt_for
from game.table.updates import SeatUpdate
from tests.engine.conftest import build_deck


def _round(hands: dict[int, Sequence[str]], flip: str, players: int = 3, **options: bool) -> Round:
    rules = RuleSet.preset("classic").replace(**options)
    deck = build_deck(rules, players, players - 1, hands, flip, ())
    return Round.start(rules, players, dealer=players - 1, deck=deck, seed=0)


def _prompt(rnd: Round, seat: int) -> Prompt:
    update = SeatUpdate(seat, 0, 1, 0, rnd.view(seat), rnd.legal_actions(seat), ())
    return prompt_for(update)


def _shrink(rnd: Round, seat: int, keep: int) -> None:
    rnd.hands[seat], spare = rnd.hands[seat][:keep], rnd.hands[seat][keep:]
    rnd._draw[0:0] = spare
    rnd._legal = None


def test_a_play_that_leaves_one_card_must_call_uno() -> None:
    rnd = _round({0: ["red-1", "red-2", "blue-5"]}, "red-9")
    _shrink(rnd, 0, 2)
    prompt = _prompt(rnd, 0)
    red1 = prompt.play_of(Card.parse("red-1"))
    assert red1 is not None and red1.uno and prompt.uno_matters
    # Played with the call, the action declares UNO; the engine lists both.
    assert red1.action(uno=True) == Play("red-1", uno=True)
    assert red1.action(uno=False) == Play("red-1")


def test_with_more_cards_no_play_calls_uno() -> None:
    rnd = _round({0: ["red-1", "red-2", "blue-5"]}, "red-9")
    prompt = _prompt(rnd, 0)
    assert prompt.turn and prompt.phase is Phase.TURN
    assert not prompt.uno_matters
    assert {Card.parse("red-1"), Card.parse("red-2")} <= prompt.playable
    assert Card.parse("blue-5") not in prompt.playable
    red1 = prompt.play_of(Card.parse("red-1"))
    assert red1 is not None and red1.action(uno=True) == Play("red-1")  # nothing to call
    assert prompt.pile is not None and prompt.pile.actions == (DRAW,)


def test_catchable_only_while_someone_holds_one_card_uncalled() -> None:
    rnd = _round({0: ["red-1", "red-2"], 1: ["blue-1", "blue-2"]}, "red-9")
    _shrink(rnd, 0, 2)
    assert _prompt(rnd, 1).catchable == ()
    rnd.apply(Play("red-1"))  # no UNO called
    prompt = _prompt(rnd, 1)
    assert prompt.turn and prompt.catchable == (0,)
    catch = prompt.of(ChoiceKind.CATCH)
    assert catch is not None and catch.actions == (Catch(0),) and catch.hotkey == "x"
    # A third seat may catch out of turn; the seat itself cannot.
    assert _prompt(rnd, 2).catchable == (0,) and not _prompt(rnd, 2).turn
    assert _prompt(rnd, 0).catchable == ()


def test_a_call_made_leaves_nobody_to_catch() -> None:
    rnd = _round({0: ["red-1", "red-2"]}, "red-9")
    _shrink(rnd, 0, 2)
    rnd.apply(Play("red-1", uno=True))
    assert _prompt(rnd, 1).catchable == ()


def test_the_draw_pile_takes_a_pending_penalty() -> None:
    rnd = _round({0: ["red-draw2", "red-2"], 1: ["blue-1", "yellow-2"]}, "red-9")
    rnd.apply(Play("red-draw2"))
    prompt = _prompt(rnd, 1)
    assert prompt.phase is Phase.STACK and prompt.pending == 2
    assert prompt.pile is not None and prompt.pile.kind is ChoiceKind.TAKE
    assert prompt.pile.actions == (ACCEPT,) and prompt.pile.hotkey == "t"
    assert prompt.of(ChoiceKind.DRAW) is None


def test_after_drawing_the_pile_does_nothing_and_the_status_says_why() -> None:
    rnd = _round({0: ["blue-1", "green-2"]}, "red-9")
    rnd._draw.append(Card.parse("red-4"))  # the next card drawn fits
    rnd.apply(DRAW)
    prompt = _prompt(rnd, 0)
    assert prompt.phase is Phase.DRAWN and prompt.drawn == Card.parse("red-4")
    assert prompt.pile is None and prompt.status == "Play the card you drew, or keep it"
    assert {c.kind for c in prompt.choices} == {ChoiceKind.PLAY, ChoiceKind.KEEP}


def test_out_of_turn_nothing_to_do_and_no_status() -> None:
    rnd = _round({0: ["red-1", "red-2"]}, "red-9")
    prompt = _prompt(rnd, 1)
    assert not prompt.turn and prompt.choices == () and prompt.status == ""


def test_nothing_fits_says_so() -> None:
    hand = ["blue-1", "green-2", "yellow-3", "blue-4", "green-6", "yellow-7", "blue-8"]
    rnd = _round({0: hand}, "red-5")
    prompt = _prompt(rnd, 0)
    assert prompt.playable == frozenset() and prompt.status.startswith("Nothing fits")
