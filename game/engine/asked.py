"""What a seat is asked now, in words read off its legal actions.

The one place that words it: a refusal's sentence for developers, the player's
line that a refusal answers with, and the prompt's status line all come from here,
keyed by the phase and the kinds of action that are legal. So no text can offer
an action the legal set does not hold: under `strict_draw4` a Wild Draw Four
asks only to be taken, never challenged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .actions import ActionKind
from .phases import Phase
from .text import N_

PLAY, DRAW, PASS = ActionKind.PLAY.value, ActionKind.DRAW.value, ActionKind.PASS.value
ACCEPT, CHALLENGE = ActionKind.ACCEPT.value, ActionKind.CHALLENGE.value
CHOOSE, CATCH = ActionKind.CHOOSE.value, ActionKind.CATCH.value


class Asked(NamedTuple):
    needs: str  # for developers: what the seat "must" do, naming the actions
    line: str  # for the player: an English message the UI translates


NOT_ALLOWED = N_("That is not allowed now.")
_NOTHING = Asked("wait", NOT_ALLOWED)


def _key(phase: Phase, *kinds: str) -> tuple[str, frozenset[str]]:
    return phase.value, frozenset(kinds)


# Every phase with every set of actions it can offer (a catch aside: it is
# another seat's matter, offered beside whatever else is asked).
_ASKED: dict[tuple[str, frozenset[str]], Asked] = {
    _key(Phase.COLOR, CHOOSE): Asked(
        "ChooseColor for the starting wild card", N_("Choose the starting colour")
    ),
    _key(Phase.TURN, PLAY, DRAW): Asked(
        "play a card or Draw", N_("Your turn: play a card or draw")
    ),
    _key(Phase.TURN, DRAW): Asked("Draw (no card fits)", N_("Nothing fits: draw a card")),
    _key(Phase.DRAWN, PLAY, PASS): Asked(
        "play the card just drawn or Pass", N_("Play the card you drew, or keep it")
    ),
    _key(Phase.DRAWN, PLAY): Asked(
        "play the card just drawn (force_play)", N_("Play the card you drew: it must be played")
    ),
    _key(Phase.DRAWN, PASS): Asked("Pass", N_("Keep the card you drew")),
    _key(Phase.STACK, PLAY, ACCEPT): Asked(
        "answer the draw2 with a draw2 or Accept the penalty",
        N_("Answer with a Draw Two, or take the cards"),
    ),
    _key(Phase.STACK, ACCEPT): Asked(
        "Accept the penalty (no draw2 can go on it)", N_("Take the cards: no Draw Two can go on it")
    ),
    _key(Phase.DRAW4, ACCEPT): Asked(
        "Accept the wild-draw4", N_("Take the cards of the Wild Draw Four")
    ),
    _key(Phase.DRAW4, CHALLENGE, ACCEPT): Asked(
        "Accept the wild-draw4 or Challenge it",
        N_("Challenge the Wild Draw Four, or take the cards"),
    ),
    _key(Phase.DRAW4, PLAY, ACCEPT): Asked(
        "answer the wild-draw4 with a wild-draw4 or Accept the penalty",
        N_("Answer with a Wild Draw Four, or take the cards"),
    ),
    _key(Phase.DRAW4, PLAY, CHALLENGE, ACCEPT): Asked(
        "answer the wild-draw4 with a wild-draw4, Challenge it or Accept the penalty",
        N_("Answer with a Wild Draw Four, challenge it, or take the cards"),
    ),
}


def offered(legal: Iterable[tuple]) -> frozenset[str]:
    """The kinds of action in `legal`, a catch left out."""
    return frozenset(action[0] for action in legal) - {CATCH}


def asked(phase: str, legal: Iterable[tuple]) -> Asked:
    """What a seat in `phase` with these legal actions is asked; a set no phase
    offers (none once the round is over) asks nothing."""
    return _ASKED.get((phase, offered(legal)), _NOTHING)
