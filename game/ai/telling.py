"""What the Expert tells of its choices: which options attack, and the read a
colour choice acted on (reads.py), taken from the public history alone."""

from __future__ import annotations

from game.engine.actions import Action, ChooseColor, Play

from .reads import Read, ReadKind
from .situation import Situation

ATTACKS = ("skip", "draw2", "wild-draw4")


def attacks(sit: Situation, act: Action) -> bool:
    """A play that takes the next player's turn (a Reverse does with 2 players)."""
    if not isinstance(act, Play):
        return False
    kind = act.card.kind
    return kind in ATTACKS or (kind == "reverse" and sit.view.players == 2)


def bluffs(sit: Situation, act: Action) -> bool:
    """A Wild Draw Four played while holding a card of the colour it covers."""
    view = sit.view
    return (
        isinstance(act, Play)
        and act.card.kind == "wild-draw4"
        and view.phase in ("turn", "drawn")
        and any(c.color == view.color for c in sit.hand)
    )


def named_colour(act: Action) -> str | None:
    """The colour a wild play or a colour choice names, else None."""
    if isinstance(act, ChooseColor):
        return act.color
    if isinstance(act, Play) and act.card.color is None:
        return act.color
    return None


def colour_read(sit: Situation, choice: Action, compared: list[Action]) -> Read | None:
    """The read behind a colour named where the search compared colours: the next
    player to take a turn drew on that colour this round, kept the card and has
    played none of it since."""
    colour = named_colour(choice)
    mem = sit.memory
    if colour is None or mem is None or mem.moved:
        return None
    if len({named_colour(act) for act in compared} - {None}) < 2:
        return None  # the colour was not weighed against another
    view = sit.view
    target = sit.nxt
    if isinstance(choice, Play) and choice.card.kind == "wild-draw4":
        target = (target + view.direction) % view.players  # the next player is skipped
    drew = mem.drew_on[target][colour]
    if target == sit.me or colour not in mem.lacked[target] or not drew:
        return None
    return Read(ReadKind.DREW_ON, target, count=drew, color=colour)
