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

WORLDS = 48  # guesses per hint: a fixed count, so a position always gets the same hint
NEAR = 2  # an opponent with this many cards or fewer is about to go out
LACKS = 0.5  # memory's chance that a seat has no card of a colour, to say so
WORSE = 0.2  # teach me: a move whose playouts were worth this share less is worth a word

# What to do, as a hint says it and as teach-me says it after the player's move.
# A play that leaves one card says "call UNO": Enter plays it with the call.
MOVES = {
    "play": (N_("Play your {card}"), N_("I would have played your {card}")),
    "play_uno": (
        N_("Play your {card} and call UNO"),
        N_("I would have played your {card} and called UNO"),
    ),
    "wild": (
        N_("Play your {card} and name {colour}"),
        N_("I would have played your {card} and named {colour}"),
    ),
    "wild_uno": (
        N_("Play your {card}, name {colour} and call UNO"),
        N_("I would have played your {card}, named {colour} and called UNO"),
    ),
    "give": (
        N_("Play your {card}, give away your {give} cards, then name {colour}"),
        N_("I would have played your {card}, given away your {give} cards and named {colour}"),
    ),
    "give_uno": (
        N_("Play your {card}, give away your {give} cards, name {colour} and call UNO"),
        N_(
            "I would have played your {card}, given away your {give} cards, named {colour} "
            "and called UNO"
        ),
    ),
    "swap": (
        N_("Play your {card} and swap hands with {who}"),
        N_("I would have played your {card} and swapped hands with {who}"),
    ),
    "draw": (N_("Draw a card"), N_("I would have drawn a card")),
    "keep": (N_("Keep the card you drew"), N_("I would have kept the card you drew")),
    "take": (N_("Take the cards"), N_("I would have taken the cards")),
    "challenge": (N_("Challenge {who}"), N_("I would have challenged {who}")),
    "catch": (N_("Catch {who}"), N_("I would have caught {who}")),
    "choose": (N_("Name {colour}"), N_("I would have named {colour}")),
}
# Why, as one clause a new player can check on the table (counts, colours, cards in
# hand, what was played): never how the Expert searched.
REASONS = {
    "last": N_("it is your last card"),
    "attack1": N_("{next} has one card left, and your {card} makes them miss a turn"),
    "attack2": N_("{next} has two cards left, and your {card} makes them miss a turn"),
    "attack1_draw": N_("{next} has one card left, and your {card} makes them draw and miss a turn"),
    "attack2_draw": N_(
        "{next} has two cards left, and your {card} makes them draw and miss a turn"
    ),
    "lack": N_("{next} is next and has shown they have no {colour}"),
    "most": N_("it is the colour you hold most"),
    "keep_wild": N_("it keeps your wild cards for later"),
    "only": N_("it is the only card you can play"),
    "points": N_("it would count {n} points against you if someone else went out"),
    "fewer": N_("every card you play is one fewer to get rid of"),
    "keep_other": N_("you keep your {other} for later"),
    "follow": N_("you have more {colour} cards to follow it"),
    "save": N_("it keeps your better cards for later"),
    "stack": N_("it passes the penalty on"),
    "draw_only": N_("nothing you hold can be played"),
    "keep_drawn": N_("you keep it for when you need it more"),
    "keep_only": N_("it cannot be played"),
    "challenge": N_(
        "{colour} was in play and {who} still holds many cards: one is likely {colour}"
    ),
    "accept4": N_("{colour} was in play and {who} holds few cards: likely none is {colour}"),
    "risk": N_("a lost challenge would cost you six cards instead of four"),
    "accept": N_("you cannot pass them on"),
    "catch": N_("they did not call UNO"),
    "any_colour": N_("no other colour suits your hand better"),
}
HIGH = 5  # a card worth this many points or more is worth getting rid of, said so
FEW = 3  # a Wild Draw Four's player holding this many cards or fewer: likely honest
SENTENCE = N_("{move}: {reason}.")
# Teach me names the move the player made, then the coach's ("Instead of your blue 6,
# I would have played your red Skip: ...").
TEACH = N_("Instead of {taken}, {move}: {reason}.")
TAKEN = {
    "play": N_("your {card}"),
    "colour": N_("naming {colour}"),
    "draw": N_("drawing"),
    "keep": N_("keeping the card"),
    "take": N_("taking the cards"),
    "challenge": N_("challenging"),
    "catch": N_("catching {who}"),
}


