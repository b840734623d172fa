"""Why an action was refused, in words. Only runs when an action is illegal:
legality itself is decided by the enumeration in legal.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import legal
from .actions import Play

if TYPE_CHECKING:
    from .round import Round

_PHASE_NEEDS = {
    legal.COLOR: "a colour for the starting wild card (ChooseColor)",
    legal.DRAWN: "play the card just drawn or Pass",
    legal.STACK: "answer the draw2 with a draw2 or Accept the penalty",
    legal.DRAW4: "Accept the wild-draw4 or Challenge it",
    legal.TURN: "a play or a Draw",
}


def why_illegal(rnd: Round, action: object, seat: int) -> str:
    if not isinstance(seat, int) or not 0 <= seat < rnd.players:
        return f"seat {seat!r} is not at this table of {rnd.players}"
    tag = action[0] if isinstance(action, tuple) and action else None
    if tag is None:
        return f"{action!r} is not an action"
    if tag == "catch":
        return f"seat {seat} cannot catch itself"
    if seat != rnd.current:
        if tag == "play" and rnd.rules.jump_in:
            return (f"seat {seat} may only jump in with a card identical to {rnd.top} "
                    "during a normal turn")
        return f"it is seat {rnd.current}'s turn, not seat {seat}'s"
    if tag != "play":
        return f"{action!r} is not allowed now: seat {seat} must {_PHASE_NEEDS[rnd.phase]}"
    return _why_play(rnd, action, seat)  # type: ignore[arg-type]


def _why_play(rnd: Round, play: Play, seat: int) -> str:
    card = play.card
    hand = rnd.hands[seat]
    if card not in hand:
        return f"seat {seat} holds no {card}"
    if rnd.phase == legal.DRAWN and card is not rnd.drawn:
        return f"after drawing, only the drawn card ({rnd.drawn}) may be played"
    if rnd.phase not in (legal.TURN, legal.DRAWN) and play not in rnd.legal_actions(seat):
        return f"{card} is not allowed now: seat {seat} must {_PHASE_NEEDS[rnd.phase]}"
    if not legal.playable(rnd, card):
        return f"{card} matches neither the colour {rnd.color} nor the {rnd.top}"
    options = legal.variants(rnd, seat, card)
    if not options:
        return _why_never(rnd, card)
    return _why_variant(rnd, play, options)


def _why_never(rnd: Round, card: object) -> str:
    if rnd.rules.number_finish and len(rnd.hands[rnd.current]) == 1:
        return f"the last card must be a number card, and {card} is not (rule 5.6)"
    return f"{card} may not be played while holding {rnd.color} (strict_draw4)"


def _why_variant(rnd: Round, play: Play, options: tuple[Play, ...]) -> str:
    card = play.card
    if card.color is None and play.color not in rnd.rules.colors:
        return f"{card} needs a colour, one of {', '.join(rnd.rules.colors)}"
    if card.kind == "urrrh" and play.give not in {o.give for o in options}:
        gives = sorted(str(o.give) for o in options)
        return f"an urrrh gives away a colour held in hand: {', '.join(sorted(set(gives)))}"
    if play.uno and not any(o.uno for o in options if o.swap == play.swap):
        return "UNO may only be declared by a play that leaves exactly one card"
    if any(o.swap is not None for o in options) and play.swap not in {o.swap for o in options}:
        return "a 7 names another seat to swap hands with (seven_zero)"
    if card.color is not None and (play.color or play.give):
        return f"{card} is not a wild card: it names no colour"
    return f"{play!r} is not a legal way to play {card}"
