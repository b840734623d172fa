"""What one seat may do now, said once per update: the `Prompt`.

The engine lists legal actions; a screen needs them grouped as a player sees
them: one choice per card (its variants: colours, give-aways, swaps, with or
without UNO), draw, keep the drawn card, take the penalty, challenge, name a
colour, catch a seat. Each `Choice` carries its key, label and whether UNO must
be called with it, so the screen only draws and routes input: it decides no
rule. Built by `prompt_for(update)` from a `SeatUpdate`; no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.engine import Card, Phase
from game.engine.actions import Action, Catch, ChooseColor, Play
from game.engine.asked import asked
from game.engine.text import N_
from game.table.updates import SeatUpdate


class ChoiceKind(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    KEEP = "keep"  # keep the card just drawn (the Pass action)
    TAKE = "take"  # take the pending penalty (the Accept action)
    CHALLENGE = "challenge"
    COLOUR = "colour"  # name the starting colour
    CATCH = "catch"


# The key a keyboard player presses for each kind (a colour: 1-4 in order).
HOTKEYS = {
    ChoiceKind.DRAW: "d",
    ChoiceKind.KEEP: "k",
    ChoiceKind.TAKE: "t",
    ChoiceKind.CHALLENGE: "c",
    ChoiceKind.CATCH: "x",
}
LABELS = {
    ChoiceKind.PLAY: N_("Play the {card}"),
    ChoiceKind.DRAW: N_("Draw a card"),
    ChoiceKind.KEEP: N_("Keep it"),
    ChoiceKind.TAKE: N_("Take {n}"),
    ChoiceKind.CHALLENGE: N_("Challenge: they draw 4 if guilty, you draw 6 if not"),
    ChoiceKind.CATCH: N_("Catch! (X)"),
}
NOT_NOW = N_("Wait for your turn: it is {name}'s turn.")


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the seat may do: the legal actions it stands for (a card's
    variants), its key for controls, its hotkey letter, and its label (an English
    message the screen translates, with `n`, `card`, `colour`, `seat` fields)."""

    kind: ChoiceKind
    actions: tuple[Action, ...]
    key: str
    hotkey: str = ""
    card: Card | None = None
    target: int | None = None  # the seat a catch names
    colour: str | None = None
    uno: bool = False  # the play leaves one card: UNO must be called with it

    @property
    def label(self) -> str:
        """An English message; a colour is named by the colour picker."""
        return LABELS.get(self.kind, "")

    def action(self, uno: bool = False) -> Action | None:
        """The one action this choice is, if it needs no further question; a play
        with UNO called when `uno` and the play can call it."""
        wanted = [a for a in self.actions if not isinstance(a, Play) or a.uno == (uno and self.uno)]
        return wanted[0] if len(wanted) == 1 else None


@dataclass(frozen=True, slots=True)
class Prompt:
    """What `seat` may do now (nothing: no choices), grouped as a player sees it."""

    seat: int
    turn: bool  # the seat is the one to move (a catch or jump-in may come out of turn)
    phase: Phase
    choices: tuple[Choice, ...] = ()
    pending: int = 0  # cards waiting on this seat (a Draw Two stack, a Wild Draw Four)
    drawn: Card | None = None  # the card just drawn, which may be played or kept
    status: str = ""  # the line that says what is asked (an English message)
    _by_card: dict[Card, Choice] = field(default_factory=dict, repr=False, compare=False)

    @property
    def catchable(self) -> tuple[int, ...]:
        """Seats that hold one card without having called UNO, catchable now."""
        return tuple(c.target for c in self.choices if c.target is not None)

    @property
    def playable(self) -> frozenset[Card]:
        return frozenset(self._by_card)

    @property
    def uno_matters(self) -> bool:
        """Some play now leaves one card: the UNO call goes with it."""
        return any(c.uno for c in self._by_card.values())

    def play_of(self, card: Card) -> Choice | None:
        return self._by_card.get(card)

    def of(self, kind: ChoiceKind) -> Choice | None:
        return next((c for c in self.choices if c.kind is kind), None)

    def find(self, action: Action) -> Choice | None:
        """The choice that offers `action`."""
        return next((c for c in self.choices if action in c.actions), None)

    @property
    def pile(self) -> Choice | None:
        """What the draw pile (D, Space) does now: draw on a turn, take the cards
        waiting when a penalty is pending; None when it does nothing (see `status`)."""
        return self.of(ChoiceKind.DRAW) or self.of(ChoiceKind.TAKE)


def idle_prompt(seat: int, phase: Phase = Phase.TURN) -> Prompt:
    return Prompt(seat, False, phase)


def prompt_for(update: SeatUpdate) -> Prompt:
    """The prompt of `update`'s seat, from its view and legal actions."""
    view, legal = update.view, update.legal
    plays: dict[Card, list[Play]] = {}
    others: list[Choice] = []
    for action in legal:
        if isinstance(action, Play):
            plays.setdefault(action.card, []).append(action)
        elif isinstance(action, Catch):
            key = f"catch:{action.target}"
            others.append(Choice(ChoiceKind.CATCH, (action,), key, "x", target=action.target))
        elif isinstance(action, ChooseColor):
            number = sum(c.kind is ChoiceKind.COLOUR for c in others) + 1
            key = f"choose:{action.color}"
            others.append(
                Choice(ChoiceKind.COLOUR, (action,), key, str(number), colour=action.color)
            )
        else:
            kind = _BARE[action[0]]
            others.append(Choice(kind, (action,), kind.value, HOTKEYS[kind]))
    by_card = {
        card: Choice(
            ChoiceKind.PLAY,
            tuple(variants),
            f"play:{card.text}",
            card=card,
            uno=any(v.uno for v in variants),
        )
        for card, variants in plays.items()
    }
    turn = update.turn
    pending = view.penalty if turn and view.phase in (Phase.STACK, Phase.DRAW4) else 0
    return Prompt(
        seat=update.seat,
        turn=turn,
        phase=view.phase,
        choices=(*by_card.values(), *others),
        pending=pending,
        drawn=view.drawn if turn and view.phase == Phase.DRAWN else None,
        # What the seat is asked, one line read off its legal actions; the engine's
        # refusals answer an action of the wrong kind in the same words.
        status=asked(view.phase, legal).line if turn and view.phase != Phase.OVER else "",
        _by_card=by_card,
    )


_BARE = {
    "draw": ChoiceKind.DRAW,
    "pass": ChoiceKind.KEEP,
    "accept": ChoiceKind.TAKE,
    "challenge": ChoiceKind.CHALLENGE,
}