@dataclass(frozen=True)
class Advice:
    """A move and why: `key` picks the reason, `fields` fill the move and reason."""

    action: Action
    key: str
    fields: dict[str, object] = field(default_factory=dict)
    thought: Thought | None = None

    @property
    def move(self) -> str:
        """The MOVES key of the action: what the player is told to do."""
        act = self.action
        if isinstance(act, Play):
            uno = "_uno" if act.uno else ""
            if act.swap is not None:
                return "swap"
            if act.give is not None:
                return "give" + uno
            return ("wild" if act.color is not None else "play") + uno
        return {
            ActionKind.DRAW: "draw",
            ActionKind.PASS: "keep",
            ActionKind.ACCEPT: "take",
            ActionKind.CHALLENGE: "challenge",
            ActionKind.CATCH: "catch",
            ActionKind.CHOOSE: "choose",
        }[ActionKind(act[0])]

    def sentence(
        self,
        gettext: Callable[[str], str],
        card_name: Callable[[Card], str],
        seat_name: Callable[[int], str],
        colour_name: Callable[[str], str],
        taken: Action | None = None,
    ) -> str:
        """The sentence in the caller's language, with its names for cards and seats:
        what to do and why; after the player `taken` (teach me), what they did and
        what the coach would have done instead."""
        name = _Names(card_name, seat_name, colour_name)
        names = name.all({**self._move_fields(), **self.fields})
        move = gettext(MOVES[self.move][0 if taken is None else 1]).format(**names)
        reason = gettext(REASONS[self.key]).format(**names)
        if taken is None:
            return gettext(SENTENCE).format(move=move, reason=reason)
        done = self._taken(taken)
        did = gettext(TAKEN[done]).format(**name.all(_fields(taken)))
        return gettext(TEACH).format(taken=did, move=move, reason=reason)

    def _taken(self, taken: Action) -> str:
        """The TAKEN key of the player's move: a wild as the advice's own card said by
        the colour named, since the card is the same."""
        if isinstance(taken, Play):
            same = isinstance(self.action, Play) and self.action.card is taken.card
            return "colour" if same and taken.color else "play"
        kind = Advice(taken, "").move
        return "colour" if kind == "choose" else kind

    def _move_fields(self) -> dict[str, object]:
        return _fields(self.action)


def _fields(act: Action) -> dict[str, object]:
    """The names an action's words use: its card, colour, colour given, seat."""
    if isinstance(act, Play):
        out: dict[str, object] = {"card": act.card}
        out.update({"colour": act.color} if act.color else {})
        out.update({"give": act.give} if act.give else {})
        out.update({"who": act.swap} if act.swap is not None else {})
        return out
    if isinstance(act, Catch):
        return {"who": act.target}
    if isinstance(act, ChooseColor):
        return {"colour": act.color}
    return {}


@dataclass(frozen=True)
class _Names:
    """The caller's names for cards, seats and colours, given to a sentence's fields."""

    card: Callable[[Card], str]
    seat: Callable[[int], str]
    colour: Callable[[str], str]

    def all(self, fields: dict[str, object]) -> dict[str, str]:
        names: dict[str, str] = {}
        for key, value in fields.items():
            if key in ("card", "other"):
                names[key] = self.card(value)  # type: ignore[arg-type]
            elif key in ("colour", "give"):
                names[key] = self.colour(value)  # type: ignore[arg-type]
            elif key == "n":
                names[key] = str(value)
            else:
                names[key] = self.seat(value)  # type: ignore[arg-type]
        return names


def position_seed(view: View) -> str:
    """A seed from what the seat sees: the same position, the same guesses, the same
    hint (a string seeds `random.Random` the same in every run)."""
    return repr((view.seat, view.hand, view.discard_pile, view.hand_counts, len(view.history)))


