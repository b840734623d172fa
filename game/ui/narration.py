"""One sentence per event for the table's log ("Bea played a blue Skip: Carlos
loses a turn."). An effect that follows its card is told in the card's sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import Card
from game.engine import events as ev

KIND_NAMES = {"skip": "Skip", "reverse": "Reverse", "draw2": "Draw Two", "wild": "Wild",
              "wild-draw4": "Wild Draw Four", "creeper": "Creeper", "urrrh": "Urrrh"}
DRAW_WHY = {"draw": "", "penalty": " as a penalty", "creeper": " for the Creeper",
            "challenge": " after the challenge", "catch": " for forgetting UNO"}


def card_name(card: Card, colour_names: dict[str, str] | None = None) -> str:
    """'a blue Skip', 'a red 7', 'a Wild Draw Four'."""
    face = str(card.number) if card.kind == "number" else KIND_NAMES[card.kind]
    if card.color is None:
        return f"{'an' if face[0] in 'AEIOUaeiou' else 'a'} {face}"
    colour = (colour_names or {}).get(card.color, card.color).lower()
    return f"a {colour} {face}"


class Narrator:
    """Names seats; the viewer is 'you' when only one person plays."""

    def __init__(self, names: Sequence[str], you: int | None,
                 colour_names: dict[str, str]) -> None:
        self.names = list(names)
        self.you = you
        self.colours = colour_names

    def who(self, seat: int, capital: bool = True) -> str:
        if seat == self.you:
            return "You" if capital else "you"
        return self.names[seat]

    def verb(self, seat: int, third: str, base: str) -> str:
        return f"{self.who(seat)} {base if seat == self.you else third}"

    def colour(self, key: str) -> str:
        return self.colours.get(key, key).lower()

    def tell(self, events: Sequence[object]) -> list[str | None]:
        """A sentence (or None: told already) for each event, in order."""
        out: list[str | None] = []
        told: set[int] = set()
        for i, event in enumerate(events):
            if i in told:
                out.append(None)
                continue
            if type(event) is ev.CardPlayed:
                sentence, used = self._played(event, events, i)
                told |= used
                out.append(sentence)
            else:
                out.append(self.sentence(event))
        return out

    def _played(self, play: ev.CardPlayed, events: Sequence[object],
                i: int) -> tuple[str, set[int]]:
        text = f"{self.verb(play.seat, 'played', 'played')} {card_name(play.card, self.colours)}"
        if play.jump_in:
            text = f"{self.verb(play.seat, 'jumped in with', 'jumped in with')} " \
                   f"{card_name(play.card, self.colours)}"
        nxt = events[i + 1] if i + 1 < len(events) else None
        if type(nxt) is ev.ColorNamed:
            return f"{text} and named {self.colour(nxt.color)}.", {i + 1}
        if type(nxt) is ev.Skipped and play.card.kind in ("skip", "reverse"):
            return f"{text}: {self.verb(nxt.seat, 'loses', 'lose')} a turn.", {i + 1}
        if type(nxt) is ev.Reversed:
            way = "clockwise" if nxt.direction > 0 else "counter-clockwise"
            return f"{text}: play now goes {way}.", {i + 1}
        if type(nxt) is ev.StackGrew:
            return (f"{text}: {self.verb(nxt.target, 'must', 'must')} answer it or take "
                    f"{nxt.total}."), {i + 1}
        return text + ".", set()

    def sentence(self, e: Any) -> str | None:  # noqa: C901 - one branch per event kind
        kind = type(e)
        if kind is ev.DealerChosen:
            return f"{self.verb(e.seat, 'deals', 'deal')}."
        if kind is ev.CardFlipped:
            return f"The first card is {card_name(e.card, self.colours)}."
        if kind is ev.StartCardReturned:
            return "A Wild Draw Four cannot start: it goes back into the pile."
        if kind is ev.CardPlayed:
            return self._played(e, [e], 0)[0]
        if kind is ev.ColorNamed:
            return f"{self.verb(e.seat, 'named', 'named')} {self.colour(e.color)}."
        if kind is ev.CardsDrawn:
            return self._drawn(e)
        if kind is ev.CreeperShown:
            return f"A Creeper! {self.verb(e.seat, 'draws', 'draw')} 3 more."
        if kind is ev.Passed:
            return f"{self.verb(e.seat, 'keeps', 'keep')} the card and passes." \
                if e.seat != self.you else "You kept the card."
        if kind is ev.Skipped:
            return f"{self.verb(e.seat, 'loses', 'lose')} a turn."
        if kind is ev.Reversed:
            way = "clockwise" if e.direction > 0 else "counter-clockwise"
            return f"Play now goes {way}."
        if kind is ev.StackGrew:
            return f"{self.verb(e.target, 'faces', 'face')} {e.total} cards."
        return self._more(e)

    def _more(self, e: Any) -> str | None:  # noqa: C901 - one branch per event kind
        kind = type(e)
        if kind is ev.ChallengeResult:
            who = self.verb(e.challenger, "challenges", "challenge")
            if e.guilty:
                return f"{who}: {self.who(e.challenged, False)} bluffed and draws 4."
            return f"{who}, but it was honest: 6 cards for the challenger."
        if kind is ev.UnoDeclared:
            return f"{self.who(e.seat)}: \"UNO!\""
        if kind is ev.Caught:
            return (f"{self.verb(e.catcher, 'catches', 'catch')} {self.who(e.target, False)} "
                    f"without UNO: 2 cards.")
        if kind is ev.CatchMissed:
            return f"{self.verb(e.catcher, 'calls', 'call')} a catch, but nobody forgot."
        if kind is ev.CardsGiven:
            n = len(e.gifts)
            return (f"{self.verb(e.giver, 'gives', 'give')} away {n} "
                    f"{self.colour(e.color).lower()} card{'s' if n != 1 else ''}.")
        if kind is ev.HandsSwapped:
            return f"{self.verb(e.seat, 'swaps', 'swap')} hands with {self.who(e.other, False)}."
        if kind is ev.HandsPassed:
            return "Every hand moves on to the next player."
        if kind is ev.PileReshuffled:
            return "The discard pile is shuffled into a new draw pile."
        if kind is ev.RoundWon:
            return f"{self.verb(e.seat, 'wins', 'win')} the round for {e.points} points!"
        if kind is ev.RoundDrawn:
            return "Nobody can move: the round ends without a winner."
        if kind is ev.MatchWon:
            names = " and ".join(self.who(s) for s in e.winners)
            plural = len(e.winners) > 1 or e.winners[0] == self.you
            return f"{names} {'win' if plural else 'wins'} the match!"
        return None

    def _drawn(self, e: ev.CardsDrawn) -> str:
        count = f"{e.count} card{'s' if e.count != 1 else ''}"
        if e.cards and e.seat == self.you and e.count == 1 and e.reason == "draw":
            return f"You drew {card_name(e.cards[0], self.colours)}."
        return f"{self.verb(e.seat, 'draws', 'draw')} {count}{DRAW_WHY.get(e.reason, '')}."
