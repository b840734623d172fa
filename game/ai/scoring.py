"""Scores for each legal action: the heuristics the normal and hard levels share.

Higher is better. The Weights say what each is worth, so the two levels differ in what
they know (memory) and how they weigh it, not in separate code paths.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import ActionKind, Card, Phase
from game.engine.actions import Action, ChooseColor, Play

from .situation import Situation

GO_OUT = 1000.0
DRAW = -6.0  # taking a card is worse than most plays
PASS_AFTER_DRAW = -2.5


@dataclass(frozen=True)
class Weights:
    follow: float = 1.0  # value per card kept that can follow the colour played
    keep_wild: float = 3.0  # cost of spending a wild while a coloured card would do
    bluff: float = 12.0  # cost of a dishonest wild-draw4 ...
    bluff_bonus: float = 0.0  # ... value of one instead, where the level judges it pays
    shed: float = 0.02  # value per card point played ...
    shed_close: float = 0.08  # ... when an opponent is down to two cards
    attack: float = 6.0  # value of skipping / drawing the next player, over its hand size
    scarce: float = 0.0  # value of naming a colour that is rare among unseen cards
    lone: float = 8.0  # number_finish: cost of keeping one last card that is not a number
    no_number: float = 0.0  # number_finish: cost of keeping only non-number cards (2+ of them)
    wild_threat: float = 0.4  # keep_wild times this when an opponent holds 2 cards or fewer
    finish_wild: float = 1.0  # number_finish: keep_wild times this with 4 cards or fewer
    hold_draw: float = 0.0  # draw's extra value when only a wild would play (4+ cards)
    guard: float = 0.0  # stack_draw2: cost of spending the last draw2 outside a stack
    give: float = 2.5  # urrrh: value per card given away ...
    give_near: float = 0.0  # ... plus this over the receiver's hand size (slows a near winner)


def play_score(sit: Situation, act: Play, weights: Weights) -> float:
    card = act.card
    rest = _rest(sit, act)
    if not rest and act.swap is None:
        return GO_OUT
    color = act.color or card.color
    s = weights.follow * sum(1.0 for c in rest if c.color == color)
    s += weights.follow * sum(0.3 for c in rest if c.symbol == card.symbol and c.color != color)
    s += card.points * (weights.shed_close if sit.threat <= 2 else weights.shed)
    s += _attack(sit, card, weights)
    s += _finish_penalty(sit, rest, weights)
    if (
        weights.guard
        and card.kind == "draw2"
        and sit.view.rules.stack_draw2
        and sit.view.phase != Phase.STACK
        and not any(c.kind == "draw2" for c in rest)
    ):
        s -= weights.guard
    if card.is_wild:
        s -= _wild_cost(sit, act, weights)
    if act.give is not None:
        s += _give_value(sit, len(sit.hand) - 1 - len(rest), weights)
    if act.swap is not None or (card.number == 0 and _passes_hands(sit, act)):
        s += _hand_trade(sit, act, len(rest))
    if color is not None:
        s -= weights.scarce * sit.shares.get(color, 0.25) * 4
    return s


def _rest(sit: Situation, act: Play) -> list[Card]:
    rest = list(sit.hand)
    rest.remove(act.card)
    if act.give is not None:
        rest = [c for c in rest if c.color != act.give]
    return rest


def _attack(sit: Situation, card: Card, weights: Weights) -> float:
    """Skips and draws hurt the next seat, the more so the closer it is to going out."""
    near = weights.attack / max(1, sit.count(sit.nxt))
    kind = card.kind
    if kind == "skip":
        return 1.0 + near
    if kind == "draw2":
        return 2.0 + near
    if kind == "wild-draw4":
        return 3.0 + near * 1.3
    if kind == "reverse":
        if sit.view.players == 2:
            return 1.0 + near
        return near - weights.attack / max(1, sit.count(sit.prev))
    return 0.0


def _finish_penalty(sit: Situation, rest: list[Card], weights: Weights) -> float:
    """With number_finish a lone action card cannot go out: avoid being left with one,
    and (weights.no_number) with a hand that holds no number to finish on."""
    if not sit.view.rules.number_finish or not rest:
        return 0.0
    if len(rest) == 1:
        return 0.0 if rest[0].is_number else -weights.lone
    if weights.no_number and not any(c.is_number for c in rest):
        return -weights.no_number / (len(rest) - 1)
    return 0.0


def _give_value(sit: Situation, given: int, weights: Weights) -> float:
    """An urrrh give-away sheds `given` cards, dealt one each from the left."""
    value = weights.give * given
    if weights.give_near and given:
        view = sit.view
        others = [(sit.me + k) % view.players for k in range(1, view.players)]
        for i in range(given):
            value += weights.give_near / max(1, sit.count(others[i % len(others)]))
    return value


def _wild_cost(sit: Situation, act: Play, weights: Weights) -> float:
    card = act.card
    view = sit.view
    cost = 0.0
    coloured = any(
        c.color is not None and (c.color == view.color or c.symbol == view.top.symbol)
        for c in sit.hand
    )
    if coloured:
        cost += (
            weights.keep_wild
            * (weights.wild_threat if sit.threat <= 2 else 1.0)
            * (weights.finish_wild if view.rules.number_finish and len(sit.hand) <= 4 else 1.0)
        )
    if (
        card.kind == "wild-draw4"
        and view.phase in (Phase.TURN, Phase.DRAWN)
        and any(c.color == view.color for c in sit.hand)
    ):
        cost += -weights.bluff_bonus if sit.bluff_ok else weights.bluff
    return cost


def _only_wilds(sit: Situation) -> bool:
    """4+ cards, a wild among them, and no coloured card that would play now."""
    view = sit.view
    if len(sit.hand) < 4 or not any(c.is_wild for c in sit.hand):
        return False
    return not any(
        c.color is not None and (c.color == view.color or c.symbol == view.top.symbol)
        for c in sit.hand
    )


def _passes_hands(sit: Situation, act: Play) -> bool:
    return sit.view.rules.seven_zero and len(sit.hand) > 1


def _hand_trade(sit: Situation, act: Play, kept: int) -> float:
    """A 7 swaps with `swap`, a 0 takes the hand of the seat behind: fewer cards is better."""
    view = sit.view
    other = act.swap if act.swap is not None else (sit.me - view.direction) % view.players
    return 3.0 * (kept - sit.count(other))


def turn_score(sit: Situation, act: Action, weights: Weights) -> float:
    tag = act[0]
    if tag == ActionKind.PLAY:
        return play_score(sit, act, weights)  # type: ignore[arg-type]
    if tag == ActionKind.CATCH:
        return 2 * GO_OUT
    if tag == ActionKind.DRAW:
        return DRAW + (weights.hold_draw if weights.hold_draw and _only_wilds(sit) else 0.0)
    if tag == ActionKind.PASS:
        return PASS_AFTER_DRAW
    if isinstance(act, ChooseColor):
        held = sum(1.0 for c in sit.hand if c.color == act.color)
        return held - weights.scarce * sit.shares.get(act.color, 0.25)
    return 0.0