def advise(
    view: View,
    legal: Sequence[Action],
    rng: random.Random | None = None,
    seconds: float | None = None,
    worlds: int = WORLDS,
) -> Advice:
    """The Expert's move for the seat of `view`, with its reason (a hint). Over
    `worlds` guesses seeded by the position, the same position gets the same
    advice; `seconds` would cut the thinking short (no longer repeatable)."""
    bot = ExpertBot(rng or random.Random(position_seed(view)), worlds=worlds, seconds=seconds)
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
        return Advice(act, "catch", {}, thought)
    if isinstance(act, ChooseColor):
        return Advice(act, *_why_colour(view, thought, act.color, nxt), thought=thought)
    tag = act[0]
    playable = any(a[0] == ActionKind.PLAY for a in legal)
    if tag == ActionKind.DRAW:
        if not playable:
            return Advice(act, "draw_only", {}, thought)
        other = _runner_up(thought)
        if isinstance(other, Play):
            return Advice(act, "keep_other", {"other": other.card}, thought)
        return Advice(act, "save", {}, thought)
    if tag == ActionKind.PASS:
        return Advice(act, "keep_drawn" if playable else "keep_only", {}, thought)
    if tag == ActionKind.CHALLENGE:
        return Advice(act, "challenge", _draw4_fields(view), thought)
    if view.phase == Phase.DRAW4:
        fields = _draw4_fields(view)
        few = view.hand_counts[view.draw4_by or 0] <= FEW
        return Advice(act, "accept4" if few else "risk", fields, thought)
    return Advice(act, "accept", {}, thought)


def _draw4_fields(view: View) -> dict[str, object]:
    return {"who": view.draw4_by, "colour": view.draw4_prev or ""}


def _why_colour(view: View, thought: Thought, colour: str, nxt: int) -> tuple[str, dict]:
    """Why name `colour` (a wild flipped first): held most, or the next player lacks it."""
    sit = thought.situation
    if _most_held(view.hand, colour):
        return "most", {}
    if sit is not None and sit.lack(nxt, colour) >= LACKS:
        return "lack", {"colour": colour, "next": nxt}
    if any(c.color == colour for c in view.hand):
        return "follow", {"colour": colour}
    return "any_colour", {}


def _runner_up(thought: Thought) -> Action | None:
    """The option the search ranked second, to say what the advice beat."""
    return thought.weighed[1].action if len(thought.weighed) > 1 else None


def _why_play(  # noqa: C901 - one reason after another, first true wins
    view: View, legal: list[Action], thought: Thought, act: Play, nxt: int
) -> tuple[str, dict[str, object]]:
    card = act.card
    if len(view.hand) == 1:
        return "last", {}
    if view.phase in (Phase.STACK, Phase.DRAW4):
        return "stack", {}
    # A colour named: the one held most once this card (and any colour given) is gone.
    kept = [c for c in view.hand if c is not card and (act.give is None or c.color != act.give)]
    most = act.color is not None and _most_held(kept, act.color)
    if len({a.card for a in legal if isinstance(a, Play)}) == 1:
        # Nothing else to play; a wild's colour is the choice left, said if it can be.
        return ("most" if most else "only"), {}
    near = view.hand_counts[nxt]
    hurts = card.kind in ("skip", "draw2", "wild-draw4") or (
        card.kind == "reverse" and view.players == 2
    )
    if hurts and near <= NEAR:
        draws = "_draw" if card.kind in ("draw2", "wild-draw4") else ""
        return f"attack{near}{draws}", {"next": nxt}
    sit = thought.situation
    color = act.color or card.color
    if sit is not None and color is not None and sit.lack(nxt, color) >= LACKS:
        return "lack", {"colour": color, "next": nxt}
    if most:
        return "most", {}
    if card.color is not None and sum(c.color == card.color for c in view.hand) > 1:
        return "follow", {"colour": card.color}
    if card.color is not None and any(c.color is None for c in view.hand):
        return "keep_wild", {}
    if card.points >= HIGH:
        return "points", {"n": card.points}
    other = _runner_up(thought)
    if other is not None and other[0] == ActionKind.DRAW:
        return "fewer", {}
    return "save", {}


def _most_held(hand: Sequence[Card], color: str) -> bool:
    held = [c.color for c in hand if c.color is not None]
    return bool(held) and held.count(color) >= max(held.count(c) for c in set(held))
