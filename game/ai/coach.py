"""The coach: the move the Expert would make, and one sentence why.

The sentence is built from what the Expert weighed for this decision (its
reading of the table and the playouts it ran), never from the hidden cards: it
reads the same view the player sees. Sentences are whole catalog messages with
named fields; the caller renders them with its own gettext and card and seat
names, so this module stays free of the UI.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.engine import ActionKind, Card, Phase, View
from game.engine.actions import Action, Catch, ChooseColor, Play
from game.i18n import N_

from .expert import ExpertBot, Thought

HINT_SECONDS = 0.2  # the search's share of the 300 ms a hint may take
NEAR = 2  # an opponent with this many cards or fewer is about to go out
LACKS = 0.5  # memory's chance that a seat has no card of a colour, to say so
WORSE = 0.2  # teach me: a move whose playouts were worth this share less is worth a word

MESSAGES = {
    "last": N_("Play your {card}: it is your last card."),
    "attack1": N_("Play your {card}: {next} is next and has one card."),
    "attack2": N_("Play your {card}: {next} is next and has two cards."),
    "lack": N_("Play your {card}: {next} is next and has shown they have no {colour}."),
    "wild_lack": N_("Play your {card} and name {colour}: {next} has shown they have no {colour}."),
    "wild_most": N_("Play your {card} and name {colour}: it is the colour you hold most."),
    "keep_wild": N_("Play your {card} and keep your wild cards for later."),
    "only": N_("Play your {card}: it is the only card you can play."),
    "best": N_("Play your {card}: it came out best when I played the next turns out."),
    "follow": N_("Play your {card}: you have more {colour} cards to follow it."),
    "save": N_("Play your {card}: it keeps your better cards for later."),
    "stack": N_("Pass the penalty on with your {card}."),
    "draw": N_("Draw a card: nothing you hold is worth playing now."),
    "draw_only": N_("Draw a card: nothing you hold can be played."),
    "pass": N_("Keep the card you drew: it is worth more later."),
    "pass_only": N_("Keep the card you drew: it cannot be played."),
    "challenge": N_("Challenge: {who} probably still had a {colour} card."),
    "accept4": N_("Take the four cards: {who} probably had no {colour} card."),
    "accept": N_("Take the cards: you cannot pass them on."),
    "catch": N_("Catch {who}: they did not call UNO."),
    "choose": N_("Name {colour}: it is the colour you hold most."),
    "choose_best": N_("Name {colour}: it came out best when I played the next turns out."),
}
TEACH = N_("A thought: {advice}")


@dataclass(frozen=True)
class Advice:
    """A move and why: `key` picks the message, `fields` fill it."""

    action: Action
    key: str
    fields: dict[str, object] = field(default_factory=dict)
    thought: Thought | None = None

    def sentence(
        self,
        gettext: Callable[[str], str],
        card_name: Callable[[Card], str],
        seat_name: Callable[[int], str],
        colour_name: Callable[[str], str],
    ) -> str:
        """The sentence in the caller's language, with its names for cards and seats."""
        names: dict[str, str] = {}
        for key, value in self.fields.items():
            if key == "card":
                names[key] = card_name(value)  # type: ignore[arg-type]
            elif key == "colour":
                names[key] = colour_name(value)  # type: ignore[arg-type]
            else:
                names[key] = seat_name(value)  # type: ignore[arg-type]
        return gettext(MESSAGES[self.key]).format(**names)


def advise(
    view: View,
    legal: Sequence[Action],
    rng: random.Random | None = None,
    seconds: float | None = HINT_SECONDS,
    worlds: int = 10_000,
) -> Advice:
    """The Expert's move for the seat of `view`, with its reason (a hint): it
    thinks for `seconds`, or over `worlds` guesses when seconds is None (repeatable)."""
    bot = ExpertBot(rng or random.Random(0), worlds=worlds, seconds=seconds)
    return explain(view, list(legal), bot.think(view, list(legal)))


def second_opinion(advice: Advice, taken: Action) -> bool:
    """Whether `taken` was very different from the advice: worth a kind word (teach me).
    Only where the Expert compared both and the player's move did clearly worse."""
    thought = advice.thought
    if taken == advice.action or thought is None or not thought.weighed:
        return False
    best = thought.weighed[0]
    for option in thought.weighed[1:]:
        if option.action == taken:
            return option.rate <= best.rate * (1.0 - WORSE)
    return False


def explain(view: View, legal: list[Action], thought: Thought) -> Advice:
    act = thought.choice
    nxt = (view.seat + view.direction) % view.players
    if isinstance(act, Play):
        return Advice(act, *_why_play(view, legal, thought, act, nxt), thought=thought)
    if isinstance(act, Catch):
        return Advice(act, "catch", {"who": act.target}, thought)
    if isinstance(act, ChooseColor):
        key = "choose" if _most_held(view, act.color) else "choose_best"
        return Advice(act, key, {"colour": act.color}, thought)
    tag = act[0]
    if tag == ActionKind.DRAW:
        playable = any(a[0] == ActionKind.PLAY for a in legal)
        return Advice(act, "draw" if playable else "draw_only", {}, thought)
    if tag == ActionKind.PASS:
        playable = any(a[0] == ActionKind.PLAY for a in legal)
        return Advice(act, "pass" if playable else "pass_only", {}, thought)
    if tag == ActionKind.CHALLENGE:
        return Advice(act, "challenge", _draw4_fields(view), thought)
    if view.phase == Phase.DRAW4:
        return Advice(act, "accept4", _draw4_fields(view), thought)
    return Advice(act, "accept", {}, thought)


def _draw4_fields(view: View) -> dict[str, object]:
    return {"who": view.draw4_by, "colour": view.draw4_prev or ""}


def _why_play(
    view: View, legal: list[Action], thought: Thought, act: Play, nxt: int
) -> tuple[str, dict[str, object]]:
    card = act.card
    fields: dict[str, object] = {"card": card}
    if len(view.hand) == 1:
        return "last", fields
    if view.phase in (Phase.STACK, Phase.DRAW4):
        return "stack", fields
    # One card to play and nothing to choose with it (a wild still names a colour).
    choices = {(a.card, a.color, a.give) for a in legal if isinstance(a, Play)}
    if len(choices) == 1 and not thought.weighed:
        return "only", fields
    near = view.hand_counts[nxt]
    hurts = card.kind in ("skip", "draw2", "wild-draw4") or (
        card.kind == "reverse" and view.players == 2
    )
    if hurts and near <= NEAR:
        return ("attack1" if near == 1 else "attack2"), {**fields, "next": nxt}
    sit = thought.situation
    color = act.color or card.color
    lacks = sit is not None and color is not None and sit.lack(nxt, color) >= LACKS
    if card.color is None and act.color is not None:
        if lacks:
            return "wild_lack", {**fields, "colour": act.color, "next": nxt}
        if _most_held(view, act.color):
            return "wild_most", {**fields, "colour": act.color}
    elif lacks:
        return "lack", {**fields, "colour": color, "next": nxt}
    elif any(c.color is None for c in view.hand):
        return "keep_wild", fields
    if thought.weighed and thought.weighed[0].rate >= max(w.rate for w in thought.weighed):
        return "best", fields
    if card.color is not None and sum(c.color == card.color for c in view.hand) > 1:
        return "follow", {**fields, "colour": card.color}
    return "save", fields


def _most_held(view: View, color: str) -> bool:
    held = [c.color for c in view.hand if c.color is not None]
    return bool(held) and held.count(color) >= max(held.count(c) for c in set(held))
