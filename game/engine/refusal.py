"""Why an action was refused. Only runs when an action is illegal: legality
itself is decided by the enumeration in legal.py.

A refusal is a `Refusal`: a `Reason` key, the developer's sentence (the
IllegalAction's text), a player's message (an English message the UI translates)
and the fields that message names: `seat` (the UI says the seat's name),
`colour` (the UI says the colour's name) and `card` (the UI names the card).
When something else is asked now, the refusal says what in the words of asked.py,
read off the legal set, so it never offers an action that is not legal.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from . import legal
from .actions import Play
from .asked import NOT_ALLOWED, PLAY, asked, offered
from .kinds import kind_of
from .text import N_

if TYPE_CHECKING:
    from .round import Round


class Reason(StrEnum):
    BAD_SEAT = "bad_seat"
    NOT_AN_ACTION = "not_an_action"
    CATCH_SELF = "catch_self"
    JUMP_IN = "jump_in"
    NOT_YOUR_TURN = "not_your_turn"
    PHASE = "phase"  # something else is asked for now (a colour, an answer...)
    NOT_HELD = "not_held"
    DRAWN_ONLY = "drawn_only"
    NO_MATCH = "no_match"
    NUMBER_FINISH = "number_finish"
    CARD_RULE = "card_rule"  # the card's own rule forbids it (strict_draw4)
    HOW = "how"  # the card may be played, but not that way (colour, give, UNO, swap)
    OVER = "over"


class Refusal(NamedTuple):
    reason: Reason
    text: str  # for developers and logs, in English
    message: str  # for the player: an English message the UI translates
    fields: dict[str, Any]


# Each alternative said once, without an article to agree ("any 8", "any Urrrh"): on a
# wild only the colour matches, and a wild card is said already. When nothing in the
# hand can be played, only the draw is offered.
_NO_MATCH = N_("That card does not match: play a {colour} card, any {card}, or a wild card.")
_NO_MATCH_ON_WILD = N_("That card does not match: play a {colour} card or a wild card.")
_NO_MATCH_AT_ALL = N_("Nothing in your hand is {colour} or matches the {card}: draw a card.")
_NO_MATCH_AT_ALL_ON_WILD = N_("Nothing in your hand is {colour}: draw a card.")


def _no_match_message(rnd: Round, seat: int) -> str:
    wild_top = rnd.top.color is None
    if PLAY in offered(rnd.legal_actions(seat)):
        return _NO_MATCH_ON_WILD if wild_top else _NO_MATCH
    return _NO_MATCH_AT_ALL_ON_WILD if wild_top else _NO_MATCH_AT_ALL


def _no(reason: Reason, text: str, message: str = NOT_ALLOWED, **fields: Any) -> Refusal:
    return Refusal(reason, text, message, fields)


def why_illegal(rnd: Round, action: object, seat: int) -> Refusal:
    if not isinstance(seat, int) or not 0 <= seat < rnd.players:
        return _no(Reason.BAD_SEAT, f"seat {seat!r} is not at this table of {rnd.players}")
    tag = action[0] if isinstance(action, tuple) and action else None
    if tag is None:
        return _no(Reason.NOT_AN_ACTION, f"{action!r} is not an action")
    if tag == "catch":
        return _no(Reason.CATCH_SELF, f"seat {seat} cannot catch itself")
    if seat != rnd.current:
        if tag == "play" and PLAY in offered(legal.out_of_turn(rnd, seat)):
            return _no(
                Reason.JUMP_IN,
                f"seat {seat} may only jump in with a card identical to {rnd.top} "
                "during a normal turn",
                N_("You may only jump in with a card identical to the top one."),
            )
        return _no(
            Reason.NOT_YOUR_TURN,
            f"it is seat {rnd.current}'s turn, not seat {seat}'s",
            N_("Wait for your turn: it is {name}'s turn."),
            seat=rnd.current,
        )
    if tag != "play":
        return _phase(rnd, f"{action!r} is not allowed now", seat)
    return _why_play(rnd, action, seat)  # type: ignore[arg-type]


def _phase(rnd: Round, what: str, seat: int, reason: Reason = Reason.PHASE) -> Refusal:
    """Something else is asked now: the refusal says what, from the legal set."""
    now = asked(rnd.phase, rnd.legal_actions(seat))
    return _no(reason, f"{what}: seat {seat} must {now.needs}", now.line)


def _why_play(rnd: Round, play: Play, seat: int) -> Refusal:
    card = play.card
    hand = rnd.hands[seat]
    if card not in hand:
        return _no(
            Reason.NOT_HELD,
            f"seat {seat} holds no {card}",
            N_("That card is no longer in your hand."),
        )
    if rnd.phase == legal.DRAWN and card is not rnd.drawn:
        what = f"after drawing, only the drawn card ({rnd.drawn}) may be played"
        return _phase(rnd, what, seat, Reason.DRAWN_ONLY)
    if rnd.phase not in (legal.TURN, legal.DRAWN) and play not in rnd.legal_actions(seat):
        return _phase(rnd, f"{card} is not allowed now", seat)
    if not legal.playable(rnd, card):
        return _no(
            Reason.NO_MATCH,
            f"{card} matches neither the colour {rnd.color} nor the {rnd.top}",
            _no_match_message(rnd, seat),
            colour=rnd.color,
            card=rnd.top,
        )
    options = legal.variants(rnd, seat, card)
    if not options:
        return _why_never(rnd, card)
    return _no(Reason.HOW, _why_variant(rnd, play, options))


def _why_never(rnd: Round, card: Any) -> Refusal:
    if rnd.rules.number_finish and len(rnd.hands[rnd.current]) == 1:
        return _no(
            Reason.NUMBER_FINISH,
            f"the last card must be a number card, and {card} is not (rule 5.6)",
            N_("Your last card must be a number card: draw instead."),
        )
    kind = kind_of(card)
    told = kind.refusal if kind is not None and kind.refusal else NOT_ALLOWED
    return _no(
        Reason.CARD_RULE, f"{card} may not be played while holding {rnd.color}: {told}", told
    )


def _why_variant(rnd: Round, play: Play, options: tuple[Play, ...]) -> str:
    card = play.card
    if card.color is None and play.color not in rnd.rules.colors:
        return f"{card} needs a colour, one of {', '.join(rnd.rules.colors)}"
    if play.give not in {o.give for o in options}:  # a card that gives cards away
        gives = sorted({str(o.give) for o in options})
        return f"{card} gives away a colour held in hand: {', '.join(gives)}"
    if play.uno and not any(o.uno for o in options if o.swap == play.swap):
        return "UNO may only be declared by a play that leaves exactly one card"
    if any(o.swap is not None for o in options) and play.swap not in {o.swap for o in options}:
        return "a 7 names another seat to swap hands with (seven_zero)"
    if card.color is not None and (play.color or play.give):
        return f"{card} is not a wild card: it names no colour"
    return f"{play!r} is not a legal way to play {card}"
